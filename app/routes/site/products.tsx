import { data, Form, redirect } from "react-router";
import { PRODUCT_SORTS, parseSort } from "../../../domain/catalogue-sort.ts";
import { heCatalogue } from "../../../domain/i18n/catalogue.ts";
import { heKashrut } from "../../../domain/i18n/kashrut.ts";
import { he } from "../../../domain/i18n/site.ts";
import { parseId } from "../../../domain/ids.ts";
import { filterFromParams, filterQuery, hasFilter } from "../../../domain/kashrut.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { parsePage } from "../../../domain/pagination.ts";
import { MAX_SEARCH_LENGTH } from "../../../domain/search.ts";
import { Breadcrumbs } from "../../components/catalogue/bits.tsx";
import { ProductFilter, productsHref, RESULTS_ID } from "../../components/catalogue/kashrut.tsx";
import { ProductGrid } from "../../components/catalogue/product-grid.tsx";
import { SortForm } from "../../components/catalogue/sort.tsx";
import { SiteErrorBoundary } from "../../components/site/error-boundary.tsx";
import { SearchSubmit } from "../../components/site/search-bar.tsx";
import { Pagination, withPage } from "../../components/ui/pagination.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import { homeTrail } from "../../lib/structured-data.ts";
import type { Route } from "./+types/products";

/**
 * Kept by the page cache per page, category, filter, sort and search text (each normalised as the loader reads it;
 * an unknown sort or filter value is dropped from the key and ignored by the page).
 */
export const handle = {
  page: cachedPage({
    params: {
      page: "id",
      category: "id",
      dietary: "dietary",
      without: "allergens",
      search: "search",
      sort: PRODUCT_SORTS,
    },
  }),
} satisfies PageHandle;

type SearchNotes = NonNullable<Route.ComponentProps["loaderData"]["products"]["searchNotes"]>;
type DietWord = SearchNotes["dietWords"][number];

/** The public site's pagination window (spec §9). */
const PAGE_WINDOW = 2;

export const meta = metaFromSeo();

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const services = context.get(servicesContext);
  const { catalogue } = services;
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const rawCategory = url.searchParams.get("category");
  let category: Awaited<ReturnType<typeof catalogue.categoryName>> = null;
  let parent: Awaited<ReturnType<typeof catalogue.categoryName>> = null;
  if (rawCategory) {
    const id = parseId(rawCategory);
    category = id === null ? null : await catalogue.categoryName(id);
    if (!category) throw data(null, { status: 404 });
    if (category.parent_id !== null) parent = await catalogue.categoryName(category.parent_id);
  }
  const page = parsePage(url.searchParams.get("page"));
  // Kashrut and allergens (issue 11): unknown values are ignored here (the API refuses them with a 422).
  const filter = filterFromParams(url.searchParams);
  // The sort (issue 29): an unknown value is ignored, like an unknown filter value.
  const sort = parseSort(url.searchParams.get("sort"));
  const products = await catalogue.products({
    page,
    search,
    categoryId: category?.id,
    filter,
    sort,
    path: "/products",
    query: { search, category: category?.id, ...filterQuery(filter), sort },
  });
  if (!products) throw data(null, { status: 404 });
  // A page past the end (an old shared link) goes to the last page instead of an empty grid.
  if (products.data.length === 0 && products.total > 0) throw redirect(products.last_page_url);

  const settings = await services.settings.get();
  let title = search ? he.titles.searchResults(search) : category ? category.name : he.titles.products;
  if (products.current_page > 1) title = `${title} – ${he.titles.page(products.current_page)}`;
  const seo = pageSeo(context.get(requestContext).publicUrl, {
    title,
    description: category ? heCatalogue.products.inCategory(category.name) : heCatalogue.products.description,
    // The page's own address, filter and page kept. Search results stay out of the index.
    path: `${url.pathname}${url.search}`,
    image: products.data[0]?.mainImage,
    siteName: settings.brandName,
    // Filtered grids are variations of the same list: out of the index too.
    noindex: Boolean(search) || hasFilter(filter) || sort !== undefined,
  });
  return { products, search, category, parent, filter, sort, seo };
}

