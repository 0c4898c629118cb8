/**
 * The header's search box (issue 11): suggestions as the visitor types, by keyboard (type, ↓, Enter
 * opens the product; Escape closes the list), the combobox's ARIA state and announced count, axe clean
 * with the list open on mobile and desktop, and the same search without JavaScript.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import type { ProductSuggestion } from "../../domain/contracts/catalogue.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { apiJson, focused, storePage } from "../support/storefront.ts";

const baseURL = e2eBaseURL();
const INPUT = "#site-search-input";
const LISTBOX = "#site-search [role=listbox]";

describeInChromium("search suggestions", (browser) => {
  async function openSearch(viewport: { width: number; height: number }): Promise<Page> {
    const page = await storePage(browser, viewport);
    await openPage(page, `${baseURL}/products`);
    await page.locator("header [aria-controls='site-search']").click();
    await expect.poll(() => page.locator(INPUT).isVisible()).toBe(true);
    return page;
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`on ${name}: type a typo, ↓, Enter lands on the product; the list is announced and axe clean`, async () => {
      // The example: one pair of letters swapped.
      const { data: expected } = await apiJson<{ data: ProductSuggestion[] }>(
        baseURL,
        `/api/products/suggest?q=${encodeURIComponent("קוראסון")}`,
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.every((s) => s.name.includes("קרואסון"))).toBe(true);

      const page = await openSearch(viewport);
      const input = page.locator(INPUT);
      expect(await input.getAttribute("role")).toBe("combobox");
      expect(await input.getAttribute("aria-expanded")).toBe("false");
      await input.pressSequentially("קוראסון");
      await expect.poll(() => page.locator(LISTBOX).isVisible()).toBe(true);
      // On a loaded machine the typing can pause past the debounce: the list may show a shorter prefix's
      // suggestions first, then the whole word's (an older answer never replaces a newer one).
      const options = page.locator(`${LISTBOX} [role=option]`);
      await expect.poll(() => options.allTextContents()).toEqual(expected.map((s) => s.name));
      expect(await input.getAttribute("aria-expanded")).toBe("true");
      expect(await page.locator("#site-search [role=status]").textContent()).toContain(String(expected.length));
      expect(await axeViolations(page)).toEqual([]);

      await page.keyboard.press("ArrowDown");
      const activeId = await input.getAttribute("aria-activedescendant");
      expect(activeId).toBeTruthy();
      expect(await page.locator(`[id='${activeId}']`).getAttribute("aria-selected")).toBe("true");
      expect((await focused(page)).id).toBe("site-search-input");
      await page.keyboard.press("Enter");
      await page.waitForURL(`${baseURL}${expected[0]!.url}`);
      await expect.poll(() => page.locator("main h1").textContent()).toBe(expected[0]!.name);
      await page.context().close();
    });
  }

  it("Escape closes the list first, then the search bar; ↑ wraps to the last suggestion", async () => {
    const { data: expected } = await apiJson<{ data: ProductSuggestion[] }>(
      baseURL,
      `/api/products/suggest?q=${encodeURIComponent("עוג")}`,
    );
    const page = await openSearch(VIEWPORTS.desktop);
    const input = page.locator(INPUT);
    await input.pressSequentially("עוג");
    // The whole word's suggestions (a shorter prefix's may show first on a loaded machine).
    await expect
      .poll(() => page.locator(`${LISTBOX} [role=option]`).allTextContents())
      .toEqual(expected.map((s) => s.name));
    const count = expected.length;
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThanOrEqual(8);
    await page.keyboard.press("ArrowUp");
    const last = page.locator(`${LISTBOX} [role=option]`).nth(count - 1);
    expect(await last.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator(LISTBOX).isVisible()).toBe(false);
    expect(await input.isVisible()).toBe(true);
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    // Enter with no suggestion chosen searches, as before.
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseURL}/products?search=${encodeURIComponent("עוג")}`);
    await page.context().close();
  });

  it("without JavaScript the header's search opens and searches as a plain form", async () => {
    const page = await storePage(browser, VIEWPORTS.mobile, { javaScript: false });
    await openPage(page, `${baseURL}/`, { javaScript: false });
    const input = page.locator(INPUT);
    expect(await input.isVisible()).toBe(false);
    // No combobox role where no list can open.
    expect(await input.getAttribute("role")).toBeNull();
    // A link to the bar before (and without) the scripts.
    const toggle = page.locator("header #site-search-toggle");
    expect(await toggle.getAttribute("href")).toBe("#site-search");
    await toggle.click();
    await expect.poll(() => input.isVisible()).toBe(true);
    await input.fill("עוגת גבנה");
    await page.locator("#site-search button[type=submit]").click();
    await page.waitForURL(/\/products\?search=/);
    const names = await page.locator("main li a[href^='/product/']").allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names[0]).toContain("עוגת גבינה");
    await page.context().close();
  });
});
