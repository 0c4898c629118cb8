/**
 * The opening-hours engine: a branch's rules (rules.ts) applied to the Hebrew calendar of Jerusalem.
 * Pure and server-side in practice (it loads @hebcal/core, ADR 002's one exception to "zod only"); the
 * pages render what the server computed, so the browser never recomputes with its own clock.
 *
 * Calendar facts come from @hebcal/core's own calendar for Jerusalem in Israel mode (`il: true`):
 * candle-lighting 40 minutes before sunset (hebcal's rule for Jerusalem), havdalah at tzeit 8.5° (hebcal's
 * default), holidays, Chol HaMoed, fasts and the weekly parasha, named in Hebrew without niqqud.
 *
 * Rules, in order of precedence for one civil day (docs/hours.md):
 * 1. a dated exception the staff added;
 * 2. Pesach policy "closed": closed 14–21 Nisan (the night after 21 Nisan follows the Motzaei Shabbat rule);
 * 3. Shabbat or Yom Tov: closed; after havdalah the Motzaei rule (or, on Saturday, the weekly Saturday
 *    intervals) may open;
 * 4. Chol HaMoed / fast-day policy ("closed" or its own intervals; "regular" falls through);
 * 5. Friday, or an erev chag kept "like Friday": Friday's weekly intervals, closing N minutes before
 *    candle-lighting when the rule says so; an erev chag kept "regular" uses its own weekday's intervals;
 * 6. the weekly intervals of that weekday.
 * Whatever the rule, no interval reaches into Shabbat or Yom Tov: every span is clipped at candle-lighting
 * and opens at the earliest at havdalah.
 */
import {
  CandleLightingEvent,
  type Event,
  flags,
  HavdalahEvent,
  HDate,
  HebrewCalendar,
  Location,
  months,
  ParshaEvent,
  TimedEvent,
} from "@hebcal/core";
import { heHours } from "../i18n/hours.ts";
import { type BranchHours, type Interval, intervalMinutes, type WeeklyEntry } from "./rules.ts";
import {
  addDays,
  daysBetween,
  isoInJerusalem,
  jerusalemDate,
  jerusalemInstant,
  jerusalemTime,
  type Weekday,
  weekdayOf,
} from "./time.ts";

const LOCALE = "he-x-NoNikud";
const MINUTE = 60_000;

/** Jerusalem from hebcal's own city list: Asia/Jerusalem, Israel schedule, 40-minute candle-lighting. */
const JERUSALEM = Location.lookup("Jerusalem") as Location;

/** What the calendar says about one civil day in Jerusalem. */
export interface DayFacts {
  date: string;
  weekday: Weekday;
  /** "י׳ תשרי תשפ״ז" */
  hebrewDate: string;
  hebrewMonth: number;
  hebrewDay: number;
  /** Hebrew names, the most important first (Yom Tov, Chol HaMoed, erev, fasts, Hanukkah, the rest). */
  holidays: string[];
  parasha: string | null;
  /** Shabbat or a Yom Tov (work is forbidden from the previous evening's candle-lighting to havdalah). */
  holy: boolean;
  /** A Yom Tov (Rosh Hashanah, Yom Kippur, the first and last days of the festivals, Shavuot). */
  yomTov: boolean;
  /** Candle-lighting this evening (Shabbat or a Yom Tov begins), when this day is not holy itself. */
  candles: Date | null;
  /** Havdalah this evening, when Shabbat or Yom Tov ends today. */
  havdalah: Date | null;
  cholHamoed: boolean;
  /** A minor fast or Tisha B'Av (Ta'anit Bechorot is not a public fast). */
  fast: boolean;
}

export type DayKind =
  | "regular"
  | "friday"
  | "erev_chag"
  | "shabbat"
  | "yom_tov"
  | "chol_hamoed"
  | "fast"
  | "pesach"
  | "exception";

export interface HoursInterval {
  /** "HH:MM" in Jerusalem */
  opens: string;
  closes: string;
  /** ISO-8601 with Jerusalem's offset */
  opens_at: string;
  closes_at: string;
}

/** One day of a branch's calendar, as the API and pages show it. */
export interface HoursDay {
  date: string;
  weekday: Weekday;
  hebrew_date: string;
  /** The holiday or, on Shabbat, the parasha, in Hebrew; null on an ordinary day. */
  name: string | null;
  holidays: string[];
  parasha: string | null;
  kind: DayKind;
  closed: boolean;
  intervals: HoursInterval[];
  /** "HH:MM" of candle-lighting / havdalah this evening, when there is one. */
  candle_lighting: string | null;
  havdalah: string | null;
  /** The staff's note of a dated exception. */
  note: string | null;
}

interface Span {
  start: Date;
  end: Date;
}

