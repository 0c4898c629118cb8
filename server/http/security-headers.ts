/**
 * Security headers on every response. Scripts need the nonce their page was rendered with (per request, or
 * per cached page: public-pages.ts); only the map provider may be framed.
 * In development Vite injects inline scripts and a websocket, so the policy is only sent in production.
 */
import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";

export const MAP_FRAME_SOURCES = ["https://www.google.com", "https://maps.google.com"];

/** `imageOrigin`: a CDN or public bucket the images come from (IMAGES_PUBLIC_URL). */
export function contentSecurityPolicy(nonce: string, imageOrigin?: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${imageOrigin ? ` ${imageOrigin}` : ""}`,
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${MAP_FRAME_SOURCES.join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export type NonceEnv = { Variables: { nonce: string; requestId: string } };

export interface SecurityHeaderOptions {
  production: boolean;
  https: boolean;
  imageOrigin?: string;
}

/** Headers-like: a `Headers` object, or the page cache fast path's (server/http/cache-fast-path.ts). */
interface HeaderTarget {
  has(name: string): boolean;
  get(name: string): string | null;
  set(name: string, value: string): void;
}

/**
 * Adds the security headers to a response's headers. `nonce`: the one its page's scripts carry.
 * A 304 sends no policy: the browser keeps the stored one, which matches the stored page's nonce.
 * A response with its own, stricter policy keeps it (uploaded images: `default-src 'none'; sandbox`).
 */
export function addSecurityHeaders(h: HeaderTarget, status: number, nonce: string, options: SecurityHeaderOptions) {
  if (options.production && status !== 304 && !h.has("Content-Security-Policy")) {
    h.set("Content-Security-Policy", contentSecurityPolicy(nonce, options.imageOrigin));
  }
  h.set("X-Content-Type-Options", "nosniff");
  // A page whose address carries a secret (the club's confirmation and unsubscribe links) sends its address to no
  // other site: it keeps its own stricter policy (`same-origin`; `no-referrer` would make the browser send
  // `Origin: null` with the page's form post, which React Router refuses as a cross-site action).
  const own = h.get("Referrer-Policy");
  if (own !== "no-referrer" && own !== "same-origin") h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", "DENY");
  h.set("Cross-Origin-Opener-Policy", "same-origin");
  h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
  if (options.https) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, drawn at once: one call into the CSPRNG per 256 requests, not two per request. */
const NONCE_POOL_BYTES = NONCE_BYTES * 256;
let noncePool = Buffer.alloc(0);
let noncePoolAt = 0;

/** A fresh CSP nonce (16 random bytes, base64), each from bytes no other nonce used. */
export function newNonce(): string {
  if (noncePoolAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<NonceEnv> {
  return async (c, next) => {
    const nonce = newNonce();
    c.set("nonce", nonce);
    await next();
    // A page from the page cache carries the nonce it was rendered with (server/http/public-pages.ts).
    addSecurityHeaders(c.res.headers, c.res.status, c.get("nonce") ?? nonce, options);
  };
}
