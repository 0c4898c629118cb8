import { data, Link } from "react-router";
import type { CategoryDetail } from "../../../domain/contracts/catalogue.ts";
import { heCatalogue } from "../../../domain/i18n/catalogue.ts";
import { he } from "../../../domain/i18n/site.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { Breadcrumbs, CategoryChips } from "../../components/catalogue/bits.tsx";
import { ProductGrid } from "../../components/catalogue/product-grid.tsx";
import { SiteErrorBoundary } from "../../components/site/error-boundary.tsx";
import { ResponsivePicture } from "../../components/ui/picture.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { subcategoryHref } from "../../lib/links.ts";
import { idFromParam } from "../../lib/params.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import { addStructuredData, breadcrumbJsonLd, type Crumb, homeTrail } from "../../lib/structured-data.ts";
import type { Route } from "./+types/category";

/** The same for every visitor: kept by the page cache. */
export const handle = { page: cachedPage() } satisfies PageHandle;

/** Home › categories › its main category (for a subcategory) › the category: on the page and for search engines. */
function trailOf(category: CategoryDetail): Crumb[] {
  return homeTrail(
    { name: he.titles.categories, path: "/categories" },
    ...(category.parent ? [{ name: category.parent.name, path: `/categories/${category.parent.id}` }] : []),
    { name: category.name, path: `/categories/${category.id}` },
  );
}

export const meta = metaFromSeo();

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idFromParam(params.id);
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const [settings, category] = await Promise.all([services.settings.get(), services.catalogue.category(id)]);
  if (!category) throw data(null, { status: 404 });
  const path = `/categories/${category.id}`;
  const seo = pageSeo(publicUrl, {
    title: category.name,
    description: category.information || heCatalogue.categories.description,
    path,
    image: category.mainImage,
    siteName: settings.brandName,
  });
  addStructuredData(context, breadcrumbJsonLd(trailOf(category), publicUrl));
  return { category, seo };
}

export const ErrorBoundary = SiteErrorBoundary;

/** A category: main image, name, information, subcategory chips and its products (spec §2). */
export default function Category({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8 outline-none sm:px-6">
      <Breadcrumbs items={trailOf(category)} />
      <div className="mt-6 grid items-center gap-6 md:grid-cols-2 md:gap-10">
        <ResponsivePicture
          picture={category.mainImage}
          alt=""
          sizes="(min-width: 1280px) 616px, (min-width: 768px) 48vw, 92vw"
          width={4}
          height={3}
          priority
          className="aspect-[4/3] w-full rounded-3xl object-cover shadow-md"
        />
        <div>
          <h1 className="text-4xl font-extrabold text-cocoa-900 sm:text-5xl">{category.name}</h1>
          {category.information ? (
            <p className="mt-4 text-lg leading-relaxed text-cocoa-800">{category.information}</p>
          ) : null}
          <CategoryChips
            id="subcategories"
            heading={heCatalogue.categories.subCategories}
            categories={category.subCategories}
          />
        </div>
      </div>

      <section aria-labelledby="category-products" className="mt-14">
        <h2 id="category-products" className="mb-6 text-2xl font-extrabold text-cocoa-900 sm:text-3xl">
          {heCatalogue.categories.productsHeading(category.name)}
        </h2>
        {category.products.length ? (
          <ProductGrid products={category.products} />
        ) : (
          <p className="rounded-2xl bg-cream-50 p-6 text-lg text-cocoa-800 ring-1 ring-cream-300">
            {heCatalogue.categories.empty}
          </p>
        )}
        {category.productCount > category.products.length ? (
          <p className="mt-8 text-center">
            <Link
              to={subcategoryHref(category.id)}
              className="inline-flex min-h-12 items-center rounded-full bg-crust-700 px-6 font-bold text-white hover:bg-crust-600"
            >
              {heCatalogue.categories.allProducts(category.productCount)}
            </Link>
          </p>
        ) : null}
      </section>
    </main>
  );
}