// ---------------------------------------------------------------------------
// Calendar facts (memoised: a civil date's facts never change)

const factsCache = new Map<string, DayFacts>();
const CACHE_LIMIT = 4000;

function hdateOf(date: string): HDate {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  // HDate reads the local calendar fields of a Date; a local midnight keeps the civil date in any TZ.
  return new HDate(new Date(y, m - 1, d));
}

function dateOfEvent(ev: Event): string {
  const g = ev.getDate().greg();
  return `${g.getFullYear()}-${String(g.getMonth() + 1).padStart(2, "0")}-${String(g.getDate()).padStart(2, "0")}`;
}

function rank(ev: Event): number {
  const f = ev.getFlags();
  if (f & flags.CHAG) return 0;
  if (f & (flags.CHOL_HAMOED | flags.EREV | flags.MAJOR_FAST)) return 1;
  if (f & flags.CHANUKAH_CANDLES || ev.getDesc().startsWith("Chanukah")) return 2;
  if (f & flags.MINOR_FAST) return 3;
  return 4;
}

function fillFacts(from: string, to: string): void {
  if (factsCache.size > CACHE_LIMIT) factsCache.clear();
  const events = HebrewCalendar.calendar({
    start: hdateOf(from),
    end: hdateOf(to),
    location: JERUSALEM,
    candlelighting: true,
    il: true,
    sedrot: true,
    noSpecialShabbat: true,
  });
  const byDate = new Map<string, Event[]>();
  for (const ev of events) {
    const key = dateOfEvent(ev);
    const list = byDate.get(key) ?? [];
    list.push(ev);
    byDate.set(key, list);
  }
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const list = byDate.get(date) ?? [];
    const hd = hdateOf(date);
    const weekday = weekdayOf(date);
    // Timed events other than candles/havdalah (fast begins/ends, chametz times) carry no day name.
    const named = list.filter(
      (ev) =>
        !(ev instanceof CandleLightingEvent) &&
        !(ev instanceof HavdalahEvent) &&
        !(ev instanceof ParshaEvent) &&
        !(ev.constructor === TimedEvent),
    );
    const dayEvents = named.filter((ev) => !(ev instanceof TimedEvent));
    const yomTov = dayEvents.some((ev) => ev.getFlags() & flags.CHAG);
    const holy = weekday === 6 || yomTov;
    const candles = list.find((ev) => ev instanceof CandleLightingEvent) as CandleLightingEvent | undefined;
    const havdalah = list.find((ev) => ev instanceof HavdalahEvent) as HavdalahEvent | undefined;
    const parasha = list.find((ev) => ev instanceof ParshaEvent);
    factsCache.set(date, {
      date,
      weekday,
      hebrewDate: hd.renderGematriya(true),
      hebrewMonth: hd.getMonth(),
      hebrewDay: hd.getDate(),
      holidays: [...named].sort((a, b) => rank(a) - rank(b)).map((ev) => ev.render(LOCALE)),
      parasha: parasha ? parasha.render(LOCALE) : null,
      holy,
      yomTov,
      candles: candles && !holy ? candles.eventTime : null,
      havdalah: havdalah ? havdalah.eventTime : null,
      cholHamoed: dayEvents.some((ev) => ev.getFlags() & flags.CHOL_HAMOED),
      fast: dayEvents.some(
        (ev) =>
          (ev.getFlags() & flags.MINOR_FAST && ev.getDesc() !== "Ta'anit Bechorot") ||
          (ev.getFlags() & flags.MAJOR_FAST && !(ev.getFlags() & flags.CHAG)),
      ),
    });
  }
}

/** Forget the memoised calendar (tests that change the process time zone). */
export function clearCalendarFacts(): void {
  factsCache.clear();
}

