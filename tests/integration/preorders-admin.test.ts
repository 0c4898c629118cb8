/**
 * Pre-orders, the staff's side (issue 28 part 5), over each database through the admin API: the day's list with
 * its filters and search; status changes under optimistic versions (409 on a stale one), audited without personal
 * values; "ready" queueing exactly one e-mail in the outbox; a staff cancel giving the slot back; the production
 * sheet leaving cancelled orders out; the CSV's byte-order mark and Hebrew headers; editors handling orders but not
 * the settings; the settings' validation; and `no-store` on every answer.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type {
  AdminOrder,
  AdminOrderDay,
  AdminPreorderSettings,
  ProductionSheet,
} from "../../domain/contracts/admin-orders.ts";
import { heAdminOrders } from "../../domain/i18n/admin-orders.ts";
import { hePreorders } from "../../domain/i18n/preorders.ts";
import { type OfferedDay, type PickupDay, pickupDayLabel } from "../../domain/preorders/slots.ts";
import { createLogger } from "../../server/log.ts";
import type { MailMessage } from "../../server/mail/mailer.ts";
import { orderMessage } from "../../server/mail/order-message.ts";
import { createOrderMail } from "../../server/services/order-mail.ts";
import { ORDER_MAIL_JOB } from "../../server/services/preorders.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

let now = new Date("2026-12-02T08:00:00Z"); // Wednesday 10:00 in Jerusalem
const FRIDAY = "2026-12-04";
let keySeq = 0;
const key = () => `admin-key-${Date.now()}-${++keySeq}`.padEnd(20, "x");

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text}`);
  return JSON.parse(text) as T;
}

for (const factory of testDatabases()) {
  describe(`pre-orders, the staff's side, on ${factory.name}`, () => {
    const env = suiteApp(factory, {
      seeded: true,
      pages: true,
      app: { clock: () => now },
      clients: { admin: "admin", editor: "editor", visitor: null },
    });
    const db = () => env.database.handle.db;
    let branchId = 0;
    let otherBranch = 0;
    let product = { id: 0, size: 0, name: "" };
    let slots: string[] = [];
    const placed = { dana: 0, moshe: 0, rivka: 0, elsewhere: 0, cancelled: 0, third: 0 };

    const place = async (over: Record<string, unknown>) =>
      (
        await env.t.services.preorders.place({
          items: `${product.id}.${product.size}.2`,
          branch: String(branchId),
          slot: `${FRIDAY} ${slots[0]}`,
          name: "ישראל ישראלי",
          phone: "050-1234567",
          email: "",
          note: "",
          consent: "on",
          key: key(),
          ...over,
        })
      ).id;

    const day = async (query: string, client = env.admin) =>
      (await json<{ data: AdminOrderDay }>(await client.fetch(`/api/admin/orders?${query}`))).data;
    const setStatus = (id: number, status: string, version?: number, client = env.admin) =>
      client.fetch(`/api/admin/orders/${id}/status`, { method: "PUT", json: { status, version } });
    const readyJobs = (id: number) =>
      db()
        .selectFrom("jobs")
        .select("key")
        .where("kind", "=", ORDER_MAIL_JOB)
        .where("key", "=", `${id}:ready`)
        .execute();

    beforeAll(async () => {
      const branches = await db()
        .selectFrom("pickup_settings")
        .innerJoin("branches", "branches.id", "pickup_settings.branch_id")
        .select(["branches.id", "branches.opening_hours"])
        .orderBy("branches.id")
        .execute();
      const shuk = branches.find((b) => b.opening_hours.includes("before_candles"));
      branchId = shuk!.id;
      otherBranch = branches.find((b) => b.id !== branchId)!.id;
      const row = await db()
        .selectFrom("sizes")
        .innerJoin("products", "products.id", "sizes.product_id")
        .select(["products.id", "products.name", "sizes.id as size"])
        .where("products.status", "=", 1)
        .where("products.preorder_daily_limit", "is", null)
        .orderBy("products.id")
        .executeTakeFirstOrThrow();
      product = { id: row.id, size: row.size, name: row.name };
      const days: PickupDay[] = (await env.t.services.preorders.availability(branchId, now))!.days;
      slots = days.find((d) => d.date === FRIDAY)!.slots.map((s) => s.start);
      const other = (await env.t.services.preorders.availability(otherBranch, now))!.days.find(
        (d) => d.date === FRIDAY,
      );
      placed.dana = await place({
        name: "דנה כהן",
        phone: "052-7654321",
        email: "dana@example.co.il",
        note: "כתובית: מזל טוב",
      });
      placed.moshe = await place({
        name: "משה לוי",
        slot: `${FRIDAY} ${slots[1]}`,
        items: `${product.id}.${product.size}.3`,
      });
      placed.rivka = await place({
        name: "רבקה",
        slot: `${FRIDAY} ${slots[1]}`,
        items: `${product.id}.${product.size}.1`,
      });
      placed.elsewhere = await place({
        name: "יוסי",
        branch: String(otherBranch),
        slot: `${FRIDAY} ${other!.slots[0]!.start}`,
        items: `${product.id}.${product.size}.4`,
      });
    });

    it("lists a branch's day in slot order with each order's details, today by default, no-store", async () => {
      const response = await env.admin.fetch(`/api/admin/orders?date=${FRIDAY}&branch=${branchId}`);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const { data } = (await response.json()) as { data: AdminOrderDay };
      expect(data.orders.map((o) => o.id)).toEqual([placed.dana, placed.moshe, placed.rivka]);
      const dana = data.orders[0]!;
      expect(dana).toMatchObject({
        name: "דנה כהן",
        phone: "052-7654321",
        email: "dana@example.co.il",
        note: "כתובית: מזל טוב",
        status: "new",
        slot: slots[0],
        branch_id: branchId,
      });
      expect(dana.items).toEqual([
        expect.objectContaining({ product_id: product.id, product_name: product.name, quantity: 2 }),
      ]);
      expect(dana.total).toBeCloseTo(dana.items[0]!.unit_price * 2, 2);
      expect(data.slots).toEqual([slots[0], slots[1]]);
      expect(data.counts.new).toBe(3);
      // Every branch: the other branch's order too; no date: today (Wednesday), which has none.
      expect((await day(`date=${FRIDAY}`)).orders.map((o) => o.id)).toContain(placed.elsewhere);
      const today = await day("");
      expect(today.date).toBe("2026-12-02");
      expect(today.orders).toEqual([]);
      // The panel counts today's pickups (none on Wednesday) for editors too.
      const panel = await json<{ data: { counts: { todayOrders?: number } } }>(
        await env.editor.fetch("/api/admin/dashboard"),
      );
      expect(panel.data.counts.todayOrders).toBe(0);
    });

    it("filters by slot and status, and searches by number, name or phone on any day", async () => {
      const bySlot = await day(`date=${FRIDAY}&branch=${branchId}&slot=${slots[1]}`);
      expect(bySlot.orders.map((o) => o.id)).toEqual([placed.moshe, placed.rivka]);
      expect((await day(`date=${FRIDAY}&branch=${branchId}&status=ready`)).orders).toEqual([]);
      expect((await day(`date=${FRIDAY}&status=new`)).orders).toHaveLength(4);
      // Search ignores the day: from today's screen, a Friday order is found.
      expect((await day(`q=${placed.moshe}`)).orders.map((o) => o.id)).toEqual([placed.moshe]);
      expect((await day(`q=%23${placed.moshe}`)).orders.map((o) => o.id)).toEqual([placed.moshe]);
      expect((await day(`q=${encodeURIComponent("דנה")}`)).orders.map((o) => o.id)).toEqual([placed.dana]);
      expect((await day("q=0527654321")).orders.map((o) => o.id)).toEqual([placed.dana]);
      expect((await day("q=052-765")).orders.map((o) => o.id)).toEqual([placed.dana]);
      expect((await day(`q=${encodeURIComponent("%")}`)).orders).toEqual([]);
    });

    it("refuses bad list parameters with a Hebrew 422, never a 500", async () => {
      for (const query of [
        "date=2026-02-30",
        "date=yesterday",
        "branch=abc",
        "status=lost",
        "slot=25:00",
        "branch=999999",
      ]) {
        const response = await env.admin.fetch(`/api/admin/orders?${query}`);
        expect(response.status, query).toBe(422);
        expect(((await response.json()) as { message: string }).message).toMatch(/[א-ת]/);
      }
      expect((await env.visitor.fetch("/api/admin/orders")).status).toBe(401);
    });

    it("changes a status with the version it started from; a stale version is a 409 with the order now; audited without personal values", async () => {
      const before = (await day(`date=${FRIDAY}&branch=${branchId}`)).orders.find((o) => o.id === placed.moshe)!;
      const confirmed = await setStatus(placed.moshe, "confirmed", before.version);
      expect(confirmed.status).toBe(200);
      const after = ((await confirmed.json()) as { data: AdminOrder }).data;
      expect(after).toMatchObject({ status: "confirmed", version: before.version + 1 });
      expect(confirmed.headers.get("etag")).toBe(`"${after.version}"`);

      const stale = await setStatus(placed.moshe, "ready", before.version);
      expect(stale.status).toBe(409);
      const body = (await stale.json()) as { message: string; data: AdminOrder };
      expect(body.data).toMatchObject({ status: "confirmed", version: after.version });
      const row = await db()
        .selectFrom("orders")
        .select(["status", "version"])
        .where("id", "=", placed.moshe)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: "confirmed", version: after.version });

      // Not every move is allowed: a 422 in Hebrew, nothing changed.
      const back = await setStatus(placed.moshe, "bogus", after.version);
      expect(back.status).toBe(422);

      const entries = await db()
        .selectFrom("audit_log")
        .selectAll()
        .where("entity_type", "=", "Order")
        .where("entity_id", "=", placed.moshe)
        .execute();
      expect(entries).toHaveLength(1);
      expect(JSON.parse(entries[0]!.changes as string)).toEqual([{ field: "status", personal: true }]);
      expect(entries[0]!.entity_label).toBeNull();
      const stored = JSON.stringify(entries);
      for (const value of ["משה לוי", "050-1234567", "confirmed"]) expect(stored).not.toContain(value);
    });

    it("marking ready queues exactly one ready e-mail in the outbox (only with an address); an undo and a redo queue no second", async () => {
      const dana = (await day(`q=${placed.dana}`)).orders[0]!;
      const ready = await setStatus(placed.dana, "ready", dana.version);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { message: string }).message).toContain(heAdminOrders.readyMailQueued);
      expect(await readyJobs(placed.dana)).toHaveLength(1);
      // Pressing "ready" again (same status) and picked-up → back to ready: no second e-mail.
      const same = await setStatus(placed.dana, "ready");
      expect(same.status).toBe(200);
      expect((await setStatus(placed.dana, "picked_up")).status).toBe(200);
      expect((await setStatus(placed.dana, "ready")).status).toBe(200);
      expect(await readyJobs(placed.dana)).toHaveLength(1);
      // The audit log: three status changes (ready, picked up, ready); the repeated press changed nothing (its
      // entry names only the request, as for any admin write that changed no field).
      const entries = await db()
        .selectFrom("audit_log")
        .selectAll()
        .where("entity_type", "=", "Order")
        .where("entity_id", "=", placed.dana)
        .execute();
      const changes = entries.map((e) => JSON.parse(e.changes as string) as { field: string }[]);
      expect(changes.filter((c) => c[0]?.field === "status")).toHaveLength(3);
      expect(changes.filter((c) => c[0]?.field === "route")).toHaveLength(1);
      // Rivka gave no e-mail address: ready queues nothing.
      expect((await setStatus(placed.rivka, "ready")).status).toBe(200);
      expect(await readyJobs(placed.rivka)).toHaveLength(0);
    });

    it("an editor changes a status, but may neither read nor change the settings (403)", async () => {
      expect((await setStatus(placed.elsewhere, "confirmed", undefined, env.editor)).status).toBe(200);
      expect((await env.editor.fetch("/api/admin/pickup-settings")).status).toBe(403);
      const put = await env.editor.fetch(`/api/admin/pickup-settings/${branchId}`, {
        method: "PUT",
        json: {
          enabled: true,
          slot_minutes: 30,
          orders_per_slot: 5,
          lead_days: 1,
          order_by: "20:00",
          horizon_days: 14,
        },
      });
      expect(put.status).toBe(403);
      const policy = await env.editor.fetch("/api/admin/preorder-policy", {
        method: "PUT",
        json: { email_required: true, retention_months: 6 },
      });
      expect(policy.status).toBe(403);
    });

    it("a staff cancel gives the slot's place back: a full slot takes an order again", async () => {
      const slot = slots[2]!;
      await db().updateTable("pickup_settings").set({ orders_per_slot: 1 }).where("branch_id", "=", branchId).execute();
      try {
        const first = await place({ name: "ראשון", slot: `${FRIDAY} ${slot}` });
        await expect(place({ name: "שני", slot: `${FRIDAY} ${slot}` })).rejects.toMatchObject({ status: 409 });
        const cancel = await setStatus(first, "cancelled");
        expect(cancel.status).toBe(200);
        expect(((await cancel.json()) as { data: AdminOrder }).data.status).toBe("cancelled");
        const count = await db()
          .selectFrom("slot_counts")
          .select("orders")
          .where("branch_id", "=", branchId)
          .where("pickup_date", "=", FRIDAY)
          .where("slot", "=", slot)
          .executeTakeFirstOrThrow();
        expect(count.orders).toBe(0);
        const third = await place({ name: "שלישי", slot: `${FRIDAY} ${slot}` });
        expect(third).toBeGreaterThan(first);
        // Cancelled is final.
        expect((await setStatus(first, "new")).status).toBe(422);
        placed.cancelled = first;
        placed.third = third;
      } finally {
        await db()
          .updateTable("pickup_settings")
          .set({ orders_per_slot: 6 })
          .where("branch_id", "=", branchId)
          .execute();
      }
    });

    it("the production sheet totals each product and size across branches and per branch, without cancelled orders", async () => {
      const sheet = (
        await json<{ data: ProductionSheet }>(
          await env.admin.fetch(`/api/admin/orders/sheet?date=${FRIDAY}&branch=${branchId}`),
        )
      ).data;
      const line = sheet.lines.find((l) => l.product_id === product.id)!;
      // dana 2 + moshe 3 + rivka 1 + third 2 at the shuk; 4 elsewhere; the cancelled order's 2 left out.
      expect(line.by_branch[branchId]).toBe(8);
      expect(line.by_branch[otherBranch]).toBe(4);
      expect(line.total).toBe(12);
      expect(sheet.branches.map((b) => b.id).sort()).toEqual([branchId, otherBranch].sort());
      expect(sheet.pickups.map((p) => p.branch.id)).toEqual([branchId]);
      const pickup = sheet.pickups[0]!;
      const listed = pickup.slots.flatMap((s) => s.orders.map((o) => o.id));
      expect(listed).not.toContain(placed.cancelled);
      expect(listed).toEqual(expect.arrayContaining([placed.dana, placed.moshe, placed.rivka, placed.third]));
      expect(pickup.slots.map((s) => s.slot)).toEqual([...pickup.slots.map((s) => s.slot)].sort());
      // Without a branch: each branch with orders on the day has its list.
      const all = (
        await json<{ data: ProductionSheet }>(await env.admin.fetch(`/api/admin/orders/sheet?date=${FRIDAY}`))
      ).data;
      expect(all.pickups.map((p) => p.branch.id).sort()).toEqual([branchId, otherBranch].sort());
    });

    it("the panel counts the day's pickups that are not cancelled, and the list opens on that day", async () => {
      now = new Date("2026-12-04T06:00:00Z"); // Friday 08:00
      try {
        const panel = await json<{ data: { counts: { todayOrders?: number } } }>(
          await env.admin.fetch("/api/admin/dashboard"),
        );
        // dana, moshe, rivka and third at the shuk, one elsewhere; the cancelled one is not counted.
        expect(panel.data.counts.todayOrders).toBe(5);
        expect((await day("")).date).toBe(FRIDAY);
      } finally {
        now = new Date("2026-12-02T08:00:00Z");
      }
    });

    it("exports the day's orders as CSV: byte-order mark, Hebrew headers, one line per order, no-store", async () => {
      const response = await env.editor.fetch(`/api/admin/orders/export?date=${FRIDAY}&branch=${branchId}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-disposition")).toContain(`orders-${FRIDAY}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes.slice(3));
      const lines = text.trimEnd().split("\r\n");
      const c = heAdminOrders.csv;
      expect(lines[0]).toBe(
        [c.number, c.branch, c.date, c.slot, c.status, c.name, c.phone, c.email, c.note, c.items, c.total, c.created]
          .map((h) => `"${h}"`)
          .join(","),
      );
      expect(lines).toHaveLength(1 + 5);
      expect(text).toContain("דנה כהן");
      expect(text).toContain(`${product.name}`);
    });

    it("the product form's daily pre-order limit: saved, cleared with empty, kept when absent, a Hebrew 422 when bad, never in the public JSON", async () => {
      const path = `/api/admin/products/${product.id}`;
      const read = async () => (await json<{ data: Record<string, unknown> }>(await env.editor.fetch(path))).data;
      const put = async (over: Record<string, unknown>) => {
        const current = await read();
        return env.editor.fetch(path, { method: "PUT", json: { ...current, ...over, version: current.version } });
      };
      expect((await read()).preorder_daily_limit).toBeNull();
      const saved = await put({ preorder_daily_limit: "40" });
      expect(saved.status).toBe(200);
      expect((await read()).preorder_daily_limit).toBe(40);
      const { preorder_daily_limit: _, ...withoutLimit } = await read();
      const kept = await env.editor.fetch(path, { method: "PUT", json: withoutLimit });
      expect(kept.status).toBe(200);
      expect((await read()).preorder_daily_limit).toBe(40);
      for (const bad of [0, -1, 100_001, "abc", 2.5]) {
        const response = await put({ preorder_daily_limit: bad });
        expect(response.status, String(bad)).toBe(422);
        const body = (await response.json()) as { errors: Record<string, string[]> };
        expect(body.errors.preorder_daily_limit?.[0]).toMatch(/[א-ת]/);
      }
      const publicJson = await (await env.visitor.fetch(`/api/product/${product.id}`)).text();
      expect(publicJson).not.toContain("preorder_daily_limit");
      expect((await put({ preorder_daily_limit: "" })).status).toBe(200);
      expect((await read()).preorder_daily_limit).toBeNull();
    });

    it("an editor is sent away from the settings screen; an admin opens it", async () => {
      const editor = await env.editor.fetch("/admin/orders/settings");
      expect(editor.status).toBe(302);
      expect(editor.headers.get("location")).toBe("/admin/panel");
      const list = await env.editor.fetch(`/admin/orders?date=${FRIDAY}`);
      expect(list.status).toBe(200);
      expect(list.headers.get("cache-control")).toMatch(/no-store|private/);
      expect(await list.text()).toContain("דנה כהן");
      // The filters are a GET form: the server renders the filtered day (no JavaScript needed).
      const cancelled = await (await env.editor.fetch(`/admin/orders?date=${FRIDAY}&status=cancelled`)).text();
      expect(cancelled).toContain(`data-testid="order-${placed.cancelled}"`);
      expect(cancelled).not.toContain(`data-testid="order-${placed.dana}"`);
      const admin = await env.admin.fetch("/admin/orders/settings");
      expect(admin.status).toBe(200);
      expect(await admin.text()).toContain(heAdminOrders.settings.heading);
    });

    it("admins save a branch's settings and the policy with versions; bad values are a Hebrew 422", async () => {
      const { data } = await json<{ data: AdminPreorderSettings }>(await env.admin.fetch("/api/admin/pickup-settings"));
      const shuk = data.branches.find((b) => b.branch_id === branchId)!;
      const good = {
        enabled: true,
        slot_minutes: 45,
        orders_per_slot: 8,
        lead_days: 2,
        order_by: "18:30",
        horizon_days: 21,
      };
      const saved = await env.admin.fetch(`/api/admin/pickup-settings/${branchId}`, {
        method: "PUT",
        json: { ...good, version: shuk.version },
      });
      expect(saved.status).toBe(200);
      expect(((await saved.json()) as { data: unknown }).data).toMatchObject({ ...good, version: shuk.version + 1 });
      const stale = await env.admin.fetch(`/api/admin/pickup-settings/${branchId}`, {
        method: "PUT",
        json: { ...good, version: shuk.version },
      });
      expect(stale.status).toBe(409);

      for (const [field, value] of [
        ["slot_minutes", 10],
        ["slot_minutes", 241],
        ["orders_per_slot", 0],
        ["orders_per_slot", 501],
        ["lead_days", 15],
        ["lead_days", -1],
        ["order_by", "25:00"],
        ["order_by", "8pm"],
        ["horizon_days", 0],
        ["horizon_days", 61],
        ["slot_minutes", "abc"],
      ] as const) {
        const response = await env.admin.fetch(`/api/admin/pickup-settings/${branchId}`, {
          method: "PUT",
          json: { ...good, [field]: value },
        });
        expect(response.status, `${field}=${value}`).toBe(422);
        const body = (await response.json()) as { errors: Record<string, string[]> };
        expect(body.errors[field]?.[0], field).toMatch(/[א-ת]/);
      }
      for (const bad of [{ retention_months: 0 }, { retention_months: 61 }, { retention_months: "x" }]) {
        const response = await env.admin.fetch("/api/admin/preorder-policy", {
          method: "PUT",
          json: { email_required: false, ...bad },
        });
        expect(response.status).toBe(422);
      }
      expect((await env.admin.fetch("/api/admin/pickup-settings/999999", { method: "PUT", json: good })).status).toBe(
        404,
      );

      // The policy: no row yet (version 0) → created; the customer side reads it.
      const policy = await env.admin.fetch("/api/admin/preorder-policy", {
        method: "PUT",
        json: { email_required: true, retention_months: 6, version: data.policy.version },
      });
      expect(policy.status).toBe(200);
      expect(await env.t.services.preorders.policy()).toEqual({ emailRequired: true, retentionMonths: 6 });
      const audit = await db()
        .selectFrom("audit_log")
        .select(["entity_id", "changes"])
        .where("entity_type", "=", "PickupSettings")
        .execute();
      expect(audit.some((e) => e.entity_id === branchId && String(e.changes).includes("slot_minutes"))).toBe(true);
      await env.admin.fetch("/api/admin/preorder-policy", {
        method: "PUT",
        json: { email_required: false, retention_months: 12 },
      });
    });
  });
}

/**
 * Staff move an order to another pickup time of its branch (`PUT /api/admin/orders/{id}/pickup`): the slots' places
 * and the products' day quantities move in one transaction with the order, or nothing changes; the customer's
 * e-mail is queued once per move; the audit log names the fields only. Its own database: the tests above change
 * the branch's settings.
 */
