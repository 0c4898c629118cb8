/**
 * The seasonal collection's band on the home page (server/services/seasonal.ts): while Hanukkah's window
 * is open (14 days before the first day until it ends, from the Hebrew calendar), the home page leads with
 * the Hanukkah collection, names the holiday and its dates, links to the collection; axe finds nothing.
 * The e2e server runs on the real clock: on 2026-11-25 Hanukkah 5787 (evening of 4 Dec) is 10 days away.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { currentOrNextWindow, isFeatured } from "../../domain/seasonal/holidays.ts";
import { categories } from "../../server/db/seed/content.ts";
import { expectToast, listReady, staffPage } from "../support/admin-e2e.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium } from "../support/chromium-suite.ts";
import { storePage } from "../support/storefront.ts";

const baseURL = inject("baseURL");
const credentials = { email: inject("adminEmail"), password: inject("adminPassword") };
const hanukkah = categories.flatMap((c) => c.children).find((c) => c.holiday === "hanukkah")!;
const now = new Date();
const featured = isFeatured(currentOrNextWindow("hanukkah", 14, now), now);

describeInChromium("seasonal collection band in Chromium", (browser) => {
  for (const [label, viewport] of [
    ["phone", VIEWPORTS.mobile],
    ["desktop", VIEWPORTS.desktop],
  ] as const) {
    describe(label, () => {
      let page: Page;
      beforeAll(async () => {
        page = await storePage(browser, viewport);
      });
      afterAll(async () => {
        await page.context().close();
      });

      it.runIf(featured)(
        "home leads with the Hanukkah band: holiday, dates, products and a link; axe clean",
        async () => {
          await openPage(page, `${baseURL}/`);
          const band = page.locator('section[data-holiday="hanukkah"]');
          await band.waitFor();
          expect(await band.getByRole("heading", { level: 2 }).textContent()).toBe(hanukkah.name);
          const text = (await band.textContent()) ?? "";
          expect(text).toContain("לקראת חנוכה");
          expect(text).toMatch(/בדצמבר|בינואר|בנובמבר/);
          // It is the first section of the page, above the hero.
          expect(await page.locator("main > section").first().getAttribute("data-holiday")).toBe("hanukkah");
          expect(await band.getByRole("list").getByRole("link").count()).toBeGreaterThanOrEqual(3);
          expect(await axeViolations(page)).toEqual([]);

          await band.getByRole("link", { name: /לכל הקולקציה/ }).click();
          await page.waitForURL(/\/categories\/\d+$/);
          await expect.poll(() => page.locator("h1").textContent()).toBe(hanukkah.name);
        },
      );

      it.runIf(!featured)("outside Hanukkah's window the home page has no Hanukkah band", async () => {
        await openPage(page, `${baseURL}/`);
        await page.locator("#home-categories").waitFor();
        expect(await page.locator('section[data-holiday="hanukkah"]').count()).toBe(0);
      });
    });
  }

  describe("admin", () => {
    let page: Page;
    beforeAll(async () => {
      page = await staffPage(browser, baseURL, credentials, { viewport: VIEWPORTS.desktop });
    });
    afterAll(async () => {
      await page?.context().close();
    });

    /** Types a Jerusalem date and time into a Hebrew date field (day, month, year, hour, minute). */
    const typeDateTime = async (label: string, digits: string) => {
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("group", { name: label }).getByRole("spinbutton").first().click();
      await page.keyboard.type(digits);
    };

    it("schedules a sale with Hebrew date fields: an end before the start is refused, then it is listed as scheduled; axe clean", async () => {
      await openPage(page, `${baseURL}/admin/sales`);
      await listReady(page);
      await page.getByRole("button", { name: "מבצע חדש" }).click();
      const dialog = page.getByRole("dialog", { name: "הוספת מבצע" });
      await dialog.waitFor();
      await dialog.getByLabel("שם").fill("מבצע מתוזמן לבדיקה");
      await typeDateTime("מועד התחלה", "050120300700"); // 5.1.2030, 07:00
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
      const saved = await page.evaluate(async () => {
        const token = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? "");
        const headers = { "X-XSRF-TOKEN": token, "X-Requested-With": "XMLHttpRequest" };
        const list = await (await fetch("/api/admin/sales?search_title=לבדיקה", { headers })).json();
        const item = list.data[0];
        await fetch(`/api/admin/sales/${item.id}`, { method: "DELETE", headers });
        return { starts_at: item.starts_at, ends_at: item.ends_at };
      });
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
      expect(await dialog.getByLabel("ימים לפני החג").inputValue()).toBe("14");
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
