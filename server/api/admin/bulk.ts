/**
 * Bulk actions on the products list (issue 30 part 1; services/admin/bulk.ts):
 *
 * - `GET /api/admin/products/selection?<the list's parameters>` — "all N matching": the products the list's
 *   search and filters find, each with its version (`{ data: { total, items: [{ id, version }] } }`); more than
 *   `BULK_MAX` is a Hebrew 422.
 * - `POST /api/admin/products/bulk` `{ action, items: [{ id, version }] }` — one transaction; answers what
 *   changed, what was left as it is (`conflicts`: edited meanwhile; `missing`; `unchanged`) and the batch to undo.
 *   Needs `update` on products; moving to the trash needs `delete`.
 * - `POST /api/admin/products/bulk/{batch}/undo` — the whole batch back, records edited since reported and
 *   left as they are. Needs `update` on products; a trash batch's undo also the trash's `update` (restore).
 */
import type { Context, Hono } from "hono";
import { heApi } from "../../../domain/i18n/api.ts";
import { heBulk } from "../../../domain/i18n/bulk.ts";
import { abilitiesFor, can } from "../../../domain/permissions.ts";
import { bulkRequestSchema } from "../../../domain/schemas/admin/bulk.ts";
import type { AppEnv } from "../../app.ts";
import { requireAbility } from "../../auth/require-ability.ts";
import { HttpError } from "../../errors.ts";
import { parseWith, readBody } from "../../http/validation.ts";
import type { BulkOutcome } from "../../services/admin/bulk.ts";
import type { Services } from "../../services/index.ts";
import { actorOf, listParams, ok, pathId } from "./http.ts";

/** The answer: counts and what was left, without the per-field changes (the audit log has those). */
function answer(outcome: BulkOutcome) {
  return {
    batch: outcome.batch,
    action: outcome.action,
    changed: outcome.changed.length,
    changed_ids: outcome.changed.map((r) => r.id),
    unchanged: outcome.unchanged,
    conflicts: outcome.conflicts,
    missing: outcome.missing,
    refused: outcome.refused,
  };
}

const may = (c: Context<AppEnv>, action: "update" | "delete", subject: "Product" | "Trash") =>
  can(abilitiesFor(c.get("auth").user), action, subject);

/** Registered before the products' `/:id` routes, whose id rule would take `selection` for a missing record. */
export function bulkRoutes(router: Hono<AppEnv>, services: Services) {
  const bulk = services.admin.bulk;
  router.get("/admin/products/selection", requireAbility("update", "Product"), async (c) => {
    const { query, params } = listParams(c);
    return ok(c, await bulk.select(query, params));
  });
  router.post("/admin/products/bulk", requireAbility("update", "Product"), async (c) => {
    const request = parseWith(bulkRequestSchema, await readBody(c));
    if (request.action.type === "trash" && !may(c, "delete", "Product")) throw new HttpError(403, heApi.forbidden);
    const outcome = await bulk.apply(request, actorOf(c));
    const message =
      outcome.action === "trash" ? heBulk.trashed(outcome.changed.length) : heBulk.done(outcome.changed.length);
    return ok(c, answer(outcome), message);
  });
  router.post("/admin/products/bulk/:batch/undo", requireAbility("update", "Product"), async (c) => {
    const outcome = await bulk.undo(pathId(c, "batch"), may(c, "update", "Trash"));
    return ok(c, answer(outcome), heBulk.undone(outcome.changed.length));
  });
}
