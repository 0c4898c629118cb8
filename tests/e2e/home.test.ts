import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations, launchBrowser, newPage, VIEWPORTS } from "../support/browser.ts";

const baseURL = inject("baseURL");
const chromiumPath = inject("chromiumPath");

describe.skipIf(!chromiumPath)("home page in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath);
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    describe(name, () => {
      let page: Page;
      beforeAll(async () => {
        page = await newPage(browser, viewport);
        await page.goto(`${baseURL}/`, { waitUntil: "networkidle" });
      });
      afterAll(async () => {
        await page.context().close();
      });

      it("is Hebrew and right-to-left, with a Hebrew title", async () => {
        expect(await page.getAttribute("html", "lang")).toBe("he");
        expect(await page.getAttribute("html", "dir")).toBe("rtl");
        expect(await page.title()).toMatch(/[\u0590-\u05FF]/);
      });

      it("shows the seeded home categories with loaded images", async () => {
        const tiles = page.locator("section[aria-labelledby=home-categories] li");
        expect(await tiles.count()).toBeGreaterThanOrEqual(4);
        const firstImage = tiles.first().locator("img");
        await expect
          .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        expect(await tiles.first().textContent()).toMatch(/[\u0590-\u05FF]/);
      });

      it("has the layout shell: header, footer with 2022, floating chat link", async () => {
        await expect.poll(() => page.locator("header a[href='/']").count()).toBeGreaterThan(0);
        expect(await page.locator("footer").textContent()).toContain("2022");
        const chat = page.locator("a[href^='https://wa.me/']").last();
        expect(await chat.getAttribute("href")).toContain("text=");
      });

      it("has no axe-core WCAG 2.1 AA violations", async () => {
        expect(await axeViolations(page)).toEqual([]);
      });
    });
  }
});
