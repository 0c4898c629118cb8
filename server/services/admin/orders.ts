/**
 * Pre-orders, the staff's side (issue 28 part 5): a day's orders per branch with filters and a search, status
 * changes and moves to another pickup time under optimistic versions, the production sheet and pickup list, the
 * CSV export, and the pickup settings (admins only, through the API's abilities). Capacity is the customer side's
 * (server/services/preorders.ts): cancelling by staff gives the places back through its `releaseAndSet`, and a
 * move takes the new slot and gives the old one back through its `move`, each in one transaction. Marking an order
 * ready queues its "ready for pickup" e-mail in the same transaction as the status (the outbox,
 * server/services/order-mail.ts), so the e-mail exists exactly when the status does.
 *
 * Nothing here touches a cached page: orders are no visitor's content (domain/entities.ts `Order`: no tags).
 */
import { type Expression, type SqlBool, sql } from "kysely";
import type {
  AdminOrder,
  AdminOrderDay,
  AdminPickupSettings,
  AdminPreorderPolicy,
  AdminPreorderSettings,
  OrderBranchOption,
  ProductionSheet,
  SheetLine,
} from "../../../domain/contracts/admin-orders.ts";
import { jerusalemDate, jerusalemInstant, jerusalemTime } from "../../../domain/hours/time.ts";
import { heAdminOrders } from "../../../domain/i18n/admin-orders.ts";
import { hePreorders } from "../../../domain/i18n/preorders.ts";
import { agorotToShekels } from "../../../domain/money.ts";
import { type OfferedDay, pickupWhen } from "../../../domain/preorders/slots.ts";
import {
  fromStatuses,
  MOVABLE_STATUSES,
  ORDER_STATUSES,
  type OrderListQuery,
  type OrderPickupInput,
  type OrderStatusName,
  type PickupSettingsInput,
  type PreorderPolicyInput,
} from "../../../domain/schemas/admin/orders.ts";
import type { DB } from "../../db/database.ts";
import type { OrderRow } from "../../db/schema.ts";
import { HttpError, NotFoundError, ValidationError, VersionConflictError } from "../../errors.ts";
import type { Clock } from "../clock.ts";
import type { OrderMail } from "../order-mail.ts";
import { CapacityTaken, type PreordersService } from "../preorders.ts";
import { escapeLike } from "../search/hebrew.ts";
import { toFlag } from "./listing.ts";

const o = heAdminOrders;

/** A search answers at most this many orders (newest pickup day first). */
const SEARCH_LIMIT = 100;

/** The defaults of a branch without settings (migration 023's column defaults). */
const DEFAULT_PICKUP = { slot_minutes: 30, orders_per_slot: 6, lead_days: 1, order_by: "20:00", horizon_days: 14 };

