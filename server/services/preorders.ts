/**
 * Pre-orders for pickup (issue 28), the customer's side: which branches take them and when (slots from the hours
 * engine, domain/preorders/slots.ts), the basket priced by the server, placing an order, and the order's private
 * page (view, cancel). Capacity — orders per slot, a product's quantity per day — is taken by conditional UPDATEs
 * in the order's transaction (`… set orders = orders + 1 where orders < capacity`): on PostgreSQL a second
 * transaction updating the same counter waits for the first and re-reads the row, on SQLite write transactions
 * are serial (BEGIN IMMEDIATE), so no check-then-write race can sell a place twice, on any number of servers.
 * The confirmation e-mail is an outbox item (the `jobs` table) written in the same transaction: it exists exactly
 * when the order does, and the worker sends it after the commit (server/jobs/background.ts).
 *
 * Placing or cancelling an order touches no cached page: orders are no visitor's content but their owner's, and
 * availability is read by the order page itself (a page with the session), never from a cached page.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { toFieldErrors } from "../../domain/field-errors.ts";
import { openingDays } from "../../domain/hours/engine.ts";
import { parseStoredHours } from "../../domain/hours/rules.ts";
import { addDays, daysBetween, jerusalemDate, jerusalemInstant } from "../../domain/hours/time.ts";
import { heApi } from "../../domain/i18n/api.ts";
import { rangeText } from "../../domain/i18n/bidi.ts";
import { hePreorders } from "../../domain/i18n/preorders.ts";
import { heSeasonal } from "../../domain/i18n/seasonal.ts";
import { agorotToShekels } from "../../domain/money.ts";
import {
  nearestFreeSlots,
  type OfferedDay,
  orderDeadline,
  type PickupDay,
  type PickupRules,
  pickupDayLabel,
  pickupDays,
  slotEnd,
  slotKey,
} from "../../domain/preorders/slots.ts";
import { type BasketLine, type PreorderInput, preorderSchema } from "../../domain/schemas/preorder.ts";
import { currentOrNextWindow, isHoliday } from "../../domain/seasonal/holidays.ts";
import type { DB } from "../db/database.ts";
import { enqueueJob } from "../db/jobs.ts";
import type { OrderRow, OrderStatus, PickupSettingsRow } from "../db/schema.ts";
import { HttpError, ValidationError } from "../errors.ts";
import { PUBLISHED } from "./categories.ts";
import { type Clock, systemClock } from "./clock.ts";
import { isBot } from "./contact.ts";
import { liveAt } from "./windows.ts";

/**
 * The outbox's kind: an order's e-mail, keyed `<order id>:confirmation`, `<order id>:ready`, or
 * `<order id>:moved:<version>` (each move of the pickup time tells the customer again).
 */
export const ORDER_MAIL_JOB = "order-mail";
export type OrderMailKind = "confirmation" | "ready" | "moved";

/** Statuses a customer may still cancel from (before the cut-off). */
const CANCELLABLE: readonly OrderStatus[] = ["new", "confirmed"];
/** Statuses that hold a place in their slot and their products' daily counts. */
export const HOLDS_CAPACITY: readonly OrderStatus[] = ["new", "confirmed", "ready", "picked_up", "no_show"];

const m = hePreorders.errors;

export interface PickupBranch {
  id: number;
  name: string;
  address: string;
}

/** A basket line as the server prices it (shekels, like every API). */
export interface PricedLine extends BasketLine {
  productName: string;
  sizeName: string;
  unitPrice: number;
  lineTotal: number;
  /** The product's per-day limit (null: none). */
  dailyLimit: number | null;
  /** "Sold out today" until this ISO instant (issue 30), or null. */
  soldOutUntil: string | null;
  /** Why it cannot be pre-ordered now (its holiday collection's orders have closed), or null. */
  closed: string | null;
}

