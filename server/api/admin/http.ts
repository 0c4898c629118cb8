/** Small helpers the admin routers share: guards, body and parameter parsing, and uniform responses. */
import type { Context, MiddlewareHandler } from "hono";
import type { TrashReceipt } from "../../../domain/contracts/admin.ts";
import { heApi } from "../../../domain/i18n/api.ts";
import { type ListQuery, listQuerySchema } from "../../../domain/schemas/admin/list.ts";
import type { AppEnv } from "../../app.ts";
import { HttpError, ValidationError } from "../../errors.ts";
import { parseWith } from "../../http/validation.ts";
import { idParam } from "../params.ts";

export type AdminContext = Context<AppEnv>;

/** 401 before anything else (even an unknown admin path) when nobody is signed in. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("auth")?.user) throw new HttpError(401, heApi.unauthenticated);
  return next();
};

/** A positive integer path parameter; anything else is a 404, like a missing row. */
export function pathId(c: AdminContext, name = "id"): number {
  return idParam(c.req.param(name));
}

/** The list parameters of spec §7, plus the path and the rest of the query for the paginator's URLs. */
export function listParams(c: AdminContext): { query: ListQuery; path: string; params: URLSearchParams } {
  const url = new URL(c.req.url);
  const query = parseWith(listQuerySchema, Object.fromEntries(url.searchParams));
  return { query, path: url.pathname, params: url.searchParams };
}

export const ok = <T>(c: AdminContext, data: T, message?: string) =>
  c.json(message === undefined ? { data } : { message, data }, 200);
export const created = <T>(c: AdminContext, data: T, message: string) => c.json({ message, data }, 201);
export const done = (c: AdminContext, message: string) => c.json({ message }, 200);
/** A delete that went to the trash: the spec's answer (200, its message) plus the entry that undoes it. */
export const trashed = (c: AdminContext, receipt: TrashReceipt, message: string) =>
  c.json({ message, trash: receipt }, 200);

/** The signed-in staff member as the trash records who deleted something. */
export function actorOf(c: AdminContext): { id: number; name: string } | null {
  const user = c.get("auth")?.user;
  return user ? { id: user.id, name: user.name } : null;
}

/** A record's ETag: its version, quoted (a strong validator of the fields a PUT writes). */
export const etagOf = (version: number) => `"${version}"`;

/** `ok` for one versioned record: the JSON carries `version`, the `ETag` header the same. */
export function okVersioned<T extends { version: number }>(c: AdminContext, data: T, message?: string) {
  c.header("ETag", etagOf(data.version));
  return ok(c, data, message);
}

/**
 * The version an admin save started from (optimistic concurrency, services/admin/versions.ts): the
 * `If-Match` header's ETag (the JSON API), else the body's `version` field (the admin forms). Neither, or
 * `If-Match: *`, is no check: the spec's clients keep last-write-wins.
 */
export function expectedVersion(c: AdminContext, body: Record<string, unknown>): number | undefined {
  const ifMatch = c.req.header("if-match")?.trim();
  if (ifMatch !== undefined && ifMatch !== "" && ifMatch !== "*") {
    const match = /^"(\d{1,15})"$/.exec(ifMatch);
    if (!match) throw new HttpError(400, heApi.ifMatchInvalid);
    return Number(match[1]);
  }
  const version = body.version;
  if (version === undefined || version === null || version === "") return undefined;
  const value = typeof version === "string" && /^\d{1,15}$/.test(version) ? Number(version) : version;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new ValidationError({ version: [heApi.versionInvalid] });
  }
  return value;
}