/** "HH:MM" plus `minutes`. */
export function slotEnd(start: string, minutes: number): string {
  const total = Number(start.slice(0, 2)) * 60 + Number(start.slice(3, 5)) + minutes;
  return `${String(Math.floor(total / 60) % 24).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

const emptyCounts = (): Record<OrderStatusName, number> =>
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatusName, number>;

export function createAdminOrdersService(
  db: DB,
  deps: {
    preorders: Pick<PreordersService, "releaseAndSet" | "availability" | "move" | "orderLimitBlocks">;
    orderMail: Pick<OrderMail, "enqueue">;
    clock: Clock;
  },
) {
  const today = () => jerusalemDate(deps.clock());

  /** Branches in the branches' order: those with pickup settings (or orders on `date`) first of all. */
  async function branchOptions(): Promise<OrderBranchOption[]> {
    return db
      .selectFrom("branches")
      .leftJoin("pickup_settings", "pickup_settings.branch_id", "branches.id")
      .select(["branches.id", "branches.name"])
      .orderBy(sql`case when pickup_settings.enabled = 1 then 0 else 1 end`)
      .orderBy("branches.position")
      .orderBy("branches.id")
      .execute();
  }

  /** Rows as the screens show them, with their items, branch names and slot ends (a few queries per page). */
  async function withDetails(rows: OrderRow[]): Promise<AdminOrder[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const branchIds = [...new Set(rows.map((r) => r.branch_id))];
    const [items, branches, settings] = await Promise.all([
      db.selectFrom("order_items").selectAll().where("order_id", "in", ids).orderBy("id").execute(),
      db.selectFrom("branches").select(["id", "name"]).where("id", "in", branchIds).execute(),
      db
        .selectFrom("pickup_settings")
        .select(["branch_id", "slot_minutes"])
        .where("branch_id", "in", branchIds)
        .execute(),
    ]);
    const names = new Map(branches.map((b) => [b.id, b.name]));
    const minutes = new Map(settings.map((s) => [s.branch_id, s.slot_minutes]));
    return rows.map((r) => ({
      id: r.id,
      version: r.version,
      status: r.status,
      branch_id: r.branch_id,
      branch_name: names.get(r.branch_id) ?? "",
      pickup_date: r.pickup_date,
      slot: r.slot,
      slot_end: slotEnd(r.slot, minutes.get(r.branch_id) ?? DEFAULT_PICKUP.slot_minutes),
      name: r.name,
      phone: r.phone,
      email: r.email,
      note: r.note,
      total: agorotToShekels(r.total),
      items: items
        .filter((i) => i.order_id === r.id)
        .map((i) => ({
          id: i.id,
          product_id: i.product_id,
          product_name: i.product_name,
          size_name: i.size_name,
          unit_price: agorotToShekels(i.unit_price),
          quantity: i.quantity,
        })),
      created_at: r.created_at,
      updated_at: r.updated_at,
      erased_at: r.erased_at,
    }));
  }

  async function get(id: number): Promise<AdminOrder> {
    const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new NotFoundError();
    return (await withDetails([row]))[0]!;
  }

  /** An order number ("123", "#123"), a name, or phone digits ("0501234567", "050-123"). */
  function searchCondition(q: string): Expression<SqlBool> {
    const conditions: Expression<SqlBool>[] = [];
    const number = /^#?\s*(\d{1,9})$/.exec(q)?.[1];
    if (number) conditions.push(sql<SqlBool>`id = ${Number(number)}`);
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    conditions.push(sql<SqlBool>`lower(name) like ${pattern} escape '\\'`);
    const digits = q.replace(/\D/g, "");
    if (digits.length >= 3 && /^[\d\s()+-]+$/.test(q)) {
      conditions.push(sql<SqlBool>`replace(phone, '-', '') like ${`%${digits}%`}`);
    }
    return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
  }

  /**
   * A day's orders of a branch (every branch without one), in slot order, with the status and slot filters; or,
   * with `q`, the orders matching it on any day and branch (newest pickup day first).
   */
  async function day(query: Partial<OrderListQuery>): Promise<AdminOrderDay> {
    const date = query.date ?? today();
    const branches = await branchOptions();
    if (query.branch !== undefined && !branches.some((b) => b.id === query.branch)) {
      throw new ValidationError({ branch: [o.validation.branch] });
    }
    const base = {
      date,
      today: today(),
      branch: query.branch ?? null,
      branches,
      status: query.q ? null : (query.status ?? null),
      slot: query.q ? null : (query.slot ?? null),
      q: query.q ?? null,
    };
    if (query.q) {
      const rows = await db
        .selectFrom("orders")
        .selectAll()
        .where(searchCondition(query.q))
        .orderBy("pickup_date", "desc")
        .orderBy("slot")
        .orderBy("id")
        .limit(SEARCH_LIMIT)
        .execute();
      return { ...base, slots: [], counts: emptyCounts(), orders: await withDetails(rows) };
    }
    let dayQuery = db.selectFrom("orders").where("pickup_date", "=", date);
    if (query.branch !== undefined) dayQuery = dayQuery.where("branch_id", "=", query.branch);
    const [tally, slots] = await Promise.all([
      dayQuery
        .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("status")
        .execute(),
      dayQuery.select("slot").distinct().orderBy("slot").execute(),
    ]);
    const counts = emptyCounts();
    for (const t of tally) counts[t.status] = Number(t.n);
    let rowsQuery = dayQuery.selectAll();
    if (query.status) rowsQuery = rowsQuery.where("status", "=", query.status);
    if (query.slot) rowsQuery = rowsQuery.where("slot", "=", query.slot);
    const rows = await rowsQuery.orderBy("slot").orderBy("branch_id").orderBy("id").execute();
    return { ...base, slots: slots.map((s) => s.slot), counts, orders: await withDetails(rows) };
  }

  /**
   * Moves an order to `status` if the move is allowed (domain/schemas/admin/orders.ts) and the order is still at
   * `expected` (its version; none: whatever it is now). A stale version → 409 with the order as it is now; a move
   * not allowed from its status → 422. Cancelling gives its places back; "ready" from before it queues the
   * customer's e-mail (when the order has an address) in the same transaction.
   */
  async function setStatus(
    id: number,
    status: OrderStatusName,
    expected: number | undefined,
  ): Promise<{ order: AdminOrder; mailQueued: boolean; changed: boolean }> {
    const current = await get(id);
    const version = expected ?? current.version;
    if (current.version !== version) throw new VersionConflictError(current);
    if (current.status === status) return { order: current, mailQueued: false, changed: false };
    const allowedFrom = fromStatuses(status);
    if (!allowedFrom.includes(current.status)) {
      const s = hePreorders.statuses;
      throw new ValidationError(
        { status: [o.transition(s[current.status], s[status])] },
        o.transition(s[current.status], s[status]),
      );
    }
    let mailQueued = false;
    let changed: boolean;
    if (status === "cancelled") {
      changed = await deps.preorders.releaseAndSet(id, "cancelled", [current.status], version);
    } else {
      changed = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("orders")
          .set((eb) => ({ status, updated_at: deps.clock().toISOString(), version: eb("version", "+", 1) }))
          .where("id", "=", id)
          .where("version", "=", version)
          .where("status", "=", current.status)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        // Only on the way forward: back to "ready" from "picked up" (an undo) tells the customer nothing new.
        if (status === "ready" && (current.status === "new" || current.status === "confirmed") && current.email) {
          await deps.orderMail.enqueue(trx, id, "ready");
          mailQueued = true;
        }
        return true;
      });
    }
    if (!changed) {
      const now = await get(id);
      throw new VersionConflictError(now);
    }
    return { order: await get(id), mailQueued, changed: true };
  }

  /** 422 in Hebrew when the order's status does not let it move (collected, not collected, cancelled). */
  function assertMovable(order: AdminOrder): void {
    if (MOVABLE_STATUSES.includes(order.status) && !order.erased_at) return;
    const message = o.move.notMovable(hePreorders.statuses[order.status]);
    throw new ValidationError({ status: [message] }, message);
  }

  /**
   * Where staff may move an order: its branch's pickup days from now, as the public order form computes them, but
   * past the customer's lead time and order-by cut-off (staff take the call; a slot that has started is never
   * offered). Each slot says how many places it still takes; the order's own slot counts the order itself. A day
   * on which a product's daily limit leaves less than the order holds says so, in the order page's words (the
   * move is refused there); the order's own day never is — its quantities are already counted on it.
   */
  async function moveOptions(id: number): Promise<{ order: AdminOrder; days: OfferedDay[] }> {
    const order = await get(id);
    assertMovable(order);
    const found = await deps.preorders.availability(order.branch_id, deps.clock(), undefined, { staff: true });
    const days = found?.days ?? [];
    // The order's own day never: its quantities are counted there already.
    const blocks = await deps.preorders.orderLimitBlocks(
      id,
      days.map((d) => d.date).filter((date) => date !== order.pickup_date),
    );
    return { order, days: days.map((day) => ({ ...day, blocked: blocks.get(day.date) ?? null })) };
  }

  /**
   * Moves an order to another pickup time of its branch (`moveOptions`' days and slots), at `expected` (its
   * version; none: whatever it is now). The same slot as now changes nothing. A stale version → 409 with the order
   * as it is now; a status that may not move, a past or unknown slot → 422; the new slot full, or a product's
   * daily limit on the new day reached → 409 (nothing changed). The customer's e-mail (when the order has an
   * address) is queued in the same transaction.
   */
  async function moveOrder(
    id: number,
    to: OrderPickupInput,
    expected: number | undefined,
  ): Promise<{ order: AdminOrder; mailQueued: boolean; changed: boolean }> {
    const current = await get(id);
    const version = expected ?? current.version;
    if (current.version !== version) throw new VersionConflictError(current);
    assertMovable(current);
    if (current.pickup_date === to.date && current.slot === to.slot) {
      return { order: current, mailQueued: false, changed: false };
    }
    const now = deps.clock();
    if (jerusalemInstant(to.date, to.slot).getTime() <= now.getTime()) {
      throw new ValidationError({ slot: [o.move.slotPast] }, o.move.slotPast);
    }
    const found = await deps.preorders.availability(current.branch_id, now, to.date, { staff: true });
    if (!found) throw new ValidationError({ slot: [o.move.branchClosed] }, o.move.branchClosed);
    const slot = found.days.find((d) => d.date === to.date)?.slots.find((s) => s.start === to.slot);
    if (!slot) throw new ValidationError({ slot: [o.move.slotUnknown] }, o.move.slotUnknown);
    let mailQueued = false;
    let moved: { version: number } | null;
    try {
      moved = await deps.preorders.move(id, to, {
        version,
        from: MOVABLE_STATUSES,
        ordersPerSlot: found.rules.ordersPerSlot,
        inTransaction: async (trx, order) => {
          if (!current.email) return;
          await deps.orderMail.enqueue(trx, id, "moved", order.version);
          mailQueued = true;
        },
      });
    } catch (error) {
      if (!(error instanceof CapacityTaken)) throw error;
      if (error.field === "items") throw new HttpError(409, error.answer, { items: [error.answer] });
      const message = o.move.slotFull(pickupWhen(to.date, slot.start, slot.end));
      throw new HttpError(409, message, { slot: [message] });
    }
    if (!moved) throw new VersionConflictError(await get(id));
    return { order: await get(id), mailQueued, changed: true };
  }

  /** What to bake on `date` (every branch, each branch; cancelled orders left out), and a branch's pickup list. */
  async function sheet(date: string | undefined, branchId: number | undefined): Promise<ProductionSheet> {
    const day = date ?? today();
    const branches = await branchOptions();
    const totals = await db
      .selectFrom("order_items")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .select([
        "order_items.product_id",
        "order_items.product_name",
        "order_items.size_name",
        "orders.branch_id",
        (eb) => eb.fn.sum<number>("order_items.quantity").as("quantity"),
      ])
      .where("orders.pickup_date", "=", day)
      .where("orders.status", "!=", "cancelled")
      .groupBy(["order_items.product_id", "order_items.product_name", "order_items.size_name", "orders.branch_id"])
      .execute();
    const lines = new Map<string, SheetLine>();
    for (const t of totals) {
      const key = `${t.product_id}\u0000${t.product_name}\u0000${t.size_name}`;
      const line = lines.get(key) ?? {
        product_id: t.product_id,
        product_name: t.product_name,
        size_name: t.size_name,
        total: 0,
        by_branch: {},
      };
      const quantity = Number(t.quantity);
      line.total += quantity;
      line.by_branch[t.branch_id] = (line.by_branch[t.branch_id] ?? 0) + quantity;
      lines.set(key, line);
    }
    const sorted = [...lines.values()].sort(
      (a, b) => a.product_name.localeCompare(b.product_name, "he") || a.size_name.localeCompare(b.size_name, "he"),
    );
    if (branchId !== undefined && !branches.some((b) => b.id === branchId)) {
      throw new ValidationError({ branch: [o.validation.branch] });
    }
    let pickupQuery = db
      .selectFrom("orders")
      .selectAll()
      .where("pickup_date", "=", day)
      .where("status", "!=", "cancelled");
    if (branchId !== undefined) pickupQuery = pickupQuery.where("branch_id", "=", branchId);
    const orders = await withDetails(await pickupQuery.orderBy("slot").orderBy("id").execute());
    const pickups: ProductionSheet["pickups"] = [];
    for (const branch of branches) {
      const mine = orders.filter((order) => order.branch_id === branch.id);
      if (!mine.length && branch.id !== branchId) continue;
      const slots = new Map<string, AdminOrder[]>();
      for (const order of mine) slots.set(order.slot, [...(slots.get(order.slot) ?? []), order]);
      pickups.push({
        branch,
        slots: [...slots].map(([slot, list]) => ({ slot, slot_end: list[0]!.slot_end, orders: list })),
      });
    }
    // Only the branches that have something to bake get a column.
    const used = new Set(totals.map((t) => t.branch_id));
    return {
      date: day,
      branches: branches.filter((b) => used.has(b.id)),
      allBranches: branches,
      lines: sorted,
      pickups,
    };
  }

  /** The day's orders (a branch's, or every branch's) as CSV rows under Hebrew headers. */
  async function exportRows(date: string | undefined, branchId: number | undefined) {
    const list = await day({ date, branch: branchId, status: undefined, slot: undefined, q: undefined });
    const c = o.csv;
    const header = [
      c.number,
      c.branch,
      c.date,
      c.slot,
      c.status,
      c.name,
      c.phone,
      c.email,
      c.note,
      c.items,
      c.total,
      c.created,
    ];
    const rows = list.orders.map((r) => [
      r.id,
      r.branch_name,
      r.pickup_date,
      `${r.slot}–${r.slot_end}`,
      hePreorders.statuses[r.status],
      r.name,
      r.phone,
      r.email ?? "",
      r.note,
      r.items.map((i) => `${i.product_name}${i.size_name ? ` (${i.size_name})` : ""} × ${i.quantity}`).join("; "),
      r.total.toFixed(2),
      // When it was placed, on the bakery's clock.
      `${jerusalemDate(new Date(r.created_at))} ${jerusalemTime(new Date(r.created_at))}`,
    ]);
    return { date: list.date, header, rows };
  }

  async function branchSettings(): Promise<AdminPickupSettings[]> {
    const rows = await db
      .selectFrom("branches")
      .leftJoin("pickup_settings", "pickup_settings.branch_id", "branches.id")
      .select([
        "branches.id",
        "branches.name",
        "pickup_settings.branch_id as stored",
        "pickup_settings.enabled",
        "pickup_settings.slot_minutes",
        "pickup_settings.orders_per_slot",
        "pickup_settings.lead_days",
        "pickup_settings.order_by",
        "pickup_settings.horizon_days",
        "pickup_settings.version",
      ])
      .orderBy("branches.position")
      .orderBy("branches.id")
      .execute();
    return rows.map((r) => ({
      branch_id: r.id,
      branch_name: r.name,
      stored: r.stored !== null,
      enabled: r.stored !== null && r.enabled === 1,
      slot_minutes: r.slot_minutes ?? DEFAULT_PICKUP.slot_minutes,
      orders_per_slot: r.orders_per_slot ?? DEFAULT_PICKUP.orders_per_slot,
      lead_days: r.lead_days ?? DEFAULT_PICKUP.lead_days,
      order_by: r.order_by ?? DEFAULT_PICKUP.order_by,
      horizon_days: r.horizon_days ?? DEFAULT_PICKUP.horizon_days,
      version: r.version ?? 0,
    }));
  }

  async function branchSetting(branchId: number): Promise<AdminPickupSettings> {
    const found = (await branchSettings()).find((b) => b.branch_id === branchId);
    if (!found) throw new NotFoundError();
    return found;
  }

  async function policy(): Promise<AdminPreorderPolicy> {
    const row = await db.selectFrom("preorder_policy").selectAll().where("id", "=", 1).executeTakeFirst();
    return {
      email_required: row ? row.email_required === 1 : false,
      retention_months: row?.retention_months ?? 12,
      version: row?.version ?? 0,
    };
  }

  /**
   * Writes a row under optimistic concurrency: version 0 (no row yet) inserts it, and a row that appeared
   * meanwhile makes that a conflict; otherwise `UPDATE … WHERE version = ?`. False when the save was stale.
   */
  async function upsertVersioned(
    table: "pickup_settings" | "preorder_policy",
    key: { column: "branch_id" | "id"; value: number },
    values: Record<string, unknown>,
    current: number,
    expected: number | undefined,
  ): Promise<boolean> {
    const at = deps.clock().toISOString();
    const version = expected ?? current;
    if (version === 0) {
      const result = await db
        .insertInto(table as "pickup_settings")
        .values({ ...values, [key.column]: key.value, updated_at: at, version: 1 } as never)
        .onConflict((oc) => oc.column(key.column as "branch_id").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    }
    const result = await db
      .updateTable(table as "pickup_settings")
      .set((eb) => ({ ...values, updated_at: at, version: eb("version", "+", 1) }) as never)
      .where(key.column as "branch_id", "=", key.value)
      .where("version", "=", version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  return {
    day,
    get,
    setStatus,
    moveOptions,
    moveOrder,
    sheet,
    exportRows,

    async settings(): Promise<AdminPreorderSettings> {
      const [branches, rules] = await Promise.all([branchSettings(), policy()]);
      return { branches, policy: rules };
    },
    branchSetting,
    policy,

    /** A branch's pickup settings (the row is created on its first save). Stale version → 409 with the row now. */
    async saveBranchSettings(
      branchId: number,
      input: PickupSettingsInput,
      expected: number | undefined,
    ): Promise<AdminPickupSettings> {
      const before = await branchSetting(branchId);
      const values = { ...input, enabled: toFlag(input.enabled) };
      if (
        !(await upsertVersioned(
          "pickup_settings",
          { column: "branch_id", value: branchId },
          values,
          before.version,
          expected,
        ))
      ) {
        throw new VersionConflictError(await branchSetting(branchId));
      }
      return branchSetting(branchId);
    },

    async savePolicy(input: PreorderPolicyInput, expected: number | undefined): Promise<AdminPreorderPolicy> {
      const before = await policy();
      const values = { ...input, email_required: toFlag(input.email_required) };
      if (!(await upsertVersioned("preorder_policy", { column: "id", value: 1 }, values, before.version, expected))) {
        throw new VersionConflictError(await policy());
      }
      return policy();
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