export interface OrderView {
  id: number;
  status: OrderStatus;
  branch: { id: number; name: string; address: string; phone: string };
  pickupDate: string;
  slot: { start: string; end: string };
  name: string;
  email: string | null;
  note: string;
  total: number;
  items: { productId: number; productName: string; sizeName: string; unitPrice: number; quantity: number }[];
  /** Until when the customer may cancel (ISO), null when it is no longer possible. */
  cancellableUntil: string | null;
  createdAt: string;
}

export const rulesOf = (row: PickupSettingsRow): PickupRules => ({
  slotMinutes: row.slot_minutes,
  ordersPerSlot: row.orders_per_slot,
  leadDays: row.lead_days,
  orderBy: row.order_by,
  horizonDays: row.horizon_days,
});

/**
 * A product's quantity in an order and its daily limit. Every product's quantity is counted per day, limited or
 * not (null): a limit set later in the season then counts the orders already taken.
 */
interface ProductQuantity {
  quantity: number;
  limit: number | null;
  name: string;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A capacity that ran out in the order's transaction: rolls it back, then becomes the customer's answer. */
export class CapacityTaken extends Error {
  readonly field: "slot" | "items";
  readonly answer: string;
  constructor(field: "slot" | "items", answer: string) {
    super(answer);
    this.field = field;
    this.answer = answer;
  }
}

export function createPreordersService(db: DB, deps: { clock?: Clock; secret: string }) {
  const clock = deps.clock ?? systemClock;
  /** The private link's token: derived from the order's idempotency key, so a replayed submit gets the same link. */
  const tokenFor = (key: string) =>
    createHmac("sha256", deps.secret).update(`order:${key}`).digest("base64url").slice(0, 32);

  async function policy() {
    const row = await db.selectFrom("preorder_policy").selectAll().where("id", "=", 1).executeTakeFirst();
    return { emailRequired: Boolean(row?.email_required), retentionMonths: row?.retention_months ?? 12 };
  }

  async function settingsOf(branchId: number) {
    return db
      .selectFrom("pickup_settings")
      .innerJoin("branches", "branches.id", "pickup_settings.branch_id")
      .selectAll("pickup_settings")
      .select(["branches.name", "branches.address", "branches.phone", "branches.opening_hours"])
      .where("pickup_settings.branch_id", "=", branchId)
      .where("pickup_settings.enabled", "=", 1)
      .executeTakeFirst();
  }

  async function bookedSlots(branchId: number, from: string, to: string): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom("slot_counts")
      .select(["pickup_date", "slot", "orders"])
      .where("branch_id", "=", branchId)
      .where("pickup_date", ">=", from)
      .where("pickup_date", "<=", to)
      .execute();
    return new Map(rows.map((r) => [slotKey(r.pickup_date, r.slot), r.orders]));
  }

  /**
   * The branch's pickup days from today at `now` (or only the day `only`), with what is booked; null when it takes
   * no pre-orders. `staff`: staff moving an order may pass the customer's lead time and order-by cut-off (the
   * branch's days ahead still bound it, and a slot that has started is never offered).
   */
  async function availability(branchId: number, now = clock(), only?: string, options: { staff?: boolean } = {}) {
    const settings = await settingsOf(branchId);
    if (!settings) return null;
    const rules = rulesOf(settings);
    const today = jerusalemDate(now);
    // One day (placing an order for it) costs the calendar of that day only, not of the whole horizon.
    const offset = only === undefined ? 0 : daysBetween(today, only);
    const inHorizon = offset >= 0 && offset < rules.horizonDays;
    const from = only ?? today;
    const count = only === undefined ? rules.horizonDays : inHorizon ? 1 : 0;
    const days = count ? openingDays(parseStoredHours(settings.opening_hours), from, count) : [];
    const booked = count ? await bookedSlots(branchId, from, addDays(from, count - 1)) : new Map<string, number>();
    return {
      branch: { id: branchId, name: settings.name, address: settings.address, phone: settings.phone },
      rules,
      days: pickupDays(days, rules, now, booked, { ignoreDeadline: options.staff === true }),
    };
  }

