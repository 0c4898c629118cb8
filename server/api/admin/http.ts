/** Small helpers the admin routers share: guards, body and parameter parsing, and uniform responses. */
import type { Context, MiddlewareHandler } from "hono";
import type { TrashReceipt } from "../../../domain/contracts/admin.ts";
import { heApi } from "../../../domain/i18n/api.ts";
import { type ListQuery, listQuerySchema } from "../../../domain/schemas/admin/list.ts";
import type { AppEnv } from "../../app.ts";
import { HttpError, PreconditionFailedError, ValidationError, VersionConflictError } from "../../errors.ts";
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
 * An `If-Match` header (RFC 9110 §13.1.1): `*`, or the versions its entity-tags name. Tags are compared weakly:
 * compress() turns the record's `"3"` into `W/"3"` on a compressed answer (the bytes differ, the record does
 * not), so a client echoing the tag it was given must match. A well-formed tag that is not one of ours (`"abc"`)
 * names no version and so never matches; only text that is no entity-tag list at all is a 400.
 */
export function ifMatchOf(header: string | undefined): "any" | number[] | undefined {
  const value = header?.trim();
  if (value === undefined || value === "") return undefined;
  if (value === "*") return "any";
  // entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text; a comma-separated list.
  const tag = String.raw`(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"`;
  if (!new RegExp(String.raw`^${tag}(?:\s*,\s*${tag})*$`).test(value)) throw new HttpError(400, heApi.ifMatchInvalid);
  const versions: number[] = [];
  for (const [whole] of value.matchAll(new RegExp(tag, "g"))) {
    const digits = /^(?:W\/)?"(\d{1,15})"$/.exec(whole)?.[1];
    if (digits !== undefined) versions.push(Number(digits));
  }
  return versions;
}

/** The body's `version` (the admin forms' optimistic concurrency), if it names one. */
function bodyVersion(body: Record<string, unknown>): number | undefined {
  const version = body.version;
  if (version === undefined || version === null || version === "") return undefined;
  const value = typeof version === "string" && /^\d{1,15}$/.test(version) ? Number(version) : version;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new ValidationError({ version: [heApi.versionInvalid] });
  }
  return value;
}

/**
 * An admin save under optimistic concurrency (services/admin/versions.ts). `save` is given the version the
 * edit started from, and writes only while the record is still at it:
 * - `If-Match` (the JSON API) wins over the body: a version the record is no longer at is a 412 with the record
 *   as it is now (RFC 9110); `If-Match: *` is no check;
 * - else the body's `version` (the admin forms): a stale one is the spec's 409, unchanged;
 * - neither: no check, last write wins (the spec's clients).
 * `current` reads the record (for a list of several tags, and for the 412's body when no tag is ours).
 */
export async function saveVersioned<T extends { version: number }>(
  c: AdminContext,
  body: Record<string, unknown>,
  current: () => Promise<{ version: number }>,
  save: (expectedVersion: number | undefined) => Promise<T>,
): Promise<T> {
  const condition = ifMatchOf(c.req.header("if-match"));
  if (condition === undefined) return save(bodyVersion(body));
  if (condition === "any") return save(undefined);
  let expected = condition.length === 1 ? condition[0] : undefined;
  if (expected === undefined) {
    const now = await current();
    if (!condition.includes(now.version)) throw new PreconditionFailedError(now);
    expected = now.version;
  }
  try {
    return await save(expected);
  } catch (error) {
    if (error instanceof VersionConflictError) throw new PreconditionFailedError(error.current);
    throw error;
  }
}
