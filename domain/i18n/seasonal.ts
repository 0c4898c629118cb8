/**
 * Hebrew strings of seasonal collections and dated content: the holiday names (admin select, home band)
 * and the schedule states the back office shows. The home band receives its texts from the loader.
 */
import type { Holiday } from "../seasonal/holidays.ts";

export const heSeasonal = {
  holidays: {
    rosh_hashanah: "ראש השנה",
    sukkot: "סוכות",
    hanukkah: "חנוכה",
    tu_bishvat: "ט״ו בשבט",
    purim: "פורים",
    pesach: "פסח",
    shavuot: "שבועות",
  } satisfies Record<Holiday, string>,
  /** "The holiday begins on the evening of Friday, 4 December". */
  begins: (weekdayAndDate: string) => `החג נכנס ב${weekdayAndDate} בערב`,
  schedule: {
    scheduled: "מתוזמן",
    active: "פעיל",
    ended: "הסתיים",
  },
} as const;
