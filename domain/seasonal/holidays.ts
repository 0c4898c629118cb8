/**
 * Seasonal collections: when a holiday's collection is featured on the home page. Computed from the
 * Hebrew calendar (@hebcal/core) for whichever year it is, so nobody edits dates each year. Holidays are
 * kept as in Israel (Jerusalem): one day of Shavuot, seven of Pesach, Purim with Shushan Purim.
 *
 * A window runs from 00:00 Jerusalem time `leadDays` days before the holiday's first day until 00:00 after
 * its last day; the instants are the boundaries the server's schedule timer bumps the content version at.
 */
import { HDate, months } from "@hebcal/core";
import { addDays, jerusalemDate, jerusalemInstant } from "../hours/time.ts";
import { heSeasonal } from "../i18n/seasonal.ts";

export const HOLIDAYS = ["rosh_hashanah", "sukkot", "hanukkah", "tu_bishvat", "purim", "pesach", "shavuot"] as const;
export type Holiday = (typeof HOLIDAYS)[number];

export const DEFAULT_LEAD_DAYS = 14;
export const MAX_LEAD_DAYS = 90;

export function isHoliday(value: unknown): value is Holiday {
  return typeof value === "string" && (HOLIDAYS as readonly string[]).includes(value);
}

/** The holiday's first day (Hebrew date) and its length in days, in Hebrew year `year`. */
function daysOf(holiday: Holiday, year: number): { first: HDate; days: number } {
  switch (holiday) {
    case "rosh_hashanah":
      return { first: new HDate(1, months.TISHREI, year), days: 2 };
    case "sukkot":
      // Sukkot with Shemini Atzeret/Simchat Torah (22 Tishrei in Israel).
      return { first: new HDate(15, months.TISHREI, year), days: 8 };
    case "hanukkah":
      return { first: new HDate(25, months.KISLEV, year), days: 8 };
    case "tu_bishvat":
      return { first: new HDate(15, months.SHVAT, year), days: 1 };
    case "purim":
      // Adar II in a leap year; Jerusalem keeps Shushan Purim, the 15th.
      return { first: new HDate(14, HDate.isLeapYear(year) ? months.ADAR_II : months.ADAR_I, year), days: 2 };
    case "pesach":
      return { first: new HDate(15, months.NISAN, year), days: 7 };
    case "shavuot":
      return { first: new HDate(6, months.SIVAN, year), days: 1 };
  }
}

/** "YYYY-MM-DD" of a Hebrew date (HDate.greg() is a local midnight: read its local fields). */
function civil(h: HDate): string {
  const g = h.greg();
  return `${g.getFullYear()}-${String(g.getMonth() + 1).padStart(2, "0")}-${String(g.getDate()).padStart(2, "0")}`;
}

function hdateOf(date: string): HDate {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new HDate(new Date(y, m - 1, d));
}

export interface HolidayWindow {
  holiday: Holiday;
  hebrewYear: number;
  /** The holiday's first and last full days (Jerusalem civil dates); it begins the evening before `firstDay`. */
  firstDay: string;
  lastDay: string;
  /** Featured from this instant (inclusive) … */
  showFrom: Date;
  /** … until this one (exclusive). */
  showUntil: Date;
}

/** The window of `holiday` in Hebrew year `hebrewYear`. */
export function holidayWindow(holiday: Holiday, hebrewYear: number, leadDays = DEFAULT_LEAD_DAYS): HolidayWindow {
  const { first, days } = daysOf(holiday, hebrewYear);
  const firstDay = civil(first);
  const lastDay = addDays(firstDay, days - 1);
  return {
    holiday,
    hebrewYear,
    firstDay,
    lastDay,
    showFrom: jerusalemInstant(addDays(firstDay, -leadDays), "00:00"),
    showUntil: jerusalemInstant(addDays(lastDay, 1), "00:00"),
  };
}

/** The window that is open at `now`, else the next one to open (never one that has ended). */
export function currentOrNextWindow(holiday: Holiday, leadDays: number, now: Date): HolidayWindow {
  const year = hdateOf(jerusalemDate(now)).getFullYear();
  for (const y of [year - 1, year, year + 1]) {
    const window = holidayWindow(holiday, y, leadDays);
    if (window.showUntil.getTime() > now.getTime()) return window;
  }
  return holidayWindow(holiday, year + 2, leadDays);
}

export function isFeatured(window: HolidayWindow, now: Date): boolean {
  return window.showFrom.getTime() <= now.getTime() && now.getTime() < window.showUntil.getTime();
}

/** The next instant after `now` at which the collection appears or disappears. */
export function nextWindowBoundary(holiday: Holiday, leadDays: number, now: Date): Date {
  const window = currentOrNextWindow(holiday, leadDays, now);
  return now.getTime() < window.showFrom.getTime() ? window.showFrom : window.showUntil;
}

// ---------------------------------------------------------------------------
// Hebrew labels of a window (rendered on the server; the page receives the strings)

const atNoon = (date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
};
const GREGORIAN = new Intl.DateTimeFormat("he-IL", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const WEEKDAY_DATE = new Intl.DateTimeFormat("he-IL", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "UTC",
});

export interface HolidayLabels {
  /** "חנוכה" */
  name: string;
  /** "5–12 בדצמבר 2026" */
  gregorian: string;
  /** "כ״ה כסלו – ב׳ טבת תשפ״ז" */
  hebrew: string;
  /** "החג נכנס ביום שישי, 4 בדצמבר בערב" */
  begins: string;
}

export function holidayLabels(window: HolidayWindow): HolidayLabels {
  const single = window.firstDay === window.lastDay;
  const gregorian = single
    ? GREGORIAN.format(atNoon(window.firstDay))
    : GREGORIAN.formatRange(atNoon(window.firstDay), atNoon(window.lastDay));
  const first = hdateOf(window.firstDay).renderGematriya(true);
  const last = hdateOf(window.lastDay).renderGematriya(true);
  // Both end with the same year when the holiday does not cross Rosh Hashanah (none of ours does).
  const hebrew = single ? first : `${first.slice(0, first.lastIndexOf(" "))} – ${last}`;
  return {
    name: heSeasonal.holidays[window.holiday],
    gregorian,
    hebrew,
    begins: heSeasonal.begins(WEEKDAY_DATE.format(atNoon(addDays(window.firstDay, -1)))),
  };
}
