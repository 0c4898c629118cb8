import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { ImageStorage } from "./storage.ts";
import { contentTypeForKey, isValidKey } from "./storage.ts";

const PREFIX = "/uploads/";
const NOT_FOUND = { message: "לא נמצא" } as const;
/** Keys are random per image and never rewritten with different bytes, so caching is forever. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Strong ETag derived from the key (a key's content never changes). */
function etagFor(key: string): string {
  return `"${createHash("sha256").update(key).digest("base64url").slice(0, 27)}"`;
}

/** If-None-Match uses weak comparison (RFC 9110 §13.1.2). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((raw) => {
    const tag = raw.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag;
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

/**
 * Serves stored image files; mount at `/uploads/*`. GET/HEAD only. Only raster types
 * (AVIF, WebP, JPEG, PNG, GIF) are served — never SVG or unknown extensions.
 */
export function serveUploads(storage: ImageStorage): MiddlewareHandler {
  return async (c) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") {
      c.header("Allow", "GET, HEAD");
      return c.json({ message: "הפעולה אינה נתמכת" }, 405);
    }

    const key = keyFromRequest(c.req.url);
    const contentType = key ? contentTypeForKey(key) : null;
    const data = key && contentType?.startsWith("image/") ? await storage.read(key) : null;
    if (!key || !contentType || data === null) {
      // Not cached: a key may legitimately appear later (e.g. AVIF written in the background).
      c.header("Cache-Control", "no-store");
      return c.json(NOT_FOUND, 404);
    }

    const etag = etagFor(key);
    c.header("ETag", etag);
    c.header("Cache-Control", IMMUTABLE);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Content-Security-Policy", "default-src 'none'; sandbox");

    if (matchesIfNoneMatch(c.req.header("If-None-Match"), etag)) {
      return c.body(null, 304);
    }

    c.header("Content-Type", contentType);
    c.header("Content-Length", String(data.length));
    if (method === "HEAD") return c.body(null, 200);
    // Buffers from fs are backed by a plain ArrayBuffer (never a SharedArrayBuffer).
    return c.body(new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength), 200);
  };
}
