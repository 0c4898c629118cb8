/**
 * Public pages: GET/HEAD of every page that is the same for every visitor — every page whose route module does not
 * declare itself a session page (domain/page-policy.ts: the admin, the login, the pages with a form, whose forms
 * need the visitor's XSRF token). These requests skip sessions entirely: no cookie is read or set, the page is rendered without a user or a
 * token, and the answer may be kept by browsers and shared caches:
 *
 *   Cache-Control: public, max-age=0, s-maxage=…, stale-while-revalidate=…
 *   ETag: W/"<hash of the page's bytes>"     If-None-Match → 304 (page-cache.ts, etagOf)
 *   Vary: Accept-Encoding
 *
 * React Router's `.data` requests (client navigation) follow the same rules as the documents.
 * Responses whose key is known (see `cacheKey`) go through the in-process page cache (page-cache.ts).
 */
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import {
  generatePath,
  matchRoutes,
  type RouteObject,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { certificateToday } from "../../domain/certificates.ts";
import { type PagePolicy, pagePolicyOf } from "../../domain/page-policy.ts";
import { readChecked, readTags } from "../cache-tags.ts";
import {
  type CachedPage,
  etagOf,
  type Lookup,
  type PageCache,
  type PageFamily,
  type RenderedPage,
} from "./page-cache.ts";
import { isCanonicalId, isTrackingParam, paramRule } from "./page-params.ts";
import { isDataRequest, readRendered } from "./public-render.ts";
import { type RemoteRender, type RenderJob, WorkerLostError } from "./render-pool.ts";
import type { NonceEnv } from "./security-headers.ts";

/** How long shared caches (a CDN) may keep a page, and serve it stale while fetching a new one. */
export const SHARED_MAX_AGE_SECONDS = 10;
export const STALE_WHILE_REVALIDATE_SECONDS = 30;
const PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
/** Not-found pages and redirects: the same for everyone, kept briefly by shared caches only. */
const BRIEF_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}`;

type Route = RouteObject & { id: string };

/**
 * Each route's page policy, as its module's `handle` declares it (domain/page-policy.ts); a route below a session
 * route is a session page too. Throws when a page route (a leaf) has no policy of its own nor a session ancestor:
 * a page the server would not know how to serve (cookies, cache key) must not start.
 */
export function pagePolicies(build: ServerBuild): Map<string, PagePolicy> {
  const policies = new Map<string, PagePolicy>();
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const parents = new Set(routes.map((route) => route.parentId));
  const declared = (id: string | undefined): PagePolicy | null =>
    id === undefined ? null : pagePolicyOf(build.routes[id]?.module.handle);
  const sessionAbove = (id: string | undefined): boolean => {
    for (let at = id; at !== undefined; at = build.routes[at]?.parentId) {
      if (declared(at)?.kind === "session") return true;
    }
    return false;
  };
  const missing: string[] = [];
  for (const route of routes) {
    const own = declared(route.id);
    const policy: PagePolicy | null = sessionAbove(route.id) ? { kind: "session" } : own;
    if (policy) policies.set(route.id, policy);
    else if (!parents.has(route.id)) missing.push(route.id);
  }
  if (missing.length) {
    throw new Error(
      `Page routes without a page policy (export const handle = { page: cachedPage() | publicPage() | sessionPage() }, domain/page-policy.ts): ${missing.join(", ")}`,
    );
  }
  return policies;
}

function routeTree(build: ServerBuild): Route[] {
  const children = new Map<string | undefined, Route[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = children.get(route.parentId) ?? [];
    list.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as Route);
    children.set(route.parentId, list);
  }
  const attach = (routes: Route[]): Route[] =>
    routes.map((r) => {
      const kids = children.get(r.id);
      return kids && !r.index ? ({ ...r, children: attach(kids) } as Route) : r;
    });
  return attach(children.get(undefined) ?? []);
}

/** What a path is: a page with the session, a public page, and for public pages the route chain. */
interface PathInfo {
  session: boolean;
  /** Route ids from the root to the page. */
  ids: string[];
  /** The page's cache policy, when it is a cached page and the path is its canonical address (case, ids…). */
  cacheable: Extract<PagePolicy, { kind: "cached" }> | null;
}

export interface PublicPagesOptions {
  build: ServerBuild;
  /** React Router's request handler. */
  handle: (request: Request, context: RouterContextProvider) => Promise<Response>;
  /** A load context for a render without a visitor (no user, no token). */
  context: (nonce: string, wholeDocument: boolean, path: string) => RouterContextProvider;
  publicUrl: string;
  /** Null when PAGE_CACHE=0: every public request renders (the headers stay the same). */
  cache: PageCache | null;
  newNonce: () => string;
  /**
   * Renders pages off this thread (server/http/render-pool.ts); when absent, or when it has no worker ready
   * (null) or loses one, the page is rendered here.
   */
  pool?: { render(job: RenderJob): Promise<RemoteRender> | null } | null;
  /**
   * "Now" for the keys of pages that change with the clock: the services' clock, so a page's key and its content
   * agree on the minute and the day (tests move it). The system clock when absent.
   */
  clock?: () => Date;
}

/** `/product/61.data` → `/product/61`, `/_.data` → `/` (React Router's single-fetch addresses). */
function pagePath(path: string): { page: string; data: boolean } {
  if (!isDataRequest(path)) return { page: path, data: false };
  const page = path.slice(0, -".data".length);
  return { page: page.endsWith("/_") ? page.slice(0, -1) : page, data: true };
}

function acceptedEncoding(header: string | undefined): "br" | "gzip" | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page rendered for one request (not kept) is compressed whole, in one call on the thread pool, at
 * fast settings. (Streaming it through CompressionStream costs a thread-pool round trip per React chunk,
 * during which the event loop waits idle: the main cause of the idle time in the profile.)
 */
function compressOnce(body: Uint8Array, encoding: "br" | "gzip"): Promise<Uint8Array> {
  return encoding === "br"
    ? brotliAsync(body, {
        params: {
          // Quality 3: half of quality 4's time for the home page (0.45 against 0.93 ms, best of 150) for
          // 5% more bytes (14.0 against 13.3 KB); a page kept by the page cache gets quality 6, then 10 once it
          // has stayed current (page-cache.ts).
          [zlibConstants.BROTLI_PARAM_QUALITY]: 3,
          // A 256 KB window instead of the default 4 MB: pages are smaller than that, and setting up the
          // large window was two thirds of the time (4.0 → 1.3 ms for the home page, same output).
          [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipAsync(body, { level: 6 });
}

/**
 * The headers every answer of a public page starts from: the page's own, Vary and where it came from (`hit`,
 * `miss`, `stale`: a previous copy while the page re-renders or its render failed; `bypass`: not a cached page).
 */
function baseHeaders(rendered: RenderedPage, cache: Lookup["cache"]): Headers {
  const headers = new Headers(rendered.headers);
  headers.set("Vary", "Accept-Encoding");
  headers.set("X-Cache", cache === "hit" || cache === "stale" ? cache : "miss");
  return headers;
}

/**
 * Where a key's bytes are kept (server/http/page-cache.ts): search results and other addresses with a query
 * (filters, pages of a list) each in their own share, so a flood of either never evicts the plain pages.
 */
function familyOf(key: string): PageFamily {
  const q = key.indexOf("?");
  if (q === -1) return "pages";
  return new URLSearchParams(key.slice(q + 1)).has("search") ? "search" : "filters";
}

/** A 200's validator and caching headers; for a 304 (`notModified`) without the Content-Type. */
function setValidators(headers: Headers, etag: string, notModified: boolean) {
  headers.set("ETag", etag);
  headers.set("Cache-Control", PAGE_CACHE_CONTROL);
  if (notModified) headers.delete("Content-Type");
}

/** What the page cache has for a request, found without the app (see `createPublicPages().cached`). */
export interface CachedAnswer {
  page: CachedPage;
  /** null: identity bytes. */
  encoding: "br" | "gzip" | null;
  notModified: boolean;
  /** The answer's headers, before the security headers and the request id (the same the app sends). */
  headers(): Headers;
  body: Uint8Array | null;
}

export function createPublicPages(options: PublicPagesOptions) {
  const { build, cache } = options;
  const now = options.clock ?? (() => new Date());
  const policies = pagePolicies(build);
  const tree = routeTree(build);
  const origin = new URL(options.publicUrl).origin;
  // Matching is not free; paths repeat. Bounded, so a flood of random paths cannot grow it.
  const known = new LRUCache<string, PathInfo>({ max: 2000 });

  function describe(page: string): PathInfo {
    const memo = known.get(page);
    if (memo) return memo;
    const matches = matchRoutes(tree, page) ?? [];
    const ids = matches.map((m) => (m.route as Route).id);
    const leaf = matches.at(-1);
    let cacheable: PathInfo["cacheable"] = null;
    if (leaf) {
      const id = (leaf.route as Route).id;
      const pattern = matches
        .map((m) => m.route.path)
        .filter(Boolean)
        .join("/");
      const params = Object.entries(leaf.params);
      const canonical =
        params.every(([, value]) => value !== undefined && isCanonicalId(value)) &&
        generatePath(`/${pattern}`, leaf.params as Record<string, string>) === page;
      const policy = policies.get(id);
      if (policy?.kind === "cached" && canonical) cacheable = policy;
    }
    const info = { session: ids.some((id) => policies.get(id)?.kind === "session"), ids, cacheable };
    known.set(page, info);
    return info;
  }

  /**
   * The cache key (and the query the page is rendered with), or null when the request must be rendered
   * for itself: unknown or repeated parameters, invalid values. Tracking parameters (`utm_*`, `fbclid`…) are left
   * out (page-params.ts).
   */
  function cacheKey(info: PathInfo, path: string, data: boolean, search: URLSearchParams): string | null {
    if (!info.cacheable) return null;
    const allowed = info.cacheable.params;
    const kept: [string, string][] = [];
    for (const name of new Set(search.keys())) {
      if (isTrackingParam(name)) continue;
      const values = search.getAll(name);
      if (data && name === "_routes") {
        if (values.length !== 1) return null;
        // Only routes on this page's chain, in a fixed order, so the key space stays that small.
        const ids = values[0]!.split(",");
        if (!ids.every((id) => info.ids.includes(id))) return null;
        kept.push([name, [...new Set(ids)].sort().join(",")]);
        continue;
      }
      const kind = allowed[name];
      const value = kind === undefined ? null : paramRule(kind).normalize(values);
      if (value === null || value === undefined) return null;
      if (value !== "") kept.push([name, value]);
    }
    kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const query = new URLSearchParams(kept).toString();
    return query ? `${path}?${query}` : path;
  }

  /**
   * Pages that change with the clock, not with the content, declare it (`clock`): those showing "open now" are
   * keyed by the minute, so a status is at most a minute old; those claiming kashrut only while a certificate is
   * valid are keyed by the Jerusalem day the certificates are judged on.
   */
  function clockPart(info: PathInfo): string {
    const clock = info.cacheable?.clock;
    if (clock === "minute") return String(Math.floor(now().getTime() / 60_000));
    if (clock === "day") return certificateToday(now());
    return "";
  }

  /**
   * The answer to a GET or HEAD of `url` (the request line's path and query) when the page cache holds it
   * at the current content version — the same status, headers (but the security headers and request id,
   * added after the app's middleware) and bytes the middleware below would send — or null when the app must
   * answer: not a cached page, not kept (yet), an encoding only the app's compress() speaks (deflate), or an
   * address the app would read differently (percent-encoded, absolute form).
   */
  function cached(
    method: string,
    url: string,
    acceptEncoding: string | undefined,
    ifNoneMatch: string | undefined,
  ): CachedAnswer | null {
    if (!cache || (method !== "GET" && method !== "HEAD") || url.charCodeAt(0) !== 47 /* "/" */) return null;
    const encoding = acceptedEncoding(acceptEncoding);
    if (!encoding && acceptEncoding !== undefined) return null;
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    if (path.includes("%") || path === "/api" || path.startsWith("/api/")) return null;
    const { page: pageAddress, data } = pagePath(path);
    const info = describe(pageAddress);
    if (info.session || !info.cacheable) return null;
    const key = cacheKey(info, path, data, new URLSearchParams(q === -1 ? "" : url.slice(q + 1)));
    if (!key) return null;
    const clock = clockPart(info);
    const page = cache.peek(clock ? `${key}#${clock}` : key, familyOf(key));
    if (!page) return null;
    const etag = page.etag;
    const notModified = etagMatches(ifNoneMatch, etag);
    const body = notModified ? null : encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body;
    return {
      page,
      encoding,
      notModified,
      body: method === "HEAD" ? null : body,
      headers() {
        const headers = baseHeaders(page, "hit");
        setValidators(headers, etag, notModified);
        if (body) {
          if (encoding) headers.set("Content-Encoding", encoding);
          headers.set("Content-Length", String(body.byteLength));
        }
        return headers;
      },
    };
  }

  async function render(pathAndQuery: string, wholeDocument: boolean): Promise<RenderedPage> {
    const nonce = options.newNonce();
    const remote = options.pool?.render({ path: pathAndQuery, wholeDocument, nonce });
    if (remote) {
      try {
        const { page, tags, checks } = await remote;
        // Inside the page cache's collector: stamped as of when the render was sent (render-pool.ts).
        readTags(...tags);
        for (const check of checks) readChecked(check);
        return page;
      } catch (error) {
        if (!(error instanceof WorkerLostError)) throw error;
      }
    }
    // The address comes from PUBLIC_URL, never from the Host header: the result is shared by everyone.
    const request = new Request(`${origin}${pathAndQuery}`, { method: "GET" });
    const response = await options.handle(request, options.context(nonce, wholeDocument, pathAndQuery));
    return readRendered(response, nonce);
  }

  const middleware: MiddlewareHandler<NonceEnv> = async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    const path = c.req.path;
    if (path === "/api" || path.startsWith("/api/")) return next();
    const { page, data } = pagePath(path);
    const info = describe(page);
    if (info.session) return next();

    const url = new URL(c.req.url);
    const key = cacheKey(info, path, data, url.searchParams);
    // Pages that change with the clock are kept per minute or per day; their ETag is their bytes' hash, so a
    // browser revalidating after midnight gets the new page, not a 304 for yesterday's.
    const clock = key ? clockPart(info) : "";
    let lookup: Lookup;
    if (key && cache) {
      lookup = await cache.get(clock ? `${key}#${clock}` : key, familyOf(key), () => render(key, true));
    } else {
      const rendered = await render(key ?? `${path}${url.search}`, Boolean(key));
      lookup = { page: { ...rendered, etag: rendered.etag ?? etagOf(rendered) }, cache: "bypass" };
    }
    const rendered = lookup.page;
    // The CSP header must name the nonce the page's scripts were rendered with (security-headers.ts).
    c.set("nonce", rendered.nonce);

    const headers = baseHeaders(rendered, lookup.cache);
    if (rendered.status === 200) {
      const etag = lookup.page.etag;
      const notModified = etagMatches(c.req.header("if-none-match"), etag);
      setValidators(headers, etag, notModified);
      if (notModified) return new Response(null, { status: 304, headers });
    } else if (!headers.has("Cache-Control")) {
      headers.set("Cache-Control", rendered.status >= 500 ? "no-store" : BRIEF_CACHE_CONTROL);
    }

    let body: Uint8Array = rendered.body;
    const encoding = acceptedEncoding(c.req.header("accept-encoding"));
    if (encoding && lookup.cache !== "bypass") {
      body = encoding === "br" ? lookup.page.br : lookup.page.gzip;
      headers.set("Content-Encoding", encoding);
    } else if (encoding && body.byteLength >= 1024 && method !== "HEAD") {
      body = await compressOnce(body, encoding);
      headers.set("Content-Encoding", encoding);
    }
    headers.set("Content-Length", String(body.byteLength));
    const payload = method === "HEAD" || rendered.status === 204 ? null : (body as Uint8Array<ArrayBuffer>);
    return new Response(payload, { status: rendered.status, headers });
  };

  return { middleware, describe, cached };
}
