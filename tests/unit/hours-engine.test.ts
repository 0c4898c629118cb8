/**
 * The opening-hours engine (domain/hours) against known dates of 5787 (2026–27) in Jerusalem. Expected
 * candle-lighting and havdalah times are what @hebcal/core documents for Jerusalem — sunset minus 40 minutes,
 * havdalah at tzeit 8.5° — checked against Zmanim directly and against published Jerusalem values.
 */
import { HDate, Location, Zmanim } from "@hebcal/core";
import { afterEach, describe, expect, it } from "vitest";
import { clearCalendarFacts, type HoursDay, hoursStatus, openingDays } from "../../domain/hours/engine.ts";
import {
  type BranchHours,
  DEFAULT_RULES,
  type HoursRules,
  hoursRulesSchema,
  parseStoredHours,
  serializeHours,
  type WeeklyEntry,
  weeklySchema,
} from "../../domain/hours/rules.ts";

const WEEKDAYS = (opens: string, closes: string): WeeklyEntry[] =>
  ([0, 1, 2, 3, 4] as const).map((day) => ({ day, opens, closes }));

/** Sun–Thu 07:00–19:00, Friday closes two hours before candle-lighting, opens an hour after havdalah. */
const shuk: BranchHours = {
  weekly: [...WEEKDAYS("07:00", "19:00"), { day: 5, opens: "06:30", closes: "14:00" }],
  rules: {
    ...DEFAULT_RULES,
    friday: { mode: "before_candles", minutes: 120 },
    motzaei: { after_havdalah: 60, closes: "23:30" },
  },
};

/** A version 1 row as the spec stores it: weekly list only, every other rule at its default. */
const legacy = parseStoredHours(
  JSON.stringify([...WEEKDAYS("06:30", "20:00"), { day: 5, opens: "06:00", closes: "14:30" }]),
);

const withRules = (rules: Partial<HoursRules>, base: BranchHours = shuk): BranchHours => ({
  weekly: base.weekly,
  rules: { ...base.rules, ...rules },
});

const times = (day: HoursDay | undefined) => day?.intervals.map((i) => `${i.opens}–${i.closes}`) ?? [];
const day = (hours: BranchHours, date: string) => openingDays(hours, date, 1)[0] as HoursDay;

/** Candle-lighting as hebcal documents it for Jerusalem: sunset − 40 minutes, rounded to the minute. */
function expectedCandles(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const z = new Zmanim(Location.lookup("Jerusalem") as Location, new HDate(new Date(y, m - 1, d)), false);
  return Zmanim.formatTime(
    z.sunsetOffset(-40, true),
    Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Jerusalem",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }) as never,
  );
}

describe("calendar facts for Jerusalem", () => {
  it("candle-lighting is sunset minus 40 minutes (hebcal's Jerusalem rule)", () => {
    for (const date of ["2026-12-04", "2026-06-19", "2026-09-20", "2027-04-21"]) {
      expect(day(shuk, date).candle_lighting).toBe(expectedCandles(date));
    }
  });

  it("matches published Jerusalem times", () => {
    // welcomingolim.blogspot.com, Dec 2011: Jerusalem candle-lighting 15:55 on 2 and 9 December.
    expect(day(legacy, "2011-12-02").candle_lighting).toBe("15:55");
    expect(day(legacy, "2011-12-09").candle_lighting).toBe("15:55");
    // Jerusalem Post, Shemini Atzeret 5785: chag ends 18:34; candles 17:18 (hebcal: 17:17, a minute's rounding).
    expect(day(legacy, "2024-10-24").havdalah).toBe("18:34");
    const candles = day(legacy, "2024-10-23").candle_lighting ?? "";
    expect(["17:17", "17:18"]).toContain(candles);
  });

  it("names the day in Hebrew: Hebrew date, holiday or parasha", () => {
    const [erev, yomKippur] = openingDays(shuk, "2026-09-20", 2);
    expect(erev?.hebrew_date).toBe("ט׳ תשרי תשפ״ז");
    expect(erev?.name).toBe("ערב יום כיפור");
    expect(yomKippur?.hebrew_date).toBe("י׳ תשרי תשפ״ז");
    expect(yomKippur?.name).toBe("יום כיפור");
    expect(day(shuk, "2026-09-19").name).toBe("פרשת האזינו");
    expect(day(shuk, "2026-09-22").name).toBeNull();
  });
});

