/**
 * The catalogue lists' sort (issue 29): `?sort=` of the products grid, the category pages and search results.
 * The values are the page-cache rule's list (`cachedPage({ params: { sort: PRODUCT_SORTS } })`): an unknown or
 * absent value is the list's own order — newest first, or for a search the best matches first — never an error.
 * One comparator for every database: prices and names are compared here, not by the database's collation.
 * Hebrew labels: domain/i18n/catalogue.ts (`sort`).
 */

export const PRODUCT_SORTS = ["newest", "price_asc", "price_desc", "name"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

const SORT_SET: ReadonlySet<string> = new Set(PRODUCT_SORTS);

/** `?sort=` as the page reads it: a known value, or none (anything else is ignored). */
export function parseSort(value: string | null | undefined): ProductSort | undefined {
  return value && SORT_SET.has(value) ? (value as ProductSort) : undefined;
}

/** What a product is sorted by. */
export interface SortKeys {
  id: number;
  name: string;
  /** ISO text, as stored. */
  created_at: string;
  /** The lowest size's price (any unit, compared as numbers); null when the product has no sizes. */
  price: number | null;
}

/** Names in Hebrew dictionary order (final letters as their plain forms, numbers by value). */
const names = new Intl.Collator("he", { numeric: true });

const newest = (a: SortKeys, b: SortKeys) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

/**
 * The order of a sort: by price (products without a price last, either way), by name, or newest; ties go to
 * the newest, then the higher id — a total order, the same on both databases.
 */
export function compareProducts(sort: ProductSort): (a: SortKeys, b: SortKeys) => number {
  switch (sort) {
    case "newest":
      return newest;
    case "name":
      return (a, b) => names.compare(a.name, b.name) || newest(a, b);
    case "price_asc":
    case "price_desc": {
      const direction = sort === "price_asc" ? 1 : -1;
      return (a, b) => {
        if (a.price === null || b.price === null) {
          return a.price === b.price ? newest(a, b) : a.price === null ? 1 : -1;
        }
        return (a.price - b.price) * direction || newest(a, b);
      };
    }
  }
}
