/**
 * The seasonal collection's band on the home page (server/services/seasonal.ts): while Hanukkah's window
 * is open (14 days before the first day until it ends, from the Hebrew calendar), the home page leads with
 * the Hanukkah collection, names the holiday and its dates, links to the collection; axe finds nothing.
 * The home page is served from this process (tests/support/build-server.ts: the production build over a copy
 * of the e2e template) on a chosen date, so both sides are shown on any day the suite runs: 10 days before
 * Hanukkah 5787 (evening of 4 Dec 2026) and in March 2027, outside its window. The browser's clock is set
 * to the same instant.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { currentOrNextWindow, isFeatured } from "../../domain/seasonal/holidays.ts";
import { categories } from "../../server/db/seed/content.ts";
import {
  adminApi,
  expectToast,
  listReady,
  openCreateDialog,
  segmentsLeftToRight,
  staffPage,
  typeSegments,
} from "../support/admin-e2e.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { type BuildServer, serveBuild } from "../support/build-server.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { storePage } from "../support/storefront.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();
const template = inject("seedTemplate");
const hanukkah = categories.flatMap((c) => c.children).find((c) => c.holiday === "hanukkah")!;
/** 10 days before Hanukkah 5787: inside the collection's 14-day window. */
const BEFORE_HANUKKAH = new Date("2026-11-25T08:00:00Z");
/** Between Purim and Pesach's window: no Hanukkah. */
const IN_MARCH = new Date("2027-03-01T08:00:00Z");

describeInChromium("seasonal collection band in Chromium", (browser) => {
  /** The site on each date (a server each: a page cached on one date must not be served on the other). */
  const servers = new Map<Date, BuildServer>();
  beforeAll(async () => {
    for (const date of [BEFORE_HANUKKAH, IN_MARCH]) {
      servers.set(date, await serveBuild({ template, clock: () => new Date(date) }));
    }
  });
  afterAll(async () => {
    for (const server of servers.values()) await server.close();
  });

  for (const [label, viewport] of [
    ["phone", VIEWPORTS.mobile],
    ["desktop", VIEWPORTS.desktop],
  ] as const) {
    describe(label, () => {
      /** A page of the site as it is on `date`, in a browser whose clock says the same. */
      const homeOn = async (date: Date) => {
        expect(isFeatured(currentOrNextWindow("hanukkah", 14, date), date)).toBe(date === BEFORE_HANUKKAH);
        const page = await storePage(browser, viewport);
        await page.clock.setFixedTime(date);
        return {
          page,
          url: `${servers.get(date)!.baseURL}/`,
          close: () => page.context().close(),
        };
      };

      it("home leads with the Hanukkah band: holiday, dates, products and a link; axe clean", async () => {
        const home = await homeOn(BEFORE_HANUKKAH);
        const { page } = home;
        try {
          await openPage(page, home.url);
          const band = page.locator('section[data-holiday="hanukkah"]');
          await band.waitFor();
          expect(await band.getByRole("heading", { level: 2 }).textContent()).toBe(hanukkah.name);
          const text = (await band.textContent()) ?? "";
          expect(text).toContain("לקראת חנוכה");
          expect(text).toContain("בדצמבר");
          // It is the first section of the page, above the hero.
          expect(await page.locator("main > section").first().getAttribute("data-holiday")).toBe("hanukkah");
          expect(await band.getByRole("list").getByRole("link").count()).toBeGreaterThanOrEqual(3);
          expect(await axeViolations(page)).toEqual([]);

          await band.getByRole("link", { name: /לכל הקולקציה/ }).click();
          await page.waitForURL(/\/categories\/\d+$/);
          await expect.poll(() => page.locator("h1").textContent()).toBe(hanukkah.name);
        } finally {
          await home.close();
        }
      });

      it("outside Hanukkah's window the home page has no Hanukkah band", async () => {
        const home = await homeOn(IN_MARCH);
        const { page } = home;
        try {
          await openPage(page, home.url);
          await page.locator("#home-categories").waitFor();
          expect(await page.locator('section[data-holiday="hanukkah"]').count()).toBe(0);
        } finally {
          await home.close();
        }
      });
    });
  }

  describe("admin", () => {
    const page = suitePage(() => staffPage(browser, baseURL, { viewport: VIEWPORTS.desktop }));

    /** Types a Jerusalem date and time into a Hebrew date field (day, month, year, hour, minute). */
    const typeDateTime = (label: string, digits: string) => typeSegments(page.getByRole("dialog"), label, digits);

    it("schedules a sale with Hebrew date fields: an end before the start is refused, then it is listed as scheduled; axe clean", async () => {
      const dialog = await openCreateDialog(page, `${baseURL}/admin/sales`, {
        button: "מבצע חדש",
        dialog: "הוספת מבצע",
      });
      await dialog.getByLabel("שם").fill("מבצע מתוזמן לבדיקה");
      await typeDateTime("מועד התחלה", "050120300700"); // 5.1.2030, 07:00
      // Day, month, year from the left, as the lists print dates: not mirrored into "2030.1.5".
      expect(await segmentsLeftToRight(page.getByRole("dialog"), "מועד התחלה")).toEqual([
        "day",
        "month",
        "year",
        "hour",
        "minute",
      ]);
      await typeDateTime("מועד סיום", "040120300700");
      await dialog.getByRole("button", { name: "שמור" }).click();
      await dialog.getByText("מועד הסיום חייב להיות אחרי מועד ההתחלה").waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await typeDateTime("מועד סיום", "060120302000");
      await dialog.getByRole("button", { name: "שמור" }).click();
      await expectToast(page, "המבצע נשמר בהצלחה");
      await dialog.waitFor({ state: "detached" });
      await listReady(page);
      const row = page.getByRole("row").filter({ hasText: "מבצע מתוזמן לבדיקה" });
      expect(await row.locator("[data-schedule]").getAttribute("data-schedule")).toBe("scheduled");
      expect(await row.textContent()).toContain("מתוזמן");
      expect(await axeViolations(page)).toEqual([]);

      // Stored as the instant Jerusalem's clock meant (UTC+2 in January); then removed again.
      const list = await adminApi<{ data: { id: number; starts_at: string; ends_at: string }[] }>(
        page,
        "GET",
        `/api/admin/sales?search_title=${encodeURIComponent("לבדיקה")}`,
      );
      const item = list.body.data[0]!;
      expect((await adminApi(page, "DELETE", `/api/admin/sales/${item.id}`)).status).toBeLessThan(300);
      const saved = { starts_at: item.starts_at, ends_at: item.ends_at };
      expect(saved).toEqual({ starts_at: "2030-01-05T05:00:00.000Z", ends_at: "2030-01-06T18:00:00.000Z" });
    });

    it("the category form offers the holiday and the days before it; axe clean", async () => {
      await openPage(page, `${baseURL}/admin/categories?search_title=${encodeURIComponent("סופגניות")}`);
      await listReady(page);
      await page
        .getByRole("button", { name: /^עריכה: .*סופגניות לחנוכה/ })
        .first()
        .click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(await dialog.getByLabel("קולקציה עונתית לחג").inputValue()).toBe("hanukkah");
      expect(await dialog.getByLabel("ימים לפני החג", { exact: true }).inputValue()).toBe("14");
      // Pre-orders of the collection close days before the holiday (issue 28): none set on the demo collection.
      expect(await dialog.getByLabel("סגירת ההזמנות מראש (ימים לפני החג)").inputValue()).toBe("");
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
