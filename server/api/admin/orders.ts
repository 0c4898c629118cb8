/**
 * Pre-orders, the staff's API (issue 28 part 5). Editors and admins handle orders (`Order`); only admins change how
 * branches take them and the bakery's policy (`PickupSettings`). Every answer holds personal data or staff-only
 * rules and is `no-store` (server/api/index.ts). A status change, a move to another pickup time (same branch) or a
 * settings save names the version it started from (the body's `version` or `If-Match`): a stale one is a 409 (412
 * for `If-Match`) with the record as it is now.
 */
import type { Hono } from "hono";
import { heAdminOrders } from "../../../domain/i18n/admin-orders.ts";
import { hePreorders } from "../../../domain/i18n/preorders.ts";
import { pickupWhen } from "../../../domain/preorders/slots.ts";
import {
  orderListSchema,
  orderPickupSchema,
  orderStatusSchema,
  pickupSettingsSchema,
  preorderPolicySchema,
} from "../../../domain/schemas/admin/orders.ts";
import type { AppEnv } from "../../app.ts";
import { requireAbility } from "../../auth/require-ability.ts";
import { parseWith, readBody } from "../../http/validation.ts";
import { toCsv } from "../../services/admin/csv.ts";
import type { Services } from "../../services/index.ts";
import { type AdminContext, ok, okVersioned, pathId, saveVersioned } from "./http.ts";

const o = heAdminOrders;

const listQuery = (c: AdminContext) => parseWith(orderListSchema, c.req.query());

export function orderRoutes(api: Hono<AppEnv>, services: Services) {
  const orders = services.admin.orders;

  api.get("/admin/orders", requireAbility("read", "Order"), async (c) => ok(c, await orders.day(listQuery(c))));

  api.get("/admin/orders/sheet", requireAbility("read", "Order"), async (c) => {
    const query = listQuery(c);
    return ok(c, await orders.sheet(query.date, query.branch));
  });

  // The day's orders for a spreadsheet: UTF-8 with a byte-order mark, Hebrew headers (services/admin/csv.ts).
  api.get("/admin/orders/export", requireAbility("read", "Order"), async (c) => {
    const query = listQuery(c);
    const { date, header, rows } = await orders.exportRows(query.date, query.branch);
    return c.body(toCsv(header, rows), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${date}${query.branch ? `-branch-${query.branch}` : ""}.csv"`,
      "Cache-Control": "no-store",
    });
  });

  api.get("/admin/orders/:id", requireAbility("read", "Order"), async (c) =>
    okVersioned(c, await orders.get(pathId(c))),
  );

  api.put("/admin/orders/:id/status", requireAbility("update", "Order"), async (c) => {
    const id = pathId(c);
    const body = await readBody(c);
    const { status } = parseWith(orderStatusSchema, body);
    let mailQueued = false;
    const order = await saveVersioned(
      c,
      body,
      () => orders.get(id),
      async (expected) => {
        const result = await orders.setStatus(id, status, expected);
        mailQueued = result.mailQueued;
        return result.order;
      },
    );
    const message = o.statusChanged(id, hePreorders.statuses[order.status]);
    return okVersioned(c, order, mailQueued ? `${message}. ${o.readyMailQueued}` : message);
  });

  // Where the order may move (its branch's days and slots, each with the places it still takes).
  api.get("/admin/orders/:id/pickup", requireAbility("update", "Order"), async (c) =>
    ok(c, await orders.moveOptions(pathId(c))),
  );

  // Another pickup time of the same branch: the same permission as a status change.
  api.put("/admin/orders/:id/pickup", requireAbility("update", "Order"), async (c) => {
    const id = pathId(c);
    const body = await readBody(c);
    const to = parseWith(orderPickupSchema, body);
    let outcome = { mailQueued: false, changed: false };
    const order = await saveVersioned(
      c,
      body,
      () => orders.get(id),
      async (expected) => {
        const result = await orders.moveOrder(id, to, expected);
        outcome = result;
        return result.order;
      },
    );
    const when = pickupWhen(order.pickup_date, order.slot, order.slot_end);
    const message = outcome.changed ? o.move.moved(id, when) : o.move.unchanged(id);
    return okVersioned(c, order, outcome.mailQueued ? `${message}. ${o.move.mailQueued}` : message);
  });

  api.get("/admin/pickup-settings", requireAbility("read", "PickupSettings"), async (c) =>
    ok(c, await orders.settings()),
  );

  api.put("/admin/pickup-settings/:branchId", requireAbility("update", "PickupSettings"), async (c) => {
    const branchId = pathId(c, "branchId");
    const body = await readBody(c);
    const saved = await saveVersioned(
      c,
      body,
      () => orders.branchSetting(branchId),
      (expected) => orders.saveBranchSettings(branchId, parseWith(pickupSettingsSchema, body), expected),
    );
    return okVersioned(c, saved, o.settings.saved);
  });

  api.put("/admin/preorder-policy", requireAbility("update", "PickupSettings"), async (c) => {
    const body = await readBody(c);
    const saved = await saveVersioned(
      c,
      body,
      () => orders.policy(),
      (expected) => orders.savePolicy(parseWith(preorderPolicySchema, body), expected),
    );
    return okVersioned(c, saved, o.settings.saved);
  });
}
