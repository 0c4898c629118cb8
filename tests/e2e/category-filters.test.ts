/**
 * Filters and sort on a category page (issue 29), with and without JavaScript, on a phone: the kashrut and
 * allergen filter (the grid's own form) and the sort are plain GET forms to the page itself; the filtered page
 * lands on its results (`#results`: scrolled there, and with JavaScript focus moves there too), shows the
 * products the API lists for the same filter and sort, and is axe clean on phone and desktop.
 */
import type { Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import type { CategoryWithSubs, ProductSummary } from "../../domain/contracts/catalogue.ts";
import { heCatalogue } from "../../domain/i18n/catalogue.ts";
import { heKashrut } from "../../domain/i18n/kashrut.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { catalogue, storePage, tileIds } from "../support/storefront.ts";

const baseURL = e2eBaseURL();

/** Every product the API lists for this query, in its order (the category page shows the first 24). */
async function apiIds(query: string): Promise<number[]> {
  const items: ProductSummary[] = [];
  for (let page = 1; ; page++) {
    const result = await catalogue(baseURL).products(`?${query}&page=${page}`);
    items.push(...result.data);
    if (page >= result.last_page) break;
  }
  return items.map((p) => p.id).slice(0, 24);
}

/** Where the results region is: its top in the viewport, and how far the page is scrolled. */
const resultsPosition = (page: Page) =>
  page.evaluate(() => ({
    top: document.getElementById("results")!.getBoundingClientRect().top,
    scrollY: window.scrollY,
    height: window.innerHeight,
    focused: document.activeElement?.id ?? "",
  }));

describeInChromium("filters and sort on a category page", (browser) => {
  let cakes: CategoryWithSubs;
  beforeAll(async () => {
    cakes = (await catalogue(baseURL).mainCategories()).find((c) => c.name === "עוגות")!;
    expect(cakes).toBeDefined();
  });

  for (const javaScript of [false, true]) {
    it(`filters by kashrut, sorts by price and lands on the results on a phone (JavaScript ${javaScript ? "on" : "off"})`, async () => {
      const page = await storePage(browser, VIEWPORTS.mobile, { javaScript });
      await openPage(page, `${baseURL}/categories/${cakes.id}`, { javaScript });
      const all = await apiIds(`category=${cakes.id}`);
      expect(await tileIds(page)).toEqual(all);

      await page.locator("#results summary", { hasText: heKashrut.filterHeading }).click();
      await page.getByRole("radio", { name: "חלבי" }).check();
      await page.getByRole("button", { name: heKashrut.filterApply }).click();
      await page.waitForURL((url) => url.searchParams.get("dietary") === "dairy");
      expect(new URL(page.url()).hash).toBe("#results");
      const dairy = await apiIds(`category=${cakes.id}&dietary=dairy`);
      expect(dairy.length).toBeGreaterThan(0);
      expect(dairy.length).toBeLessThan(all.length);
      await expect.poll(() => tileIds(page)).toEqual(dairy);
      for (const badge of await page.locator("#results [data-dietary]").allTextContents()) expect(badge).toBe("חלבי");
      // The results are in view (the category's picture and text are above them), under the sticky header.
      await expect
        .poll(async () => {
          const at = await resultsPosition(page);
          return at.scrollY > 0 && at.top >= 0 && at.top < at.height / 3;
        })
        .toBe(true);
      // With JavaScript, focus moved to the results (a screen reader reads from there), and the panel closed.
      if (javaScript) {
        expect((await resultsPosition(page)).focused).toBe("results");
        expect(await page.locator("#results details").getAttribute("open")).toBeNull();
      }

      await page.getByLabel(heCatalogue.sort.label).selectOption("price_asc");
      await page.getByRole("button", { name: heCatalogue.sort.apply, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("sort") === "price_asc");
      expect(new URL(page.url()).searchParams.get("dietary")).toBe("dairy");
      const cheapFirst = await apiIds(`category=${cakes.id}&dietary=dairy&sort=price_asc`);
      await expect.poll(() => tileIds(page)).toEqual(cheapFirst);
      const prices = await page
        .locator("#results [data-price] bdi")
        .evaluateAll((els) => els.map((el) => Number(el.textContent!.replace(/[^\d.]/g, ""))));
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(await page.getByLabel(heCatalogue.sort.label).inputValue()).toBe("price_asc");

      // Removing the filter keeps the sort and lands on the results again.
      await page.getByRole("link", { name: heKashrut.removeFilter("חלבי") }).click();
      await page.waitForURL((url) => !url.searchParams.has("dietary"));
      expect(new URL(page.url()).searchParams.get("sort")).toBe("price_asc");
      await expect.poll(() => tileIds(page)).toEqual(await apiIds(`category=${cakes.id}&sort=price_asc`));
      await page.context().close();
    }, 120_000);
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`the filtered and sorted category page is axe clean, its filter open (${size})`, async () => {
      const page = await storePage(browser, viewport);
      await openPage(page, `${baseURL}/categories/${cakes.id}?dietary=dairy&without=tree_nuts&sort=price_desc`);
      await page.locator("#results summary").click();
      await expect.poll(() => page.getByRole("checkbox", { name: "אגוזים" }).isChecked()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    });
  }
});
