/**
 * Cross-site request forgery (spec §7): every POST/PUT/PATCH/DELETE must echo the XSRF-TOKEN
 * cookie's value in the X-XSRF-TOKEN header — or, for forms posted without JavaScript, in the
 * `_token` field — compared in constant time with the token bound to the session. Otherwise 419.
 */
import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.ts";
import { type AuthEnv, tokensMatch, XSRF_FIELD, XSRF_HEADER } from "./sessions.ts";

export const CSRF_MESSAGE = "תוקף הדף פג. רעננו את הדף ונסו שוב.";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

async function tokenFromForm(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return null;
  try {
    // Read a clone: the original body still goes to the route that handles the post.
    const form = await request.clone().formData();
    const value = form.get(XSRF_FIELD);
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

export function csrfProtection(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const expected = c.get("auth").csrfToken;
    const header = c.req.header(XSRF_HEADER);
    const given = header ?? (await tokenFromForm(c.req.raw));
    if (!tokensMatch(expected, given)) throw new HttpError(419, CSRF_MESSAGE);
    return next();
  };
}
