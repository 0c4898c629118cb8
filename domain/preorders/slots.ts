/**
 * Pickup days and slots of a branch (issue 28), from the days the hours engine computed (domain/hours/engine.ts):
 * a slot exists only inside an opening interval, so there is none on Shabbat or Yom Tov, Fridays and holiday
 * eves end before candle-lighting as the branch's hours do, and closed days have none. Pure: the server passes the
 * days, the branch's rules, "now" and what is booked, and shows the result; the browser never recomputes it.
 */
import type { HoursDay } from "../hours/engine.ts";
import { addDays, jerusalemInstant } from "../hours/time.ts";
import { rangeText } from "../i18n/bidi.ts";

export interface PickupRules {
  /** Minutes per slot (15–240). */
  slotMinutes: number;
  ordersPerSlot: number;
  /** Orders for a day close `leadDays` days before it at `orderBy` ("HH:MM", Jerusalem). */
  leadDays: number;
  orderBy: string;
  /** How many days ahead pickup can be chosen, today included. */
  horizonDays: number;
}

export interface PickupSlot {
  /** "HH:MM" */
  start: string;
  end: string;
  /** Orders this slot still takes (0: full). */
  remaining: number;
}

export interface PickupDay {
  /** "YYYY-MM-DD" (Jerusalem) */
  date: string;
  /** The holiday or parasha the calendar names, for the customer's orientation. */
  name: string | null;
  /** The last moment an order for this day is taken (ISO). */
  orderBy: string;
  slots: PickupSlot[];
}

/**
 * A pickup day as offered for one basket (the order page) or one order (the staff's move): a day the products'
 * daily limits refuse says why.
 */
export interface OfferedDay extends PickupDay {
  /** Why this basket cannot be picked up that day (a product's daily limit reached), or null. */
  blocked: string | null;
}

/** `date time` — the key a slot is booked under. */
export const slotKey = (date: string, start: string) => `${date} ${start}`;

/** A slot shorter than this at the end of an interval is not offered (too short to come by). */
const MIN_TAIL_MINUTES = 15;

/** The end of a slot that starts at `start` ("HH:MM"), `minutes` long ("24:00" at midnight and after). */
export function slotEnd(start: string, minutes: number): string {
  const end = minutesOf(start) + minutes;
  return end >= 24 * 60 ? "24:00" : timeOf(end);
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The instant after which no order for `date` is taken. */
export function orderDeadline(date: string, rules: Pick<PickupRules, "leadDays" | "orderBy">): Date {
  return jerusalemInstant(addDays(date, -rules.leadDays), rules.orderBy);
}

/**
 * The days on which an order placed at `now` can be picked up, with their slots. A day whose deadline has passed,
 * or with no opening interval, is left out; so is a slot that starts before `now`. `booked` counts the orders of
 * each slot (`slotKey`). `ignoreDeadline` (staff moving an order on the phone) keeps days whose order-by deadline
 * has passed; a slot that has started is still never offered.
 */
export function pickupDays(
  days: readonly HoursDay[],
  rules: PickupRules,
  now: Date,
  booked: ReadonlyMap<string, number> = new Map(),
  options: { ignoreDeadline?: boolean } = {},
): PickupDay[] {
  const out: PickupDay[] = [];
  for (const day of days) {
    const deadline = orderDeadline(day.date, rules);
    if ((!options.ignoreDeadline && now.getTime() >= deadline.getTime()) || day.closed) continue;
    const slots: PickupSlot[] = [];
    for (const interval of day.intervals) {
      // An interval past midnight (closes "01:00" after opens "20:00") ends at 24:00 for pickup purposes.
      const opens = minutesOf(interval.opens);
      const closes = interval.closes <= interval.opens ? 24 * 60 : minutesOf(interval.closes);
      for (let start = opens; start < closes; start += rules.slotMinutes) {
        const end = Math.min(start + rules.slotMinutes, closes);
        if (end - start < Math.min(MIN_TAIL_MINUTES, rules.slotMinutes)) break;
        const startTime = timeOf(start);
        if (jerusalemInstant(day.date, startTime).getTime() <= now.getTime()) continue;
        const taken = booked.get(slotKey(day.date, startTime)) ?? 0;
        slots.push({
          start: startTime,
          end: end === 24 * 60 ? "24:00" : timeOf(end),
          remaining: Math.max(0, rules.ordersPerSlot - taken),
        });
      }
    }
    if (slots.length) out.push({ date: day.date, name: day.name, orderBy: deadline.toISOString(), slots });
  }
  return out;
}

/** The free slots nearest to `date time` (by time from it, either way), at most `count` — for a lost race. */
export function nearestFreeSlots(
  days: readonly PickupDay[],
  date: string,
  start: string,
  count = 3,
): { date: string; start: string; end: string }[] {
  const target = jerusalemInstant(date, start).getTime();
  return days
    .flatMap((d) => d.slots.filter((s) => s.remaining > 0).map((s) => ({ date: d.date, start: s.start, end: s.end })))
    .sort(
      (a, b) =>
        Math.abs(jerusalemInstant(a.date, a.start).getTime() - target) -
        Math.abs(jerusalemInstant(b.date, b.start).getTime() - target),
    )
    .slice(0, count);
}

const dayFormat = new Intl.DateTimeFormat("he-IL", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
/** "יום שישי, 4 בדצמבר" for a civil date "YYYY-MM-DD" (the date itself, whatever the reader's time zone). */
export const pickupDayLabel = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));

/** "יום שישי, 4 בדצמבר, 10:00–10:30": a pickup time in a Hebrew sentence (a message, a toast, an e-mail). */
export const pickupWhen = (date: string, start: string, end: string) =>
  `${pickupDayLabel(date)}, ${rangeText(start, end)}`;