export const ErrorBoundary = SiteErrorBoundary;

/** What the diet words of the search did: they filter by what staff recorded, they are not searched as text. */
function DietNote({ notes }: { notes: SearchNotes }) {
  const t = heCatalogue.products;
  return (
    <section
      aria-labelledby="diet-note-heading"
      data-testid="diet-note"
      className="mt-6 rounded-2xl bg-cream-50 p-4 text-cocoa-900 ring-1 ring-cream-300"
    >
      <h2 id="diet-note-heading" className="font-bold">
        {t.dietHeading}
      </h2>
      <ul className="mt-1 space-y-1">
        {notes.contradiction ? <li>{t.dietContradiction}</li> : null}
        {notes.dietWords.map((word) => (
          <li key={dietKey(word)}>
            {word.kind === "dietary"
              ? t.dietDietary(heKashrut.dietary[word.dietary])
              : word.kind === "vegan"
                ? t.dietVegan
                : t.dietWithout(heKashrut.allergens[word.allergen])}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-cocoa-800">{heKashrut.allergensNote}</p>
    </section>
  );
}

const dietKey = (word: DietWord) =>
  word.kind === "dietary" ? word.dietary : word.kind === "without" ? `without-${word.allergen}` : word.kind;

/** The product grid with search, subcategory filter and pagination (spec §2, §9). */
export default function Products({ loaderData }: Route.ComponentProps) {
  const { products, search, category, parent, filter, sort } = loaderData;
  const filtered = hasFilter(filter);
  const notes = products.searchNotes;
  // Results come exact first (the search index's order): those on this page before `exact` are exact.
  const exactOnPage = notes
    ? Math.max(0, Math.min(products.data.length, notes.exact - ((products.from ?? 1) - 1)))
    : products.data.length;
  const exactTiles = products.data.slice(0, exactOnPage);
  const similarTiles = products.data.slice(exactOnPage);
  const similarOnly = notes !== undefined && notes.exact === 0 && products.total > 0;
  const didYouMean = notes?.didYouMean ? (
    <>
      {" "}
      {heCatalogue.products.didYouMean}
      <a
        href={productsHref({ search: notes.didYouMean, category: category?.id, ...filterQuery(filter), sort })}
        className="font-bold text-crust-700 underline underline-offset-4 hover:text-crust-600"
      >
        {`«${notes.didYouMean}»`}
      </a>
      ?
    </>
  ) : null;
  const heading = category ? category.name : heCatalogue.products.heading;
  const crumbs = homeTrail(
    // "All products" keeps the kashrut/allergen filter: only the category is left behind.
    ...(category ? [{ name: he.nav.products, path: productsHref({ search, ...filterQuery(filter) }) }] : []),
    ...(parent ? [{ name: parent.name, path: `/categories/${parent.id}` }] : []),
    { name: heading, path: productsHref({ category: category?.id, search, ...filterQuery(filter) }) },
  );

  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8 outline-none sm:px-6">
      <Breadcrumbs items={crumbs} />
      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-4xl font-extrabold text-cocoa-900">{heading}</h1>
          {search ? (
            <p className="mt-2 text-lg text-cocoa-800" data-testid="results-for">
              {heCatalogue.products.resultsFor} <strong className="font-bold text-cocoa-900">«{search}»</strong>
            </p>
          ) : null}
          {products.total > 0 ? (
            <p className="mt-1 text-cocoa-800">
              {notes && notes.exact < products.total
                ? heCatalogue.products.countWithSimilar(notes.exact, products.total - notes.exact)
                : heCatalogue.products.count(products.total)}
              {products.from !== null && products.to !== null && products.last_page > 1 ? (
                <span> · {heCatalogue.pagination.summary(products.from, products.to, products.total)}</span>
              ) : null}
            </p>
          ) : null}
        </div>
        <Form method="get" action="/products" role="search" className="flex w-full gap-2 md:w-96">
          <label htmlFor="products-search" className="sr-only">
            {he.site.searchLabel}
          </label>
          {/* A new search keeps the category and the kashrut/allergen filter. */}
          {category ? <input type="hidden" name="category" value={category.id} /> : null}
          {filter.dietary ? <input type="hidden" name="dietary" value={filter.dietary} /> : null}
          {filter.without.length ? <input type="hidden" name="without" value={filter.without.join(",")} /> : null}
          {sort ? <input type="hidden" name="sort" value={sort} /> : null}
          <input
            id="products-search"
            type="search"
            name="search"
            required
            maxLength={MAX_SEARCH_LENGTH}
            defaultValue={search}
            key={search}
            placeholder={he.site.searchPlaceholder}
            className="min-w-0 flex-1 rounded-full border border-crust-500 bg-white px-4 py-2.5 text-cocoa-900 placeholder:text-cocoa-800/70"
          />
          <SearchSubmit />
        </Form>
      </div>

      {/* The results' region: the filter and sort forms land here (#results), so a phone shows the products. */}
      <section
        id={RESULTS_ID}
        tabIndex={-1}
        aria-label={heCatalogue.products.resultsLabel}
        className="mt-6 outline-none"
      >
        <div className="flex flex-col gap-3 lg:flex-row lg:items-start">
          <div className="lg:flex-1">
            <ProductFilter filter={filter} keep={{ search: search || undefined, category: category?.id, sort }} />
          </div>
          <SortForm
            sort={sort}
            searching={Boolean(search)}
            path="/products"
            keep={{ search: search || undefined, category: category?.id, ...filterQuery(filter) }}
          />
        </div>

        {notes && (notes.dietWords.length > 0 || notes.contradiction) ? <DietNote notes={notes} /> : null}

        <div className="mt-8">
          {similarOnly && search ? (
            <p className="mb-4 text-lg text-cocoa-900" data-testid="no-exact">
              {heCatalogue.products.noExact(search)}
              {didYouMean}
            </p>
          ) : null}
          {products.data.length ? (
            <>
              {exactTiles.length ? <ProductGrid products={exactTiles} priorityCount={2} /> : null}
              {similarTiles.length ? (
                <section aria-labelledby="similar-heading" className={exactTiles.length ? "mt-12" : ""}>
                  <h2 id="similar-heading" className="text-2xl font-bold text-cocoa-900">
                    {heCatalogue.products.similarHeading}
                  </h2>
                  <p className="mt-1 mb-5 text-cocoa-800">{heCatalogue.products.similarHint}</p>
                  <ProductGrid products={similarTiles} priorityCount={exactTiles.length ? 0 : 2} />
                </section>
              ) : null}
            </>
          ) : (
            <div className="rounded-2xl bg-cream-50 p-8 text-center ring-1 ring-cream-300">
              <p className="text-xl font-bold text-cocoa-900">
                {search
                  ? heCatalogue.products.noResults
                  : filtered
                    ? heKashrut.noFilterResults
                    : heCatalogue.products.empty}
              </p>
              {search && didYouMean ? <p className="mt-2 text-lg text-cocoa-900">{didYouMean}</p> : null}
              {search ? <p className="mt-2 text-cocoa-800">{heCatalogue.products.noResultsHint}</p> : null}
              {!search && filtered ? <p className="mt-2 text-cocoa-800">{heKashrut.noFilterResultsHint}</p> : null}
              {search || category || filtered ? (
                <a
                  href="/products"
                  className="mt-5 inline-flex min-h-12 items-center rounded-full bg-crust-700 px-6 font-bold text-white hover:bg-crust-600"
                >
                  {heCatalogue.products.allProducts}
                </a>
              ) : null}
            </div>
          )}
        </div>
      </section>

      {/* A searched, filtered or sorted list's pages land on its results, as its filter and sort forms do
          (issue 29): on a phone page 2 opens at the products, not at the top. The fragment stays in the
          browser, so the page cache's key (the address's query) is the same with it or without. */}
      <Pagination
        meta={products}
        windowLimit={PAGE_WINDOW}
        className="mt-10"
        hrefFor={
          search || category || filtered || sort
            ? (n) => `${withPage(products.first_page_url, n)}#${RESULTS_ID}`
            : undefined
        }
      />
    </main>
  );
}
