/**
 * The in-process page cache: rendered public responses (HTML documents and React Router `.data`
 * payloads), each stored once as identity, gzip and Brotli bytes, in an LRU bounded in bytes. Entries
 * are tagged with the content version they were rendered at; a bump empties the cache, and an entry of an
 * older version is never returned. Requests for the same key and version while it renders wait for that
 * one render (single flight), so a burst for an uncached page renders it once.
 *
 * Which requests may use it, their keys and headers: server/http/public-pages.ts.
 */
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { ContentVersion } from "../content-version.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a render produced, before compression. */
export interface RenderedPage {
  status: number;
  /** Content-Type and the other headers of the page itself (never Set-Cookie). */
  headers: [string, string][];
  body: Uint8Array;
  /** The CSP nonce the document was rendered with (the page's inline scripts carry it). */
  nonce: string;
}

export interface CachedPage extends RenderedPage {
  version: number;
  gzip: Uint8Array;
  br: Uint8Array;
  bytes: number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  renders: number;
}

export type Lookup = { page: CachedPage; cache: "hit" | "miss" } | { page: RenderedPage; cache: "bypass" };

/** Responses only worth keeping when they are the page itself. */
const CACHEABLE_STATUS = 200;
/** Per-entry overhead counted on top of the bodies (key, headers, object). */
const ENTRY_OVERHEAD = 1024;

async function compressPage(page: RenderedPage, version: number): Promise<CachedPage> {
  const [gz, br] = await Promise.all([
    gzipAsync(page.body, { level: 9 }),
    // Once per page and content version, so worth more than a per-request answer: on the home page (92 KB)
    // quality 10 gives 11.2 KB where 9 gives 12.5 (and 11 gives 11.0 at three times 10's time); about 2.3×
    // quality 9's CPU (docs/performance.md, "Hydration after load, cut fonts, Brotli 10, …").
    brotli(page.body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 10,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: page.body.byteLength,
      },
    }),
  ]);
  const bytes = page.body.byteLength + gz.byteLength + br.byteLength + ENTRY_OVERHEAD;
  return { ...page, version, gzip: gz, br, bytes };
}

export function createPageCache(options: { maxBytes: number; version: ContentVersion }) {
  const { version } = options;
  const lru = new LRUCache<string, CachedPage>({
    maxSize: Math.max(1, options.maxBytes),
    // A page larger than the whole cache is simply not kept.
    maxEntrySize: Math.max(1, options.maxBytes),
    sizeCalculation: (page) => page.bytes,
  });
  const inflight = new Map<string, Promise<Lookup>>();
  const stats = { hits: 0, misses: 0, renders: 0 };
  // Older entries are unreachable anyway (the version is checked on every read); this frees their memory.
  const unsubscribe = version.onChange(() => lru.clear());

  return {
    /**
     * The page for `key` at the current content version: from the cache, from a render already under
     * way for it, or rendered now by `render` (and kept when it is a 200).
     */
    async get(key: string, render: () => Promise<RenderedPage>): Promise<Lookup> {
      const current = version.current();
      const cached = lru.get(key);
      if (cached && cached.version === current) {
        stats.hits++;
        return { page: cached, cache: "hit" };
      }
      const flightKey = `${current}\u0000${key}`;
      const pending = inflight.get(flightKey);
      if (pending) {
        stats.hits++;
        const shared = await pending;
        return shared.cache === "miss" ? { page: shared.page, cache: "hit" } : shared;
      }
      stats.misses++;
      const work = (async (): Promise<Lookup> => {
        stats.renders++;
        const rendered = await render();
        if (rendered.status !== CACHEABLE_STATUS) return { page: rendered, cache: "bypass" };
        const page = await compressPage(rendered, current);
        // Rendered while a write landed: still a correct answer for the requests that waited on it,
        // but not worth keeping (the next request renders the new version).
        if (version.current() === current) lru.set(key, page);
        return { page, cache: "miss" };
      })();
      inflight.set(flightKey, work);
      try {
        return await work;
      } finally {
        inflight.delete(flightKey);
      }
    },

    /**
     * The page kept for `key` at the current content version, if there is one (counted as a hit); no render,
     * no waiting. The fast path of cache hits (server/http/cache-fast-path.ts) asks this.
     */
    peek(key: string): CachedPage | undefined {
      const cached = lru.get(key);
      if (!cached || cached.version !== version.current()) return undefined;
      stats.hits++;
      return cached;
    },

    stats(): PageCacheStats {
      return { entries: lru.size, bytes: lru.calculatedSize, maxBytes: options.maxBytes, ...stats };
    },

    clear() {
      lru.clear();
    },

    close() {
      unsubscribe();
      lru.clear();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