describe("a regular Friday", () => {
  it("winter (Israel Standard Time): closes 120 minutes before candle-lighting at 15:54", () => {
    const friday = day(shuk, "2026-12-04");
    expect(friday.candle_lighting).toBe("15:54");
    expect(friday.kind).toBe("friday");
    expect(times(friday)).toEqual(["06:30–13:54"]);
    expect(friday.intervals[0]?.closes_at).toBe("2026-12-04T13:54:00+02:00");
  });

  it("summer (Israel Daylight Time): the relative rule keeps the shop open later than the weekly 14:00", () => {
    const friday = day(shuk, "2026-06-19");
    expect(friday.candle_lighting).toBe("19:07");
    expect(times(friday)).toEqual(["06:30–17:07"]);
    expect(friday.intervals[0]?.opens_at).toBe("2026-06-19T06:30:00+03:00");
  });

  it("a fixed Friday closing stays as entered, and never reaches candle-lighting", () => {
    expect(times(day(legacy, "2026-12-04"))).toEqual(["06:00–14:30"]);
    const late = withRules({}, { weekly: [{ day: 5, opens: "06:00", closes: "17:00" }], rules: DEFAULT_RULES });
    expect(times(day(late, "2026-12-04"))).toEqual(["06:00–15:54"]);
  });

  it("on the morning Israel moves its clocks forward, opening times stay on the wall clock", () => {
    expect(day(shuk, "2027-03-26").intervals[0]?.opens_at).toBe("2027-03-26T06:30:00+03:00");
  });
});

describe("Shabbat and Motzaei Shabbat", () => {
  it("Saturday is closed until havdalah; the Motzaei rule opens an hour after it", () => {
    const saturday = day(shuk, "2026-12-05");
    expect(saturday.kind).toBe("shabbat");
    expect(saturday.havdalah).toBe("17:14");
    expect(times(saturday)).toEqual(["18:14–23:30"]);
    expect(day(legacy, "2026-12-05").closed).toBe(true);
  });

  it("weekly Saturday intervals never open before havdalah", () => {
    const saturday = withRules({}, { weekly: [{ day: 6, opens: "12:00", closes: "23:00" }], rules: DEFAULT_RULES });
    expect(times(day(saturday, "2026-06-20"))).toEqual(["20:30–23:00"]);
  });
});

describe("Yom Kippur 5787", () => {
  it("erev Yom Kippur (Sunday 20.9.2026) is kept like a Friday: closes 120 minutes before 17:58", () => {
    const erev = day(shuk, "2026-09-20");
    expect(erev.kind).toBe("erev_chag");
    expect(erev.candle_lighting).toBe("17:58");
    expect(times(erev)).toEqual(["06:30–15:58"]);
    expect(times(day(legacy, "2026-09-20"))).toEqual(["06:00–14:30"]);
  });

  it("erev chag can also keep its weekday's hours (clipped at candle-lighting) or close", () => {
    expect(times(day(withRules({ erev_chag: "regular" }), "2026-09-20"))).toEqual(["07:00–17:58"]);
    expect(day(withRules({ erev_chag: "closed" }), "2026-09-20").closed).toBe(true);
  });

  it("Yom Kippur (Monday 21.9.2026) is closed all day; Motzaei opens an hour after 19:14", () => {
    const yomKippur = day(shuk, "2026-09-21");
    expect(yomKippur.kind).toBe("yom_tov");
    expect(yomKippur.havdalah).toBe("19:14");
    expect(times(yomKippur)).toEqual(["20:14–23:30"]);
    expect(day(legacy, "2026-09-21").closed).toBe(true);
  });
});

describe("Sukkot 5787 and its Chol HaMoed", () => {
  const days = () => openingDays(shuk, "2026-09-25", 9);

  it("erev Sukkot is a Friday; Sukkot I (Shabbat) is closed; Shemini Atzeret is closed", () => {
    const [erev, first, , , , , , hoshanaRaba, sheminiAtzeret] = days();
    expect(erev?.name).toBe("ערב סוכות");
    expect(times(erev)).toEqual(["06:30–15:52"]);
    expect(first?.name).toBe("סוכות א׳");
    expect(times(first)).toEqual(["20:07–23:30"]);
    expect(hoshanaRaba?.name).toBe("סוכות ז׳ (הושענא רבה)");
    expect(times(hoshanaRaba)).toEqual(["06:30–15:43"]);
    expect(sheminiAtzeret?.name).toBe("שמיני עצרת");
    expect(sheminiAtzeret?.kind).toBe("yom_tov");
  });

  it("Chol HaMoed keeps the weekly hours, or its own, or closes, as the branch chose", () => {
    const cholHamoed = days().slice(2, 7);
    expect(cholHamoed.map((d) => d.kind)).toEqual(Array(5).fill("chol_hamoed"));
    expect(cholHamoed[0]?.name).toBe("סוכות ב׳ (חוה״מ)");
    expect(times(cholHamoed[0])).toEqual(["07:00–19:00"]);
    const custom = withRules({ chol_hamoed: { mode: "custom", intervals: [{ opens: "08:00", closes: "13:00" }] } });
    expect(times(day(custom, "2026-09-28"))).toEqual(["08:00–13:00"]);
    expect(day(withRules({ chol_hamoed: { mode: "closed", intervals: [] } }), "2026-09-28").closed).toBe(true);
  });
});

