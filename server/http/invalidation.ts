/**
 * What a write changed decides which cached pages to forget. Writes declare it in the service layer: every
 * write request runs inside a change trail (server/services/audit/trail.ts), the audited admin services note
 * each record they wrote, and each record's entity declares which page-cache tags a write to it touches
 * (`cacheTags` in domain/entities.ts). A write that noted nothing — a contact request, a club sign-up, a
 * pending review, a sign-in — touches no page, so the busiest hour's form posts never empty a cache; no URL
 * list says so.
 */
import type { MiddlewareHandler } from "hono";
import { entity, isEntityType } from "../../domain/entities.ts";
import { kashrutFields } from "../../domain/schemas/admin/kashrut.ts";
import type { ContentVersion } from "../content-version.ts";
import { isDatabaseUnavailable } from "../db/faults.ts";
import { errorFields, type Logger } from "../log.ts";
import { type AuditNote, withTrail } from "../services/audit/trail.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Fields whose change withdraws something visitors were told: a record hidden or out of its dates, a kashrut or
 * allergen statement. A page that showed the old value is never served again, not even for the moment a new
 * copy renders (server/http/page-cache.ts).
 */
const WITHDRAWING_FIELDS = new Set(["status", "visible", "starts_at", "ends_at", ...Object.keys(kashrutFields)]);

/** A delete, a purge, or a change of a withdrawing field. */
export function withdraws(notes: readonly AuditNote[]): boolean {
  return notes.some(
    (note) =>
      note.action === "delete" ||
      note.action === "purge" ||
      note.changes.some((change) => WITHDRAWING_FIELDS.has(change.field)),
  );
}

/** The page-cache tags the noted changes touch; a note of no declared entity touches every page (`*`). */
export function cacheTagsOf(notes: readonly AuditNote[]): string[] {
  const tags = new Set<string>();
  for (const note of notes) {
    const touched = isEntityType(note.entityType) ? entity(note.entityType).cacheTags(note) : ["*"];
    for (const tag of touched) tags.add(tag);
  }
  return [...tags];
}

/**
 * Runs every write request inside a change trail and, once its handler answered, makes the public pages that read
 * what it touched stale, on every server (server/content-version.ts), before the answer leaves. A refused write
 * (4xx) changed nothing; a failed one (5xx) may have written what it noted before failing.
 */
export function invalidateAfterWrites(deps: { contentVersion: ContentVersion; logger: Logger }): MiddlewareHandler {
  return async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method)) return next();
    const notes = await withTrail(() => next());
    const status = c.res.status;
    if (status >= 400 && status < 500) return;
    const tags = cacheTagsOf(notes);
    if (tags.length === 0) return;
    try {
      await deps.contentVersion.invalidate(tags, withdraws(notes));
    } catch (error) {
      // While the database is down the write failed too, and the outage is logged once already.
      if (!isDatabaseUnavailable(error))
        deps.logger.error("page invalidation failed", { path: c.req.path, ...errorFields(error) });
    }
  };
}
