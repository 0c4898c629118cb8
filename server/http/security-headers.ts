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

export function securityHeaders(options: {
  production: boolean;
  https: boolean;
  imageOrigin?: string;
}): MiddlewareHandler<NonceEnv> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    const h = c.res.headers;
    // A page from the page cache carries the nonce it was rendered with (server/http/public-pages.ts).
    // A 304 sends no policy: the browser keeps the stored one, which matches the stored page's nonce.
    // A response with its own, stricter policy keeps it (uploaded images: `default-src 'none'; sandbox`).
    if (options.production && c.res.status !== 304 && !h.has("Content-Security-Policy")) {
      h.set("Content-Security-Policy", contentSecurityPolicy(c.get("nonce") ?? nonce, options.imageOrigin));
    }
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    if (options.https) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
