/**
 * The going-live list's one action (issue 29): `POST /api/admin/going-live/demo-catalogue` with
 * `{ "confirm": true }` moves every demo product, sale and news item to the trash (each restorable there for
 * 30 days, each in the audit log as a delete) and answers the counts and the trash entries. Guarded like the
 * list itself (settings: admins), and refused to anyone who may not delete all three kinds.
 */
import type { Hono } from "hono";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { heApi } from "../../../domain/i18n/api.ts";
import { abilitiesFor, can } from "../../../domain/permissions.ts";
import { demoCatalogueRemovalSchema } from "../../../domain/schemas/admin/going-live.ts";
import type { AppEnv } from "../../app.ts";
import { requireAbility } from "../../auth/require-ability.ts";
import { HttpError } from "../../errors.ts";
import { parseWith, readBody } from "../../http/validation.ts";
import type { Services } from "../../services/index.ts";
import { actorOf, ok } from "./http.ts";

export function goingLiveRoutes(router: Hono<AppEnv>, services: Services) {
  const admin = services.admin;
  router.post("/admin/going-live/demo-catalogue", requireAbility("update", "Settings"), async (c) => {
    const abilities = abilitiesFor(c.get("auth").user);
    if (!(["Product", "Sale", "Publication"] as const).every((subject) => can(abilities, "delete", subject))) {
      throw new HttpError(403, heApi.forbidden);
    }
    parseWith(demoCatalogueRemovalSchema, await readBody(c));
    const actor = actorOf(c);
    const moved = await admin.goingLive.trashDemoCatalogue({
      products: (id) => admin.products.remove(id, actor),
      sales: (id) => admin.sales.remove(id, actor),
      publications: (id) => admin.publications.remove(id, actor),
    });
    return ok(c, moved, heAdmin.panel.demoCatalogueDone(moved.trash.length));
  });
}