  /**
   * Products whose holiday collection has closed its pre-orders at `now`: from the end of the day `cut-off days`
   * before the holiday's first day (that year's, from the Hebrew calendar) until the collection's window ends.
   */
  async function collectionClosures(productIds: readonly number[], now: Date): Promise<Map<number, string>> {
    const closures = new Map<number, string>();
    if (!productIds.length) return closures;
    const rows = await db
      .selectFrom("category_product")
      .innerJoin("categories", "categories.id", "category_product.category_id")
      .select([
        "category_product.product_id as product",
        "categories.holiday",
        "categories.holiday_lead_days as leadDays",
        "categories.preorder_cutoff_days as cutoff",
      ])
      .where("category_product.product_id", "in", [...new Set(productIds)])
      .where("categories.holiday", "is not", null)
      .where("categories.preorder_cutoff_days", "is not", null)
      .execute();
    for (const row of rows) {
      if (!isHoliday(row.holiday) || row.cutoff === null || closures.has(row.product)) continue;
      const window = currentOrNextWindow(row.holiday, Number(row.leadDays), now);
      const lastDay = addDays(window.firstDay, -Number(row.cutoff));
      const closedFrom = jerusalemInstant(addDays(lastDay, 1), "00:00");
      if (now.getTime() >= closedFrom.getTime() && now.getTime() < window.showUntil.getTime()) {
        closures.set(row.product, m.collectionClosed(heSeasonal.holidays[row.holiday], pickupDayLabel(lastDay)));
      }
    }
    return closures;
  }

  /** The basket's lines priced from the catalogue; lines naming what is not on sale are left out (`missing`). */
  async function price(lines: readonly BasketLine[]): Promise<{ priced: PricedLine[]; missing: BasketLine[] }> {
    if (!lines.length) return { priced: [], missing: [] };
    const now = clock();
    const rows = await db
      .selectFrom("sizes")
      .innerJoin("products", "products.id", "sizes.product_id")
      .select([
        "sizes.id as size",
        "sizes.name as sizeName",
        "sizes.price",
        "products.id as product",
        "products.name as productName",
        "products.preorder_daily_limit as dailyLimit",
        "products.sold_out_until as soldOutUntil",
      ])
      .where(
        "sizes.id",
        "in",
        lines.map((l) => l.size),
      )
      .where("products.status", "=", PUBLISHED)
      .where(liveAt(now, "products"))
      .execute();
    const closed = await collectionClosures(
      rows.map((r) => r.product),
      now,
    );
    const priced: PricedLine[] = [];
    const missing: BasketLine[] = [];
    for (const line of lines) {
      const row = rows.find((r) => r.size === line.size && r.product === line.product);
      if (!row) {
        missing.push(line);
        continue;
      }
      const unitPrice = agorotToShekels(row.price);
      priced.push({
        ...line,
        productName: row.productName,
        sizeName: row.sizeName,
        unitPrice,
        lineTotal: agorotToShekels(row.price * line.quantity),
        dailyLimit: row.dailyLimit,
        soldOutUntil: row.soldOutUntil,
        closed: closed.get(row.product) ?? null,
      });
    }
    return { priced, missing };
  }

  /**
   * The days as this basket can have them: a day on which a product's daily limit leaves less than the basket
   * asks is blocked with the reason; slots before a product's "sold out today" ends are left out. The order is
   * checked again when placed.
   */
  async function offer(days: readonly PickupDay[], priced: readonly PricedLine[]): Promise<OfferedDay[]> {
    const wanted = new Map<number, { quantity: number; limit: number; name: string }>();
    for (const line of priced) {
      if (line.dailyLimit === null) continue;
      const entry = wanted.get(line.product) ?? { quantity: 0, limit: line.dailyLimit, name: line.productName };
      entry.quantity += line.quantity;
      wanted.set(line.product, entry);
    }
    const blocks = await dailyLimitBlocks(
      days.map((d) => d.date),
      wanted,
    );
    const soldOutUntil = priced
      .map((l) => l.soldOutUntil)
      .filter((t): t is string => t !== null)
      .sort()
      .at(-1);
    return days
      .map((day) => {
        const blocked = blocks.get(day.date) ?? null;
        const slots = soldOutUntil
          ? day.slots.filter((s) => jerusalemInstant(day.date, s.start).toISOString() >= soldOutUntil)
          : day.slots;
        return { ...day, slots, blocked };
      })
      .filter((day) => day.slots.length > 0);
  }