describe("Pesach 5787", () => {
  it("policy closed: closed from erev Pesach (21.4.2027) to the seventh day; Motzaei opens after it", () => {
    const days = openingDays(shuk, "2027-04-20", 10);
    expect(times(days[0])).toEqual(["07:00–19:00"]);
    expect(days.slice(1, 9).every((d) => d.kind === "pesach")).toBe(true);
    expect(days.slice(1, 8).every((d) => d.closed)).toBe(true);
    expect(days[1]?.name).toBe("ערב פסח");
    expect(days[2]?.name).toBe("פסח א׳");
    expect(days[8]?.name).toBe("פסח ז׳");
    expect(days[8]?.havdalah).toBe("19:55");
    expect(times(days[8])).toEqual(["20:55–23:30"]);
    expect(times(days[9])).toEqual(["07:00–19:00"]);
    expect(openingDays(legacy, "2027-04-21", 8).every((d) => d.closed)).toBe(true);
  });

  it("policy open (kosher for Passover): erev chag like Friday, Yom Tov closed, Chol HaMoed open", () => {
    const open = withRules({ pesach: "open" });
    const days = openingDays(open, "2027-04-21", 8);
    expect(days.map((d) => d.kind)).toEqual([
      "erev_chag",
      "yom_tov",
      "friday",
      "shabbat",
      "chol_hamoed",
      "chol_hamoed",
      "erev_chag",
      "yom_tov",
    ]);
    expect(times(days[0])).toEqual(["06:30–16:31"]);
    expect(times(days[1])).toEqual(["20:51–23:30"]);
    expect(times(days[2])).toEqual(["06:30–16:33"]);
    expect(times(days[4])).toEqual(["07:00–19:00"]);
    expect(times(days[6])).toEqual(["06:30–16:36"]);
  });
});

describe("Hanukkah, fasts and dated exceptions", () => {
  it("Hanukkah keeps the regular hours and is named", () => {
    const days = openingDays(shuk, "2026-12-06", 5);
    expect(days.map((d) => d.name)).toEqual([
      "חנוכה: ג׳ נרות",
      "חנוכה: ד׳ נרות",
      "חנוכה: ה׳ נרות",
      "חנוכה: ו׳ נרות",
      "חנוכה: ז׳ נרות",
    ]);
    expect(days.every((d) => d.kind === "regular" && times(d)[0] === "07:00–19:00")).toBe(true);
  });

  it("a fast day (Tzom Gedaliah, 14.9.2026) follows the fast-day policy", () => {
    expect(day(shuk, "2026-09-14").kind).toBe("fast");
    expect(times(day(shuk, "2026-09-14"))).toEqual(["07:00–19:00"]);
    expect(day(withRules({ fast_days: { mode: "closed", intervals: [] } }), "2026-09-14").closed).toBe(true);
  });

  it("a dated exception wins, with its note, but never opens into Shabbat", () => {
    const hours = withRules({
      exceptions: [
        { date: "2027-05-03", intervals: [], note: "סגור לספירת מלאי" },
        { date: "2026-12-04", intervals: [{ opens: "10:00", closes: "20:00" }], note: "" },
      ],
    });
    const inventory = day(hours, "2027-05-03");
    expect(inventory.kind).toBe("exception");
    expect(inventory.closed).toBe(true);
    expect(inventory.note).toBe("סגור לספירת מלאי");
    expect(times(day(hours, "2026-12-04"))).toEqual(["10:00–15:54"]);
  });
});

