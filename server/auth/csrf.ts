/**
 * Cross-site request forgery (spec §7): every POST/PUT/PATCH/DELETE must echo the XSRF-TOKEN
 * cookie's value in the X-XSRF-TOKEN header — or, for forms posted without JavaScript, in the
 * `_token` field — compared in constant time with the token bound to the session. Otherwise 419.
 *
 * The decision is made from the headers alone for JSON, multipart and anything else: the body is
 * only read for `_token` when it is a urlencoded form (what the no-JS forms send) on a path whose
 * body limit is the small default one (never the upload paths), and that middleware runs first.
 */
import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.ts";
import { type AuthEnv, tokensMatch, XSRF_FIELD, XSRF_HEADER } from "./sessions.ts";

export const CSRF_MESSAGE = "תוקף הדף פג. רעננו את הדף ונסו שוב.";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

async function tokenFromForm(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return null;
  try {
    // Read a clone: the original body still goes to the route that handles the post.
    const form = new URLSearchParams(await request.clone().text());
    return form.get(XSRF_FIELD);
  } catch {
    return null;
  }
}

/** `largeBody(path)`: paths with the large (upload) body limit, where the body is never read for a token. */
export function csrfProtection(options: { largeBody?: (path: string) => boolean } = {}): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const expected = c.get("auth").csrfToken;
    const header = c.req.header(XSRF_HEADER);
    const given = header ?? (options.largeBody?.(c.req.path) ? null : await tokenFromForm(c.req.raw));
    if (!tokensMatch(expected, given)) throw new HttpError(419, CSRF_MESSAGE);
    return next();
  };
}