  /**
   * Per day of `dates`, why the products' daily limits refuse these quantities there, in the order page's words
   * ("מ… נותרו ליום זה 2 בלבד"); a day not in the answer takes them.
   */
  async function dailyLimitBlocks(
    dates: readonly string[],
    wanted: ReadonlyMap<number, { quantity: number; limit: number; name: string }>,
  ): Promise<Map<string, string>> {
    const blocks = new Map<string, string>();
    if (!wanted.size || !dates.length) return blocks;
    const counts = await db
      .selectFrom("product_day_counts")
      .select(["product_id", "pickup_date", "quantity"])
      .where("product_id", "in", [...wanted.keys()])
      .where("pickup_date", "in", [...dates])
      .execute();
    for (const date of dates) {
      for (const [productId, want] of wanted) {
        const taken = counts.find((c) => c.product_id === productId && c.pickup_date === date)?.quantity ?? 0;
        const left = Math.max(0, want.limit - Number(taken));
        if (want.quantity > left) {
          blocks.set(date, hePreorders.order.soldOutForDay(want.name, left));
          break;
        }
      }
    }
    return blocks;
  }

  /**
   * `dailyLimitBlocks` for an order moved to other days (the staff's move): its products with a daily limit now,
   * in the quantities it holds.
   */
  async function orderLimitBlocks(orderId: number, dates: readonly string[]): Promise<Map<string, string>> {
    const wanted = new Map<number, { quantity: number; limit: number; name: string }>();
    for (const [productId, want] of await withLimits(db, await orderQuantities(db, orderId))) {
      if (want.limit !== null) wanted.set(productId, { ...want, limit: want.limit });
    }
    return dailyLimitBlocks(dates, wanted);
  }

  /** Takes one place of a slot (its row made on first use); `CapacityTaken` when it holds `capacity` already. */
  async function takeSlot(trx: DB, at: { branch: number; date: string; slot: string }, capacity: number) {
    await trx
      .insertInto("slot_counts")
      .values({ branch_id: at.branch, pickup_date: at.date, slot: at.slot, orders: 0 })
      .onConflict((oc) => oc.columns(["branch_id", "pickup_date", "slot"]).doNothing())
      .execute();
    const took = await trx
      .updateTable("slot_counts")
      .set((eb) => ({ orders: eb("orders", "+", 1) }))
      .where("branch_id", "=", at.branch)
      .where("pickup_date", "=", at.date)
      .where("slot", "=", at.slot)
      .where("orders", "<", capacity)
      .executeTakeFirst();
    if (Number(took.numUpdatedRows) === 0) throw new CapacityTaken("slot", "");
  }

  /** Gives one place of a slot back. */
  async function releaseSlot(trx: DB, at: { branch: number; date: string; slot: string }) {
    await trx
      .updateTable("slot_counts")
      .set((eb) => ({ orders: eb("orders", "-", 1) }))
      .where("branch_id", "=", at.branch)
      .where("pickup_date", "=", at.date)
      .where("slot", "=", at.slot)
      .where("orders", ">", 0)
      .execute();
  }

