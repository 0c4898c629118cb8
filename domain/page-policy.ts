/**
 * How a page is served, declared by its route module next to its loader (the `page` entry of React Router's
 * `handle` export) and read by the server from the build (server/http/public-pages.ts):
 *
 *   export const handle = { page: cachedPage({ params: { page: ID } }) } satisfies PageHandle;
 *
 * - `sessionPage`: rendered for each visitor, with the session — a page with a form (its XSRF token), a page
 *   whose GET writes (the club's confirmation link), the login page, the back office. Every route below a
 *   session route is one too (the admin layout declares it once for its screens).
 * - `publicPage`: the same for every visitor, rendered for each request and never kept (no cookie read or set).
 * - `cachedPage`: the same for every visitor and kept by the page cache. `params` are the query parameters the
 *   page reads, each with the rule that normalises its values into the cache key (anything else in the
 *   address makes the request render for itself, never kept); `clock` says the page also changes with time:
 *   `minute` (open now) or `day` (a claim valid until a calendar day ends).
 *
 * A page route (a leaf of the route table) without a declaration of its own or a session ancestor stops the
 * server at start-up, and `tests/integration/page-declarations.test.ts` fails.
 *
 * Lives in domain/: the route modules (browser and server) declare, the server reads.
 */
import { parseId } from "./ids.ts";
import { parseAllergenList, parseDietary } from "./kashrut.ts";
import { MAX_SEARCH_LENGTH } from "./search.ts";

/**
 * A query parameter a cached page reads: `normalize` gets every value the address carries for it and returns
 * the one value the page is rendered with ("" drops the parameter), or null when the request must be rendered
 * for itself. Normalising means `?without=tree_nuts&without=sesame` (a GET form) and `?without=sesame,tree_nuts`
 * share one entry.
 */
export interface ParamRule {
  normalize(values: string[]): string | null;
}

export type PageClock = "minute" | "day";

export type PagePolicy =
  | { kind: "session" }
  | { kind: "public" }
  | { kind: "cached"; params: Readonly<Record<string, ParamRule>>; clock: PageClock | null };

/** What a route module's `handle` export carries for the server. */
export interface PageHandle {
  page: PagePolicy;
}

export const sessionPage = (): PagePolicy => ({ kind: "session" });
export const publicPage = (): PagePolicy => ({ kind: "public" });
export const cachedPage = (options: { params?: Record<string, ParamRule>; clock?: PageClock } = {}): PagePolicy => ({
  kind: "cached",
  params: options.params ?? {},
  clock: options.clock ?? null,
});

/** The page policy a route module's `handle` declares, or null when it declares none. */
export function pagePolicyOf(handle: unknown): PagePolicy | null {
  if (handle === null || typeof handle !== "object" || !("page" in handle)) return null;
  const page = (handle as { page: unknown }).page;
  if (page === null || typeof page !== "object") return null;
  const kind = (page as { kind?: unknown }).kind;
  return kind === "session" || kind === "public" || kind === "cached" ? (page as PagePolicy) : null;
}

/** An id exactly as the site writes it (the one id rule, without leading zeros or other spellings). */
export const isCanonicalId = (value: string) => String(parseId(value)) === value;

/** One value that must pass `test` exactly as written; repeated → not cached. */
export const exactParam = (test: (value: string) => boolean): ParamRule => ({
  normalize: (values) => (values.length === 1 && test(values[0]!) ? values[0]! : null),
});

/** An id (`?page=2`, `?category=7`). */
export const ID_PARAM = exactParam(isCanonicalId);

/** `?dietary=`: the page reads the first value and ignores an unknown one, so the key does the same. */
export const DIETARY_PARAM: ParamRule = { normalize: (values) => parseDietary(values[0]) ?? "" };

/** `?without=`: known allergen codes, sorted, once each; unknown ones dropped as the page drops them. */
export const WITHOUT_PARAM: ParamRule = { normalize: (values) => parseAllergenList(values).codes.join(",") };

/**
 * `?search=`: the text as the page reads it (the first value, trimmed, cut at the search box's limit), with runs
 * of spaces as one — which finds the same products —, so "סופגניות  ריבה " and "סופגניות ריבה" share an entry.
 * Search results are kept in their own share of the cache (server/http/page-cache.ts), so a flood of texts never
 * evicts other pages.
 */
export const SEARCH_PARAM: ParamRule = {
  normalize: (values) => (values[0] ?? "").trim().slice(0, MAX_SEARCH_LENGTH).replace(/\s+/g, " ").trim(),
};
