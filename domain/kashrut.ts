/**
 * Kashrut and allergens of a product (issue 11): the one list of codes, their types and the rules of the
 * catalogue's filter, shared by the admin form, the API, the pages and the SQL that filters the grid.
 * Hebrew names: domain/i18n/kashrut.ts.
 */

/** What a product is for kashrut: parve (neither), dairy, or meat. Null: not stated (no claim is made). */
export const DIETARY = ["parve", "dairy", "meat"] as const;
export type Dietary = (typeof DIETARY)[number];

/** Optional kashrut flags a bakery labels. */
export const KASHRUT_FLAGS = ["chalav_yisrael", "pas_yisrael", "kosher_for_passover"] as const;
export type KashrutFlag = (typeof KASHRUT_FLAGS)[number];

/**
 * The allergens Israeli food labelling names (the Ministry of Health's labelling regulations follow the EU's
 * fourteen), as stable codes: the API, the database and the address bar speak these.
 */
export const ALLERGENS = [
  "gluten",
  "milk",
  "eggs",
  "soy",
  "peanuts",
  "tree_nuts",
  "sesame",
  "fish",
  "crustaceans",
  "molluscs",
  "celery",
  "mustard",
  "sulphites",
  "lupin",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/**
 * What staff have decided about a product's allergens (issue 29): nothing yet (`not_stated`, the default for a
 * new product and for one stored before the decision existed — the page says to ask, and no "without" filter
 * counts it free of anything), none of the fourteen (`none`), or the ones listed (`listed`, at least one).
 * "Contains none" is only ever an explicit choice: an empty list never implies it.
 */
export const ALLERGEN_STATUSES = ["not_stated", "none", "listed"] as const;
export type AllergenStatus = (typeof ALLERGEN_STATUSES)[number];
const STATUS_SET: ReadonlySet<string> = new Set(ALLERGEN_STATUSES);
export const isAllergenStatus = (value: unknown): value is AllergenStatus =>
  typeof value === "string" && STATUS_SET.has(value);

const ALLERGEN_SET: ReadonlySet<string> = new Set(ALLERGENS);
const DIETARY_SET: ReadonlySet<string> = new Set(DIETARY);

export const isAllergen = (value: string): value is Allergen => ALLERGEN_SET.has(value);
export const isDietary = (value: string): value is Dietary => DIETARY_SET.has(value);

/** A product's kashrut and allergen facts, as the API and the pages carry them. */
export interface ProductKashrut {
  dietary: Dietary | null;
  chalav_yisrael: boolean;
  pas_yisrael: boolean;
  kosher_for_passover: boolean;
  /** Staff's decision on allergens; the two lists below are null while it is `not_stated` (unknown, not empty). */
  allergen_status: AllergenStatus;
  /** Codes of what the product contains, in list order ([] when `none`). */
  allergens: Allergen[] | null;
  /** Codes of what it may contain as traces (made on shared equipment), in list order. */
  may_contain: Allergen[] | null;
}

/** The grid's filter: a dietary kind, and allergens the visitor must avoid. */
export interface CatalogueFilter {
  dietary?: Dietary;
  /** Sorted, without repeats. */
  without: Allergen[];
}

/**
 * `?without=` as the address bar may carry it: comma-separated, repeated (`without=a&without=b`, what a
 * GET form of checkboxes sends) or both, with stray spaces and any case. Known codes come back sorted and
 * once each; unknown ones are reported so the API can refuse them (the page ignores them).
 */
export function parseAllergenList(values: readonly string[]): { codes: Allergen[]; unknown: string[] } {
  const codes = new Set<Allergen>();
  const unknown: string[] = [];
  for (const value of values) {
    for (const part of value.split(",")) {
      const code = part.trim().toLowerCase();
      if (code === "") continue;
      if (isAllergen(code)) codes.add(code);
      else unknown.push(part.trim());
    }
  }
  return { codes: [...codes].sort(), unknown };
}

/** `?dietary=` for the page: a known kind, or none (anything else is ignored). */
export function parseDietary(value: string | null | undefined): Dietary | undefined {
  const code = value?.trim().toLowerCase() ?? "";
  return isDietary(code) ? code : undefined;
}

/** The page's filter from its address: unknown values dropped, codes sorted (the page-cache key uses it too). */
export function filterFromParams(params: URLSearchParams): CatalogueFilter {
  return {
    dietary: parseDietary(params.get("dietary")),
    without: parseAllergenList(params.getAll("without")).codes,
  };
}

/** The filter as query parameters for links (pagination, category chips): absent when not set. */
export function filterQuery(filter: CatalogueFilter): { dietary?: string; without?: string } {
  return {
    ...(filter.dietary ? { dietary: filter.dietary } : {}),
    ...(filter.without.length ? { without: filter.without.join(",") } : {}),
  };
}

export const hasFilter = (filter: CatalogueFilter) => filter.dietary !== undefined || filter.without.length > 0;

/**
 * Both filters at once (the address bar's and the one a search's diet words ask for): allergens add up, and
 * the dietary kinds must agree — null when they differ, since no product is both.
 */
export function mergeFilters(a: CatalogueFilter, b: CatalogueFilter): CatalogueFilter | null {
  if (a.dietary && b.dietary && a.dietary !== b.dietary) return null;
  const dietary = a.dietary ?? b.dietary;
  return { ...(dietary ? { dietary } : {}), without: [...new Set([...a.without, ...b.without])].sort() };
}

/**
 * The filter's rule, which the SQL of the grid implements too: the dietary kind must match exactly (a product
 * whose kind is not stated never matches one), and a product is shown "without X" only if it neither contains
 * X nor may contain traces of it — for an allergic visitor "may contain" is a risk, not a detail — and only
 * if staff stated its allergens: a product whose allergens are not stated is never "without" anything.
 */
export function matchesFilter(
  product: Pick<ProductKashrut, "dietary" | "allergens" | "may_contain">,
  filter: CatalogueFilter,
): boolean {
  if (filter.dietary !== undefined && product.dietary !== filter.dietary) return false;
  if (filter.without.length === 0) return true;
  const { allergens, may_contain } = product;
  if (allergens === null) return false;
  return filter.without.every((code) => !allergens.includes(code) && !may_contain?.includes(code));
}

/** Codes in the list's order, once each (how they are stored and shown). */
export function inListOrder(codes: Iterable<Allergen>): Allergen[] {
  const set = new Set(codes);
  return ALLERGENS.filter((code) => set.has(code));
}