describe("intervals after midnight and split shifts", () => {
  const night: BranchHours = {
    weekly: [
      { day: 3, opens: "07:00", closes: "12:00" },
      { day: 3, opens: "16:00", closes: "19:00" },
      { day: 4, opens: "20:00", closes: "02:00" },
      { day: 5, opens: "22:00", closes: "02:00" },
    ],
    rules: DEFAULT_RULES,
  };

  it("keeps several intervals a day and carries an interval past midnight", () => {
    expect(times(day(night, "2026-12-09"))).toEqual(["07:00–12:00", "16:00–19:00"]);
    const thursday = day(night, "2026-12-10");
    expect(times(thursday)).toEqual(["20:00–02:00"]);
    expect(thursday.intervals[0]?.closes_at).toBe("2026-12-11T02:00:00+02:00");
    expect(day(night, "2026-12-11").closed).toBe(true);
  });

  it("is open after midnight on the previous day's interval", () => {
    expect(hoursStatus(night, new Date("2026-12-11T01:00:00+02:00"))).toEqual({
      open_now: true,
      status: "פתוח עכשיו · נסגר ב־02:00",
    });
  });
});

describe("status line", () => {
  it("open: says when it closes", () => {
    expect(hoursStatus(shuk, new Date("2026-12-04T10:00:00+02:00"))).toEqual({
      open_now: true,
      status: "פתוח עכשיו · נסגר ב־13:54",
    });
  });

  it("closed: says when it opens, today, on a weekday or on a date further away", () => {
    expect(hoursStatus(legacy, new Date("2026-12-04T15:00:00+02:00"))).toEqual({
      open_now: false,
      status: "סגור · ייפתח ביום ראשון ב־06:30",
    });
    expect(hoursStatus(shuk, new Date("2026-12-05T12:00:00+02:00")).status).toBe("סגור · ייפתח היום ב־18:14");
    expect(hoursStatus(shuk, new Date("2026-12-07T05:00:00+02:00")).status).toBe("סגור · ייפתח היום ב־07:00");
    expect(hoursStatus(legacy, new Date("2027-04-21T08:00:00+03:00")).status).toBe(
      "סגור · ייפתח ביום חמישי 29.4 ב־06:30",
    );
  });

  it("no opening at all within two months: just closed", () => {
    expect(hoursStatus({ weekly: [], rules: DEFAULT_RULES }, new Date("2026-12-04T10:00:00+02:00"))).toEqual({
      open_now: false,
      status: "סגור",
    });
  });
});

describe("time zone of the machine", () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
    clearCalendarFacts();
  });

  it("gives the same days and status in UTC+14, UTC−8 and UTC", () => {
    const results = ["Pacific/Kiritimati", "America/Los_Angeles", "UTC"].map((zone) => {
      process.env.TZ = zone;
      clearCalendarFacts();
      return {
        days: openingDays(shuk, "2026-09-18", 20),
        status: hoursStatus(shuk, new Date("2026-09-20T23:30:00+03:00")),
      };
    });
    expect(results[0]?.days[3]?.name).toBe("יום כיפור");
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
  });
});

describe("stored format", () => {
  it("reads the spec's list as the weekly schedule with the default rules", () => {
    expect(legacy.rules).toEqual(DEFAULT_RULES);
    expect(legacy.weekly).toHaveLength(6);
    expect(serializeHours(legacy)).toBe(JSON.stringify(legacy.weekly));
  });

  it("writes a versioned object once a rule differs, and reads it back", () => {
    const stored = serializeHours(shuk);
    expect(JSON.parse(stored)).toMatchObject({ version: 2, friday: { mode: "before_candles", minutes: 120 } });
    expect(parseStoredHours(stored)).toEqual(shuk);
  });

  it("keeps the readable rules of a damaged row", () => {
    const parsed = parseStoredHours(JSON.stringify({ version: 2, weekly: [], pesach: "open", friday: "soon" }));
    expect(parsed.rules.pesach).toBe("open");
    expect(parsed.rules.friday).toEqual(DEFAULT_RULES.friday);
    expect(parseStoredHours("not json")).toEqual({ weekly: [], rules: DEFAULT_RULES });
  });

  it("rejects overlapping or empty intervals with Hebrew messages and accepts one past midnight", () => {
    const overlap = weeklySchema.safeParse([
      { day: 0, opens: "07:00", closes: "12:00" },
      { day: 0, opens: "11:00", closes: "14:00" },
    ]);
    expect(overlap.error?.issues[0]?.message).toBe("יש חפיפה בין שעות הפתיחה של אותו יום");
    expect(weeklySchema.safeParse([{ day: 0, opens: "07:00", closes: "07:00" }]).success).toBe(false);
    expect(weeklySchema.safeParse([{ day: 4, opens: "20:00", closes: "02:00" }]).success).toBe(true);
    const rules = hoursRulesSchema.safeParse({ friday: { mode: "before_candles", minutes: 9999 } });
    expect(rules.error?.issues[0]?.message).toBe("יש להזין מספר דקות בין 0 ל־600");
  });
});
