/**
 * Pre-orders for pickup (issue 28), over each database, through the service the order page and the API call:
 * slots from the hours engine on a Friday, a Shabbat, erev Pesach and Yom Kippur (injected clock); the order
 * deadline; no overbooking when many orders race for the last places of a slot or a product's day; one order per
 * form (idempotency key); the server's prices; the private link (view once, cancel once, only its own order); the
 * outbox's e-mail sent once after a "crash" between the commit and the send; retention erasing personal fields.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarFacts } from "../../domain/hours/engine.ts";
import { jerusalemInstant } from "../../domain/hours/time.ts";
import { hePreorders } from "../../domain/i18n/preorders.ts";
import type { PickupDay } from "../../domain/preorders/slots.ts";
import { holidayWindow } from "../../domain/seasonal/holidays.ts";
import { createJobQueue } from "../../server/db/jobs.ts";
import countEveryProductDayMigration from "../../server/db/migrations/026-count-every-product-day.ts";
import { createBackgroundWorker } from "../../server/jobs/background.ts";
import { createLogger } from "../../server/log.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import { HOLDS_CAPACITY, ORDER_MAIL_JOB } from "../../server/services/preorders.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";
import { suiteApp } from "../support/suite-app.ts";

const m = hePreorders.errors;
let now = new Date("2026-12-02T08:00:00Z"); // Wednesday 10:00 in Jerusalem
const clock = () => now;
let keySeq = 0;
const key = () => `test-key-${Date.now()}-${++keySeq}`.padEnd(20, "x");

/** Minutes since midnight of "HH:MM". */
const mins = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

