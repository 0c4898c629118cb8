/**
 * Dated content: a sale or publication is public only inside its window, `starts_at` (inclusive) to
 * `ends_at` (exclusive), both optional ISO-8601 UTC instants. Staff type them as Jerusalem wall-clock
 * times ("YYYY-MM-DDTHH:MM", what a datetime-local input holds); the API also takes ISO with an offset.
 */
import { isCalendarDate, jerusalemDate, jerusalemInstant, jerusalemTime } from "../hours/time.ts";

export type ScheduleStatus = "scheduled" | "active" | "ended";

export interface Window {
  starts_at: string | null;
  ends_at: string | null;
}

export function scheduleStatus(window: Window, now: Date): ScheduleStatus {
  const t = now.getTime();
  if (window.starts_at && Date.parse(window.starts_at) > t) return "scheduled";
  if (window.ends_at && Date.parse(window.ends_at) <= t) return "ended";
  return "active";
}

const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * The instant a staff member meant: a Jerusalem wall-clock time, or an ISO instant with `Z` or an offset.
 * Null when the text is neither.
 */
export function parseInstant(text: string): Date | null {
  const wall = WALL_CLOCK.exec(text);
  if (wall) {
    const [, date, hh, mm] = wall as unknown as [string, string, string, string];
    if (!isCalendarDate(date) || Number(hh) > 23 || Number(mm) > 59) return null;
    return jerusalemInstant(date, `${hh}:${mm}`);
  }
  if (!WITH_ZONE.test(text)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) || !isCalendarDate(text.slice(0, 10)) ? null : instant;
}

/** An ISO instant as the Jerusalem wall-clock text of a datetime-local input ("" for none). */
export function toJerusalemInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return "";
  return `${jerusalemDate(instant)}T${jerusalemTime(instant)}`;
}
