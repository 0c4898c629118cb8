/** Opening-hours helpers: the week laid out Sunday → Saturday, and today's weekday in Jerusalem. */
import type { OpeningHoursEntry, Weekday } from "../../domain/contracts/content.ts";

export const WEEK: Weekday[] = [0, 1, 2, 3, 4, 5, 6];

/** Each weekday with its intervals, Sunday first; an empty list means closed. */
export function weekTable(hours: OpeningHoursEntry[]): { day: Weekday; intervals: OpeningHoursEntry[] }[] {
  return WEEK.map((day) => ({ day, intervals: hours.filter((h) => h.day === day) }));
}

const WEEKDAY_INDEX: Record<string, Weekday> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Today's weekday where the branches are, whatever the server's or visitor's time zone. */
export function weekdayInJerusalem(now: Date = new Date()): Weekday {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Jerusalem", weekday: "short" }).format(now);
  return WEEKDAY_INDEX[name] ?? 0;
}
