/**
 * When "sold out today" ends (issue 30): the bakery's first opening on a later Jerusalem day, from the hours
 * engine (domain/hours/engine.ts `firstOpeningAfterToday`), and how the stored end reads.
 */
import { describe, expect, it } from "vitest";
import { firstOpeningAfterToday, openingDays } from "../../domain/hours/engine.ts";
import { type BranchHours, DEFAULT_RULES, type WeeklyEntry } from "../../domain/hours/rules.ts";
import { jerusalemInstant } from "../../domain/hours/time.ts";
import { isSoldOut, soldOutEnd } from "../../domain/sold-out.ts";

const WEEKDAYS = (opens: string, closes: string): WeeklyEntry[] =>
  ([0, 1, 2, 3, 4] as const).map((day) => ({ day, opens, closes }));

/** Sun–Thu 07:00–19:00, Friday until two hours before candle-lighting, Saturday night an hour after havdalah. */
const shuk: BranchHours = {
  weekly: [...WEEKDAYS("07:00", "19:00"), { day: 5, opens: "06:30", closes: "14:00" }],
  rules: {
    ...DEFAULT_RULES,
    friday: { mode: "before_candles", minutes: 120 },
    motzaei: { after_havdalah: 60, closes: "23:30" },
  },
};
/** Sun–Thu 08:00–13:00 and 16:00–20:00; closed on Friday and Saturday night. */
const split: BranchHours = {
  weekly: [...WEEKDAYS("08:00", "13:00"), ...WEEKDAYS("16:00", "20:00")],
  rules: { ...DEFAULT_RULES, motzaei: null },
};

const at = (date: string, time: string) => jerusalemInstant(date, time);

describe("sold out today ends at the bakery's next opening on a later day", () => {
  it("Friday afternoon → the opening after havdalah on Saturday night, not Shabbat, not Sunday", () => {
    const end = firstOpeningAfterToday([shuk], at("2026-12-18", "13:30"));
    const saturday = openingDays(shuk, "2026-12-19", 1)[0]!;
    expect(saturday.intervals).toHaveLength(1);
    expect(end.toISOString()).toBe(new Date(saturday.intervals[0]!.opens_at).toISOString());
    expect(saturday.havdalah).not.toBeNull();
    expect(end.getTime()).toBeGreaterThan(at("2026-12-19", saturday.havdalah!).getTime());
  });

  it("without a Saturday-night opening, Friday leads to Sunday's first opening", () => {
    expect(firstOpeningAfterToday([split], at("2026-12-18", "10:00"))).toEqual(at("2026-12-20", "08:00"));
  });

  it("the same day's evening reopening does not clear it; the earliest branch wins", () => {
    expect(firstOpeningAfterToday([split], at("2026-12-21", "10:00"))).toEqual(at("2026-12-22", "08:00"));
    expect(firstOpeningAfterToday([split, shuk], at("2026-12-21", "10:00"))).toEqual(at("2026-12-22", "07:00"));
  });

  it("a Yom Tov is skipped too: Erev Rosh Hashanah 5787 → after the two days of the holiday", () => {
    // Rosh Hashanah 5787: 12–13 September 2026 (Saturday–Sunday); the eve is Friday the 11th.
    const end = firstOpeningAfterToday([split], at("2026-09-11", "09:00"));
    expect(end).toEqual(at("2026-09-14", "08:00"));
  });

  it("with no branch (or none opening), it ends at the next midnight in Jerusalem", () => {
    expect(firstOpeningAfterToday([], at("2026-12-21", "10:00"))).toEqual(at("2026-12-22", "00:00"));
  });

  it("reads the stored end on the Jerusalem clock, and is over once that moment has come", () => {
    const until = at("2026-12-19", "17:59").toISOString();
    expect(soldOutEnd(until)).toEqual({ weekday: 6, date: "19.12", time: "17:59" });
    expect(isSoldOut(until, new Date(Date.parse(until) - 1))).toBe(true);
    expect(isSoldOut(until, new Date(until))).toBe(false);
    expect(isSoldOut(null, new Date())).toBe(false);
  });
});
