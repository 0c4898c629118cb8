/**
 * Public pages as HTML with islands (issue 32, ADR 013): an island whose script fails to load leaves the HTML
 * working (the header's search and menu links do what they do without JavaScript), and the visitor's next
 * interaction tries again; keyboard focus that wakes the header stays on the control it was on when that control's
 * link becomes a button; the back office is still a client-side app.
 */
import { expect, it } from "vitest";
import { staffPage } from "../support/admin-e2e.ts";
import { openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { storePage } from "../support/storefront.ts";

const baseURL = e2eBaseURL();

describeInChromium("islands in Chromium", (browser) => {
  it("a header whose script fails keeps working as HTML, and comes alive on the next interaction", async () => {
    const page = await storePage(browser, VIEWPORTS.mobile);
    try {
      let refuse = true;
      let asked = 0;
      await page.route(/\/assets\/header\.client-[^/]+\.js$/, (route) => {
        asked++;
        return refuse ? route.abort("connectionfailed") : route.continue();
      });
      await openPage(page, `${baseURL}/products`, { islands: "asLoaded" });
      const header = page.locator('[data-island="header"]');
      // The visitor touches the header: its script is asked for and refused.
      await page.locator("header").hover();
      await expect.poll(() => asked).toBe(1);
      await expect.poll(() => header.getAttribute("data-mounting")).toBeNull();
      expect(await header.getAttribute("data-hydrated")).toBeNull();
      // The search toggle is still the link to the search bar, which shows itself and searches.
      await page.locator("header").getByRole("link", { name: "חיפוש", exact: true }).click();
      await page.waitForURL(/#site-search$/);
      const input = page.locator("#site-search").getByRole("searchbox", { name: "חיפוש מוצר" });
      await input.fill("חלה");
      await input.press("Enter");
      await page.waitForURL(/\/products\?search=/);
      expect(decodeURIComponent(new URL(page.url()).search)).toContain("search=חלה");
      // The menu button is still the link to the footer's list of the site's pages.
      await openPage(page, `${baseURL}/about`, { islands: "asLoaded" });
      await page.locator("header").getByRole("link", { name: "פתיחת התפריט" }).click();
      await page.waitForURL(/#site-pages$/);
      await expect.poll(() => page.locator("#site-pages").isVisible()).toBe(true);
      // The network is back: the next touch of the header brings the menus to life.
      refuse = false;
      await page.mouse.move(1, 1);
      await page.locator("header").hover();
      await page.locator('[data-island="header"][data-hydrated]').waitFor({ state: "attached" });
      await page.getByRole("button", { name: "פתיחת התפריט" }).click();
      await expect.poll(() => page.locator("#mobile-menu").isVisible()).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it("keyboard focus that wakes the header stays on its control when the link becomes a button", async () => {
    for (const [viewport, selector, after] of [
      [VIEWPORTS.desktop, "#site-search-toggle", "button#site-search-toggle"],
      [VIEWPORTS.desktop, "#main-menu li:first-child a", "#main-menu li:first-child button"],
      [VIEWPORTS.mobile, "a[href='#site-pages']", "button[aria-controls='mobile-menu']"],
    ] as const) {
      const page = await storePage(browser, viewport);
      try {
        await openPage(page, `${baseURL}/products`, { islands: "asLoaded" });
        // Focus lands on the control while the island sleeps (a quick Tab), which wakes it.
        await page.locator(selector).focus();
        await page.locator('[data-island="header"][data-hydrated]').waitFor({ state: "attached" });
        await expect
          .poll(() => page.locator(after).evaluate((el) => el === document.activeElement), { message: selector })
          .toBe(true);
        // And the control answers the keyboard at once.
        await page.keyboard.press("Enter");
        await expect.poll(() => page.locator(after).getAttribute("aria-expanded"), { message: selector }).toBe("true");
      } finally {
        await page.context().close();
      }
    }
  });

  it("the back office still navigates client-side: a menu link fetches no document", async () => {
    const page = await staffPage(browser, baseURL, { viewport: VIEWPORTS.desktop });
    try {
      await openPage(page, `${baseURL}/admin/panel`);
      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents.push(request.url());
      });
      await page.getByRole("link", { name: "מוצרים", exact: true }).first().click();
      await page.waitForURL(/\/admin\/products/);
      await page.getByRole("heading", { level: 1 }).filter({ hasText: "מוצרים" }).waitFor();
      expect(documents).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
