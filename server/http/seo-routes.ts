/**
 * /sitemap.xml (every public URL, with image entries) and /robots.txt (points to the sitemap,
 * keeps /admin and /api out). Served by Hono before React Router; absolute URLs from PUBLIC_URL.
 * Up to SITEMAP_URL_LIMIT URLs /sitemap.xml is one <urlset>; past it, a <sitemapindex> of /sitemap-N.xml parts.
 * Either is streamed: products are read in batches as the client reads.
 *
 * Given the content version, each file is also kept once built, for as long as the version stands (every write
 * that changes public content moves it, and so does the schedule timer when a sale or publication window opens
 * or closes: server/schedule-timer.ts). A crawler reading the parts of a large catalogue then costs a copy of
 * bytes, not a read of thousands of products per request. The first request after a change builds the file
 * while streaming it (bounded by SITEMAP_URL_LIMIT URLs per file) and keeps what it sent.
 */
import { Hono } from "hono";
import { compress } from "hono/compress";
import { LRUCache } from "lru-cache";
import type { ContentVersion } from "../content-version.ts";
import type { Services } from "../services/index.ts";
import type { SitemapEntry } from "../services/sitemap.ts";
import { streamBody } from "./stream-body.ts";

/** The fixed public pages (spec §2), most important first. */
export const STATIC_PAGES = [
  "/",
  "/categories",
  "/products",
  "/branches",
  "/sales",
  "/news",
  "/about",
  "/contactUs",
  "/accessibility",
] as const;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

