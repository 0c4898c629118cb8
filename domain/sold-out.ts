/**
 * "Sold out today" (issue 30): staff mark a product that ran out; visitors see "אזל להיום" until the bakery's
 * next opening on a later day — the first interval, in any branch, that opens after midnight in Jerusalem
 * (domain/hours/engine.ts). Later openings of the same day (a branch that reopens in the evening) do not clear
 * it: the day is sold out. Across Shabbat or a Yom Tov the engine knows the bakery is closed, so an item that
 * ran out on Friday afternoon stays sold out until the opening after havdalah. With no opening ahead at all
 * (no branch, or every one closed for longer than the engine looks), it ends at the next midnight.
 *
 * The end is computed once, when staff mark the product, and stored: clearing needs no job, and the schedule
 * timer bumps the content version at that moment (server/services/index.ts, `nextScheduledChange`). The end itself is the hours engine's
 * `firstOpeningAfterToday` (domain/hours/engine.ts); this module stays light enough for the product page.
 */
import { jerusalemDate, jerusalemTime, weekdayOf } from "./hours/time.ts";

/** Whether a product whose "sold out" ends at `until` (ISO UTC, or null) is sold out at `now`. */
export function isSoldOut(until: string | null | undefined, now: Date): boolean {
  return typeof until === "string" && Date.parse(until) > now.getTime();
}

/** When a "sold out" ends, on the Jerusalem clock: "ראשון" "29.11" "07:00" as weekday index, day.month and time. */
export function soldOutEnd(until: string): { weekday: number; date: string; time: string } {
  const instant = new Date(until);
  const day = jerusalemDate(instant);
  const [, m, d] = day.split("-").map(Number);
  return { weekday: weekdayOf(day), date: `${d}.${m}`, time: jerusalemTime(instant) };
}
