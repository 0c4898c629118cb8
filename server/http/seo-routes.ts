/**
 * /sitemap.xml (every public URL, with image entries) and /robots.txt (points to the sitemap,
 * keeps /admin and /api out). Served by Hono before React Router; absolute URLs from PUBLIC_URL.
 * Up to SITEMAP_URL_LIMIT URLs /sitemap.xml is one <urlset>; past it, a <sitemapindex> of /sitemap-N.xml parts.
 * Either is streamed: products are read in batches as the client reads.
 */
import { Hono } from "hono";
import { compress } from "hono/compress";
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

export function createSeoRoutes(deps: { services: Services; publicUrl: string; urlLimit?: number }) {
  const { services, publicUrl } = deps;
  const urlLimit = Math.max(1, deps.urlLimit ?? SITEMAP_URL_LIMIT);
  const routes = new Hono();

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

  const xml = async (body: AsyncIterable<string>) =>
    new Response(await streamBody(body), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });

  routes.get("/sitemap.xml", compress(), async () => {
    const { total, range } = await sequence();
    if (total <= urlLimit) return xml(sitemapChunks(publicUrl, range(0, total)));
    const parts = Math.ceil(total / urlLimit);
    return xml(
      (async function* () {
        yield renderSitemapIndex(publicUrl, parts);
      })(),
    );
  });

  routes.get("/:file{sitemap-[1-9][0-9]*\\.xml}", compress(), async (c, next) => {
    const part = Number(c.req.param("file").slice("sitemap-".length, -".xml".length));
    const { total, range } = await sequence();
    // Parts exist only while /sitemap.xml is an index; anything else is the site's 404.
    if (total <= urlLimit || part > Math.ceil(total / urlLimit)) return next();
    return xml(sitemapChunks(publicUrl, range((part - 1) * urlLimit, part * urlLimit)));
  });
  routes.get("/robots.txt", (c) =>
    c.body(renderRobots(publicUrl), 200, {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    }),
  );

  return routes;
}
