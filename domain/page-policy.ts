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
 * Only session pages hydrate the whole document (React Router's client, its hydration data and client-side
 * navigation: their forms answer in place). Public and cached pages are HTML with islands (ADR 013): React renders
 * them on the server, and the browser runs only the parts that move (app/islands/).
 *
 * A page route (a leaf of the route table) without a declaration of its own or a session ancestor stops the
 * server at start-up, and `tests/integration/page-declarations.test.ts` fails.
 *
 * Lives in domain/: the route modules (browser and server) declare, the server reads.
 */
/**
 * A query parameter a cached page reads, by the rule that normalises its values into the cache key
 * (server/http/page-params.ts): `id` (an id as the site writes it), `dietary` (a known dietary kind; the first
 * value), `allergens` (known allergen codes, sorted, once each, repeated and comma forms merged), `search` (the text
 * as the page reads it, spaces folded), or a list of the only values kept (the first value when it is one of them;
 * anything else dropped, as the page ignores it). Declared as data, so a route's `handle`
 * costs its page's script nothing (the rules themselves are the server's).
 */
export type ParamKind = "id" | "dietary" | "allergens" | "search" | readonly string[];

export type PageClock = "minute" | "day";

export type PagePolicy =
  | { kind: "session" }
  | { kind: "public" }
  | { kind: "cached"; params: Readonly<Record<string, ParamKind>>; clock: PageClock | null };

/** What a route module's `handle` export carries for the server. */
export interface PageHandle {
  page: PagePolicy;
}

export const sessionPage = (): PagePolicy => ({ kind: "session" });
export const publicPage = (): PagePolicy => ({ kind: "public" });
export const cachedPage = (options: { params?: Record<string, ParamKind>; clock?: PageClock } = {}): PagePolicy => ({
  kind: "cached",
  params: options.params ?? {},
  clock: options.clock ?? null,
});

/**
 * Whether the page the matched routes' `handle`s (root first) make hydrates the whole document: a session page, or a
 * page below a session route. Public and cached pages hydrate only their islands.
 */
export function hydratesDocument(handles: readonly unknown[]): boolean {
  return handles.some((handle) => pagePolicyOf(handle)?.kind === "session");
}

/** The page policy a route module's `handle` declares, or null when it declares none. */
export function pagePolicyOf(handle: unknown): PagePolicy | null {
  if (handle === null || typeof handle !== "object" || !("page" in handle)) return null;
  const page = (handle as { page: unknown }).page;
  if (page === null || typeof page !== "object") return null;
  const kind = (page as { kind?: unknown }).kind;
  return kind === "session" || kind === "public" || kind === "cached" ? (page as PagePolicy) : null;
}
