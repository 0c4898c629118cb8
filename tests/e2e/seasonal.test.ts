/**
 * The seasonal collection's band on the home page (server/services/seasonal.ts): while Hanukkah's window
 * is open (14 days before the first day until it ends, from the Hebrew calendar), the home page leads with
 * the Hanukkah collection, names the holiday and its dates, links to the collection; axe finds nothing.
 * The e2e server runs on the real clock: on 2026-11-25 Hanukkah 5787 (evening of 4 Dec) is 10 days away.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { currentOrNextWindow, isFeatured } from "../../domain/seasonal/holidays.ts";
import { categories } from "../../server/db/seed/content.ts";
import { axeViolations, launchBrowser, openPage, VIEWPORTS } from "../support/browser.ts";
import { storePage } from "../support/storefront.ts";

const baseURL = inject("baseURL");
const chromiumPath = inject("chromiumPath");
const hanukkah = categories.flatMap((c) => c.children).find((c) => c.holiday === "hanukkah")!;
const now = new Date();
const featured = isFeatured(currentOrNextWindow("hanukkah", 14, now), now);

describe.skipIf(!chromiumPath)("seasonal collection band in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
  });

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
});