  /**
   * Takes each product's quantity on `date` (rows made on first use), in the order of the products' ids (two
   * baskets on PostgreSQL then wait for each other rather than deadlock); `CapacityTaken` with the daily-limit
   * message when a limited one would pass its limit.
   */
  async function takeProductDays(trx: DB, date: string, perProduct: ReadonlyMap<number, ProductQuantity>) {
    for (const [productId, want] of [...perProduct].sort(([a], [b]) => a - b)) {
      await trx
        .insertInto("product_day_counts")
        .values({ product_id: productId, pickup_date: date, quantity: 0 })
        .onConflict((oc) => oc.columns(["product_id", "pickup_date"]).doNothing())
        .execute();
      let take = trx
        .updateTable("product_day_counts")
        .set((eb) => ({ quantity: eb("quantity", "+", want.quantity) }))
        .where("product_id", "=", productId)
        .where("pickup_date", "=", date);
      if (want.limit !== null) take = take.where("quantity", "<=", want.limit - want.quantity);
      const got = await take.executeTakeFirst();
      if (want.limit !== null && Number(got.numUpdatedRows) === 0) {
        const row = await trx
          .selectFrom("product_day_counts")
          .select("quantity")
          .where("product_id", "=", productId)
          .where("pickup_date", "=", date)
          .executeTakeFirst();
        throw new CapacityTaken("items", m.dailyLimit(want.name, Math.max(0, want.limit - (row?.quantity ?? 0))));
      }
    }
  }

  /** An order's quantity of each product. */
  async function orderQuantities(trx: DB, orderId: number) {
    const rows = await trx
      .selectFrom("order_items")
      .select(["product_id", "product_name", (eb) => eb.fn.sum<number>("quantity").as("quantity")])
      .where("order_id", "=", orderId)
      .groupBy(["product_id", "product_name"])
      .execute();
    const out = new Map<number, { quantity: number; name: string }>();
    for (const r of rows) {
      const entry = out.get(r.product_id) ?? { quantity: 0, name: r.product_name };
      entry.quantity += Number(r.quantity);
      out.set(r.product_id, entry);
    }
    return out;
  }

  /** Gives each product's quantity on `date` back. */
  async function releaseProductDays(trx: DB, date: string, quantities: ReadonlyMap<number, { quantity: number }>) {
    for (const [productId, { quantity }] of quantities) {
      await trx
        .updateTable("product_day_counts")
        .set((eb) => ({ quantity: eb("quantity", "-", quantity) }))
        .where("product_id", "=", productId)
        .where("pickup_date", "=", date)
        .where("quantity", ">=", quantity)
        .execute();
    }
  }

  /** The quantities with each product's daily limit as it is now (null: none, or the product is gone). */
  async function withLimits(
    trx: DB,
    quantities: ReadonlyMap<number, { quantity: number; name: string }>,
  ): Promise<Map<number, ProductQuantity>> {
    const limits = new Map<number, number | null>();
    if (quantities.size) {
      const rows = await trx
        .selectFrom("products")
        .select(["id", "preorder_daily_limit"])
        .where("id", "in", [...quantities.keys()])
        .execute();
      for (const row of rows) limits.set(row.id, row.preorder_daily_limit);
    }
    return new Map([...quantities].map(([id, want]) => [id, { ...want, limit: limits.get(id) ?? null }]));
  }

  function nearestMessage(days: PickupDay[], date: string, start: string): string {
    const near = nearestFreeSlots(days, date, start);
    if (!near.length) return m.slotFull;
    return `${m.slotFull} ${m.nearest} ${near.map((s) => `${pickupDayLabel(s.date)} ${rangeText(s.start, s.end)}`).join("; ")}`;
  }

  const existing = (key: string) =>
    db.selectFrom("orders").select(["id"]).where("idempotency_key", "=", key).executeTakeFirst();

