import { heContent } from "../../../domain/i18n/content.ts";
import { PageHeader } from "../../components/content/page-header.tsx";
import { PostCard } from "../../components/content/post-card.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { pageSeo, seoMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/news";

const t = heContent.posts;

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const [settings, publications] = await Promise.all([services.settings.get(), services.publications.list()]);
  return {
    publications,
    seo: pageSeo(publicUrl, {
      title: t.newsTitle,
      description: t.newsDescription,
      path: "/news",
      image: publications[0]?.mainImage,
      siteName: settings.brandName,
    }),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData?.seo, t.newsTitle);
}

export default function News({ loaderData }: Route.ComponentProps) {
  const { publications } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={t.newsHeading} lead={t.newsIntro} />
      <div className="mx-auto max-w-7xl px-6 py-10">
        {publications.length === 0 ? (
          <p className="text-lg text-cocoa-800">{t.newsEmpty}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {publications.map((publication, index) => (
              <li key={publication.id} id={`publication-${publication.id}`}>
                <PostCard post={publication} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