function absolute(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl.replace(/\/+$/, "")}/`).href;
}

const URLSET_OPEN = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
  "",
].join("\n");

function renderUrl(publicUrl: string, entry: SitemapEntry): string {
  const lines = [`    <loc>${escapeXml(absolute(publicUrl, entry.path))}</loc>`];
  if (entry.lastmod) lines.push(`    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`);
  for (const image of entry.images) {
    lines.push(`    <image:image><image:loc>${escapeXml(absolute(publicUrl, image.url))}</image:loc></image:image>`);
  }
  return `  <url>\n${lines.join("\n")}\n  </url>\n`;
}

/** A <urlset> as chunks, one per batch of entries. */
export async function* sitemapChunks(
  publicUrl: string,
  batches: AsyncIterable<SitemapEntry[]>,
): AsyncGenerator<string> {
  yield URLSET_OPEN;
  for await (const batch of batches) if (batch.length) yield batch.map((entry) => renderUrl(publicUrl, entry)).join("");
  yield "</urlset>\n";
}

/** The <sitemapindex> that /sitemap.xml becomes past the limit, pointing at /sitemap-1.xml … /sitemap-N.xml. */
export function renderSitemapIndex(publicUrl: string, parts: number): string {
  const sitemaps = Array.from(
    { length: parts },
    (_, i) => `  <sitemap>\n    <loc>${escapeXml(absolute(publicUrl, sitemapPartPath(i + 1)))}</loc>\n  </sitemap>\n`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    ...sitemaps,
    "</sitemapindex>\n",
  ].join("");
}

export const sitemapPartPath = (part: number) => `/sitemap-${part}.xml`;

/**
 * URLs per sitemap file. The protocol allows 50,000 and 50 MB; we split far earlier so each part (with its image
 * entries) stays small and quick to build.
 */
export const SITEMAP_URL_LIMIT = 5000;

export function renderRobots(publicUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api",
    "",
    `Sitemap: ${absolute(publicUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

/** Bytes of built sitemap files kept per process (a 5,000-URL part with image entries is about 1 MB). */
export const SITEMAP_CACHE_BYTES = 16 * 1024 * 1024;

export interface SeoRoutesDeps {
  services: Services;
  publicUrl: string;
  urlLimit?: number;
  /** Keeps each built sitemap file until the content version moves on; without it every request builds. */
  version?: ContentVersion;
  cacheBytes?: number;
}

export function createSeoRoutes(deps: SeoRoutesDeps) {
  const { services, publicUrl, version } = deps;
  const urlLimit = Math.max(1, deps.urlLimit ?? SITEMAP_URL_LIMIT);
  const routes = new Hono();
  const built = new LRUCache<string, { version: number; body: Uint8Array<ArrayBuffer> }>({
    maxSize: Math.max(1, deps.cacheBytes ?? SITEMAP_CACHE_BYTES),
    sizeCalculation: (entry) => Math.max(1, entry.body.byteLength),
  });
  // Files of an older version are never served (checked on read); this frees their memory at once.
  version?.onChange(() => built.clear());

  /**
   * Every public URL as one sequence — fixed pages, main categories, products, branches, sales (today's order) —
   * of which a range can be streamed; only the products are read from the database range by range.
   */
  async function sequence() {
    const [outline, settings] = await Promise.all([services.sitemap.outline(), services.settings.get()]);
    const pages: SitemapEntry[] = STATIC_PAGES.map((path) => ({ path, images: [] }));
    const news = pages.find((p) => p.path === "/news");
    if (news) Object.assign(news, outline.news);
    // Our own club page is public only while no external club site is configured (see clubLink()).
    if (!settings.clubUrl) pages.push({ path: "/club", images: [] });
    const head = [...pages, ...outline.categories];
    const tail = [...outline.branches, ...outline.sales];
    const products = outline.productCount;
    const total = head.length + products + tail.length;
    async function* range(from: number, to: number): AsyncGenerator<SitemapEntry[]> {
      yield head.slice(from, to);
      const first = Math.max(0, from - head.length);
      const last = Math.min(products, to - head.length);
      if (last > first) yield* services.sitemap.products(first, last - first);
      const tailFrom = head.length + products;
      yield tail.slice(Math.max(0, from - tailFrom), Math.max(0, to - tailFrom));
    }
    return { total, range };
  }

  const headers = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

  /** The file kept for `key` at the current version, if any. */
  const keptFile = (key: string) => {
    if (!version) return null;
    const entry = built.get(key);
    return entry && entry.version === version.current() ? new Response(entry.body, { headers }) : null;
  };

  /**
   * Streams `body` and, once the whole of it has been sent, keeps it for `key` — unless the content changed
   * meanwhile (the version is taken before anything is read, so a write during the build makes it stale).
   */
  const xml = async (key: string, at: number | undefined, body: AsyncIterable<string>) => {
    async function* keeping(): AsyncGenerator<string> {
      const sent: string[] = [];
      for await (const chunk of body) {
        sent.push(chunk);
        yield chunk;
      }
      if (version && at !== undefined && version.current() === at) {
        built.set(key, { version: at, body: new TextEncoder().encode(sent.join("")) });
      }
    }
    return new Response(await streamBody(version ? keeping() : body), { headers });
  };

  routes.get("/sitemap.xml", compress(), async (c) => {
    const kept = keptFile(c.req.path);
    if (kept) return kept;
    const at = version?.current();
    const { total, range } = await sequence();
    if (total <= urlLimit) return xml(c.req.path, at, sitemapChunks(publicUrl, range(0, total)));
    const parts = Math.ceil(total / urlLimit);
    return xml(
      c.req.path,
      at,
      (async function* () {
        yield renderSitemapIndex(publicUrl, parts);
      })(),
    );
  });

  routes.get("/:file{sitemap-[1-9][0-9]*\\.xml}", compress(), async (c, next) => {
    const kept = keptFile(c.req.path);
    if (kept) return kept;
    const at = version?.current();
    const part = Number(c.req.param("file").slice("sitemap-".length, -".xml".length));
    const { total, range } = await sequence();
    // Parts exist only while /sitemap.xml is an index; anything else is the site's 404.
    if (total <= urlLimit || part > Math.ceil(total / urlLimit)) return next();
    return xml(c.req.path, at, sitemapChunks(publicUrl, range((part - 1) * urlLimit, part * urlLimit)));
  });
  routes.get("/robots.txt", (c) =>
    c.body(renderRobots(publicUrl), 200, {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    }),
  );

  return routes;
}