for (const factory of testDatabases()) {
  describe(`moving an order to another pickup time, on ${factory.name}`, () => {
    const clock = { now: new Date("2026-12-02T08:00:00Z") }; // Wednesday 10:00 in Jerusalem
    const env = suiteApp(factory, {
      seeded: true,
      pages: true,
      app: { clock: () => clock.now },
      clients: { admin: "admin", editor: "editor", visitor: null },
    });
    const db = () => env.database.handle.db;
    const m = heAdminOrders.move;
    let branchId = 0;
    let plain = { id: 0, size: 0 };
    let limited = { id: 0, size: 0, name: "" };
    const LIMIT = 10;
    let thursday = "";
    let fri: string[] = [];
    let thu: string[] = [];
    let today: { start: string }[] = [];
    let seq = 0;

    const place = async (over: Record<string, unknown> = {}) =>
      (
        await env.t.services.preorders.place({
          items: `${plain.id}.${plain.size}.1`,
          branch: String(branchId),
          slot: `${FRIDAY} ${fri[0]}`,
          name: "לקוח לבדיקה",
          phone: "050-1234567",
          email: "",
          note: "",
          consent: "on",
          key: `move-key-${Date.now()}-${++seq}`.padEnd(24, "x"),
          ...over,
        })
      ).id;
    const move = (id: number, body: Record<string, unknown>, client = env.admin) =>
      client.fetch(`/api/admin/orders/${id}/pickup`, { method: "PUT", json: body });
    const orderRow = (id: number) =>
      db()
        .selectFrom("orders")
        .select(["pickup_date", "slot", "version", "status", "updated_at"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    const slotCount = async (date: string, slot: string) =>
      (
        await db()
          .selectFrom("slot_counts")
          .select("orders")
          .where("branch_id", "=", branchId)
          .where("pickup_date", "=", date)
          .where("slot", "=", slot)
          .executeTakeFirst()
      )?.orders ?? 0;
    const productCount = async (date: string) =>
      (
        await db()
          .selectFrom("product_day_counts")
          .select("quantity")
          .where("product_id", "=", limited.id)
          .where("pickup_date", "=", date)
          .executeTakeFirst()
      )?.quantity ?? 0;
    const movedJobs = (id: number) =>
      db()
        .selectFrom("jobs")
        .select("key")
        .where("kind", "=", ORDER_MAIL_JOB)
        .where("key", "like", `${id}:moved:%`)
        .orderBy("key")
        .execute();
    const auditOf = async (id: number) =>
      (
        await db()
          .selectFrom("audit_log")
          .select("changes")
          .where("entity_type", "=", "Order")
          .where("entity_id", "=", id)
          .orderBy("id")
          .execute()
      ).map((e) => JSON.parse(e.changes as string) as { field: string; personal?: boolean }[]);
    /** Everything a refused move must leave as it was. */
    const snapshot = async (id: number, date: string, slots: [string, string][]) => ({
      order: await orderRow(id),
      slots: await Promise.all(slots.map(([d, s]) => slotCount(d, s))),
      product: [await productCount(FRIDAY), await productCount(date)],
      jobs: (await movedJobs(id)).length,
    });

    beforeAll(async () => {
      const branches = await db()
        .selectFrom("pickup_settings")
        .innerJoin("branches", "branches.id", "pickup_settings.branch_id")
        .select(["branches.id", "branches.opening_hours"])
        .orderBy("branches.id")
        .execute();
      branchId = branches.find((b) => b.opening_hours.includes("before_candles"))!.id;
      const rows = await db()
        .selectFrom("sizes")
        .innerJoin("products", "products.id", "sizes.product_id")
        .select(["products.id", "products.name", "sizes.id as size"])
        .where("products.status", "=", 1)
        .where("products.preorder_daily_limit", "is", null)
        .where("products.sold_out_until", "is", null)
        .orderBy("products.id")
        .execute();
      const distinct = rows.filter((r, i) => rows.findIndex((x) => x.id === r.id) === i);
      plain = { id: distinct[0]!.id, size: distinct[0]!.size };
      limited = { id: distinct[1]!.id, size: distinct[1]!.size, name: distinct[1]!.name };
      await db().updateTable("products").set({ preorder_daily_limit: LIMIT }).where("id", "=", limited.id).execute();
      const days = (await env.t.services.preorders.availability(branchId, clock.now))!.days;
      fri = days.find((d) => d.date === FRIDAY)!.slots.map((s) => s.start);
      thursday = "2026-12-03";
      thu = days.find((d) => d.date === thursday)!.slots.map((s) => s.start);
      // Today (Wednesday) is closed to customers (lead time: a day); staff still see its remaining slots.
      expect(days.some((d) => d.date === "2026-12-02")).toBe(false);
      const staff = (await env.t.services.preorders.availability(branchId, clock.now, undefined, { staff: true }))!;
      today = staff.days.find((d) => d.date === "2026-12-02")!.slots;
    });

    it("moves an order within its day: the new slot's place taken, the old one given back, the public form sees it; the customer's page shows the new time", async () => {
      const id = await place({ email: "move@example.co.il", slot: `${FRIDAY} ${fri[0]}` });
      const before = await orderRow(id);
      const counts = [await slotCount(FRIDAY, fri[0]!), await slotCount(FRIDAY, fri[1]!)];
      const options = (
        await json<{ data: { order: AdminOrder; days: PickupDay[] } }>(
          await env.admin.fetch(`/api/admin/orders/${id}/pickup`),
        )
      ).data;
      expect(options.order.id).toBe(id);
      expect(options.days.find((d) => d.date === FRIDAY)!.slots.map((s) => s.start)).toEqual(fri);

      clock.now = new Date("2026-12-02T08:05:00Z");
      const response = await move(id, { date: FRIDAY, slot: fri[1], version: before.version });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = (await response.json()) as { message: string; data: AdminOrder };
      expect(body.data).toMatchObject({ id, pickup_date: FRIDAY, slot: fri[1], version: before.version + 1 });
      expect(body.data.slot_end).toMatch(/^\d\d:\d\d$/);
      expect(body.message).toContain(fri[1]);
      expect(body.message).toContain(m.mailQueued);
      expect(response.headers.get("etag")).toBe(`"${before.version + 1}"`);
      const after = await orderRow(id);
      expect(after).toMatchObject({ pickup_date: FRIDAY, slot: fri[1], version: before.version + 1 });
      expect(after.updated_at).toBe("2026-12-02T08:05:00.000Z");
      expect(await slotCount(FRIDAY, fri[0]!)).toBe(counts[0]! - 1);
      expect(await slotCount(FRIDAY, fri[1]!)).toBe(counts[1]! + 1);
      // The public order form's slots are read from the same counters (never from a cached page).
      const slots = await json<{ data: { days: PickupDay[] } }>(
        await env.visitor.fetch(`/api/preorders/slots?branch=${branchId}`),
      );
      const friday = slots.data.days.find((d) => d.date === FRIDAY)!;
      expect(friday.slots.find((s) => s.start === fri[1])!.remaining).toBe(6 - (counts[1]! + 1));
      // The list shows it in its new slot.
      const list = await json<{ data: AdminOrderDay }>(
        await env.admin.fetch(`/api/admin/orders?date=${FRIDAY}&branch=${branchId}&slot=${fri[1]}`),
      );
      expect(list.data.orders.map((o) => o.id)).toContain(id);
      // The customer's private page reads the order: the new time.
      const link = (await env.t.services.preorders.withLink(id))!;
      expect(link.order.slot.start).toBe(fri[1]);
      const page = await env.visitor.fetch(`/order/${id}?t=${link.token}`);
      expect(page.status).toBe(200);
      // (React separates the text nodes with comments.)
      const html = (await page.text()).replaceAll("<!-- -->", "");
      expect(html).toContain(`${fri[1]}–${link.order.slot.end}`);
      expect(html).not.toContain(`${fri[0]}–${fri[1]}`);
      // One e-mail, keyed by the new version; the audit entry names the field only.
      expect((await movedJobs(id)).map((j) => j.key)).toEqual([`${id}:moved:${before.version + 1}`]);
      expect(await auditOf(id)).toEqual([[{ field: "slot", personal: true }]]);
      clock.now = new Date("2026-12-02T08:00:00Z");
    });

    it("moves an order to another day: the products' day quantities move with it (the daily limit as it is now)", async () => {
      const id = await place({ items: `${limited.id}.${limited.size}.3`, slot: `${FRIDAY} ${fri[2]}` });
      const [onFriday, onThursday] = [await productCount(FRIDAY), await productCount(thursday)];
      const slotsBefore = [await slotCount(FRIDAY, fri[2]!), await slotCount(thursday, thu[0]!)];
      const { version } = await orderRow(id);
      const response = await move(id, { date: thursday, slot: thu[0], version });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { message: string; data: AdminOrder };
      expect(body.data).toMatchObject({ pickup_date: thursday, slot: thu[0], version: version + 1 });
      // No e-mail address: nothing queued, and the message does not claim one.
      expect(body.message).not.toContain(m.mailQueued);
      expect(await movedJobs(id)).toEqual([]);
      expect(await productCount(FRIDAY)).toBe(onFriday - 3);
      expect(await productCount(thursday)).toBe(onThursday + 3);
      expect(await slotCount(FRIDAY, fri[2]!)).toBe(slotsBefore[0]! - 1);
      expect(await slotCount(thursday, thu[0]!)).toBe(slotsBefore[1]! + 1);
      const fields = (await auditOf(id)).at(-1)!.map((c) => c.field);
      expect(fields).toContain("pickup_date");
      expect(JSON.stringify(await auditOf(id))).not.toContain(thursday);
    });

    it("a full slot is a 409 that names it as full, and nothing changed", async () => {
      const id = await place({ email: "full@example.co.il", slot: `${FRIDAY} ${fri[0]}` });
      const target = fri[3]!;
      await db()
        .insertInto("slot_counts")
        .values({ branch_id: branchId, pickup_date: FRIDAY, slot: target, orders: 6 })
        .onConflict((oc) => oc.columns(["branch_id", "pickup_date", "slot"]).doUpdateSet({ orders: 6 }))
        .execute();
      const before = await snapshot(id, FRIDAY, [
        [FRIDAY, fri[0]!],
        [FRIDAY, target],
      ]);
      const response = await move(id, { date: FRIDAY, slot: target, version: before.order.version });
      expect(response.status).toBe(409);
      const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toContain(target);
      expect(body.message).toContain("מלא");
      expect(body.errors.slot?.[0]).toBe(body.message);
      expect(
        await snapshot(id, FRIDAY, [
          [FRIDAY, fri[0]!],
          [FRIDAY, target],
        ]),
      ).toEqual(before);
      // The staff's slot list shows it full.
      const options = (
        await json<{ data: { days: PickupDay[] } }>(await env.admin.fetch(`/api/admin/orders/${id}/pickup`))
      ).data;
      expect(options.days.find((d) => d.date === FRIDAY)!.slots.find((s) => s.start === target)!.remaining).toBe(0);
    });

    it("a product's daily limit reached on the new day is a 409 with the daily-limit message, and nothing changed", async () => {
      const id = await place({
        email: "limit@example.co.il",
        items: `${limited.id}.${limited.size}.2`,
        slot: `${FRIDAY} ${fri[1]}`,
      });
      await db()
        .insertInto("product_day_counts")
        .values({ product_id: limited.id, pickup_date: thursday, quantity: LIMIT - 1 })
        .onConflict((oc) => oc.columns(["product_id", "pickup_date"]).doUpdateSet({ quantity: LIMIT - 1 }))
        .execute();
      const before = await snapshot(id, thursday, [
        [FRIDAY, fri[1]!],
        [thursday, thu[1]!],
      ]);
      const response = await move(id, { date: thursday, slot: thu[1], version: before.order.version });
      expect(response.status).toBe(409);
      const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBe(hePreorders.errors.dailyLimit(limited.name, 1));
      expect(body.errors.items?.[0]).toBe(body.message);
      expect(
        await snapshot(id, thursday, [
          [FRIDAY, fri[1]!],
          [thursday, thu[1]!],
        ]),
      ).toEqual(before);
      // The dialog's days say so beforehand, in the order page's words; the order's own day (its quantities already
      // counted there) never.
      const options = (
        await json<{ data: { days: OfferedDay[] } }>(await env.admin.fetch(`/api/admin/orders/${id}/pickup`))
      ).data;
      expect(options.days.find((d) => d.date === thursday)!.blocked).toBe(
        hePreorders.order.soldOutForDay(limited.name, 1),
      );
      expect(options.days.find((d) => d.date === FRIDAY)!.blocked).toBeNull();
    });

    it("a stale version is a 409 with the order as it is now; nothing changed", async () => {
      const id = await place({ email: "stale@example.co.il", slot: `${FRIDAY} ${fri[2]}` });
      const { version } = await orderRow(id);
      expect(
        (
          await env.admin.fetch(`/api/admin/orders/${id}/status`, {
            method: "PUT",
            json: { status: "confirmed", version },
          })
        ).status,
      ).toBe(200);
      const before = await snapshot(id, FRIDAY, [
        [FRIDAY, fri[2]!],
        [FRIDAY, fri[4]!],
      ]);
      const response = await move(id, { date: FRIDAY, slot: fri[4], version });
      expect(response.status).toBe(409);
      const body = (await response.json()) as { message: string; data: AdminOrder };
      expect(body.data).toMatchObject({ id, status: "confirmed", version: version + 1, slot: fri[2] });
      expect(
        await snapshot(id, FRIDAY, [
          [FRIDAY, fri[2]!],
          [FRIDAY, fri[4]!],
        ]),
      ).toEqual(before);
      // With If-Match, the JSON API's way: 412 when stale, 200 when current.
      const ifMatch = (v: number) =>
        env.admin.fetch(`/api/admin/orders/${id}/pickup`, {
          method: "PUT",
          json: { date: FRIDAY, slot: fri[4] },
          headers: { "If-Match": `"${v}"` },
        });
      expect((await ifMatch(version)).status).toBe(412);
      expect((await ifMatch(version + 1)).status).toBe(200);
    });

    it("only open orders move: cancelled or collected is a Hebrew 422; an unknown order 404; editors may move, visitors not", async () => {
      const cancelled = await place({ slot: `${FRIDAY} ${fri[0]}` });
      await env.admin.fetch(`/api/admin/orders/${cancelled}/status`, { method: "PUT", json: { status: "cancelled" } });
      const count = await slotCount(FRIDAY, fri[5]!);
      const refused = await move(cancelled, { date: FRIDAY, slot: fri[5] });
      expect(refused.status).toBe(422);
      const body = (await refused.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBe(m.notMovable(hePreorders.statuses.cancelled));
      expect(await slotCount(FRIDAY, fri[5]!)).toBe(count);
      expect((await orderRow(cancelled)).slot).toBe(fri[0]);
      expect((await env.admin.fetch(`/api/admin/orders/${cancelled}/pickup`)).status).toBe(422);

      const collected = await place({ slot: `${FRIDAY} ${fri[0]}` });
      await env.admin.fetch(`/api/admin/orders/${collected}/status`, { method: "PUT", json: { status: "picked_up" } });
      expect((await move(collected, { date: FRIDAY, slot: fri[5] })).status).toBe(422);

      expect((await move(999_999, { date: FRIDAY, slot: fri[5] })).status).toBe(404);
      // A ready order may still move (the customer phones on the day); an editor may do it.
      const ready = await place({ slot: `${FRIDAY} ${fri[0]}` });
      await env.admin.fetch(`/api/admin/orders/${ready}/status`, { method: "PUT", json: { status: "ready" } });
      const byEditor = await move(ready, { date: FRIDAY, slot: fri[5] }, env.editor);
      expect(byEditor.status).toBe(200);
      expect(((await byEditor.json()) as { data: AdminOrder }).data).toMatchObject({ status: "ready", slot: fri[5] });
      expect((await move(ready, { date: FRIDAY, slot: fri[0] }, env.visitor)).status).toBe(401);
    });

    it("a past slot, a slot the branch does not have and bad values are a Hebrew 422; staff may pass the customer's cut-off", async () => {
      const id = await place({ slot: `${FRIDAY} ${fri[0]}` });
      const before = await orderRow(id);
      // Wednesday 08:00 is before now (10:00): never.
      const past = await move(id, { date: "2026-12-02", slot: "08:00" });
      expect(past.status).toBe(422);
      expect(((await past.json()) as { errors: Record<string, string[]> }).errors.slot).toEqual([m.slotPast]);
      // Yesterday, too.
      expect((await move(id, { date: "2026-12-01", slot: fri[0] })).status).toBe(422);
      // Not a slot start of the branch (off the grid), and Shabbat (closed).
      const offGrid = await move(id, { date: FRIDAY, slot: "10:07" });
      expect(offGrid.status).toBe(422);
      expect(((await offGrid.json()) as { errors: Record<string, string[]> }).errors.slot).toEqual([m.slotUnknown]);
      expect((await move(id, { date: "2026-12-05", slot: "10:00" })).status).toBe(422);
      for (const bad of [
        { date: "2026-02-30", slot: "10:00" },
        { date: "friday", slot: "10:00" },
        { date: FRIDAY, slot: "25:00" },
        { date: FRIDAY, slot: "10" },
        { date: FRIDAY },
        { slot: "10:00" },
        { date: 5, slot: [] },
      ]) {
        const response = await move(id, bad);
        expect(response.status, JSON.stringify(bad)).toBe(422);
        const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
        expect(body.message).toMatch(/[א-ת]/);
        const field = Object.keys(body.errors)[0]!;
        expect(["date", "slot"]).toContain(field);
        expect(body.errors[field]![0]).toMatch(/[א-ת]/);
      }
      expect(await orderRow(id)).toEqual(before);
      // Today's later slot is past the customer's cut-off (the day before at 20:00) but not past: staff may.
      const later = today.find((s) => s.start > "10:00")!;
      const response = await move(id, { date: "2026-12-02", slot: later.start, version: before.version });
      expect(response.status).toBe(200);
      expect((await orderRow(id)).pickup_date).toBe("2026-12-02");
    });

    it("each move queues one e-mail (a second move another); the same slot again changes nothing and queues none", async () => {
      const id = await place({ email: "twice@example.co.il", slot: `${FRIDAY} ${fri[0]}` });
      const v0 = (await orderRow(id)).version;
      expect((await move(id, { date: FRIDAY, slot: fri[1], version: v0 })).status).toBe(200);
      expect((await move(id, { date: thursday, slot: thu[2], version: v0 + 1 })).status).toBe(200);
      const same = await move(id, { date: thursday, slot: thu[2], version: v0 + 2 });
      expect(same.status).toBe(200);
      const body = (await same.json()) as { message: string; data: AdminOrder };
      expect(body.data.version).toBe(v0 + 2);
      expect(body.message).toBe(m.unchanged(id));
      expect((await movedJobs(id)).map((j) => j.key)).toEqual([`${id}:moved:${v0 + 1}`, `${id}:moved:${v0 + 2}`]);
      // The confirmation is still the one of the order's insert.
      const confirmation = await db()
        .selectFrom("jobs")
        .select("key")
        .where("key", "=", `${id}:confirmation`)
        .execute();
      expect(confirmation).toHaveLength(1);
      // Two entries with field names only; the no-op press names only the request.
      const entries = await auditOf(id);
      expect(entries.filter((e) => e.some((c) => c.field === "slot" || c.field === "pickup_date"))).toHaveLength(2);
      expect(entries.every((e) => e.every((c) => c.field === "route" || c.personal === true))).toBe(true);
      // The e-mail: Hebrew, the new day and time, the private link.
      const found = (await env.t.services.preorders.withLink(id))!;
      const message = orderMessage("moved", {
        order: found.order,
        to: "twice@example.co.il",
        brand: "מאפייה",
        link: "https://example.test/order/1?t=x",
        whatsappNumber: "",
        messageId: "<x@y>",
      });
      expect(message.subject).toBe(hePreorders.mail.movedSubject("מאפייה", id));
      expect(message.text).toContain(`${thu[2]}–${found.order.slot.end}`);
      expect(message.html).toContain('dir="rtl"');
      expect(message.text).toContain(pickupDayLabel(thursday));
      // The outbox's sender reads each move's key: one message per move, each its own Message-ID; none once the
      // order was cancelled.
      const sent: MailMessage[] = [];
      const sender = createOrderMail({
        preorders: env.t.services.preorders,
        settings: env.t.services.settings,
        mailer: { enabled: true, send: async (mail) => void sent.push(mail), close: () => {} },
        logger: createLogger("silent"),
      });
      const brand = (await env.t.services.settings.get()).brandName;
      expect(await sender.send(`${id}:moved:${v0 + 1}`)).toBe("sent");
      expect(await sender.send(`${id}:moved:${v0 + 2}`)).toBe("sent");
      expect(sent.map((mail) => mail.subject)).toEqual([
        hePreorders.mail.movedSubject(brand, id),
        hePreorders.mail.movedSubject(brand, id),
      ]);
      expect(sent.map((mail) => (mail as { messageId?: string }).messageId)).toEqual([
        expect.stringMatching(new RegExp(`^<order-${id}-moved-${v0 + 1}@`)),
        expect.stringMatching(new RegExp(`^<order-${id}-moved-${v0 + 2}@`)),
      ]);
      expect(sent[0]!.text).toContain(hePreorders.mail.movedIntro(pickupDayLabel(thursday)).split(":")[0]!);
      await env.admin.fetch(`/api/admin/orders/${id}/status`, { method: "PUT", json: { status: "cancelled" } });
      expect(await sender.send(`${id}:moved:${v0 + 2}`)).toBe("skipped");
    });
  });
}
