/** The staff's pre-order screens' payloads (issue 28 part 5): shekels, snake_case like every admin answer. */
import type { OrderStatusName } from "../schemas/admin/orders.ts";

export interface AdminOrderItem {
  id: number;
  product_id: number;
  product_name: string;
  size_name: string;
  unit_price: number;
  quantity: number;
}

export interface AdminOrder {
  id: number;
  version: number;
  status: OrderStatusName;
  branch_id: number;
  branch_name: string;
  pickup_date: string;
  slot: string;
  slot_end: string;
  name: string;
  phone: string;
  email: string | null;
  note: string;
  total: number;
  items: AdminOrderItem[];
  created_at: string;
  updated_at: string;
  /** Set once the retention period blanked the personal fields. */
  erased_at: string | null;
}

export interface OrderBranchOption {
  id: number;
  name: string;
}

/** GET /api/admin/orders: one day (and branch), or a search across every day. */
export interface AdminOrderDay {
  date: string;
  today: string;
  branch: number | null;
  branches: OrderBranchOption[];
  /** The slots that have orders on this day (and branch), for the slot filter. */
  slots: string[];
  /** How many orders of each status the day (and branch) has, before the status and slot filters. */
  counts: Record<OrderStatusName, number>;
  /** The filters applied (null: none). */
  status: OrderStatusName | null;
  slot: string | null;
  q: string | null;
  orders: AdminOrder[];
}

/** One product and size on the production sheet: the total and each branch's part. */
export interface SheetLine {
  product_id: number;
  product_name: string;
  size_name: string;
  total: number;
  by_branch: Record<number, number>;
}

export interface SheetSlot {
  slot: string;
  slot_end: string;
  orders: AdminOrder[];
}

/** GET /api/admin/orders/sheet: what to bake on a day, and a branch's pickup list per slot. */
export interface ProductionSheet {
  date: string;
  /** The branches with something to bake on the day (the sheet's columns). */
  branches: OrderBranchOption[];
  /** Every branch (the pickup list's choice). */
  allBranches: OrderBranchOption[];
  lines: SheetLine[];
  /** The chosen branch's pickup list, or every branch's that has orders on the day. */
  pickups: { branch: OrderBranchOption; slots: SheetSlot[] }[];
}

export interface AdminPickupSettings {
  branch_id: number;
  branch_name: string;
  /** False when the branch has no row yet (it takes no pre-orders): the values are the defaults. */
  stored: boolean;
  enabled: boolean;
  slot_minutes: number;
  orders_per_slot: number;
  lead_days: number;
  order_by: string;
  horizon_days: number;
  /** 0 while there is no row. */
  version: number;
}

export interface AdminPreorderPolicy {
  email_required: boolean;
  retention_months: number;
  /** 0 while there is no row (the defaults). */
  version: number;
}

export interface AdminPreorderSettings {
  branches: AdminPickupSettings[];
  policy: AdminPreorderPolicy;
}
