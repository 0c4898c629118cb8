/**
 * The in-process page cache: rendered public responses (HTML documents and React Router `.data`
 * payloads), each stored once as identity, gzip and Brotli bytes, in LRUs bounded in bytes. Brotli is quality 6
 * when a page is kept and quality 10 once it has stayed current `RECOMPRESS_AFTER_MS` (`recompressLater`).
 *
 * - **What it was made from.** Each page is rendered in a tag collector (server/cache-tags.ts) and kept with
 *   its stamp: the tags of what its loaders read (`product:61`, `menu`, `settings`…). A write makes stale only
 *   the pages that read what it changed; every other page stays a hit, on every server.
 * - **Stale while revalidate, withdrawals at once.** A page an edit made stale (soft) is rendered again once
 *   (single flight): the request that finds it stale waits for that render, and requests arriving meanwhile get
 *   the previous copy for at most `STALE_SERVE_MS`. A page a withdrawal made stale (hard: unpublished, deleted,
 *   a kashrut or allergen change, a full flush) is never served again. When the new render fails (the database
 *   is down), the previous copy of an edited page is served instead of an error, however old.
 * - **Confirmed instead of rendered.** A page stale only through tags its verifiable reads alone declared (a search
 *   page after a rename: `search`) is confirmed by calling those reads again (`verify`, cache-tags.ts
 *   `confirmable`): the same results make the same page, which is re-stamped and served as a hit; otherwise it is
 *   rendered. The confirmation is single flight like a render, and a previous copy is served meanwhile.
 * - **Families.** Search results, filtered or paged lists and plain pages each have their own share of the
 *   bytes, so a flood of distinct search or filter addresses evicts only its own family's entries.
 *
 * Which requests may use it, their keys and headers: server/http/public-pages.ts.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { ReadCheck, TagClock, TagStamp } from "../cache-tags.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** How long requests arriving while a stale page re-renders may still be given the previous copy. */
export const STALE_SERVE_MS = 1_000;
/**
 * A page is kept with Brotli at quality 6 (the home page: 13.1 KB in ~3 ms), and compressed again at quality 10
 * (11.7 KB in ~30 ms) once it has stayed current this long: a page re-rendered after every edit of a rush is never
 * worth quality 10's CPU, a page that stays is (docs/performance.md, "Renders off the server's thread").
 */
export const RECOMPRESS_AFTER_MS = 10_000;
/** Pages waiting for their quality-10 copy; past it the oldest are left at quality 6. */
const MAX_RECOMPRESS_QUEUE = 5_000;

/** What a render produced, before compression. */
export interface RenderedPage {
  status: number;
  /** Content-Type and the other headers of the page itself (never Set-Cookie). */
  headers: [string, string][];
  body: Uint8Array;
  /** The CSP nonce the document was rendered with (the page's inline scripts carry it). */
  nonce: string;
  /** `etagOf` the page, when whoever rendered it computed it already (a render worker). */
  etag?: string;
}

export interface CachedPage extends RenderedPage {
  /** What it was made from. */
  stamp: TagStamp;
  /** `W/"<hash of the bytes but the nonce>"`: the same page on every server and after a restart (`etagOf`). */
  etag: string;
  gzip: Uint8Array;
  br: Uint8Array;
  /** 6 when kept, 10 once it stayed current `RECOMPRESS_AFTER_MS` (then it is another object: a new `br`). */
  brotliQuality: number;
  bytes: number;
  /** When a request first found it stale (soft). */
  staleSince?: number;
}

/** Where a key's bytes are counted: search results, filtered or paged lists, and every other page. */
export type PageFamily = "pages" | "filters" | "search";
/** Each family's share of the cache's bytes. */
const FAMILY_SHARES: Record<PageFamily, number> = { pages: 0.6, filters: 0.2, search: 0.2 };

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  /** Answers given from a stale copy (while it re-rendered, or because the render failed). */
  stale: number;
  renders: number;
  /** Stale pages confirmed by calling their verifiable reads again (kept, not rendered). */
  confirmed: number;
  /** Pages compressed again at Brotli quality 10 after staying current. */
  recompressed: number;
  families: Record<PageFamily, { entries: number; bytes: number; maxBytes: number }>;
}

