/**
 * Seasonal collections and dated content: holiday windows from the Hebrew calendar
 * (domain/seasonal/holidays.ts), the Jerusalem wall-clock inputs and schedule states
 * (domain/seasonal/schedule.ts), the admin schemas' rules, and the schedule timer that bumps the content
 * version at each boundary (server/schedule-timer.ts).
 */
import { describe, expect, it } from "vitest";
import { heAdmin } from "../../domain/i18n/admin.ts";
import { categorySchema } from "../../domain/schemas/admin/category.ts";
import { postSchema } from "../../domain/schemas/admin/post.ts";
import {
  currentOrNextWindow,
  holidayLabels,
  holidayWindow,
  isFeatured,
  nextWindowBoundary,
} from "../../domain/seasonal/holidays.ts";
import { parseInstant, scheduleStatus, toJerusalemInput } from "../../domain/seasonal/schedule.ts";
import type { ContentVersion } from "../../server/content-version.ts";
import { startScheduleTimer, type Timers } from "../../server/schedule-timer.ts";

const at = (iso: string) => new Date(iso);

describe("holiday windows (Israel, Jerusalem time)", () => {
  // Known dates: first and last full days of each holiday in Israel.
  const KNOWN: [Parameters<typeof holidayWindow>[0], number, string, string][] = [
    ["hanukkah", 5786, "2025-12-15", "2025-12-22"],
    ["hanukkah", 5787, "2026-12-05", "2026-12-12"],
    ["pesach", 5786, "2026-04-02", "2026-04-08"],
    ["pesach", 5787, "2027-04-22", "2027-04-28"],
    ["shavuot", 5786, "2026-05-22", "2026-05-22"],
    ["shavuot", 5787, "2027-06-11", "2027-06-11"],
    ["rosh_hashanah", 5787, "2026-09-12", "2026-09-13"],
    ["rosh_hashanah", 5788, "2027-10-02", "2027-10-03"],
    ["tu_bishvat", 5786, "2026-02-02", "2026-02-02"],
    // 5787 is a leap year: Purim is in Adar II; Jerusalem keeps Shushan Purim the next day.
    ["purim", 5786, "2026-03-03", "2026-03-04"],
    ["purim", 5787, "2027-03-23", "2027-03-24"],
    ["sukkot", 5787, "2026-09-26", "2026-10-03"],
  ];
  for (const [holiday, year, first, last] of KNOWN) {
    it(`${holiday} ${year}: ${first} to ${last}`, () => {
      const w = holidayWindow(holiday, year);
      expect([w.firstDay, w.lastDay]).toEqual([first, last]);
    });
  }

  it("Hanukkah 5787 with the default 14 days: from 21 Nov 00:00 to 13 Dec 00:00 Jerusalem (winter, UTC+2)", () => {
    const w = holidayWindow("hanukkah", 5787);
    expect(w.showFrom.toISOString()).toBe("2026-11-20T22:00:00.000Z");
    expect(w.showUntil.toISOString()).toBe("2026-12-12T22:00:00.000Z");
  });

  it("Pesach 5787 and Shavuot 5787 boundaries fall on Jerusalem midnight in summer time (UTC+3)", () => {
    const pesach = holidayWindow("pesach", 5787, 14);
    expect(pesach.showFrom.toISOString()).toBe("2027-04-07T21:00:00.000Z");
    expect(pesach.showUntil.toISOString()).toBe("2027-04-28T21:00:00.000Z");
    const shavuot = holidayWindow("shavuot", 5787, 10);
    expect(shavuot.showFrom.toISOString()).toBe("2027-05-31T21:00:00.000Z");
    expect(shavuot.showUntil.toISOString()).toBe("2027-06-11T21:00:00.000Z");
  });

  it("is featured from its first instant up to, not including, its last", () => {
    const w = holidayWindow("hanukkah", 5787);
    const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);
    expect(isFeatured(w, ms(w.showFrom, -1))).toBe(false);
    expect(isFeatured(w, w.showFrom)).toBe(true);
    expect(isFeatured(w, ms(w.showUntil, -1))).toBe(true);
    expect(isFeatured(w, w.showUntil)).toBe(false);
  });

  it("picks this year's window while it is open and next year's once it has ended (no yearly editing)", () => {
    // Today, 25 Nov 2026: Hanukkah 5787 is 10 days away, inside the 14-day lead.
    const today = at("2026-11-25T10:00:00Z");
    const now = currentOrNextWindow("hanukkah", 14, today);
    expect(now.hebrewYear).toBe(5787);
    expect(isFeatured(now, today)).toBe(true);
    const after = currentOrNextWindow("hanukkah", 14, at("2026-12-12T22:00:00Z"));
    expect([after.hebrewYear, after.firstDay]).toEqual([5788, "2027-12-25"]);
    // A shorter lead: not featured yet.
    expect(isFeatured(currentOrNextWindow("hanukkah", 7, today), today)).toBe(false);
    // Pesach seen from the autumn: the coming spring's, not last spring's.
    expect(currentOrNextWindow("pesach", 14, today).firstDay).toBe("2027-04-22");
  });

  it("names the next boundary: the opening before the window, the end inside it", () => {
    expect(nextWindowBoundary("hanukkah", 14, at("2026-11-01T00:00:00Z")).toISOString()).toBe(
      "2026-11-20T22:00:00.000Z",
    );
    expect(nextWindowBoundary("hanukkah", 14, at("2026-11-25T10:00:00Z")).toISOString()).toBe(
      "2026-12-12T22:00:00.000Z",
    );
    // At the very instant it opens, the next boundary is its end (strictly after now).
    expect(nextWindowBoundary("hanukkah", 14, at("2026-11-20T22:00:00Z")).toISOString()).toBe(
      "2026-12-12T22:00:00.000Z",
    );
  });

  it("labels the dates in Hebrew: Gregorian range, Hebrew range and the evening it begins", () => {
    const labels = holidayLabels(holidayWindow("hanukkah", 5787));
    expect(labels.name).toBe("חנוכה");
    expect(labels.gregorian).toMatch(/^5\s?–\s?12 בדצמבר 2026$/);
    expect(labels.hebrew).toBe("כ״ה כסלו – ב׳ טבת תשפ״ז");
    expect(labels.begins).toContain("4 בדצמבר");
    expect(labels.begins).toContain("שישי");
    expect(holidayLabels(holidayWindow("shavuot", 5787)).gregorian).toBe("11 ביוני 2027");
  });
});

