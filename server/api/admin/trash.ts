/**
 * The trash's API (issue 12): `GET /api/admin/trash?type=` (the list, paged and searched like every admin
 * list), `POST /api/admin/trash/{id}/restore` and `DELETE /api/admin/trash/{id}` (for good). The section
 * needs `read` on Trash, a restore `update`, a delete for good `delete` (admin only: domain/permissions.ts);
 * and every entry is listed, restored or deleted only for a role that may delete its kind of record, so an
 * editor never sees a deleted club member (an entry of another kind is a 403, like its section).
 */
import type { Context, Hono } from "hono";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { abilitiesFor, can, type TrashSubject } from "../../../domain/permissions.ts";
import { trashFilterSchema } from "../../../domain/schemas/admin/trash.ts";
import type { AppEnv } from "../../app.ts";
import { requireAbility } from "../../auth/require-ability.ts";
import { parseWith } from "../../http/validation.ts";
import type { Services } from "../../services/index.ts";
import { listParams, pathId } from "./http.ts";

const m = heAdmin.messages;

/** Whether the signed-in role may delete (and so see and restore) this kind of record. */
function mayHandle(c: Context<AppEnv>): (type: TrashSubject) => boolean {
  const abilities = abilitiesFor(c.get("auth").user);
  return (type) => can(abilities, "delete", type);
}

export function trashRoutes(router: Hono<AppEnv>, services: Services) {
  const trash = services.admin.trash;
  router.get("/admin/trash", requireAbility("read", "Trash"), async (c) => {
    const { query, path, params } = listParams(c);
    const { type: filter } = parseWith(trashFilterSchema, { type: c.req.query("type") });
    const types = trash.kindsFor(mayHandle(c));
    return c.json(await trash.list(query, types, filter === "all" ? undefined : filter, path, params));
  });
  router.post("/admin/trash/:id/restore", requireAbility("update", "Trash"), async (c) => {
    const ref = await trash.restore(pathId(c), mayHandle(c));
    return c.json({ message: m.trashRestored, data: ref }, 200);
  });
  router.delete("/admin/trash/:id", requireAbility("delete", "Trash"), async (c) => {
    const ref = await trash.purge(pathId(c), mayHandle(c));
    return c.json({ message: m.trashPurged, data: ref }, 200);
  });
}