export type Lookup =
  | { page: CachedPage; cache: "hit" | "miss" | "stale" }
  | { page: RenderedPage & { etag: string }; cache: "bypass" };

/** Responses only worth keeping when they are the page itself. */
const CACHEABLE_STATUS = 200;
/** Per-entry overhead counted on top of the bodies (key, headers, stamp, object). */
const ENTRY_OVERHEAD = 1024;

/**
 * The validator of a page: a hash of its bytes without its CSP nonce (weak: the encodings differ, the page is the
 * same). The same content rendered again, here or on another server, has the same tag, so a browser's copy is
 * confirmed with a 304 — which carries no CSP header, so the browser keeps the nonce its copy was sent with.
 */
export function etagOf(page: Pick<RenderedPage, "body" | "nonce">): string {
  const bytes = Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength);
  const hash = createHash("sha256");
  // The bytes between the nonce's occurrences, hashed where they lie (no copy of the page as a string).
  const nonce = page.nonce ? Buffer.from(page.nonce, "latin1") : null;
  let from = 0;
  for (let at = nonce ? bytes.indexOf(nonce) : -1; at !== -1; at = bytes.indexOf(nonce!, from)) {
    hash.update(bytes.subarray(from, at));
    from = at + nonce!.length;
  }
  hash.update(bytes.subarray(from));
  return `W/"${hash.digest("base64url").slice(0, 22)}"`;
}

