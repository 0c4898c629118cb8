import { data } from "react-router";
import { PRODUCT_SORTS, parseSort } from "../../../domain/catalogue-sort.ts";
import type { CategoryDetail } from "../../../domain/contracts/catalogue.ts";
import { heCatalogue } from "../../../domain/i18n/catalogue.ts";
import { heKashrut } from "../../../domain/i18n/kashrut.ts";
import { he } from "../../../domain/i18n/site.ts";
import { filterFromParams, filterQuery, hasFilter } from "../../../domain/kashrut.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { Breadcrumbs, CategoryChips } from "../../components/catalogue/bits.tsx";
import { listHref, ProductFilter, productsHref, RESULTS_ID } from "../../components/catalogue/kashrut.tsx";
import { ProductGrid } from "../../components/catalogue/product-grid.tsx";
import { SortForm } from "../../components/catalogue/sort.tsx";
import { SiteErrorBoundary } from "../../components/site/error-boundary.tsx";
import { ResponsivePicture } from "../../components/ui/picture.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { idFromParam } from "../../lib/params.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import { addStructuredData, breadcrumbJsonLd, type Crumb, homeTrail } from "../../lib/structured-data.ts";
import type { Route } from "./+types/category";

/**
 * The same for every visitor: kept by the page cache, per filter and sort (issue 29), each normalised as the loader
 * reads it (an unknown sort or filter value is dropped from the key and ignored by the page).
 */
export const handle = {
  page: cachedPage({ params: { dietary: "dietary", without: "allergens", sort: PRODUCT_SORTS } }),
} satisfies PageHandle;

/** Home › categories › its main category (for a subcategory) › the category: on the page and for search engines. */
function trailOf(category: CategoryDetail): Crumb[] {
  return homeTrail(
    { name: he.titles.categories, path: "/categories" },
    ...(category.parent ? [{ name: category.parent.name, path: `/categories/${category.parent.id}` }] : []),
    { name: category.name, path: `/categories/${category.id}` },
  );
}

export const meta = metaFromSeo();

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = idFromParam(params.id);
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const query = new URL(request.url).searchParams;
  // The grid's filter and sort (issue 29): unknown values are ignored, as on /products.
  const filter = filterFromParams(query);
  const sort = parseSort(query.get("sort"));
  const [settings, category] = await Promise.all([
    services.settings.get(),
    services.catalogue.category(id, undefined, { filter, sort }),
  ]);
  if (!category) throw data(null, { status: 404 });
  const path = `/categories/${category.id}`;
  const filtered = hasFilter(filter);
  const seo = pageSeo(publicUrl, {
    title: category.name,
    description: category.information || heCatalogue.categories.description,
    // The canonical address is the category's; filtered and sorted views stay out of the index.
    path,
    image: category.mainImage,
    siteName: settings.brandName,
    noindex: filtered || sort !== undefined,
  });
  addStructuredData(context, breadcrumbJsonLd(trailOf(category), publicUrl));
  return { category, filter, sort, seo };
}

export const ErrorBoundary = SiteErrorBoundary;

/** A category: main image, name, information, subcategory chips and its products (spec §2). */
export default function Category({ loaderData }: Route.ComponentProps) {
  const { category, filter, sort } = loaderData;
  const path = `/categories/${category.id}`;
  const filtered = hasFilter(filter);
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

      {/* The results' region: the filter and sort forms land here (#results), so a phone shows the products. */}
      <section id={RESULTS_ID} tabIndex={-1} aria-labelledby="category-products" className="mt-14 outline-none">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="category-products" className="text-2xl font-extrabold text-cocoa-900 sm:text-3xl">
            {heCatalogue.categories.productsHeading(category.name)}
          </h2>
          {category.productCount > 0 ? (
            <p className="text-cocoa-800" data-testid="results-count">
              {heCatalogue.products.count(category.productCount)}
            </p>
          ) : null}
        </div>
        <div className="mb-6 flex flex-col gap-3 lg:flex-row lg:items-start">
          <div className="lg:flex-1">
            <ProductFilter filter={filter} path={path} keep={{ sort }} />
          </div>
          <SortForm sort={sort} searching={false} path={path} keep={filterQuery(filter)} />
        </div>
        {category.products.length ? (
          <ProductGrid products={category.products} />
        ) : filtered ? (
          <div className="rounded-2xl bg-cream-50 p-6 text-lg ring-1 ring-cream-300">
            <p className="font-bold text-cocoa-900">{heKashrut.noFilterResults}</p>
            <p className="mt-1 text-cocoa-800">{heKashrut.noFilterResultsHint}</p>
            <a
              href={listHref(path, { sort }, RESULTS_ID)}
              className="mt-3 inline-block font-semibold text-crust-700 underline underline-offset-4"
            >
              {heKashrut.filterClear}
            </a>
          </div>
        ) : (
          <p className="rounded-2xl bg-cream-50 p-6 text-lg text-cocoa-800 ring-1 ring-cream-300">
            {heCatalogue.categories.empty}
          </p>
        )}
        {category.productCount > category.products.length ? (
          <p className="mt-8 text-center">
            <a
              // The paged grid of the category, with the same filter and sort.
              href={productsHref({ category: category.id, ...filterQuery(filter), sort })}
              className="inline-flex min-h-12 items-center rounded-full bg-crust-700 px-6 font-bold text-white hover:bg-crust-600"
            >
              {filtered
                ? heCatalogue.categories.allMatching(category.productCount)
                : heCatalogue.categories.allProducts(category.productCount)}
            </a>
          </p>
        ) : null}
      </section>
    </main>
  );
}
