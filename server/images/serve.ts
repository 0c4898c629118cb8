import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { heApi } from "../../domain/i18n/api.ts";
import type { Logger } from "../log.ts";
import { errorFields } from "../log.ts";
import type { ImageStorage, StoredObject } from "./storage.ts";
import { contentTypeForKey, IMMUTABLE_CACHE_CONTROL, isValidKey } from "./storage.ts";

const PREFIX = "/uploads/";

/** Strong ETag derived from the key (a key's content never changes). */
function etagFor(key: string): string {
  return `"${createHash("sha256").update(key).digest("base64url").slice(0, 27)}"`;
}

/**
 * If-None-Match uses weak comparison (RFC 9110 §13.1.2). `anyTag`: whether "*" counts (only once the file
 * is known to exist).
 */
function matchesIfNoneMatch(header: string | undefined, etag: string, anyTag: boolean): boolean {
  if (!header) return false;
  return header.split(",").some((raw) => {
    const tag = raw.trim();
    return (anyTag && tag === "*") || tag.replace(/^W\//, "") === etag;
  });
}

/** The storage key from the request path (the part after `/uploads/`), or null if unusable. */
function keyFromRequest(url: string): string | null {
  const pathname = new URL(url).pathname;
  const at = pathname.indexOf(PREFIX);
  if (at < 0) return null;
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice(at + PREFIX.length));
  } catch {
    return null;
  }
  return isValidKey(key) ? key : null;
}

/** Not cached: a key may legitimately appear later (e.g. AVIF written in the background). */
function notFound(c: Context) {
  c.header("Cache-Control", "no-store");
  return c.json({ message: heApi.notFound }, 404);
}

/**
 * Serves stored image files; mount at `/uploads/*`. GET/HEAD only. Only raster types
 * (AVIF, WebP, JPEG, PNG, GIF) are served — never SVG or unknown extensions. The bytes are streamed
 * from the store (a local file or an S3 object), never held whole; a store that fails answers 503 for
 * that image alone (the page around it still renders, with a broken image).
 */
export function serveUploads(storage: ImageStorage, logger?: Logger): MiddlewareHandler {
  return async (c) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") {
      c.header("Allow", "GET, HEAD");
      return c.json({ message: "הפעולה אינה נתמכת" }, 405);
    }

    const key = keyFromRequest(c.req.url);
    const contentType = key ? contentTypeForKey(key) : null;
    if (!key || !contentType?.startsWith("image/")) return notFound(c);

    const etag = etagFor(key);
    const cacheHeaders = () => {
      c.header("ETag", etag);
      c.header("Cache-Control", IMMUTABLE_CACHE_CONTROL);
      c.header("X-Content-Type-Options", "nosniff");
      c.header("Content-Security-Policy", "default-src 'none'; sandbox");
    };
    // A key's bytes never change, so a browser or CDN that holds this ETag holds the right bytes: answered
    // without asking the store (a round trip to a bucket saved on every revalidation).
    if (matchesIfNoneMatch(c.req.header("If-None-Match"), etag, false)) {
      cacheHeaders();
      return c.body(null, 304);
    }

    let file: StoredObject | null;
    try {
      file = await storage.open(key);
    } catch (error) {
      logger?.error("image storage unavailable", { key, ...errorFields(error) });
      c.header("Cache-Control", "no-store");
      c.header("Retry-After", "30");
      return c.json({ message: heApi.storageUnavailable }, 503);
    }
    if (file === null) return notFound(c);
    cacheHeaders();
    if (matchesIfNoneMatch(c.req.header("If-None-Match"), etag, true)) {
      await file.body.cancel();
      return c.body(null, 304);
    }

    c.header("Content-Type", contentType);
    c.header("Content-Length", String(file.size));
    if (method === "HEAD") {
      await file.body.cancel();
      return c.body(null, 200);
    }
    return c.body(file.body, 200);
  };
}
