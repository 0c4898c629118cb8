/**
 * The page cache keeps a page with Brotli at quality 6 and compresses it again at quality 10 once it has stayed
 * current (server/http/page-cache.ts, `RECOMPRESS_AFTER_MS`): a page an edit makes stale first is never worth it.
 */
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createTagClock, readTags } from "../../server/cache-tags.ts";
import { createPageCache, type RenderedPage } from "../../server/http/page-cache.ts";

const html = (name: string) =>
  `<!doctype html><html lang="he" dir="rtl"><body>${Array.from({ length: 400 }, (_, i) => `<p>${name} ${i} עוגת שמרים בתנור</p>`).join("")}</body></html>`;

function page(name: string, tag: string) {
  return async (): Promise<RenderedPage> => {
    readTags(tag);
    return {
      status: 200,
      headers: [["content-type", "text/html"]],
      body: new TextEncoder().encode(html(name)),
      nonce: "",
    };
  };
}

describe("page cache: Brotli quality 10 for pages that stay", () => {
  it("recompresses a page that stayed current, and leaves one an edit made stale", async () => {
    const tags = createTagClock();
    const cache = createPageCache({ maxBytes: 8 * 1024 * 1024, tags, recompressAfterMs: 20 });
    const kept = await cache.get("/about", "pages", page("about", "about"));
    const edited = await cache.get("/product/1", "pages", page("product", "product:1"));
    expect(kept.cache).toBe("miss");
    expect(kept.page).toMatchObject({ brotliQuality: 6 });
    tags.invalidate(["product:1"], false);

    await expect.poll(() => cache.stats().recompressed).toBe(1);
    const hit = cache.peek("/about", "pages")!;
    expect(hit.brotliQuality).toBe(10);
    expect(hit.etag).toBe(kept.page.etag);
    expect(hit.br.byteLength).toBeLessThanOrEqual((kept.page as typeof hit).br.byteLength);
    expect(brotliDecompressSync(hit.br).toString()).toBe(html("about"));
    // The edited page was not recompressed (and is stale: no hit).
    expect(cache.peek("/product/1", "pages")).toBeUndefined();
    expect(edited.page).toMatchObject({ brotliQuality: 6 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.stats().recompressed).toBe(1);
    cache.close();
  });
});
