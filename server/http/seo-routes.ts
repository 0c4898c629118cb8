/**
 * /sitemap.xml (every public URL, with image entries) and /robots.txt (points to the sitemap,
 * keeps /admin and /api out). Served by Hono before React Router; absolute URLs from PUBLIC_URL.
 */
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { Services } from "../services/index.ts";
import type { SitemapEntry } from "../services/sitemap.ts";

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

export function renderSitemap(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lines = [`    <loc>${escapeXml(absolute(publicUrl, entry.path))}</loc>`];
    if (entry.lastmod) lines.push(`    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`);
    for (const image of entry.images) {
      lines.push(`    <image:image><image:loc>${escapeXml(absolute(publicUrl, image.url))}</image:loc></image:image>`);
    }
    return `  <url>\n${lines.join("\n")}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

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

export function createSeoRoutes(deps: { services: Services; publicUrl: string }) {
  const { services, publicUrl } = deps;
  const routes = new Hono();

  routes.get("/sitemap.xml", compress(), async (c) => {
    const [data, settings] = await Promise.all([services.sitemap.data(), services.settings.get()]);
    const pages: SitemapEntry[] = STATIC_PAGES.map((path) => ({ path, images: [] }));
    const news = pages.find((p) => p.path === "/news");
    if (news) Object.assign(news, data.news);
    // Our own club page is public only while no external club site is configured (see clubLink()).
    if (!settings.clubUrl) pages.push({ path: "/club", images: [] });
    const xml = renderSitemap(publicUrl, [
      ...pages,
      ...data.categories,
      ...data.products,
      ...data.branches,
      ...data.sales,
    ]);
    return c.body(xml, 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    });
  });

  routes.get("/robots.txt", (c) =>
    c.body(renderRobots(publicUrl), 200, {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    }),
  );

  return routes;
}