  /**
   * Places an order. Field errors → 422; a slot or a product's day that filled meanwhile → 409 with the nearest
   * free slots; a replay of the same form (its key) → the same order. Returns the order's id and its link's token.
   */
  async function place(payload: Record<string, unknown>): Promise<{ id: number; token: string; replay: boolean }> {
    if (isBot(payload)) throw new ValidationError({}, heApi.validation);
    const { emailRequired } = await policy();
    const parsed = preorderSchema({ emailRequired }).safeParse(payload);
    if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error), heApi.validation);
    const input: PreorderInput = parsed.data;
    const token = tokenFor(input.key);
    const replay = await existing(input.key);
    if (replay) return { id: replay.id, token, replay: true };

    const now = clock();
    const found = await availability(input.branch, now, input.slot.date);
    if (!found) throw new ValidationError({ branch: [m.branchUnknown] });
    const { date, start } = input.slot;
    const day = found.days.find((d) => d.date === date);
    const slot = day?.slots.find((s) => s.start === start);
    if (!slot) {
      const past = now.getTime() >= orderDeadline(date, found.rules).getTime();
      throw new ValidationError({ slot: [past ? m.slotPast : m.slotInvalid] });
    }
    const { priced, missing } = await price(input.items);
    if (missing.length) throw new ValidationError({ items: [m.productUnknown] });
    const closed = priced.find((l) => l.closed);
    if (closed?.closed) throw new ValidationError({ items: [closed.closed] });
    // "Sold out today" (issue 30): not for pickup before it ends.
    const soldOut = await db
      .selectFrom("products")
      .select(["name", "sold_out_until"])
      .where(
        "id",
        "in",
        priced.map((l) => l.product),
      )
      .where("sold_out_until", ">", jerusalemInstant(date, start).toISOString())
      .executeTakeFirst();
    if (soldOut) throw new ValidationError({ items: [m.dailyLimit(soldOut.name, 0)] });

    const totalAgorot = priced.reduce((sum, l) => sum + Math.round(l.unitPrice * 100) * l.quantity, 0);
    const perProduct = new Map<number, ProductQuantity>();
    for (const line of priced) {
      const entry = perProduct.get(line.product) ?? { quantity: 0, limit: line.dailyLimit, name: line.productName };
      entry.quantity += line.quantity;
      perProduct.set(line.product, entry);
    }

    let id: number;
    try {
      id = await db.transaction().execute(async (trx) => {
        await takeSlot(trx, { branch: input.branch, date, slot: start }, found.rules.ordersPerSlot);
        await takeProductDays(trx, date, perProduct);
        const stamp = now.toISOString();
        const order = await trx
          .insertInto("orders")
          .values({
            branch_id: input.branch,
            pickup_date: date,
            slot: start,
            name: input.name,
            phone: input.phone,
            email: input.email,
            note: input.note,
            total: totalAgorot,
            token_hash: sha256(token),
            idempotency_key: input.key,
            created_at: stamp,
            updated_at: stamp,
            erased_at: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("order_items")
          .values(
            priced.map((l) => ({
              order_id: order.id,
              product_id: l.product,
              size_id: l.size,
              product_name: l.productName,
              size_name: l.sizeName,
              unit_price: Math.round(l.unitPrice * 100),
              quantity: l.quantity,
            })),
          )
          .execute();
        if (input.email) await enqueueJob(trx, ORDER_MAIL_JOB, `${order.id}:confirmation`);
        return order.id;
      });
    } catch (error) {
      if (error instanceof CapacityTaken) {
        if (error.field === "items") throw new HttpError(409, error.answer, { items: [error.answer] });
        const fresh = await availability(input.branch, now);
        const answer = nearestMessage(fresh?.days ?? [], date, start);
        throw new HttpError(409, answer, { slot: [answer] });
      }
      // Two submits of one form at once: the second's insert met the first's key.
      const raced = await existing(input.key).catch(() => undefined);
      if (raced) return { id: raced.id, token, replay: true };
      throw error;
    }
    return { id, token, replay: false };
  }

  /** The order behind a private link, or null — the same null for an unknown id and a wrong token. */
  async function findByToken(id: number, token: string) {
    if (!Number.isSafeInteger(id) || id < 1 || !/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
    const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row || row.erased_at) return null;
    const given = Buffer.from(sha256(token));
    const stored = Buffer.from(row.token_hash);
    return given.length === stored.length && timingSafeEqual(given, stored) ? row : null;
  }

  async function view(id: number, token: string, now = clock()): Promise<OrderView | null> {
    const row = await findByToken(id, token);
    return row ? viewOf(row, now) : null;
  }

  /** The order as staff and the outbox see it, with its private link's token; null when unknown or erased. */
  async function withLink(id: number, now = clock()): Promise<{ order: OrderView; token: string } | null> {
    const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row || row.erased_at) return null;
    return { order: await viewOf(row, now), token: tokenFor(row.idempotency_key) };
  }

  async function viewOf(row: OrderRow, now: Date): Promise<OrderView> {
    const id = row.id;
    const [branch, items, settings] = await Promise.all([
      db
        .selectFrom("branches")
        .select(["id", "name", "address", "phone"])
        .where("id", "=", row.branch_id)
        .executeTakeFirst(),
      db.selectFrom("order_items").selectAll().where("order_id", "=", id).orderBy("id").execute(),
      db.selectFrom("pickup_settings").selectAll().where("branch_id", "=", row.branch_id).executeTakeFirst(),
    ]);
    const rules = settings ? rulesOf(settings) : { leadDays: 1, orderBy: "20:00", slotMinutes: 30 };
    const deadline = orderDeadline(row.pickup_date, rules);
    const end = slotEnd(row.slot, rules.slotMinutes);
    return {
      id: row.id,
      status: row.status,
      branch: branch ?? { id: row.branch_id, name: "", address: "", phone: "" },
      pickupDate: row.pickup_date,
      slot: { start: row.slot, end },
      name: row.name,
      email: row.email,
      note: row.note,
      total: agorotToShekels(row.total),
      items: items.map((i) => ({
        productId: i.product_id,
        productName: i.product_name,
        sizeName: i.size_name,
        unitPrice: agorotToShekels(i.unit_price),
        quantity: i.quantity,
      })),
      cancellableUntil:
        CANCELLABLE.includes(row.status) && now.getTime() < deadline.getTime() ? deadline.toISOString() : null,
      createdAt: row.created_at,
    };
  }

  /**
   * The customer cancels through the private link: "cancelled" once (its places are given back), "closed" after
   * the cut-off or in a status past it, null for a link that names no order.
   */
  async function cancel(id: number, token: string, now = clock()): Promise<"cancelled" | "closed" | null> {
    const order = await view(id, token, now);
    if (!order) return null;
    if (!order.cancellableUntil) return order.status === "cancelled" ? "cancelled" : "closed";
    return (await releaseAndSet(id, "cancelled", CANCELLABLE, null)) ? "cancelled" : "closed";
  }

  /**
   * Moves an order to a status that gives its places back (cancelled), in one transaction with the counters; only
   * from one of `from` (and at `version` when given). False when the order was not in such a status.
   */
  async function releaseAndSet(
    id: number,
    status: OrderStatus,
    from: readonly OrderStatus[],
    version: number | null,
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      let update = trx
        .updateTable("orders")
        .set((eb) => ({ status, updated_at: clock().toISOString(), version: eb("version", "+", 1) }))
        .where("id", "=", id)
        .where("status", "in", from);
      if (version !== null) update = update.where("version", "=", version);
      const row = await update.returning(["branch_id", "pickup_date", "slot"]).executeTakeFirst();
      if (!row) return false;
      await releaseSlot(trx, { branch: row.branch_id, date: row.pickup_date, slot: row.slot });
      await releaseProductDays(trx, row.pickup_date, await orderQuantities(trx, id));
      return true;
    });
  }

  /**
   * Moves an open order (one of `from`, at `version`) to another pickup time of its branch, in one transaction:
   * the new slot's place is taken with the same conditional increment as `place` (`ordersPerSlot` places), the old
   * one given back; when the day changes, each product's day quantity is given back on the old day and taken on
   * the new one (under the product's daily limit as it is now, when it has one). `inTransaction` runs in the same transaction after the
   * write (the outbox's e-mail). Null when the order is no longer at `version` or in one of `from` (nothing
   * written); throws `CapacityTaken` when the slot or a product's day is full (nothing written).
   */
  async function move(
    id: number,
    to: { date: string; slot: string },
    options: {
      version: number;
      from: readonly OrderStatus[];
      ordersPerSlot: number;
      inTransaction?: (trx: DB, order: { id: number; version: number }) => Promise<void>;
    },
  ): Promise<{ version: number } | null> {
    return db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("orders")
        .select(["branch_id", "pickup_date", "slot"])
        .where("id", "=", id)
        .where("version", "=", options.version)
        .where("status", "in", options.from)
        .executeTakeFirst();
      if (!before) return null;
      // The write is conditional on the version too: on PostgreSQL it waits for (and then loses to) a concurrent
      // change of the same order, so `before` is what this version held.
      const row = await trx
        .updateTable("orders")
        .set((eb) => ({
          pickup_date: to.date,
          slot: to.slot,
          updated_at: clock().toISOString(),
          version: eb("version", "+", 1),
        }))
        .where("id", "=", id)
        .where("version", "=", options.version)
        .where("status", "in", options.from)
        .returning(["version"])
        .executeTakeFirst();
      if (!row) return null;
      // Counter rows are locked in one order (earlier day and slot first, products by id): two moves that swap two
      // orders' slots on PostgreSQL then wait for each other instead of deadlocking.
      const branch = before.branch_id;
      const take = () => takeSlot(trx, { branch, date: to.date, slot: to.slot }, options.ordersPerSlot);
      const release = () => releaseSlot(trx, { branch, date: before.pickup_date, slot: before.slot });
      const later = slotKey(to.date, to.slot) > slotKey(before.pickup_date, before.slot);
      for (const step of later ? [release, take] : [take, release]) await step();
      if (before.pickup_date !== to.date) {
        const quantities = await withLimits(trx, await orderQuantities(trx, id));
        for (const [productId, want] of [...quantities].sort(([x], [y]) => x - y)) {
          const one = new Map([[productId, want]]);
          const giveBack = () => releaseProductDays(trx, before.pickup_date, one);
          const takeAgain = () => takeProductDays(trx, to.date, one);
          for (const step of to.date > before.pickup_date ? [giveBack, takeAgain] : [takeAgain, giveBack]) await step();
        }
      }
      await options.inTransaction?.(trx, { id, version: row.version });
      return { version: row.version };
    });
  }

  /** Branches taking pre-orders, in the branches' order. */
  async function branches(): Promise<PickupBranch[]> {
    return db
      .selectFrom("pickup_settings")
      .innerJoin("branches", "branches.id", "pickup_settings.branch_id")
      .select(["branches.id", "branches.name", "branches.address"])
      .where("pickup_settings.enabled", "=", 1)
      .orderBy("branches.position")
      .orderBy("branches.id")
      .execute();
  }

  /**
   * Personal fields of orders whose pickup day is more than the policy's months ago are blanked; the order (what
   * was sold, when, where) stays for the bakery's books. Returns how many were erased.
   */
  async function eraseExpired(now = clock()): Promise<number> {
    const { retentionMonths } = await policy();
    const cutoff = new Date(now);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - retentionMonths);
    const result = await db
      .updateTable("orders")
      .set({ name: "", phone: "", email: null, note: "", erased_at: now.toISOString(), updated_at: now.toISOString() })
      .where("erased_at", "is", null)
      .where("pickup_date", "<", jerusalemDate(cutoff))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  return {
    policy,
    branches,
    availability,
    price,
    offer,
    place,
    view,
    withLink,
    cancel,
    releaseAndSet,
    move,
    orderLimitBlocks,
    eraseExpired,
  };
}

export type PreordersService = ReturnType<typeof createPreordersService>;
