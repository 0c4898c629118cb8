/**
 * The opening-hours rules of a branch as stored in `branches.opening_hours` and edited in the admin.
 * This module has no calendar code (the browser's branch form loads it); engine.ts applies the rules.
 *
 * Stored format, backward compatible:
 * - version 1 (the spec's): a JSON list of `{ day, opens, closes }` — only the weekly schedule; the other
 *   rules take their defaults (DEFAULT_RULES).
 * - version 2: `{ "version": 2, "weekly": [{ day, opens, closes }…], ...HoursRules }`.
 * The API keeps answering `opening_hours` as the weekly list in both cases.
 */
import { z } from "zod";
import { heHours } from "../i18n/hours.ts";
import { isCalendarDate, type Weekday } from "./time.ts";

export type { Weekday };

const v = heHours.validation;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const MAX_INTERVALS_PER_DAY = 4;

/** One interval; `closes` at or before `opens` means after midnight (22:00–02:00). Times are Jerusalem's. */
export interface Interval {
  opens: string;
  closes: string;
}

/** One weekly interval, 0 = Sunday … 6 = Saturday; a weekday with none is closed. */
export interface WeeklyEntry extends Interval {
  day: Weekday;
}

export type FridayRule = { mode: "fixed" } | { mode: "before_candles"; minutes: number };
export type DayPolicy = { mode: "regular" | "closed" | "custom"; intervals: Interval[] };

export interface DatedException {
  date: string;
  /** Empty: closed all day. */
  intervals: Interval[];
  note: string;
}

export interface HoursRules {
  /** Friday (and an erev chag kept "like Friday"): the fixed weekly hours, or closing N minutes before candle-lighting. */
  friday: FridayRule;
  /** Saturday night (and the night a Yom Tov ends): opens N minutes after havdalah until `closes`; null: closed. */
  motzaei: { after_havdalah: number; closes: string } | null;
  /** A weekday whose evening begins a Yom Tov. */
  erev_chag: "like_friday" | "regular" | "closed";
  chol_hamoed: DayPolicy;
  /** Minor fasts and Tisha B'Av (Yom Kippur is a Yom Tov: closed). */
  fast_days: DayPolicy;
  /** closed: 14–21 Nisan; open (kosher for Passover): the usual erev chag / Yom Tov / Chol HaMoed rules. */
  pesach: "closed" | "open";
  exceptions: DatedException[];
}

export interface BranchHours {
  weekly: WeeklyEntry[];
  rules: HoursRules;
}

export const DEFAULT_RULES: HoursRules = {
  friday: { mode: "fixed" },
  motzaei: null,
  erev_chag: "like_friday",
  chol_hamoed: { mode: "regular", intervals: [] },
  fast_days: { mode: "regular", intervals: [] },
  pesach: "closed",
  exceptions: [],
};

/** Minutes since midnight of both ends; the end is past 24:00 for an interval after midnight. */
export function intervalMinutes(i: Interval): [number, number] {
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const start = toMin(i.opens);
  let end = toMin(i.closes);
  if (end <= start) end += 24 * 60;
  return [start, end];
}

function overlapping(list: Interval[]): boolean {
  const spans = list.map(intervalMinutes).sort((a, b) => a[0] - b[0]);
  return spans.some((span, i) => i > 0 && span[0] < (spans[i - 1] as [number, number])[1]);
}

const time = z.string({ error: v.time }).regex(TIME_PATTERN, v.time);

export const intervalSchema = z
  .object({ opens: time, closes: time })
  .refine((i) => i.opens !== i.closes, { message: v.sameTime, path: ["closes"] });

const intervalList = z
  .array(intervalSchema)
  .max(MAX_INTERVALS_PER_DAY, v.tooMany)
  .refine((list) => !overlapping(list), v.overlap)
  .transform((list) => [...list].sort((a, b) => a.opens.localeCompare(b.opens)));

export const weeklySchema = z
  .array(
    z
      .object({ day: z.number().int().min(0).max(6), opens: time, closes: time })
      .refine((i) => i.opens !== i.closes, { message: v.sameTime, path: ["closes"] }),
  )
  .max(7 * MAX_INTERVALS_PER_DAY, v.tooMany)
  .superRefine((list, ctx) => {
    for (let day = 0; day < 7; day++) {
      const ofDay = list.filter((e) => e.day === day);
      if (ofDay.length > MAX_INTERVALS_PER_DAY) ctx.addIssue({ code: "custom", message: v.tooMany });
      else if (overlapping(ofDay)) ctx.addIssue({ code: "custom", message: v.overlap });
    }
  })
  .transform((list) =>
    [...list].sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens)).map((e) => e as WeeklyEntry),
  );

