/** What the pre-order screens share: the status badge, the day's Hebrew name, links that keep the day and branch. */

import { addDays } from "../../../../domain/hours/time.ts";
import { hePreorders } from "../../../../domain/i18n/preorders.ts";
import type { OrderStatusName } from "../../../../domain/schemas/admin/orders.ts";
import { type BadgeTone, ToneBadge } from "../../../components/admin/bits.tsx";

export const STATUS_TONE: Record<OrderStatusName, BadgeTone> = {
  new: "waiting",
  confirmed: "neutral",
  ready: "positive",
  picked_up: "positive",
  cancelled: "negative",
  no_show: "negative",
};

export function OrderStatusBadge({ status }: { status: OrderStatusName }) {
  return <ToneBadge tone={STATUS_TONE[status]}>{hePreorders.statuses[status]}</ToneBadge>;
}

const dayFormat = new Intl.DateTimeFormat("he-IL", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "יום שישי, 4 בדצמבר 2026" for "2026-12-04" (a civil date: formatted at noon UTC, so no zone moves it). */
export const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));

/** The section's address with these parameters (empty ones left out). */
export function ordersHref(path: "" | "/sheet", params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  const query = search.toString();
  return `/admin/orders${path}${query ? `?${query}` : ""}`;
}

export const shiftDay = (date: string, days: number) => addDays(date, days);
