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
import type { ContentVersion } from "../content-version.ts";
import { isDatabaseUnavailable } from "../db/faults.ts";
import { errorFields, type Logger } from "../log.ts";
import { type AuditNote, withTrail } from "../services/audit/trail.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

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
 * Runs every write request inside a change trail and, once its handler answered, makes the public pages it
 * touched new: for now by moving the content version on (every cached page), when any tag was touched. A refused
 * write (4xx) changed nothing; a failed one (5xx) may have written what it noted before failing.
 */
export function invalidateAfterWrites(deps: { contentVersion: ContentVersion; logger: Logger }): MiddlewareHandler {
  return async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method)) return next();
    const notes = await withTrail(() => next());
    const status = c.res.status;
    if (status >= 400 && status < 500) return;
    if (cacheTagsOf(notes).length === 0) return;
    try {
      await deps.contentVersion.bump();
    } catch (error) {
      // While the database is down the write failed too, and the outage is logged once already.
      if (!isDatabaseUnavailable(error))
        deps.logger.error("content version bump failed", { path: c.req.path, ...errorFields(error) });
    }
  };
}
