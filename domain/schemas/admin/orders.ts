/**
 * The staff's side of pre-orders (issue 28 part 5): the day's list and its filters, a status change, a branch's
 * pickup settings and the bakery's pre-order policy (admins only). Every message is Hebrew; a bad value is a 422.
 */
import { z } from "zod";
import { isCalendarDate } from "../../hours/time.ts";
import { heAdminOrders } from "../../i18n/admin-orders.ts";
import { flag, toNumber } from "./fields.ts";

const v = heAdminOrders.validation;
const s = heAdminOrders.settings;

/** An order's statuses, in the order of its life (server/db/schema.ts `OrderStatus`). */
export const ORDER_STATUSES = ["new", "confirmed", "ready", "picked_up", "cancelled", "no_show"] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];

/**
 * The statuses staff may move an order to from each status: forward through new → confirmed → ready → picked up,
 * to cancelled or not collected, and one step back to undo a wrong press. Cancelled is final: its places were
 * given back and may be sold already.
 */
export const ORDER_TRANSITIONS: Record<OrderStatusName, readonly OrderStatusName[]> = {
  new: ["confirmed", "ready", "picked_up", "cancelled"],
  confirmed: ["new", "ready", "picked_up", "cancelled"],
  ready: ["confirmed", "picked_up", "no_show", "cancelled"],
  picked_up: ["ready"],
  no_show: ["ready", "picked_up", "cancelled"],
  cancelled: [],
};

/** The statuses an order may come to `to` from. */
export function fromStatuses(to: OrderStatusName): OrderStatusName[] {
  return ORDER_STATUSES.filter((from) => ORDER_TRANSITIONS[from].includes(to));
}

/** "HH:MM", 00:00–23:59. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** PUT /api/admin/orders/{id}/status (the version it started from: the body's `version` or `If-Match`). */
export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: v.status }),
});
export type OrderStatusInput = z.output<typeof orderStatusSchema>;

/**
 * The statuses an order may be moved to another pickup time from: not yet collected and not cancelled. A ready
 * order may move too (the customer phones on the day: "at 11, not 10"); it stays ready.
 */
export const MOVABLE_STATUSES: readonly OrderStatusName[] = ["new", "confirmed", "ready"];

/** PUT /api/admin/orders/{id}/pickup: the new pickup day and slot start (the version: the body's or `If-Match`). */
export const orderPickupSchema = z.object({
  date: z
    .string({ error: v.date })
    .trim()
    .refine((d) => isCalendarDate(d), v.date),
  slot: z.string({ error: v.slot }).trim().regex(TIME, v.slot),
});
export type OrderPickupInput = z.output<typeof orderPickupSchema>;

/** A whole number in [min, max] whose message names the field and the range. */
function range(label: string, min: number, max: number) {
  const message = v.range(label, min, max);
  return z.preprocess(toNumber, z.number({ error: message }).int(message).min(min, message).max(max, message));
}

/** The day's list: `date` (today when absent), `branch` (an id; absent or "all": every branch), filters, search. */
export const orderListSchema = z.object({
  date: z
    .string({ error: v.date })
    .trim()
    .refine((d) => d === "" || isCalendarDate(d), v.date)
    .optional()
    .transform((d) => d || undefined),
  branch: z
    .string()
    .trim()
    .optional()
    .transform((b, ctx) => {
      if (!b || b === "all") return undefined;
      if (!/^\d{1,9}$/.test(b)) {
        ctx.addIssue({ code: "custom", message: v.branch });
        return z.NEVER;
      }
      return Number(b);
    }),
  status: z
    .union([z.enum(ORDER_STATUSES), z.literal("all"), z.literal("")], { error: v.status })
    .optional()
    .transform((x) => (x === "all" || x === "" ? undefined : x)),
  slot: z
    .string()
    .trim()
    .optional()
    .refine((x) => !x || TIME.test(x), v.slot)
    .transform((x) => x || undefined),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((x) => x || undefined),
});
export type OrderListQuery = z.output<typeof orderListSchema>;

/** PUT /api/admin/pickup-settings/{branchId}: how a branch takes pre-orders. */
export const pickupSettingsSchema = z.object({
  enabled: flag,
  slot_minutes: range(s.slotMinutes, 15, 240),
  orders_per_slot: range(s.ordersPerSlot, 1, 500),
  lead_days: range(s.leadDays, 0, 14),
  order_by: z.string({ error: v.time }).trim().regex(TIME, v.time),
  horizon_days: range(s.horizonDays, 1, 60),
});
export type PickupSettingsInput = z.output<typeof pickupSettingsSchema>;

/** PUT /api/admin/preorder-policy: the bakery's rules for every order. */
export const preorderPolicySchema = z.object({
  email_required: flag,
  retention_months: range(s.retentionMonths, 1, 60),
});
export type PreorderPolicyInput = z.output<typeof preorderPolicySchema>;