for (const factory of testDatabases()) {
  describe(`pre-orders on ${factory.name}`, () => {
    const env = suiteApp(factory, {
      seeded: true,
      app: () => ({ clock, mailer: createMailer({ smtpUrl: smtp.url, from: "orders@example.test" }) }),
    });
    const db = () => env.database.handle.db;
    const service = () => env.t.services.preorders;
    let branchId = 0;
    let product = { id: 0, size: 0, price: 0, name: "" };

    beforeAll(async () => {
      // The shuk branch: Friday until two hours before candle-lighting, Saturday night after havdalah, closed on Pesach.
      const branch = await db()
        .selectFrom("branches")
        .select(["id", "opening_hours"])
        .where("opening_hours", "like", "%before_candles%")
        .where("opening_hours", "like", "%after_havdalah%")
        .orderBy("id")
        .executeTakeFirstOrThrow();
      branchId = branch.id;
      const row = await db()
        .selectFrom("sizes")
        .innerJoin("products", "products.id", "sizes.product_id")
        .select(["products.id", "products.name", "sizes.id as size", "sizes.price"])
        .where("products.status", "=", 1)
        .orderBy("products.id")
        .executeTakeFirstOrThrow();
      product = { id: row.id, size: row.size, price: row.price, name: row.name };
    });

    const order = (over: Record<string, unknown> = {}) => ({
      items: `${product.id}.${product.size}.1`,
      branch: String(branchId),
      slot: "",
      name: "ישראל ישראלי",
      phone: "050-1234567",
      email: "",
      note: "",
      consent: "on",
      key: key(),
      ...over,
    });
    const days = async (): Promise<PickupDay[]> => (await service().availability(branchId))!.days;
    const firstSlot = async (date: string) => {
      const day = (await days()).find((d) => d.date === date);
      if (!day) throw new Error(`no pickup on ${date}`);
      return `${date} ${day.slots[0]!.start}`;
    };
    const setRules = (set: Record<string, number | string>) =>
      db().updateTable("pickup_settings").set(set).where("branch_id", "=", branchId).execute();

    it("offers Friday slots that end before candle-lighting (less the branch's two hours), none on Shabbat before havdalah", async () => {
      now = new Date("2026-12-02T08:00:00Z");
      const found = await days();
      const [friday, saturday] = calendarFacts("2026-12-04", 2);
      const fri = found.find((d) => d.date === "2026-12-04");
      expect(fri?.slots.length).toBeGreaterThan(3);
      const candles = friday!.candles!;
      const last = fri!.slots.at(-1)!;
      expect(jerusalemInstant("2026-12-04", last.end).getTime()).toBeLessThanOrEqual(candles.getTime() - 120 * 60_000);
      const sat = found.find((d) => d.date === "2026-12-05");
      for (const slot of sat?.slots ?? []) {
        expect(jerusalemInstant("2026-12-05", slot.start).getTime()).toBeGreaterThanOrEqual(
          saturday!.havdalah!.getTime(),
        );
      }
      // Every slot is as long as the branch says (the last of an interval may be shorter, never longer).
      for (const day of found)
        for (const s of day.slots)
          expect(mins(s.end === "24:00" ? "24:00" : s.end) - mins(s.start)).toBeLessThanOrEqual(30);
    });

    it("erev Pesach ends before candle-lighting and Pesach itself is closed (the shuk branch closes for the festival)", async () => {
      now = new Date("2027-04-18T08:00:00Z");
      const found = await days();
      const [erev] = calendarFacts("2027-04-21", 1);
      const erevDay = found.find((d) => d.date === "2027-04-21");
      for (const slot of erevDay?.slots ?? []) {
        expect(jerusalemInstant("2027-04-21", slot.end).getTime()).toBeLessThanOrEqual(erev!.candles!.getTime());
      }
      expect(found.some((d) => d.date === "2027-04-22")).toBe(false);
    });

    it("Yom Kippur has no slot before havdalah, and its eve none after candle-lighting", async () => {
      now = new Date("2027-10-06T08:00:00Z");
      const found = await days();
      const [erev, kippur] = calendarFacts("2027-10-10", 2);
      expect(kippur!.holidays.join(" ")).toContain("כיפור");
      for (const slot of found.find((d) => d.date === "2027-10-10")?.slots ?? []) {
        expect(jerusalemInstant("2027-10-10", slot.end).getTime()).toBeLessThanOrEqual(erev!.candles!.getTime());
      }
      for (const slot of found.find((d) => d.date === "2027-10-11")?.slots ?? []) {
        expect(jerusalemInstant("2027-10-11", slot.start).getTime()).toBeGreaterThanOrEqual(
          kippur!.havdalah!.getTime(),
        );
      }
    });

    it("takes an order priced by the server, ignoring a price sent by the client, and refuses after the day's deadline", async () => {
      now = new Date("2026-12-02T08:00:00Z");
      const slot = await firstSlot("2026-12-04");
      const placed = await service().place(
        order({ slot, items: `${product.id}.${product.size}.3`, price: "1", total: "1" }),
      );
      const row = await db().selectFrom("orders").selectAll().where("id", "=", placed.id).executeTakeFirstOrThrow();
      expect(row.total).toBe(product.price * 3);
      expect(row.status).toBe("new");
      // Order by 20:00 the day before: Thursday 20:00 has passed on Thursday 21:00.
      now = new Date("2026-12-03T19:00:00Z");
      await expect(service().place(order({ slot }))).rejects.toMatchObject({
        status: 422,
        errors: { slot: [m.slotPast] },
      });
      now = new Date("2026-12-02T08:00:00Z");
    });

    it("refuses bad input with Hebrew field messages and stores nothing", async () => {
      const slot = await firstSlot("2026-12-04");
      const before = await db()
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ items: "" }, "items", m.itemsRequired],
        [{ items: `${product.id}.${product.size}.0` }, "items", m.quantity(50)],
        [{ items: `${product.id}.${product.size}.51` }, "items", m.quantity(50)],
        [{ items: "1.x.2" }, "items", m.itemsInvalid],
        [{ items: `${product.id}.999999.1` }, "items", m.productUnknown],
        [{ branch: "999999" }, "branch", m.branchUnknown],
        [{ slot: "2026-12-05 12:00" }, "slot", m.slotInvalid],
        [{ slot: "2026-02-30 10:00" }, "slot", m.slotInvalid],
        [{ phone: "02-6234567" }, "phone", m.phoneInvalid],
        [{ email: "not-an-email" }, "email", m.emailInvalid],
        [{ note: "<script>alert(1)</script>" }, "note", m.noteMarkup],
        [{ note: "א".repeat(201) }, "note", m.noteTooLong(200)],
        [{ consent: "" }, "consent", m.consentRequired],
        [{ key: "short" }, "key", m.keyInvalid],
      ];
      for (const [over, field, message] of cases) {
        const error = await service()
          .place(order({ slot, ...over }))
          .then(
            () => null,
            (e: unknown) => e as { status: number; errors: Record<string, string[]> },
          );
        expect(error?.status, JSON.stringify(over)).toBe(422);
        expect(error?.errors[field], JSON.stringify(over)).toContain(message);
      }
      const after = await db()
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it("a replayed or double-clicked submit (the same key) is one order", async () => {
      const slot = await firstSlot("2026-12-04");
      const form = order({ slot });
      const results = await Promise.all([service().place(form), service().place(form), service().place(form)]);
      expect(new Set(results.map((r) => r.id)).size).toBe(1);
      expect(new Set(results.map((r) => r.token)).size).toBe(1);
      const rows = await db().selectFrom("orders").select("id").where("idempotency_key", "=", form.key).execute();
      expect(rows).toHaveLength(1);
    });

    it("never overbooks: 20 orders racing for the last 3 places of a slot → exactly 3 accepted, 17 told it is full with the nearest free slots", async () => {
      await setRules({ orders_per_slot: 3 });
      const found = await days();
      const day = found.find((d) => d.date === "2026-12-07")!;
      const target = day.slots.find((s) => s.remaining === 3)!;
      const slot = `2026-12-07 ${target.start}`;
      const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => service().place(order({ slot }))));
      const accepted = outcomes.filter((o) => o.status === "fulfilled");
      const refused = outcomes.flatMap((o) =>
        o.status === "rejected" ? [o.reason as { status: number; message: string }] : [],
      );
      expect(accepted).toHaveLength(3);
      expect(refused).toHaveLength(17);
      for (const r of refused) {
        expect(r.status).toBe(409);
        expect(r.message).toContain(m.slotFull);
        expect(r.message).toContain(m.nearest);
        // The nearest slots' hours read in order in the Hebrew sentence (isolated left-to-right).
        expect(r.message).toMatch(/\u2066\d{2}:\d{2}–\d{2}:\d{2}\u2069/);
      }
      const count = await db()
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("branch_id", "=", branchId)
        .where("pickup_date", "=", "2026-12-07")
        .where("slot", "=", target.start)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(3);
      const after = (await days()).find((d) => d.date === "2026-12-07")!.slots.find((s) => s.start === target.start)!;
      expect(after.remaining).toBe(0);
      await setRules({ orders_per_slot: 6 });
    });

    it("never sells more of a product a day than its limit: 12 racing orders of 1 for the last 4 → exactly 4", async () => {
      await db().updateTable("products").set({ preorder_daily_limit: 4 }).where("id", "=", product.id).execute();
      await setRules({ orders_per_slot: 100 });
      const slots = (await days()).find((d) => d.date === "2026-12-08")!.slots;
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          service().place(order({ slot: `2026-12-08 ${slots[i % slots.length]!.start}` })),
        ),
      );
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(4);
      for (const o of outcomes) {
        if (o.status === "rejected")
          expect(o.reason).toMatchObject({ status: 409, message: m.dailyLimit(product.name, 0) });
      }
      await db().updateTable("products").set({ preorder_daily_limit: null }).where("id", "=", product.id).execute();
      await setRules({ orders_per_slot: 6 });
    });

    it("a daily limit set after orders were taken counts them: 3 of 5 taken → 2 more, then the day is full; a cancel gives back", async () => {
      await setRules({ orders_per_slot: 100 });
      const slots = (await days()).find((d) => d.date === "2026-12-13")!.slots;
      const at = (i: number) => `2026-12-13 ${slots[i % slots.length]!.start}`;
      // No limit yet: three orders of one.
      const early = [];
      for (let i = 0; i < 3; i++) early.push(await service().place(order({ slot: at(i) })));
      // The bakery finds it can make five that day.
      await db().updateTable("products").set({ preorder_daily_limit: 5 }).where("id", "=", product.id).execute();
      const three = order({ slot: at(3), items: `${product.id}.${product.size}.3` });
      await expect(service().place(three)).rejects.toMatchObject({
        status: 409,
        message: m.dailyLimit(product.name, 2),
      });
      await service().place(order({ slot: at(4), items: `${product.id}.${product.size}.2` }));
      await expect(service().place(order({ slot: at(5) }))).rejects.toMatchObject({
        status: 409,
        message: m.dailyLimit(product.name, 0),
      });
      // An order from before the limit, cancelled, gives its one back: the day takes exactly one more.
      expect(await service().cancel(early[0]!.id, early[0]!.token)).toBe("cancelled");
      await service().place(order({ slot: at(6) }));
      await expect(service().place(order({ slot: at(7) }))).rejects.toMatchObject({ status: 409 });
      await db().updateTable("products").set({ preorder_daily_limit: null }).where("id", "=", product.id).execute();
      await setRules({ orders_per_slot: 6 });
    });

    it("migration 026 rebuilds every product's day counts from the orders that hold capacity, a cancelled one left out", async () => {
      const orders = await db().selectFrom("orders").select(["id", "pickup_date", "status"]).execute();
      const items = await db().selectFrom("order_items").select(["order_id", "product_id", "quantity"]).execute();
      const byId = new Map(orders.map((o) => [o.id, o]));
      expect(
        orders.some((o) => o.status === "cancelled"),
        "a cancelled order, which must not count",
      ).toBe(true);
      const expected = new Map<string, number>();
      for (const item of items) {
        const o = byId.get(item.order_id)!;
        if (!HOLDS_CAPACITY.includes(o.status)) continue;
        const at = `${item.product_id} ${o.pickup_date}`;
        expected.set(at, (expected.get(at) ?? 0) + item.quantity);
      }
      // As the earlier code left them: no rows for products without a limit, and one off.
      await db().deleteFrom("product_day_counts").execute();
      await db()
        .insertInto("product_day_counts")
        .values({ product_id: product.id, pickup_date: "2026-12-13", quantity: 99 })
        .execute();
      await countEveryProductDayMigration().up(db() as never);
      const rows = await db().selectFrom("product_day_counts").selectAll().execute();
      const actual = new Map(rows.map((r) => [`${r.product_id} ${r.pickup_date}`, Number(r.quantity)]));
      expect(actual).toEqual(expected);
    });

    it("the private link shows only its own order; cancel works once, gives the place back, and not after the deadline", async () => {
      const slot = await firstSlot("2026-12-09");
      const a = await service().place(order({ slot }));
      const b = await service().place(order({ slot }));
      expect((await service().view(a.id, a.token))?.id).toBe(a.id);
      expect(await service().view(a.id, b.token)).toBeNull();
      expect(await service().view(b.id, a.token)).toBeNull();
      // One character changed (never to itself: a token already ending in "A" gets "B").
      const forged = `${a.token.slice(0, -1)}${a.token.endsWith("A") ? "B" : "A"}`;
      expect(await service().view(a.id, forged)).toBeNull();
      const start = slot.slice(11);
      const remaining = async () =>
        (await days()).find((d) => d.date === "2026-12-09")!.slots.find((s) => s.start === start)!.remaining;
      const before = await remaining();
      expect(await service().cancel(a.id, b.token)).toBeNull();
      expect(await service().cancel(a.id, a.token)).toBe("cancelled");
      expect(await remaining()).toBe(before + 1);
      expect(await service().cancel(a.id, a.token)).toBe("cancelled");
      expect(await remaining()).toBe(before + 1);
      now = new Date("2026-12-08T19:00:00Z"); // Tuesday 21:00: Wednesday's orders closed at 20:00
      expect(await service().cancel(b.id, b.token)).toBe("closed");
      expect((await service().view(b.id, b.token))?.cancellableUntil).toBeNull();
      now = new Date("2026-12-02T08:00:00Z");
    });

    it("sends the confirmation e-mail once, from the outbox, after a crash between the commit and the send", async () => {
      smtp.messages.length = 0;
      const slot = await firstSlot("2026-12-10");
      const placed = await service().place(order({ slot, email: "customer@example.test" }));
      // The order committed with its outbox item; the process "died" before any worker sent it.
      const queued = await db()
        .selectFrom("jobs")
        .selectAll()
        .where("kind", "=", ORDER_MAIL_JOB)
        .where("key", "=", `${placed.id}:confirmation`)
        .execute();
      expect(queued).toHaveLength(1);
      // A claim that died with its process: its lease ran out, the next server's worker requeues and sends it.
      const queue = createJobQueue(env.database.handle);
      await queue.claim([ORDER_MAIL_JOB], "dead-server", 1);
      await new Promise((r) => setTimeout(r, 5));
      await queue.requeueAbandoned([ORDER_MAIL_JOB], () => 0);
      const worker = createBackgroundWorker(env.database.handle, env.t.services, createLogger("silent"), {
        kinds: ["mail"],
      });
      expect(await worker.runUntilIdle()).toBeGreaterThanOrEqual(1);
      expect(await worker.runUntilIdle()).toBe(0);
      const mails = smtp.messages.filter((mail) => mail.to.includes("customer@example.test"));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain(String(placed.id));
      expect(mails[0]!.text).toContain(`/order/${placed.id}?t=${placed.token}`);
      expect(mails[0]!.html).toContain('dir="rtl"');
      // The pickup hours isolated left-to-right: in a Hebrew line "10:00–10:30" would read "10:30–10:00".
      expect(mails[0]!.text).toContain(`\u2066${slot.slice(11)}–`);
      expect(mails[0]!.raw).toMatch(new RegExp(`Message-ID: <order-${placed.id}-confirmation@`, "i"));
    });

    it("the JSON API: slots never cached, an order → 201 with its private link, a full slot → 409 in Hebrew; no page is invalidated", async () => {
      const visitor = new TestClient(env.t);
      const slotsRes = await visitor.fetch(`/api/preorders/slots?branch=${branchId}`);
      expect(slotsRes.status).toBe(200);
      expect(slotsRes.headers.get("cache-control")).toBe("no-store");
      const { data } = (await slotsRes.json()) as { data: { days: PickupDay[] } };
      const day = data.days.find((d) => d.date === "2026-12-14")!;
      const slot = `${day.date} ${day.slots[0]!.start}`;
      expect((await visitor.fetch("/api/preorders/slots?branch=999999")).status).toBe(404);
      await setRules({ orders_per_slot: 1 });
      const before = env.t.contentVersion.current();
      const res = await visitor.fetch("/api/preorders", { method: "POST", json: order({ slot }) });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { data: { id: number; link: string } };
      expect(body.data.link).toMatch(new RegExp(`^/order/${body.data.id}\\?t=[\\w-]{32}$`));
      const full = await visitor.fetch("/api/preorders", { method: "POST", json: order({ slot }) });
      expect(full.status).toBe(409);
      const refusal = (await full.json()) as { message: string; errors: Record<string, string[]> };
      expect(refusal.message).toContain(m.slotFull);
      expect(refusal.errors.slot?.[0]).toContain(m.nearest);
      const bad = await visitor.fetch("/api/preorders", { method: "POST", json: order({ slot, phone: "abc" }) });
      expect(bad.status).toBe(422);
      expect(env.t.contentVersion.current()).toBe(before);
      await setRules({ orders_per_slot: 6 });
    });

    it("a holiday collection's pre-orders close its cut-off days before the holiday (Hanukkah 5787 begins on the evening of 4 December 2026)", async () => {
      expect(holidayWindow("hanukkah", 5787).firstDay).toBe("2026-12-05");
      const { id: collection } = await env.t.services.admin.categories.create({
        name: "סופגניות לחנוכה",
        information: "",
        status: 1,
        is_main: true,
        parent_id: null,
        visibility_home_page: false,
        position: 0,
        holiday: "hanukkah",
        holiday_lead_days: 30,
        preorder_cutoff_days: 2,
      });
      await db().insertInto("category_product").values({ category_id: collection, product_id: product.id }).execute();
      now = new Date("2026-12-03T20:00:00Z"); // Thursday 22:00: the last day to order (two days before)
      const slot = await firstSlot("2026-12-07");
      expect((await service().place(order({ slot }))).id).toBeGreaterThan(0);
      now = new Date("2026-12-03T22:30:00Z"); // Friday 00:30: closed
      const closed = m.collectionClosed("חנוכה", "יום חמישי, 3 בדצמבר");
      await expect(service().place(order({ slot }))).rejects.toMatchObject({
        status: 422,
        errors: { items: [closed] },
      });
      expect(
        (await service().price([{ product: product.id, size: product.size, quantity: 1 }])).priced[0]?.closed,
      ).toBe(closed);
      // After the holiday the collection's window ends: orders are taken again (for next year).
      now = new Date("2026-12-14T08:00:00Z");
      expect(
        (await service().price([{ product: product.id, size: product.size, quantity: 1 }])).priced[0]?.closed,
      ).toBeNull();
      await db().deleteFrom("category_product").where("category_id", "=", collection).execute();
      now = new Date("2026-12-02T08:00:00Z");
    });

    it("erases an order's personal fields after the retention period; the sale stays", async () => {
      const slot = await firstSlot("2026-12-10");
      const placed = await service().place(order({ slot, email: "old@example.test", note: "מזל טוב" }));
      now = new Date("2027-12-11T08:00:00Z");
      expect(await service().eraseExpired()).toBeGreaterThanOrEqual(1);
      const row = await db().selectFrom("orders").selectAll().where("id", "=", placed.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: "", phone: "", email: null, note: "" });
      expect(row.erased_at).not.toBeNull();
      expect(row.total).toBeGreaterThan(0);
      expect(await service().view(placed.id, placed.token)).toBeNull();
      now = new Date("2026-12-02T08:00:00Z");
    });
  });
}
