/**
 * The audit log's HTTP side: the middleware that records every successful admin write (the one place
 * that sees them all: `/api/admin/*`, `/api/clients*`, the upload and delete-image paths), and
 * `GET /api/admin/audit`, the admin's paged, filterable read of it.
 *
 * A write is recorded after its handler answered 2xx/3xx, from the notes the audited services made
 * (server/services/admin/audited.ts: entity, id, changed fields). A write that made no note — a route
 * added later without its wrapper — is still recorded, from the ability `requireAbility` granted and
 * the id in the path, so no admin write goes unrecorded. Refused writes (4xx) changed nothing.
 */
import type { Hono, MiddlewareHandler } from "hono";
import {
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditEntityType,
  auditFilterSchema,
} from "../../../domain/schemas/admin/audit.ts";
import type { AppEnv } from "../../app.ts";
import { requireAbility } from "../../auth/require-ability.ts";
import { clientAddress } from "../../http/rate-limit.ts";
import { parseWith } from "../../http/validation.ts";
import { errorFields, type Logger } from "../../log.ts";
import type { AuditService } from "../../services/audit/index.ts";
import { type AuditNote, currentTrail, withTrail } from "../../services/audit/trail.ts";
import type { Services } from "../../services/index.ts";
import { listParams } from "./http.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const ACTION_OF: Record<string, AuditAction> = {
  create: "create",
  update: "update",
  delete: "delete",
  manage: "update",
};

/** The entry for a write no service noted: what the guard allowed, on the id the path names. */
function fallbackNote(c: Parameters<MiddlewareHandler<AppEnv>>[0]): AuditNote {
  const ability = c.get("ability");
  const subject = ability?.subject;
  const entityType = (AUDIT_ENTITY_TYPES as readonly string[]).includes(subject ?? "")
    ? (subject as AuditEntityType)
    : null;
  const id = /\/(\d{1,9})(?:\/|$)/.exec(c.req.path)?.[1];
  return {
    action: ACTION_OF[ability?.action ?? ""] ?? (c.req.method === "DELETE" ? "delete" : "update"),
    entityType,
    entityId: id ? Number(id) : null,
    changes: [{ field: "route", to: `${c.req.method} ${c.req.path}` }],
  };
}

export function auditTrail(deps: {
  audit: AuditService;
  trustProxy: boolean;
  logger?: Logger;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method)) return next();
    // The app opens the trail around every write (server/http/invalidation.ts), which also reads its notes.
    let notes = currentTrail();
    if (notes) await next();
    else notes = await withTrail(() => next());
    const user = c.get("auth")?.user;
    // A write no service noted still names what it may have changed (the guard's subject, the path's id), so
    // the page cache forgets it too — also after a failure (5xx), which may have written part of it.
    if (!notes.length && user && (c.res.status < 400 || c.res.status >= 500)) notes.push(fallbackNote(c));
    if (!user || c.res.status >= 400) return;
    const address = clientAddress(c, deps.trustProxy);
    try {
      await deps.audit.recordMany(
        notes.map((note) => ({
          user,
          action: note.action,
          entityType: note.entityType,
          entityId: note.entityId,
          label: note.label ?? null,
          changes: note.changes,
          address,
        })),
      );
    } catch (error) {
      // The write itself is done and answered; a lost entry is logged, never turned into a failure.
      deps.logger?.error("audit entry not recorded", { path: c.req.path, ...errorFields(error) });
    }
  };
}

export function auditRoutes(router: Hono<AppEnv>, services: Services) {
  router.get("/admin/audit", requireAbility("read", "AuditLog"), async (c) => {
    const { query, path, params } = listParams(c);
    const filter = parseWith(auditFilterSchema, Object.fromEntries(params));
    return c.json(await services.audit.list(query, filter, path, params));
  });
}
