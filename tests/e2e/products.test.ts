/**
 * The product grid (spec §2, §9): pagination edges with real ?page=N links (also without
 * JavaScript; a searched, filtered or sorted list's links land on #results, issue 29), Hebrew search (prefixes, final letters, niqqud), the 'showing results for' line,
 * the subcategory filter, and axe-core on mobile and desktop.
 */
import type { Frame, Page, Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { CategoryWithSubs } from "../../domain/contracts/catalogue.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { catalogue, storePage, tileIds } from "../support/storefront.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();
const PAGINATION = "nav[aria-label='ניווט בין עמודים']";

/** What the pagination bar shows, e.g. ["הקודם(disabled)", "1(current)", "2", "3", "…", "6", "הבא"]. */
function paginationItems(page: Page) {
  return page.locator(`${PAGINATION} li`).evaluateAll((items) =>
    items.map((li) => {
      const el = li.firstElementChild;
      const text =
        (li.getAttribute("aria-hidden")
          ? li.textContent
          : (el?.getAttribute("aria-label")?.match(/\d+/)?.[0] ?? el?.textContent)
        )?.trim() ?? "";
      if (el?.getAttribute("aria-current") === "page")
        return `${el.querySelector("[aria-hidden]")?.textContent}(current)`;
      if (el?.getAttribute("aria-disabled") === "true") return `${text}(disabled)`;
      return text;
    }),
  );
}

describeInChromium("products grid", (browser) => {
  let total: number;
  let lastPage: number;
  let categories: CategoryWithSubs[];
  beforeAll(async () => {
    const first = await catalogue(baseURL).products();
    total = first.total;
    lastPage = first.last_page;
    categories = await catalogue(baseURL).mainCategories();
  });

  describe("pagination", () => {
    const page = suitePage(() => storePage(browser, VIEWPORTS.desktop));

    it("pages all published products, 12 per page, newest first", async () => {
      await openPage(page, `${baseURL}/products`);
      expect(lastPage).toBeGreaterThanOrEqual(5);
      expect(await page.locator("main h1").textContent()).toBe("המוצרים שלנו");
      expect(await page.locator("main").textContent()).toContain(`${total} מוצרים`);
      const api = await catalogue(baseURL).products();
      expect(await tileIds(page)).toEqual(api.data.map((p) => p.id));
    });

    it("on the first page: previous disabled, window of two, ellipsis, last page", async () => {
      expect(await paginationItems(page)).toEqual([
        "הקודם(disabled)",
        "1(current)",
        "2",
        "3",
        "…",
        String(lastPage),
        "הבא",
      ]);
      expect(await page.locator(`${PAGINATION} a[aria-disabled]`).first().getAttribute("href")).toBeNull();
      expect(await page.locator(`${PAGINATION} a[rel=next]`).getAttribute("href")).toBe("/products?page=2");
    });

    it("does nothing when the current page, the ellipsis or a disabled button is clicked", async () => {
      const before = await tileIds(page);
      // Every navigation and page/data request from here on, in order.
      const visited: string[] = [];
      const requested: string[] = [];
      const onNavigated = (frame: Frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      };
      const onRequest = (request: Request) => {
        // The page itself or its loader data (/products.data); not the route manifest or images.
        if (/^\/products(\.data)?$/.test(new URL(request.url()).pathname)) requested.push(request.url());
      };
      page.on("framenavigated", onNavigated);
      page.on("request", onRequest);
      try {
        await page.locator(`${PAGINATION} [aria-current=page]`).click();
        await page.locator(`${PAGINATION} li[aria-hidden]`).click();
        // Playwright refuses to click a disabled control unless forced; a visitor's click must do nothing.
        await page.locator(`${PAGINATION} a[aria-disabled]`).click({ force: true });
        expect(new URL(page.url()).search).toBe("");
        expect(await tileIds(page)).toEqual(before);
        // Then a click that does navigate, and wait until its page shows: a navigation the clicks above had
        // set off, however late, would have started before this one and shows up in the records.
        await page.locator(`${PAGINATION} a[rel=next]`).click();
        await page.waitForURL(`${baseURL}/products?page=2`);
        await page.locator(`${PAGINATION} [aria-current=page]`, { hasText: "2" }).waitFor();
      } finally {
        page.off("framenavigated", onNavigated);
        page.off("request", onRequest);
      }
      expect(visited).toEqual([`${baseURL}/products?page=2`]);
      expect(requested.length).toBeGreaterThan(0);
      for (const url of requested) expect(new URL(url).searchParams.get("page"), url).toBe("2");
      // Back to the first page for the tests that follow.
      await openPage(page, `${baseURL}/products`);
      expect(await tileIds(page)).toEqual(before);
    });

    it("moves with next/previous and numbers, keeping the window of two around the current page", async () => {
      await page.locator(`${PAGINATION} a[rel=next]`).click();
      await page.waitForURL(`${baseURL}/products?page=2`);
      await expect.poll(() => paginationItems(page)).toContain("2(current)");
      expect(await page.title()).toBe("המוצרים שלנו – עמוד 2 | מאפיית שקד");
      await page.locator(`${PAGINATION} a[aria-label='עמוד 4']`).click();
      await page.waitForURL(`${baseURL}/products?page=4`);
      await expect.poll(() => paginationItems(page)).toContain("4(current)");
      const expected = ["הקודם", "1", "2", "3", "4(current)", "5", "6"].concat(
        lastPage > 6 ? ["…", String(lastPage)] : [],
      );
      expect(await paginationItems(page)).toEqual([...expected.slice(0, lastPage + 1), "הבא"]);
      await page.locator(`${PAGINATION} a[rel=prev]`).click();
      await page.waitForURL(`${baseURL}/products?page=3`);
      await expect.poll(() => paginationItems(page)).toContain("3(current)");
    });

    it("on the last page: next disabled; a page past the end goes to the last page; a bad page is page 1", async () => {
      await openPage(page, `${baseURL}/products?page=${lastPage}`);
      const items = await paginationItems(page);
      expect(items.at(-1)).toBe("הבא(disabled)");
      expect(items.slice(0, 3)).toEqual(["הקודם", "1", "…"]);
      expect(items.at(-2)).toBe(`${lastPage}(current)`);
      expect(await tileIds(page)).toHaveLength(total - (lastPage - 1) * 12);

      const res = await openPage(page, `${baseURL}/products?page=${lastPage + 10}`);
      expect(res?.status()).toBe(200);
      expect(page.url()).toBe(`${baseURL}/products?page=${lastPage}`);
      await openPage(page, `${baseURL}/products?page=abc`);
      expect(await paginationItems(page)).toContain("1(current)");
    });

    it("works without JavaScript: page links are real links", async () => {
      const noJs = await storePage(browser, VIEWPORTS.mobile, { javaScript: false });
      await noJs.goto(`${baseURL}/products`);
      const first = await tileIds(noJs);
      await noJs.locator(`${PAGINATION} a[aria-label='עמוד 2']`).click();
      await noJs.waitForURL(`${baseURL}/products?page=2`);
      expect(await paginationItems(noJs)).toContain("2(current)");
      const second = await tileIds(noJs);
      expect(second).toHaveLength(12);
      expect(second.filter((id) => first.includes(id))).toEqual([]);
      // The search form works without JavaScript too.
      await noJs.locator("#products-search").fill("בורקס");
      await noJs.locator("#products-search").press("Enter");
      await noJs.waitForURL(/search=/);
      expect(await noJs.locator("[data-testid=results-for]").textContent()).toContain("בורקס");
      await noJs.context().close();
    });

    for (const javaScript of [false, true]) {
      it(`a filtered, sorted list's page links land on its results on a phone, the page cache's key unchanged (JavaScript ${javaScript ? "on" : "off"})`, async () => {
        const query = "dietary=parve&sort=price_asc";
        const second = await catalogue(baseURL).products(`?${query}&page=2`);
        expect(second.last_page).toBeGreaterThanOrEqual(2);
        const phone = await storePage(browser, VIEWPORTS.mobile, { javaScript });
        try {
          await openPage(phone, `${baseURL}/products?${query}`, { javaScript });
          // Like the list's filter and sort forms (issue 29); the plain list's links stay ?page=N (above).
          const next = phone.locator(`${PAGINATION} a[rel=next]`);
          expect(await next.getAttribute("href")).toBe(`/products?${query}&page=2#results`);
          expect(await phone.locator(`${PAGINATION} a[aria-label='עמוד 2']`).getAttribute("href")).toBe(
            `/products?${query}&page=2#results`,
          );
          // The fragment never reaches the server: the address without it, cached once, answers the click.
          await phone.request.get(`${baseURL}/products?${query}&page=2`);
          const answered = phone.waitForResponse((response) => {
            const url = new URL(response.url());
            return /^\/products(\.data)?$/.test(url.pathname) && url.searchParams.get("page") === "2";
          });
          await next.click();
          const response = await answered;
          expect(response.url()).not.toContain("#");
          if (!javaScript) expect(response.headers()["x-cache"]).toBe("hit");
          await phone.waitForURL((url) => url.searchParams.get("page") === "2" && url.hash === "#results");
          await expect.poll(() => tileIds(phone)).toEqual(second.data.map((p) => p.id));
          // The results are in view, under the sticky header, not the top of the page; with JavaScript the
          // focus is there too.
          const position = () =>
            phone.evaluate(() => ({
              top: document.getElementById("results")!.getBoundingClientRect().top,
              scrollY: window.scrollY,
              height: window.innerHeight,
              focused: document.activeElement?.id ?? "",
            }));
          await expect
            .poll(async () => {
              const at = await position();
              return at.scrollY > 0 && at.top >= 0 && at.top < at.height / 3;
            })
            .toBe(true);
          if (javaScript) expect((await position()).focused).toBe("results");
        } finally {
          await phone.context().close();
        }
      });
    }

    it("is hidden when everything fits on one page", async () => {
      const sub = categories[0]!.subCategories[0]!;
      await openPage(page, `${baseURL}/products?category=${sub.id}`);
      expect((await tileIds(page)).length).toBeLessThanOrEqual(12);
      expect(await page.locator(PAGINATION).count()).toBe(0);
    });
  });

  describe("search and filter", () => {
    const page = suitePage(() => storePage(browser, VIEWPORTS.mobile));

    async function search(term: string): Promise<string[]> {
      await openPage(page, `${baseURL}/products?search=${encodeURIComponent(term)}`);
      expect(await page.locator("[data-testid=results-for]").textContent()).toBe(`מציג תוצאות עבור: «${term}»`);
      expect(await page.title()).toBe(`תוצאות חיפוש: ${term} | מאפיית שקד`);
      return page.locator("main li a[href^='/product/'] span.font-bold").allTextContents();
    }

    it("finds words behind prefixes and plural endings", async () => {
      const names = await search("והחלות");
      // Challot by name first (חלה / חלת), then products that mention them in their text.
      const byName = names.filter((n) => /חל[הת]/.test(n));
      expect(byName.length).toBeGreaterThanOrEqual(5);
      expect(names.slice(0, byName.length)).toEqual(byName);
      expect(names).toContain("חלה קלועה");
    });

    it("treats final letters as regular ones and ignores niqqud and geresh", async () => {
      const croissants = await search("קרואסונ");
      expect(croissants.length).toBeGreaterThan(0);
      expect(croissants.every((n) => n.includes("קרואסון"))).toBe(true);
      const cakes = await search("עוּגָה");
      expect(cakes.length).toBeGreaterThan(0);
      expect(cakes.every((n) => n.startsWith("עוגת"))).toBe(true);
      expect(await search("פוקאצה")).toEqual(await search("פוקאצ'ה"));
      expect((await search("פוקאצ׳ה")).length).toBeGreaterThan(0);
    });

    it("keeps the term in page links and says so when nothing matches", async () => {
      await search("עוגה");
      const next = page.locator(`${PAGINATION} a[rel=next]`);
      if (await next.count())
        // Landing on the results, as a filtered list's links do (issue 29).
        expect(await next.getAttribute("href")).toBe(`/products?search=${encodeURIComponent("עוגה")}&page=2#results`);
      expect(await search("שוקולדדדד")).toEqual([]);
      expect(await page.locator("main").textContent()).toContain("לא מצאנו מוצרים שמתאימים לחיפוש.");
      await page.locator("main").getByRole("link", { name: "לכל המוצרים" }).click();
      await page.waitForURL(`${baseURL}/products`);
    });

    it("filters by subcategory id with the subcategory's name as heading", async () => {
      const category = categories[2]!;
      const sub = category.subCategories[0]!;
      await openPage(page, `${baseURL}/products?category=${sub.id}`);
      expect(await page.locator("main h1").textContent()).toBe(sub.name);
      const api = await catalogue(baseURL).products(`?category=${sub.id}`);
      expect(await tileIds(page)).toEqual(api.data.map((p) => p.id));
      expect(api.total).toBeGreaterThan(0);
      for (const id of api.data.map((p) => p.id).slice(0, 3)) {
        const product = await catalogue(baseURL).product(id);
        expect(product.category.map((c) => c.id)).toContain(sub.id);
      }
    });
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`has no axe-core violations on the grid and on search results (${name})`, async () => {
      const page = await storePage(browser, viewport);
      for (const path of [
        "/products",
        `/products?search=${encodeURIComponent("עוגה")}&page=2`,
        "/products?search=zzzz",
      ]) {
        await openPage(page, `${baseURL}${path}`);
        expect(await axeViolations(page), path).toEqual([]);
      }
      await page.context().close();
    });
  }
});