/** The calendar facts of `count` days from `from` (Jerusalem civil dates). */
export function calendarFacts(from: string, count: number): DayFacts[] {
  const to = addDays(from, count - 1);
  let missingFrom: string | null = null;
  let missingTo: string | null = null;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (factsCache.has(date)) continue;
    missingFrom ??= date;
    missingTo = date;
  }
  if (missingFrom && missingTo) fillFacts(missingFrom, missingTo);
  const out: DayFacts[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    let facts = factsCache.get(date);
    if (!facts) {
      fillFacts(date, date);
      facts = factsCache.get(date);
    }
    out.push(facts as DayFacts);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Applying the rules

function spanOf(date: string, interval: Interval): Span {
  const [, end] = intervalMinutes(interval);
  return {
    start: jerusalemInstant(date, interval.opens),
    end: jerusalemInstant(end >= 24 * 60 ? addDays(date, 1) : date, interval.closes),
  };
}

function weeklyOf(weekly: WeeklyEntry[], day: Weekday): Interval[] {
  return weekly.filter((e) => e.day === day).map(({ opens, closes }) => ({ opens, closes }));
}

/** Spans closing at `cutoff`: later ones dropped, the last one that starts before it closes exactly then. */
function closeAt(spans: Span[], cutoff: Date): Span[] {
  const kept = spans.filter((s) => s.start < cutoff).sort((a, b) => a.start.getTime() - b.start.getTime());
  return kept.map((s, i) => ({ start: s.start, end: i === kept.length - 1 || s.end > cutoff ? cutoff : s.end }));
}

/** The times of a day when work is forbidden: from candle-lighting, and until havdalah on a holy day. */
function forbidden(facts: DayFacts): Span[] {
  const dayStart = jerusalemInstant(facts.date, "00:00");
  const dayEnd = jerusalemInstant(addDays(facts.date, 1), "00:00");
  const out: Span[] = [];
  if (facts.holy) out.push({ start: dayStart, end: facts.havdalah ?? dayEnd });
  if (facts.candles) out.push({ start: facts.candles, end: dayEnd });
  return out;
}

function subtract(spans: Span[], windows: Span[]): Span[] {
  let out = spans;
  for (const w of windows) {
    out = out.flatMap((s) => {
      if (s.end <= w.start || s.start >= w.end) return [s];
      const parts: Span[] = [];
      if (s.start < w.start) parts.push({ start: s.start, end: w.start });
      if (s.end > w.end) parts.push({ start: w.end, end: s.end });
      return parts;
    });
  }
  return out.filter((s) => s.end.getTime() - s.start.getTime() >= MINUTE);
}

function motzaeiSpan(hours: BranchHours, facts: DayFacts): Span[] {
  const rule = hours.rules.motzaei;
  if (!rule || !facts.havdalah) return [];
  const start = new Date(facts.havdalah.getTime() + rule.after_havdalah * MINUTE);
  let end = jerusalemInstant(facts.date, rule.closes);
  if (end <= facts.havdalah) end = jerusalemInstant(addDays(facts.date, 1), rule.closes);
  return end > start ? [{ start, end }] : [];
}

interface DayPlan {
  kind: DayKind;
  spans: Span[];
  note: string | null;
}

function plan(hours: BranchHours, facts: DayFacts): DayPlan {
  const { weekly, rules } = hours;
  const spans = (list: Interval[]) => list.map((i) => spanOf(facts.date, i));

  const exception = rules.exceptions.find((e) => e.date === facts.date);
  if (exception) return { kind: "exception", spans: spans(exception.intervals), note: exception.note || null };

  const inPesach = facts.hebrewMonth === months.NISAN && facts.hebrewDay >= 14 && facts.hebrewDay <= 21;
  if (rules.pesach === "closed" && inPesach) {
    return { kind: "pesach", spans: facts.hebrewDay === 21 ? motzaeiSpan(hours, facts) : [], note: null };
  }

  if (facts.holy) {
    const after = rules.motzaei ? motzaeiSpan(hours, facts) : facts.weekday === 6 ? spans(weeklyOf(weekly, 6)) : [];
    return { kind: facts.yomTov ? "yom_tov" : "shabbat", spans: after, note: null };
  }

  const policy = facts.cholHamoed ? rules.chol_hamoed : facts.fast ? rules.fast_days : null;
  const policyKind: DayKind = facts.cholHamoed ? "chol_hamoed" : "fast";
  if (policy?.mode === "closed") return { kind: policyKind, spans: [], note: null };

  if (facts.candles) {
    const isFriday = facts.weekday === 5;
    const mode = isFriday ? "like_friday" : rules.erev_chag;
    if (mode === "closed") return { kind: "erev_chag", spans: [], note: null };
    const base =
      policy?.mode === "custom" ? policy.intervals : weeklyOf(weekly, mode === "like_friday" ? 5 : facts.weekday);
    let list = spans(base);
    if (mode === "like_friday" && rules.friday.mode === "before_candles") {
      list = closeAt(list, new Date(facts.candles.getTime() - rules.friday.minutes * MINUTE));
    }
    return { kind: isFriday ? "friday" : "erev_chag", spans: list, note: null };
  }

  if (policy?.mode === "custom") return { kind: policyKind, spans: spans(policy.intervals), note: null };
  return { kind: policy ? policyKind : "regular", spans: spans(weeklyOf(weekly, facts.weekday)), note: null };
}

/** Planned spans of each day, clipped so that none reaches into Shabbat or Yom Tov. */
function clippedPlans(hours: BranchHours, from: string, count: number): { facts: DayFacts; plan: DayPlan }[] {
  // One day more: an interval after midnight reaches into the next day's window.
  const facts = calendarFacts(from, count + 1);
  return facts.slice(0, count).map((f, i) => {
    const p = plan(hours, f);
    const next = facts[i + 1] as DayFacts;
    return { facts: f, plan: { ...p, spans: subtract(p.spans, [...forbidden(f), ...forbidden(next)]) } };
  });
}

/** The branch's days from `from` (a Jerusalem civil date), `count` of them. */
export function openingDays(hours: BranchHours, from: string, count: number): HoursDay[] {
  return clippedPlans(hours, from, count).map(({ facts, plan: p }) => ({
    date: facts.date,
    weekday: facts.weekday,
    hebrew_date: facts.hebrewDate,
    name: facts.holidays[0] ?? facts.parasha,
    holidays: facts.holidays,
    parasha: facts.parasha,
    kind: p.kind,
    closed: p.spans.length === 0,
    intervals: p.spans.map((s) => ({
      opens: jerusalemTime(s.start),
      closes: jerusalemTime(s.end),
      opens_at: isoInJerusalem(s.start),
      closes_at: isoInJerusalem(s.end),
    })),
    candle_lighting: facts.candles ? jerusalemTime(facts.candles) : null,
    havdalah: facts.havdalah ? jerusalemTime(facts.havdalah) : null,
    note: p.note,
  }));
}

export interface HoursStatus {
  open_now: boolean;
  /** "פתוח עכשיו · נסגר ב־14:00" / "סגור · ייפתח ביום ראשון ב־07:00" */
  status: string;
}

/** Open or closed at `now`, and the Hebrew status line. */
export function hoursStatus(hours: BranchHours, now: Date = new Date()): HoursStatus {
  const today = jerusalemDate(now);
  const t = heHours;
  // Yesterday too (an interval after midnight); a Pesach closure lasts at most nine days.
  for (const horizon of [16, 64]) {
    const spans = clippedPlans(hours, addDays(today, -1), horizon)
      .flatMap((d) => d.plan.spans)
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    const current = spans.find((s) => s.start <= now && now < s.end);
    if (current) {
      let end = current.end;
      for (const s of spans) if (s.start <= end && s.end > end) end = s.end;
      return { open_now: true, status: `${t.openNow}${t.separator}${t.closesAt(jerusalemTime(end))}` };
    }
    const next = spans.find((s) => s.start > now);
    if (next) {
      const day = jerusalemDate(next.start);
      const time = jerusalemTime(next.start);
      const ahead = daysBetween(today, day);
      const weekday = weekdayOf(day);
      const [, m, d] = day.split("-").map(Number);
      const when =
        ahead === 0
          ? t.opensToday(time)
          : ahead < 7
            ? t.opensOn(weekday, time)
            : t.opensOnDate(weekday, `${d}.${m}`, time);
      return { open_now: false, status: `${t.closed}${t.separator}${when}` };
    }
  }
  return { open_now: false, status: heHours.closed };
}

/**
 * The first moment at or after `instant` at which the branch opens (an interval starts), or null when it
 * does not open within 64 days. An interval already running at `instant` is not an opening.
 */
export function nextOpening(hours: BranchHours, instant: Date): Date | null {
  const from = jerusalemDate(instant);
  // A Pesach closure lasts at most nine days: two weeks ahead nearly always finds it, 64 days always.
  for (const horizon of [16, 64]) {
    const start = clippedPlans(hours, from, horizon)
      .flatMap((d) => d.plan.spans)
      .map((s) => s.start)
      .filter((t) => t >= instant)
      .sort((a, b) => a.getTime() - b.getTime())[0];
    if (start) return start;
  }
  return null;
}

/**
 * The bakery's first opening on a later Jerusalem day than `now`'s: the earliest interval, in any of these
 * branches, that opens from the next midnight on — so Friday afternoon leads past Shabbat to the opening after
 * havdalah. With no opening ahead in any branch, the next midnight. ("Sold out today" ends then: issue 30.)
 */
export function firstOpeningAfterToday(branches: readonly BranchHours[], now: Date): Date {
  const midnight = jerusalemInstant(addDays(jerusalemDate(now), 1), "00:00");
  const openings = branches
    .map((hours) => nextOpening(hours, midnight))
    .filter((t): t is Date => t !== null)
    .map((t) => t.getTime());
  return openings.length ? new Date(Math.min(...openings)) : midnight;
}

/** The branch's standing rules in Hebrew sentences, for the page beside the weekly table. */
export function hoursNotes(hours: BranchHours): string[] {
  const { rules } = hours;
  const notes: string[] = [heHours.shabbatNote];
  if (rules.friday.mode === "before_candles") notes.push(heHours.fridayRelative(rules.friday.minutes));
  if (rules.motzaei) notes.push(heHours.motzaei(rules.motzaei.after_havdalah));
  notes.push(rules.pesach === "closed" ? heHours.pesachClosed : heHours.pesachOpen);
  return notes;
}
