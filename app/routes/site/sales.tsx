import { heContent } from "../../../domain/i18n/content.ts";
import { PageHeader } from "../../components/content/page-header.tsx";
import { PostCard } from "../../components/content/post-card.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { pageSeo, seoMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/sales";

const t = heContent.posts;

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const [settings, sales] = await Promise.all([services.settings.get(), services.sales.list()]);
  return {
    sales,
    seo: pageSeo(publicUrl, {
      title: t.salesTitle,
      description: t.salesDescription,
      path: "/sales",
      image: sales[0]?.mainImage,
      siteName: settings.brandName,
    }),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData?.seo, t.salesTitle);
}

export default function Sales({ loaderData }: Route.ComponentProps) {
  const { sales } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={t.salesHeading} lead={t.salesIntro} />
      <div className="mx-auto max-w-7xl px-6 py-10">
        {sales.length === 0 ? (
          <p className="text-lg text-cocoa-800">{t.salesEmpty}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {sales.map((sale, index) => (
              <li key={sale.id}>
                <PostCard post={sale} to={`/sale/${sale.id}`} linkLabel={t.saleDetails} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