/** Brotli at `quality` (text mode); a 256 KB window below quality 9, where setting up the 4 MB one costs the most. */
function brotliAt(body: Uint8Array, quality: number): Promise<Uint8Array> {
  return brotli(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
      ...(quality < 9 ? { [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } : {}),
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}

const sizeOf = (page: RenderedPage, gz: Uint8Array, br: Uint8Array, stamp: TagStamp) =>
  page.body.byteLength + gz.byteLength + br.byteLength + ENTRY_OVERHEAD + stamp.tags.length * 24;

async function compressPage(page: RenderedPage, stamp: TagStamp): Promise<CachedPage> {
  const [gz, br] = await Promise.all([gzipAsync(page.body, { level: 9 }), brotliAt(page.body, 6)]);
  return {
    ...page,
    stamp,
    etag: page.etag ?? etagOf(page),
    gzip: gz,
    br,
    bytes: sizeOf(page, gz, br, stamp),
    brotliQuality: 6,
  };
}

export function createPageCache(options: {
  maxBytes: number;
  tags: TagClock;
  now?: () => number;
  /** Tests shorten it; `RECOMPRESS_AFTER_MS` by default. */
  recompressAfterMs?: number;
  /**
   * Whether these verifiable reads still return what they did (server/services/read-tags.ts `verifyReads`, in a
   * render worker when there is one). Absent: stale pages are always rendered again.
   */
  verify?: (checks: readonly ReadCheck[]) => Promise<boolean>;
}) {
  const { tags } = options;
  const recompressAfterMs = options.recompressAfterMs ?? RECOMPRESS_AFTER_MS;
  const now = options.now ?? Date.now;
  const lrus = Object.fromEntries(
    (Object.keys(FAMILY_SHARES) as PageFamily[]).map((family) => {
      const maxSize = Math.max(1, Math.floor(options.maxBytes * FAMILY_SHARES[family]));
      // A page larger than its family's share is simply not kept.
      const lru = new LRUCache<string, CachedPage>({
        maxSize,
        maxEntrySize: maxSize,
        sizeCalculation: (page) => page.bytes,
      });
      return [family, lru];
    }),
  ) as Record<PageFamily, LRUCache<string, CachedPage>>;
  const inflight = new Map<string, Promise<Lookup>>();
  const stats = { hits: 0, misses: 0, stale: 0, renders: 0, confirmed: 0, recompressed: 0 };
  // A full flush frees the memory of what can never be served again.
  const unsubscribe = tags.onInvalidate((changed) => {
    if (changed.includes("*")) for (const lru of Object.values(lrus)) lru.clear();
  });

  // Pages to compress again at quality 10, oldest first, one at a time (held weakly: an evicted page is not kept).
  const recompress: { family: PageFamily; key: string; page: WeakRef<CachedPage>; due: number }[] = [];
  let recompressTimer: NodeJS.Timeout | null = null;
  let recompressing = false;
  let closed = false;

  function recompressLater(family: PageFamily, key: string, page: CachedPage) {
    if (recompress.length >= MAX_RECOMPRESS_QUEUE) recompress.shift();
    recompress.push({ family, key, page: new WeakRef(page), due: Date.now() + recompressAfterMs });
    armRecompress();
  }

  function armRecompress() {
    if (closed || recompressTimer || recompressing || recompress.length === 0) return;
    recompressTimer = setTimeout(recompressNext, Math.max(0, recompress[0]!.due - Date.now()));
    recompressTimer.unref();
  }

  /** The page still kept for `key` and current, or null (replaced, evicted, stale). */
  const stillKept = (family: PageFamily, key: string, page: CachedPage | undefined) =>
    page && lrus[family].peek(key) === page && tags.staleness(page.stamp) === "fresh" ? page : null;

  async function recompressNext() {
    recompressTimer = null;
    const next = recompress.shift();
    if (!next) return;
    const page = stillKept(next.family, next.key, next.page.deref());
    if (page) {
      recompressing = true;
      try {
        const br = await brotliAt(page.body, 10);
        // Another object, so the fast path prepares its headers (Content-Length) anew.
        if (stillKept(next.family, next.key, page) && !closed) {
          const better: CachedPage = {
            ...page,
            br,
            brotliQuality: 10,
            bytes: sizeOf(page, page.gzip, br, page.stamp),
          };
          lrus[next.family].set(next.key, better);
          stats.recompressed++;
        }
      } catch {
        // Left at quality 6.
      } finally {
        recompressing = false;
      }
    }
    armRecompress();
  }

  /**
   * Confirms `previous` (soft-stale) by calling its verifiable reads again, and renders `key` instead when they
   * cannot vouch for what changed, return something else, or fail. Single flight with the renders.
   */
  function confirmOrRender(
    family: PageFamily,
    key: string,
    previous: CachedPage,
    render: () => Promise<RenderedPage>,
  ): Promise<Lookup> {
    // Taken with `confirmable` in one step: every change up to `at` is one the checks vouch for, and the checks
    // (sent after those changes reached every worker) read the content as of `at` at least.
    const at = tags.seq();
    const checks = options.verify ? tags.confirmable(previous.stamp) : null;
    if (!checks) return renderOnce(family, key, render);
    return once(key, async () => {
      const same = await options.verify!(checks).catch(() => false);
      if (!same) return rendering(family, key, render);
      const page: CachedPage = { ...previous, stamp: tags.restamp(previous.stamp, at), staleSince: undefined };
      stats.confirmed++;
      if (lrus[family].peek(key) === previous) {
        lrus[family].set(key, page);
        if (page.brotliQuality < 10) recompressLater(family, key, page);
      }
      return { page, cache: "hit" };
    });
  }

  /** Renders `key` once however many ask meanwhile, and keeps the result when nothing it read changed since. */
  function renderOnce(family: PageFamily, key: string, render: () => Promise<RenderedPage>): Promise<Lookup> {
    return once(key, () => rendering(family, key, render));
  }

  /** `work` for `key`, or the work for it already under way. */
  function once(key: string, work: () => Promise<Lookup>): Promise<Lookup> {
    const pending = inflight.get(key);
    if (pending) return pending;
    const running = work();
    inflight.set(key, running);
    running.then(
      () => inflight.delete(key),
      () => inflight.delete(key),
    );
    return running;
  }

  async function rendering(family: PageFamily, key: string, render: () => Promise<RenderedPage>): Promise<Lookup> {
    stats.renders++;
    const { value: rendered, stamp } = await tags.collect(render);
    if (rendered.status !== CACHEABLE_STATUS)
      return { page: { ...rendered, etag: rendered.etag ?? etagOf(rendered) }, cache: "bypass" };
    const page = await compressPage(rendered, stamp);
    // Rendered while a write landed on something it read: still a correct answer for the requests that
    // waited on it, but not worth keeping (the next request renders the new content).
    if (tags.staleness(stamp) === "fresh") {
      lrus[family].set(key, page);
      recompressLater(family, key, page);
    }
    return { page, cache: "miss" };
  }

  return {
    /**
     * The page for `key`: from the cache while nothing it read has changed, from a render under way for it, or
     * rendered now by `render` (and kept when it is a 200); a stale copy as described above.
     */
    async get(key: string, family: PageFamily, render: () => Promise<RenderedPage>): Promise<Lookup> {
      const lru = lrus[family];
      const cached = lru.get(key);
      const staleness = cached ? tags.staleness(cached.stamp) : "hard";
      if (cached && staleness === "fresh") {
        stats.hits++;
        return { page: cached, cache: "hit" };
      }
      if (cached && staleness === "hard") lru.delete(key);
      const previous = cached && staleness === "soft" ? cached : null;
      const pending = inflight.get(key);
      if (previous) {
        previous.staleSince ??= now();
        // Someone is rendering it already: the previous copy, for a moment.
        if (pending && now() - previous.staleSince <= STALE_SERVE_MS) {
          stats.stale++;
          return { page: previous, cache: "stale" };
        }
      }
      if (pending) {
        stats.hits++;
        const shared = await pending;
        return shared.cache === "miss" ? { page: shared.page, cache: "hit" } : shared;
      }
      stats.misses++;
      const fresh = previous
        ? await confirmOrRender(family, key, previous, render)
        : await renderOnce(family, key, render);
      // The new render failed (a fault outside us): the edited page's previous copy beats an error page.
      if (previous && fresh.cache === "bypass" && fresh.page.status >= 500) {
        stats.stale++;
        return { page: previous, cache: "stale" };
      }
      return fresh;
    },

    /**
     * The page kept for `key` while nothing it read has changed, if there is one (counted as a hit); no render,
     * no waiting. The fast path of cache hits (server/http/cache-fast-path.ts) asks this.
     */
    peek(key: string, family: PageFamily): CachedPage | undefined {
      const cached = lrus[family].get(key);
      if (!cached || tags.staleness(cached.stamp) !== "fresh") return undefined;
      stats.hits++;
      return cached;
    },

    stats(): PageCacheStats {
      const families = {} as PageCacheStats["families"];
      let entries = 0;
      let bytes = 0;
      for (const [family, lru] of Object.entries(lrus) as [PageFamily, LRUCache<string, CachedPage>][]) {
        families[family] = { entries: lru.size, bytes: lru.calculatedSize, maxBytes: lru.maxSize };
        entries += lru.size;
        bytes += lru.calculatedSize;
      }
      return { entries, bytes, maxBytes: options.maxBytes, ...stats, families };
    },

    clear() {
      for (const lru of Object.values(lrus)) lru.clear();
    },

    close() {
      closed = true;
      if (recompressTimer) clearTimeout(recompressTimer);
      recompress.length = 0;
      unsubscribe();
      for (const lru of Object.values(lrus)) lru.clear();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