const minutes = z.number({ error: v.minutes }).int(v.minutes).min(0, v.minutes).max(600, v.minutes);

const dayPolicySchema = z
  .object({ mode: z.enum(["regular", "closed", "custom"]), intervals: intervalList.default([]) })
  .refine((p) => p.mode !== "custom" || p.intervals.length > 0, {
    message: v.customNeedsHours,
    path: ["intervals"],
  })
  .transform((p): DayPolicy => ({ mode: p.mode, intervals: p.mode === "custom" ? p.intervals : [] }));

const exceptionSchema = z.object({
  date: z.string({ error: v.date }).refine(isCalendarDate, v.date),
  intervals: intervalList.default([]),
  note: z.string().trim().max(120, v.note).default(""),
});

export const hoursRulesSchema = z.object({
  friday: z
    .discriminatedUnion("mode", [
      z.object({ mode: z.literal("fixed") }),
      z.object({ mode: z.literal("before_candles"), minutes }),
    ])
    .default({ mode: "fixed" }),
  motzaei: z.object({ after_havdalah: minutes, closes: time }).nullable().default(null),
  erev_chag: z.enum(["like_friday", "regular", "closed"]).default("like_friday"),
  chol_hamoed: dayPolicySchema.default(DEFAULT_RULES.chol_hamoed),
  fast_days: dayPolicySchema.default(DEFAULT_RULES.fast_days),
  pesach: z.enum(["closed", "open"]).default("closed"),
  exceptions: z
    .array(exceptionSchema)
    .max(200)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((e, i) => {
        if (seen.has(e.date)) ctx.addIssue({ code: "custom", message: v.duplicateDate, path: [i, "date"] });
        seen.add(e.date);
      });
    })
    .transform((list) => [...list].sort((a, b) => a.date.localeCompare(b.date)))
    .default([]),
}) satisfies z.ZodType<HoursRules, unknown>;

/** Weekly entries from stored JSON; malformed entries are dropped rather than shown wrong. */
function tolerantWeekly(value: unknown): WeeklyEntry[] {
  if (!Array.isArray(value)) return [];
  const entries: WeeklyEntry[] = [];
  for (const item of value) {
    if (typeof item !== "object" || item === null) continue;
    const { day, opens, closes } = item as Record<string, unknown>;
    if (typeof day !== "number" || !Number.isInteger(day) || day < 0 || day > 6) continue;
    if (typeof opens !== "string" || typeof closes !== "string") continue;
    if (!TIME_PATTERN.test(opens) || !TIME_PATTERN.test(closes) || opens === closes) continue;
    entries.push({ day: day as Weekday, opens, closes });
  }
  return entries.sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens));
}

/** A stored `opening_hours` value (version 1 list or version 2 object); anything unreadable falls back to defaults. */
export function parseStoredHours(json: string): BranchHours {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { weekly: [], rules: DEFAULT_RULES };
  }
  if (Array.isArray(value)) return { weekly: tolerantWeekly(value), rules: DEFAULT_RULES };
  if (typeof value !== "object" || value === null) return { weekly: [], rules: DEFAULT_RULES };
  const { weekly, version: _version, ...rest } = value as Record<string, unknown>;
  const rules: Record<string, unknown> = { ...DEFAULT_RULES };
  // Field by field, so one unreadable rule does not throw away the others.
  for (const [key, schema] of Object.entries(hoursRulesSchema.shape)) {
    if (!(key in rest)) continue;
    const parsed = (schema as z.ZodType).safeParse(rest[key]);
    if (parsed.success) rules[key] = parsed.data;
  }
  return { weekly: tolerantWeekly(weekly), rules: rules as unknown as HoursRules };
}

/** The stored form: still a plain version 1 list while every rule is the default, so old readers keep working. */
export function serializeHours(hours: BranchHours): string {
  const isDefault = (Object.keys(DEFAULT_RULES) as (keyof HoursRules)[]).every(
    (key) => JSON.stringify(hours.rules[key]) === JSON.stringify(DEFAULT_RULES[key]),
  );
  if (isDefault) return JSON.stringify(hours.weekly);
  return JSON.stringify({ version: 2, weekly: hours.weekly, ...hours.rules });
}
