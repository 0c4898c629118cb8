import { data } from "react-router";
import { heContent } from "../../../domain/i18n/content.ts";
import { heForms } from "../../../domain/i18n/forms.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { PageHeader, Paragraphs } from "../../components/content/page-header.tsx";
import { PostCard } from "../../components/content/post-card.tsx";
import { PostDates } from "../../components/content/post-dates.tsx";
import { ResponsivePicture } from "../../components/ui/picture.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { idFromParam } from "../../lib/params.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import { addStructuredData, breadcrumbJsonLd, homeTrail } from "../../lib/structured-data.ts";
import type { Route } from "./+types/sale";

/** The same for every visitor: kept by the page cache. */
export const handle = { page: cachedPage() } satisfies PageHandle;

const t = heContent.posts;

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const id = idFromParam(params.id);
  const [settings, sale, all] = await Promise.all([
    services.settings.get(),
    services.sales.get(id),
    services.sales.list(),
  ]);
  if (!sale) throw data(null, { status: 404 });
  addStructuredData(
    context,
    breadcrumbJsonLd(
      homeTrail({ name: t.salesTitle, path: "/sales" }, { name: sale.name, path: `/sale/${sale.id}` }),
      publicUrl,
    ),
  );
  return {
    sale,
    others: all.filter((s) => s.id !== sale.id).slice(0, 3),
    seo: pageSeo(publicUrl, {
      title: sale.name,
      description: sale.content,
      path: `/sale/${sale.id}`,
      image: sale.mainImage,
      type: "article",
      siteName: settings.brandName,
    }),
  };
}

export const meta = metaFromSeo();

export default function SalePage({ loaderData }: Route.ComponentProps) {
  const { sale, others } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={sale.name} back={{ to: "/sales", label: t.allSales }}>
        <PostDates post={sale} kind="sale" className="mt-3 text-base" />
      </PageHeader>
      <article className="mx-auto grid max-w-7xl gap-8 px-6 pt-2 pb-8 lg:grid-cols-2 lg:items-start">
        <ResponsivePicture
          picture={sale.mainImage}
          sizes="(min-width: 1280px) 610px, (min-width: 1024px) 48vw, calc(100vw - 3rem)"
          priority
          className="aspect-[16/9] w-full rounded-2xl object-cover shadow-sm"
        />
        <div className="space-y-4 text-xl leading-relaxed text-cocoa-800">
          <Paragraphs text={sale.content} />
          <p>
            <a
              href="/branches"
              className="font-semibold text-crust-700 underline underline-offset-4 hover:text-crust-600"
            >
              {heForms.contact.branchesLink}
            </a>
          </p>
        </div>
      </article>
      {others.length ? (
        <section aria-labelledby="more-sales" className="mx-auto max-w-7xl px-6 py-8">
          <h2 id="more-sales" className="mb-5 text-2xl font-bold text-cocoa-900">
            {t.moreSales}
          </h2>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {others.map((other) => (
              <li key={other.id}>
                <PostCard
                  post={other}
                  to={`/sale/${other.id}`}
                  linkLabel={t.saleDetails}
                  headingLevel={3}
                  dates="sale"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
