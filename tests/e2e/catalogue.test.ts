/**
 * Catalogue screens (spec §2): /categories, /categories/{id} and /product/{id} — content, images,
 * links, the product gallery modal, similar products, and axe-core on mobile and desktop.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryWithSubs, ProductDetail, ProductSummary } from "../../domain/contracts/catalogue.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { catalogue, focused, layoutShift, storePage } from "../support/storefront.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();

const imageLoaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

describeInChromium("catalogue screens", (browser) => {
  let categories: CategoryWithSubs[];
  let product: ProductDetail;
  let similar: ProductSummary[];
  beforeAll(async () => {
    const api = catalogue(baseURL);
    categories = await api.mainCategories();
    // A product with several images, tags of every colour word, and categories.
    const { data } = await api.products();
    for (const summary of [...data, ...(await api.products("?page=2")).data]) {
      const candidate = await api.product(summary.id);
      if (candidate.images.length > 1 && candidate.tag.length > 1 && candidate.size.length > 1) {
        product = candidate;
        break;
      }
    }
    similar = await api.similar(product.id);
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    describe(`categories list (${name})`, () => {
      const page = suitePage(() => storePage(browser, viewport));
      beforeAll(async () => {
        await openPage(page, `${baseURL}/categories`);
      });

      it("lists every main category with image, name and text, alternating sides, each linking to its page", async () => {
        expect(await page.title()).toBe("קטגוריות | מאפיית שקד");
        expect(await page.locator("main h1").textContent()).toBe("הקטגוריות שלנו");
        const rows = page.locator("main > ul > li");
        expect(await rows.count()).toBe(categories.length);
        for (const [index, category] of categories.entries()) {
          const row = rows.nth(index);
          expect(await row.locator("h2").textContent()).toBe(category.name);
          expect(await row.locator("h2 a").getAttribute("href")).toBe(`/categories/${category.id}`);
          expect(await row.locator("p").first().textContent()).toBe(category.information);
          expect(await row.locator("img").count()).toBe(1);
        }
        expect(await imageLoaded(page, "main img")).toBe(true);
        expect(await layoutShift(page)).toBeLessThan(0.01);
        if (name === "desktop") {
          // Image on the start side (right) in one row, on the end side (left) in the next.
          const side = async (i: number) => {
            const img = await rows.nth(i).locator("img").boundingBox();
            const text = await rows.nth(i).locator("h2").boundingBox();
            return img!.x > text!.x ? "right" : "left";
          };
          expect([await side(0), await side(1), await side(2)]).toEqual(["right", "left", "right"]);
        }
      });

      it("has no axe-core violations", async () => {
        expect(await axeViolations(page)).toEqual([]);
      });
    });

    describe(`category page (${name})`, () => {
      let page: Page;
      let category: CategoryWithSubs;
      beforeAll(async () => {
        category = categories[0]!;
        page = await storePage(browser, viewport);
        await openPage(page, `${baseURL}/categories/${category.id}`);
      });
      afterAll(async () => {
        await page.context().close();
      });

      it("shows the main image, name, information, subcategory chips and a grid of its products", async () => {
        expect(await page.title()).toBe(`${category.name} | מאפיית שקד`);
        expect(await page.locator("main h1").textContent()).toBe(category.name);
        expect(await page.locator("main p").first().textContent()).toBe(category.information);
        const hero = page.locator("main img").first();
        expect(await hero.getAttribute("fetchpriority")).toBe("high");
        expect(await imageLoaded(page, "main img")).toBe(true);
        expect(await layoutShift(page)).toBeLessThan(0.01);
        const chips = page.locator("ul[aria-labelledby=subcategories] a");
        expect(await chips.allTextContents()).toEqual(category.subCategories.map((s) => s.name));
        expect(await chips.first().getAttribute("href")).toBe(`/products?category=${category.subCategories[0]!.id}`);
        const tiles = page.locator("section[aria-labelledby=category-products] li a");
        expect(await tiles.count()).toBeGreaterThanOrEqual(category.subCategories.length);
        expect(await tiles.first().getAttribute("href")).toMatch(/^\/product\/\d+$/);
        expect(await tiles.first().textContent()).toMatch(/₪/);
      });

      it("leads from a chip to the products of that subcategory", async () => {
        const sub = category.subCategories[1]!;
        await page.locator("ul[aria-labelledby=subcategories]").getByRole("link", { name: sub.name }).click();
        await page.waitForURL(`${baseURL}/products?category=${sub.id}`);
        await expect.poll(() => page.locator("main h1").textContent()).toBe(sub.name);
        // The breadcrumb leads back to the main category.
        expect(await page.locator("nav[aria-label='נתיב ניווט'] a", { hasText: category.name }).count()).toBe(1);
        await page.goBack();
        await expect.poll(() => page.locator("main h1").textContent()).toBe(category.name);
      });

      it("has no axe-core violations", async () => {
        expect(await axeViolations(page)).toEqual([]);
      });
    });

    describe(`product page (${name})`, () => {
      const page = suitePage(() => storePage(browser, viewport));
      beforeAll(async () => {
        await openPage(page, `${baseURL}/product/${product.id}`);
      });

      it("shows image, name, empty stars without reviews, 'suitable for' categories, description and SKU", async () => {
        expect(await page.title()).toBe(`${product.name} | מאפיית שקד`);
        expect(await page.locator("main h1").textContent()).toBe(product.name);
        const image = page.locator("main img").first();
        expect(await image.getAttribute("alt")).toBeTruthy();
        expect(await image.getAttribute("fetchpriority")).toBe("high");
        expect(await imageLoaded(page, "main img")).toBe(true);
        // Nothing moves while the page and its images load.
        expect(await layoutShift(page)).toBeLessThan(0.01);
        // The demo products have no reviews: empty stars and the words, never a made-up rating (issue 12).
        const stars = page.getByRole("img", { name: "אין עדיין דירוג: עדיין אין ביקורות" }).first();
        expect(await stars.locator("svg").count()).toBe(5);
        expect(await stars.textContent()).toBe("עדיין אין ביקורות");
        expect(await page.locator("#suitable-for").textContent()).toBe("מתאים ל:");
        expect(await page.locator("ul[aria-labelledby=suitable-for] a").allTextContents()).toEqual(
          product.category.map((c) => c.name),
        );
        expect(await page.locator("section[aria-labelledby=description] p").textContent()).toBe(product.content);
        expect(await page.locator("main").textContent()).toContain(`מק״ט: ${product.serial_id}`);
        expect(await page.locator("main bdi", { hasText: String(product.serial_id) }).count()).toBe(1);
      });

      it("lists sizes with prices in shekels, whole shekels without .00", async () => {
        const rows = page.locator("section[aria-labelledby=sizes] li");
        expect(await rows.count()).toBe(product.size.length);
        for (const [index, size] of product.size.entries()) {
          const text = (await rows.nth(index).textContent())!.replace(/[\u200e\u200f]/g, "").replace(/\s+/g, " ");
          expect(text).toContain(size.name);
          // Whole shekels without ".00" (issue 29), agorot with two decimals.
          const shown = Number.isInteger(size.price) ? String(size.price) : size.price.toFixed(2);
          expect(text).toContain(`${shown} ₪`);
          expect(text).not.toContain(".00");
        }
      });

      it("colours tags by their Hebrew colour word", async () => {
        const badges = page.locator("ul[aria-label='תגיות'] span[data-tone]");
        expect(await badges.allTextContents()).toEqual(product.tag.map((t) => t.name));
        const expected = { אדום: "red", כחול: "blue", כתום: "orange" } as Record<string, string>;
        for (const [index, tag] of product.tag.entries()) {
          expect(await badges.nth(index).getAttribute("data-tone")).toBe(expected[tag.color] ?? "neutral");
        }
        // Red, blue and orange badges really look different.
        const colours = await badges.evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
        expect(new Set(colours).size).toBe(new Set(product.tag.map((t) => t.color)).size);
      });

      it("has the pre-order form (issue 28), and every order-now link leads to it", async () => {
        await page
          .getByRole("region", { name: "הזמנה מראש לאיסוף" })
          .getByRole("button", { name: "הוספה להזמנה" })
          .waitFor();
        // On a phone the link repeats under the name (first screen).
        const links = await page
          .locator("main")
          .getByRole("link", { name: /הזמינו עכשיו/ })
          .all();
        for (const order of links) expect(await order.getAttribute("href")).toBe("#preorder");
      });

      it("suggests similar products, never the product itself", async () => {
        const links = page.locator("section[aria-labelledby=similar] li a");
        const hrefs = await links.evaluateAll((els) => els.map((a) => a.getAttribute("href")));
        expect(hrefs).toEqual(similar.map((p) => `/product/${p.id}`));
        expect(hrefs).not.toContain(`/product/${product.id}`);
        expect(hrefs.length).toBeGreaterThan(0);
      });

      it("opens the 'view images' modal: next/previous, thumbnails, arrow keys, Escape returns focus", async () => {
        const open = page.getByRole("button", { name: /צפייה בתמונות/ });
        await open.click();
        const dialog = page.locator("dialog[open]");
        await dialog.waitFor();
        expect(await dialog.getByRole("heading").textContent()).toBe(`תמונות: ${product.name}`);
        const counter = dialog.locator("p[aria-live]");
        const count = product.images.length;
        expect(await counter.textContent()).toBe(`תמונה 1 מתוך ${count}`);
        await expect.poll(() => imageLoaded(page, "dialog[open] figure img")).toBe(true);
        const shown = () => dialog.locator("figure img").getAttribute("src");
        const first = await shown();
        await dialog.getByRole("button", { name: "התמונה הבאה" }).click();
        expect(await counter.textContent()).toBe(`תמונה 2 מתוך ${count}`);
        expect(await shown()).not.toBe(first);
        await dialog.getByRole("button", { name: "התמונה הקודמת" }).click();
        expect(await counter.textContent()).toBe(`תמונה 1 מתוך ${count}`);
        await dialog.getByRole("button", { name: "התמונה הקודמת" }).click();
        expect(await counter.textContent()).toBe(`תמונה ${count} מתוך ${count}`);
        // Right-to-left: ← is next.
        await page.keyboard.press("ArrowLeft");
        expect(await counter.textContent()).toBe(`תמונה 1 מתוך ${count}`);
        await dialog.getByRole("button", { name: "הצגת תמונה 2" }).click();
        expect(await counter.textContent()).toBe(`תמונה 2 מתוך ${count}`);
        expect(await dialog.getByRole("button", { name: "הצגת תמונה 2" }).getAttribute("aria-pressed")).toBe("true");
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press("Tab");
          expect((await focused(page)).inDialog).toBe(true);
        }
        expect(await axeViolations(page)).toEqual([]);
        await page.keyboard.press("Escape");
        await expect.poll(() => dialog.count()).toBe(0);
        expect((await focused(page)).text).toContain("צפייה בתמונות");
        // The close button closes it too.
        await open.click();
        await page.locator("dialog[open]").getByRole("button", { name: "סגירת חלון התמונות" }).click();
        await expect.poll(() => page.locator("dialog[open]").count()).toBe(0);
      });

      it("has no axe-core violations", async () => {
        expect(await axeViolations(page)).toEqual([]);
      });
    });
  }
});
