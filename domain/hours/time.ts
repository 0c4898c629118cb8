/**
 * Wall-clock time in Jerusalem, whatever the time zone of the server or the browser. Dates are
 * "YYYY-MM-DD" strings (civil dates in Jerusalem), times "HH:MM"; instants are `Date`s.
 */
export const TIME_ZONE = "Asia/Jerusalem";

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const pad = (n: number) => String(n).padStart(2, "0");

/** The UTC offset from Intl, for one instant. */
function intlOffset(instant: Date): number {
  const p: Record<string, number> = {};
  for (const part of PARTS.formatToParts(instant)) if (part.type !== "literal") p[part.type] = Number(part.value);
  const asUtc = Date.UTC(p.year as number, (p.month as number) - 1, p.day as number, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

// Israel changes its clocks on whole UTC hours, so one Intl call per UTC hour is enough (Intl is slow).
const offsetCache = new Map<number, number>();
const HOUR = 3_600_000;

/** Minutes Jerusalem is ahead of UTC at this instant (120 in winter, 180 in summer). */
export function offsetMinutes(instant: Date): number {
  const bucket = Math.floor(instant.getTime() / HOUR);
  let offset = offsetCache.get(bucket);
  if (offset === undefined) {
    if (offsetCache.size > 50_000) offsetCache.clear();
    offset = intlOffset(new Date(bucket * HOUR));
    offsetCache.set(bucket, offset);
  }
  return offset;
}

/** The Jerusalem wall clock as the UTC fields of a shifted Date. */
function wall(instant: Date): Date {
  return new Date(instant.getTime() + offsetMinutes(instant) * 60_000);
}

/** The civil date in Jerusalem at this instant. */
export function jerusalemDate(instant: Date): string {
  const w = wall(instant);
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
}

/** "HH:MM" in Jerusalem at this instant. */
export function jerusalemTime(instant: Date): string {
  const w = wall(instant);
  return `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
}

/** The instant a Jerusalem wall clock shows `time` on `date` (a time skipped by the spring change moves on). */
export function jerusalemInstant(date: string, time: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = wall - offsetMinutes(new Date(wall)) * 60_000;
  const second = wall - offsetMinutes(new Date(first)) * 60_000;
  return new Date(second);
}

/** ISO-8601 with Jerusalem's offset: "2026-09-20T06:00:00+03:00". */
export function isoInJerusalem(instant: Date): string {
  const offset = offsetMinutes(instant);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${jerusalemDate(instant)}T${jerusalemTime(instant)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() as Weekday;
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: string, b: string): number {
  const toUtc = (s: string) => {
    const [y, m, d] = s.split("-").map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
}

/** A real calendar date in "YYYY-MM-DD" form. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}