describe("dated content", () => {
  it("reads staff input as Jerusalem wall-clock time, in winter and in summer", () => {
    expect(parseInstant("2026-12-01T08:00")?.toISOString()).toBe("2026-12-01T06:00:00.000Z");
    expect(parseInstant("2026-07-01T08:00")?.toISOString()).toBe("2026-07-01T05:00:00.000Z");
    expect(parseInstant("2026-07-01T08:00:00.000Z")?.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(parseInstant("2026-07-01T08:00+03:00")?.toISOString()).toBe("2026-07-01T05:00:00.000Z");
    for (const bad of ["2026-02-30T08:00", "2026-12-01T25:00", "tomorrow", "2026-12-01", "1e9"]) {
      expect(parseInstant(bad), bad).toBeNull();
    }
    expect(toJerusalemInput("2026-12-01T06:00:00.000Z")).toBe("2026-12-01T08:00");
    expect(toJerusalemInput(null)).toBe("");
  });

  it("is scheduled before its start, active inside, ended from its end on", () => {
    const window = { starts_at: "2026-12-01T06:00:00.000Z", ends_at: "2026-12-02T06:00:00.000Z" };
    expect(scheduleStatus(window, at("2026-12-01T05:59:59.999Z"))).toBe("scheduled");
    expect(scheduleStatus(window, at("2026-12-01T06:00:00.000Z"))).toBe("active");
    expect(scheduleStatus(window, at("2026-12-02T06:00:00.000Z"))).toBe("ended");
    expect(scheduleStatus({ starts_at: null, ends_at: null }, at("2026-12-01T00:00:00Z"))).toBe("active");
  });

  it("the post schema stores ISO UTC, empty as null, and refuses an end at or before the start in Hebrew", () => {
    const ok = postSchema.parse({ name: "מבצע", starts_at: "2026-12-01T08:00", ends_at: "" });
    expect(ok.starts_at).toBe("2026-12-01T06:00:00.000Z");
    expect(ok.ends_at).toBeNull();
    for (const ends_at of ["2026-12-01T08:00", "2026-11-30T08:00"]) {
      const bad = postSchema.safeParse({ name: "מבצע", starts_at: "2026-12-01T08:00", ends_at });
      expect(bad.success).toBe(false);
      expect(bad.error?.issues[0]?.path).toEqual(["ends_at"]);
      expect(bad.error?.issues[0]?.message).toBe(heAdmin.validation.endsBeforeStarts);
    }
    const garbage = postSchema.safeParse({ name: "מבצע", starts_at: "מחר" });
    expect(garbage.error?.issues[0]?.message).toBe(heAdmin.validation.dateTime(heAdmin.fields.startsAt));
  });

  it("the category schema takes a known holiday and a lead of 0–90 days (14 by default)", () => {
    const base = { name: "סופגניות", is_main: true };
    expect(categorySchema.parse({ ...base, holiday: "hanukkah" })).toMatchObject({
      holiday: "hanukkah",
      holiday_lead_days: 14,
    });
    expect(categorySchema.parse({ ...base, holiday: "" }).holiday).toBeNull();
    const unknown = categorySchema.safeParse({ ...base, holiday: "christmas" });
    expect(unknown.error?.issues[0]?.message).toBe(heAdmin.validation.holiday);
    expect(categorySchema.safeParse({ ...base, holiday: "pesach", holiday_lead_days: "91" }).success).toBe(false);
  });
});

describe("schedule timer", () => {
  function fakeVersion() {
    let version = 1;
    const listeners = new Set<(v: number) => void>();
    const bump = async () => {
      version++;
      for (const l of listeners) l(version);
      return version;
    };
    const cv: Pick<ContentVersion, "current" | "bump" | "invalidate" | "onChange" | "ready" | "close"> = {
      current: () => version,
      bump,
      invalidate: bump,
      onChange: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      ready: Promise.resolve(),
      close: async () => {},
    };
    return cv;
  }
  function fakeTimers() {
    const pending = new Map<number, { callback: () => void; ms: number }>();
    let id = 0;
    const timers: Timers = {
      set: (callback, ms) => {
        pending.set(++id, { callback, ms });
        return id;
      },
      clear: (handle) => pending.delete(handle as number),
    };
    /** Runs the one armed timer (the timer keeps at most one). */
    const runArmed = () => {
      expect(pending.size).toBe(1);
      const [key, entry] = [...pending.entries()][0]!;
      pending.delete(key);
      entry.callback();
      return entry.ms;
    };
    return { timers, pending, runArmed };
  }

  it("bumps the version once at each boundary, then waits for the next; an early wake-up does not bump", async () => {
    const boundaries = [at("2026-12-01T06:00:00Z"), at("2026-12-02T06:00:00Z")];
    let now = at("2026-12-01T05:00:00Z");
    const version = fakeVersion();
    const { timers, runArmed } = fakeTimers();
    const timer = startScheduleTimer({
      nextScheduledChange: async (from) => boundaries.find((b) => b.getTime() > from.getTime()) ?? null,
      contentVersion: version,
      clock: () => now,
      timers,
    });
    await timer.settled();
    expect(timer.next()).toEqual(boundaries[0]);

    // Woken a hair early: no bump, the same boundary is planned again.
    now = new Date(boundaries[0]!.getTime() - 1);
    expect(runArmed()).toBe(3_600_000);
    await timer.settled();
    expect(version.current()).toBe(1);
    expect(timer.next()).toEqual(boundaries[0]);

    now = boundaries[0]!;
    runArmed();
    await timer.settled();
    expect(version.current()).toBe(2);
    expect(timer.next()).toEqual(boundaries[1]);

    now = at("2026-12-03T00:00:00Z");
    runArmed();
    await timer.settled();
    expect(version.current()).toBe(3);
    expect(timer.next()).toBeNull();
    timer.close();
  });

  it("reads the schedule once per boundary it fires at, with or without a version listener", async () => {
    const boundaries = [at("2026-12-01T06:00:00Z"), at("2026-12-02T06:00:00Z")];
    for (const notifies of [true, false]) {
      let now = at("2026-12-01T05:00:00Z");
      const version = fakeVersion();
      // A content version whose bump tells no one: the timer must still plan the next boundary itself.
      const silent: typeof version = { ...version, onChange: () => () => {} };
      const { timers, runArmed } = fakeTimers();
      let reads = 0;
      const timer = startScheduleTimer({
        nextScheduledChange: async (from) => {
          reads++;
          return boundaries.find((b) => b.getTime() > from.getTime()) ?? null;
        },
        contentVersion: notifies ? version : silent,
        clock: () => now,
        timers,
      });
      await timer.settled();
      expect(reads).toBe(1);
      now = boundaries[0]!;
      runArmed();
      await timer.settled();
      expect(version.current()).toBe(2);
      expect(reads).toBe(2);
      expect(timer.next()).toEqual(boundaries[1]);
      timer.close();
    }
  });

  it("does not loop when the clock reads just before the boundary it already fired for", async () => {
    const boundary = at("2026-12-01T06:00:00Z");
    let now = boundary;
    const version = fakeVersion();
    const { timers, pending, runArmed } = fakeTimers();
    const timer = startScheduleTimer({
      nextScheduledChange: async (from) => (boundary.getTime() > from.getTime() ? boundary : null),
      contentVersion: version,
      clock: () => now,
      timers,
    });
    now = new Date(boundary.getTime() - 10_000);
    await timer.settled();
    now = boundary;
    runArmed();
    await timer.settled();
    // Another server's clock a second behind, or ours after the bump: the fired boundary is not planned again.
    now = new Date(boundary.getTime() - 1000);
    await version.bump();
    await timer.settled();
    expect(pending.size).toBe(0);
    expect(version.current()).toBe(3);
    timer.close();
  });
});
