/**
 * What a visitor meets on every screen size and without JavaScript (issue: layout and focus faults):
 * the header's controls work as plain links before JavaScript runs, the floating chat button is on every
 * width and never covers a price, a form control, a link or a tile's text, the header fits from 320 px, prices never break from their ₪, focus never hides under the
 * sticky header, dialogs hand focus back somewhere sensible, and a phone shows the price and the order link
 * on the product page's first screen.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_AVOID } from "../../app/components/site/chat-button.tsx";
import { hePreorders } from "../../domain/i18n/preorders.ts";
import { openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { catalogue, storePage, suiteMainCategories } from "../support/storefront.ts";

const baseURL = e2eBaseURL();
const PRODUCT_PATH = "/product/1";

/**
 * Scrolls the page from top to bottom in steps and, at each, asks whether the floating chat button is shown and
 * what it covers: anything it avoids whose box meets its own (CHAT_AVOID), and what a visitor would miss under it,
 * tested with elementFromPoint at the corners (1 px in) and the centre of each line of text of every link in
 * <main> (a product tile is a link: its name, badges, short title and price) and every price, and of each box of
 * every form control, button and disclosure.
 */
async function scrollPast(page: Page, step = 250, avoid = CHAT_AVOID) {
  const seen = { visibleAtTop: false, visibleSteps: 0, steps: 0, covered: [] as string[] };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    // The button moves on the animation frame after a scroll: measure after the next two.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
    );
    const state = await page.evaluate(chatCoverage, avoid);
    seen.steps += 1;
    if (state.visible) seen.visibleSteps += 1;
    if (y === 0) seen.visibleAtTop = state.visible;
    seen.covered.push(...state.covered.map((what) => `${what} at scroll ${y}`));
  }
  return seen;
}

/** In the page (self-contained): whether the chat button is shown, and what it covers (see scrollPast). */
function chatCoverage(avoid: string): { visible: boolean; covered: string[] } {
  const chat = document.querySelector<HTMLElement>("[data-testid=chat-button]");
  if (!chat) return { visible: false, covered: ["no chat button"] };
  const c = chat.getBoundingClientRect();
  const visible =
    getComputedStyle(chat).visibility !== "hidden" && c.width > 0 && c.top >= 0 && c.bottom <= innerHeight;
  if (!visible) return { visible, covered: [] };
  const meets = (r: DOMRect) =>
    r.width > 0 && r.height > 0 && r.left < c.right && r.right > c.left && r.top < c.bottom && r.bottom > c.top;
  const name = (el: Element) => `${el.tagName} "${el.textContent?.trim().slice(0, 20)}"`;
  const covered = [...document.querySelectorAll<HTMLElement>(avoid)]
    .filter((el) => !chat.contains(el) && [...el.getClientRects()].some(meets))
    .map(name);
  // What a visitor would see and touch: line boxes of link and price text, boxes of controls.
  const boxes: { el: Element; rect: DOMRect }[] = [];
  const main = document.querySelector("main")!;
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || !parent.closest("a, [data-price]") || parent.closest(".sr-only"))
      continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) boxes.push({ el: parent, rect });
  }
  for (const el of main.querySelectorAll("input, select, textarea, button, summary")) {
    for (const rect of el.getClientRects()) boxes.push({ el, rect });
  }
  for (const { el, rect } of boxes) {
    if (rect.width < 2 || rect.height < 2 || !meets(rect)) continue;
    const points = [
      [rect.left + 1, rect.top + 1],
      [rect.right - 1, rect.top + 1],
      [rect.left + 1, rect.bottom - 1],
      [rect.right - 1, rect.bottom - 1],
      [(rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2],
    ];
    if (points.some(([x, y]) => chat.contains(document.elementFromPoint(x!, y!)))) covered.push(`under: ${name(el)}`);
  }
  return { visible, covered };
}

describeInChromium("layout on every screen", (browser) => {
  const categories = suiteMainCategories(baseURL);

  async function open(viewport: { width: number; height: number }, path: string, javaScript = true) {
    const page = await storePage(browser, viewport, { javaScript });
    await openPage(page, `${baseURL}${path}`, { javaScript });
    return page;
  }

  describe("without JavaScript", () => {
    it("the phone's menu button is a link to the footer's list of the site's pages and categories", async () => {
      const page = await open(VIEWPORTS.mobile, "/products", false);
      try {
        const menu = page.locator("header").getByRole("link", { name: "פתיחת התפריט" });
        const href = await menu.getAttribute("href");
        expect(href).toMatch(/^#/);
        await menu.click();
        await expect.poll(() => page.evaluate(() => location.hash)).toBe(href);
        const target = page.locator(href!);
        expect(await target.getByRole("link", { name: "אודות" }).count()).toBe(1);
        expect(await target.getByRole("link", { name: "סניפים" }).count()).toBe(1);
        // The categories sit beside it in the footer.
        const categoryLinks = page.locator("footer nav[aria-labelledby=footer-categories] a");
        expect(await categoryLinks.allTextContents()).toEqual(categories.map((c) => c.name));
        expect(await target.isVisible()).toBe(true);
      } finally {
        await page.context().close();
      }
    });

    it("each desktop category is a link to its page, which lists its subcategories", async () => {
      const page = await open(VIEWPORTS.desktop, "/products", false);
      try {
        const menu = page.locator("nav#main-menu");
        expect(await menu.locator("button:visible").count()).toBe(0);
        const links = menu.locator("a:visible");
        expect(await links.allTextContents()).toEqual(categories.map((c) => c.name));
        const category = categories.find((c) => c.subCategories.length > 0)!;
        await menu.getByRole("link", { name: category.name, exact: true }).click();
        await page.waitForURL(`${baseURL}/categories/${category.id}`);
        for (const sub of category.subCategories) {
          expect(await page.locator(`main a[href='/products?category=${sub.id}']`).count()).toBeGreaterThan(0);
        }
      } finally {
        await page.context().close();
      }
    });

    it("the product's 'view images' control opens the main image", async () => {
      const page = await open(VIEWPORTS.mobile, PRODUCT_PATH, false);
      try {
        const gallery = page.locator("main").getByRole("link", { name: /צפייה בתמונות/ });
        const href = await gallery.getAttribute("href");
        expect(href).toMatch(/^\/uploads\//);
        const image = await page.request.get(`${baseURL}${href}`);
        expect(image.status()).toBe(200);
        expect(image.headers()["content-type"]).toMatch(/^image\//);
      } finally {
        await page.context().close();
      }
    });
  });

  describe("widths from 320 to 1920 px", () => {
    // The header's breakpoints (380, 440, 640 px), each side.
    const WIDTHS = [320, 379, 390, 439, 768, 1280, 1439, 1440, 1920];
    // The floating chat button floats on every width (issue 29): phone, tablet, laptop, desktop.
    const CHAT_WIDTHS = [320, 390, 768, 1024, 1440];
    // The grid, a category's grid (filters, sort and pagination), a product with its related tiles.
    const CATEGORY = "the first category's page";
    const CHAT_PATHS = ["/products", CATEGORY, PRODUCT_PATH];
    // Each page is loaded once and resized to every width: the layout depends on the width through CSS
    // alone (no script reads it), so a resized page lays out as one loaded at that width.
    const pages = new Map<string, Page>();
    // The web font is `font-display: optional`: a first view that does not have it in time keeps the fallback
    // font (on a slow phone, or this machine under load). The header must fit in both, so /products is also
    // opened with the font files refused: the fallback case every run, not only when the timing gives it.
    const FALLBACK_FONT = "/products (fallback font)";
    beforeAll(async () => {
      for (const path of new Set(["/products", ...CHAT_PATHS])) {
        const url = path === CATEGORY ? `/categories/${categories[0]!.id}` : path;
        pages.set(path, await open({ width: 320, height: 800 }, url));
      }
      const fallback = await storePage(browser, { width: 320, height: 800 });
      await fallback.route("**/*.woff2", (route) => route.abort());
      await openPage(fallback, `${baseURL}/products`);
      pages.set(FALLBACK_FONT, fallback);
    });
    afterAll(async () => {
      for (const page of pages.values()) await page.context().close();
    });
    async function at(width: number, path: string): Promise<Page> {
      const page = pages.get(path)!;
      await page.setViewportSize({ width, height: 800 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      return page;
    }

    it("the header fits and shows the whole brand name, in the web font and in the fallback font", async () => {
      for (const [width, path] of WIDTHS.flatMap((w) => [[w, "/products"] as const, [w, FALLBACK_FONT] as const])) {
        const page = await at(width, path);
        const fit = await page.evaluate(() => {
          const header = document.querySelector("header")!;
          const brand = header.querySelector("a[href='/'] span span") as HTMLElement;
          return {
            overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
            brandClipped: brand.scrollWidth > brand.clientWidth,
          };
        });
        expect({ width, path, ...fit }).toEqual({ width, path, overflow: 0, brandClipped: false });
      }
    });

    it("the floating chat button is there at every width and never covers a price, a form control, a tile's text or a link, at any scroll position", async () => {
      for (const width of CHAT_WIDTHS) {
        for (const path of CHAT_PATHS) {
          const page = await at(width, path);
          const seen = await scrollPast(page);
          expect({ width, path, visibleAtTop: seen.visibleAtTop, covered: seen.covered.slice(0, 3) }).toEqual({
            width,
            path,
            visibleAtTop: true,
            covered: [],
          });
          // It steps aside only now and then, not for most of the page.
          expect(seen.visibleSteps, `${width} ${path}`).toBeGreaterThan(seen.steps / 2);
        }
      }
    });

    it("the floating chat button never covers a branch's opening hours on a phone", async () => {
      for (const path of ["/branches", "/branches/1"]) {
        const page = await open(VIEWPORTS.mobile, path);
        try {
          for (const width of [320, 390]) {
            await page.setViewportSize({ width, height: VIEWPORTS.mobile.height });
            await page.waitForFunction((w) => window.innerWidth === w, width);
            // The hours (each table cell's text), whether or not the page marks them for the button to avoid.
            const seen = await scrollPast(page, 120, `${CHAT_AVOID}, tbody td span`);
            expect({ path, width, visibleAtTop: seen.visibleAtTop, covered: seen.covered.slice(0, 3) }).toEqual({
              path,
              width,
              visibleAtTop: true,
              covered: [],
            });
            expect(seen.visibleSteps, `${path} at ${width}`).toBeGreaterThan(seen.steps / 2);
          }
        } finally {
          await page.context().close();
        }
      }
    });

    it("the floating chat button never covers the order page's controls, links or prices on a phone", async () => {
      const page = await open(VIEWPORTS.mobile, PRODUCT_PATH);
      try {
        // A basket and a branch: the page with all its fields (the branch's select submits itself).
        await page.getByRole("button", { name: hePreorders.productForm.submit }).click();
        await page.waitForURL(/\/order\?items=/);
        await page.getByLabel(hePreorders.order.branch).selectOption({ index: 1 });
        await page.getByLabel(hePreorders.order.slot).waitFor();
        for (const width of [320, 390]) {
          await page.setViewportSize({ width, height: VIEWPORTS.mobile.height });
          await page.waitForFunction((w) => window.innerWidth === w, width);
          const seen = await scrollPast(page, 120);
          expect({ width, visibleAtTop: seen.visibleAtTop, covered: seen.covered.slice(0, 3) }).toEqual({
            width,
            visibleAtTop: true,
            covered: [],
          });
          expect(seen.visibleSteps, `/order at ${width}`).toBeGreaterThan(seen.steps / 2);
        }
      } finally {
        await page.context().close();
      }
    });

    it("the chat link is always at hand: floating on every width, and in the header", async () => {
      for (const width of CHAT_WIDTHS) {
        const page = await at(width, "/products");
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
        const visible = page.locator("a[href^='https://wa.me/']:visible");
        const inHeader = await page.locator("header a[href^='https://wa.me/']:visible").count();
        const floating = await visible.evaluateAll(
          (links) => links.filter((a) => getComputedStyle(a).position === "fixed").length,
        );
        expect({ width, inHeader, floating }).toEqual({ width, inHeader: 1, floating: 1 });
      }
    });

    it("a price never breaks away from its ₪ sign", async () => {
      for (const width of [320, 390, 1024]) {
        for (const path of ["/products", PRODUCT_PATH]) {
          const page = await at(width, path);
          // A price's bidi runs are separate boxes; on one line they share a top.
          const split = await page.evaluate(() =>
            [...document.querySelectorAll("main bdi")]
              .filter((el) => el.textContent?.includes("₪"))
              .filter((el) => new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size > 1)
              .map((el) => el.textContent),
          );
          const prices = await page.locator("main bdi", { hasText: "₪" }).count();
          expect(prices).toBeGreaterThan(0);
          expect({ width, path, split }).toEqual({ width, path, split: [] });
        }
      }
    });
  });

  describe("focus", () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      it(`is never hidden under the sticky header, tabbing forward and back (${name})`, async () => {
        const page = await open(viewport, "/products");
        try {
          // Scrolling to the focused element is instant with reduced motion: the test reads where it ends.
          await page.emulateMedia({ reducedMotion: "reduce" });
          const obscured: string[] = [];
          const check = async (key: string) => {
            await page.keyboard.press(key);
            const state = await page.evaluate(async () => {
              const el = document.activeElement as HTMLElement | null;
              const header = document.querySelector("header")!;
              // The header's own controls, and the skip link that is drawn over it, are never under it.
              if (!el || el === document.body || header.contains(el) || getComputedStyle(el).position === "fixed") {
                return null;
              }
              // The page scrolls smoothly to the focused element: read its place once the scrolling has settled.
              const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
              let top = el.getBoundingClientRect().top;
              for (let settled = 0, i = 0; settled < 3 && i < 120; i++) {
                await frame();
                const now = el.getBoundingClientRect().top;
                settled = now === top ? settled + 1 : 0;
                top = now;
              }
              const headerBottom = header.getBoundingClientRect().bottom;
              return { text: el.textContent?.trim().slice(0, 30) ?? el.tagName, top, headerBottom };
            });
            if (state && state.top < state.headerBottom) obscured.push(`${key}: ${state.text}`);
          };
          for (let i = 0; i < 45; i++) await check("Tab");
          for (let i = 0; i < 30; i++) await check("Shift+Tab");
          expect(obscured).toEqual([]);
        } finally {
          await page.context().close();
        }
      });
    }

    it("goes to the page's content after the welcome dialog closes, not to the document body", async () => {
      const page = await storePage(browser, VIEWPORTS.mobile, { welcome: true });
      try {
        await openPage(page, `${baseURL}/`);
        const dialog = page.locator("dialog[open]");
        await dialog.waitFor();
        await page.keyboard.press("Escape");
        await expect.poll(() => dialog.count()).toBe(0);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
      } finally {
        await page.context().close();
      }
    });

    it("the skip link shows its whole text inside its box", async () => {
      const page = await open(VIEWPORTS.mobile, "/products");
      try {
        await page.keyboard.press("Tab");
        const box = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const style = getComputedStyle(el);
          return {
            href: el.getAttribute("href"),
            fits: el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
            padded: Number.parseFloat(style.paddingInlineStart) > 0 && Number.parseFloat(style.paddingTop) > 0,
          };
        });
        expect(box).toEqual({ href: "#main", fits: true, padded: true });
      } finally {
        await page.context().close();
      }
    });
  });

  it("the logo link's accessible name contains its visible brand and tagline (WCAG 2.5.3)", async () => {
    const page = await open(VIEWPORTS.desktop, "/products");
    try {
      const result = await new AxeBuilder({ page })
        .include("header")
        .withRules(["label-content-name-mismatch"])
        .analyze();
      expect(result.violations.map((v) => v.id)).toEqual([]);
      const logo = page.locator("header a[href='/']").first();
      expect(await logo.getAttribute("aria-label")).toBeNull();
      expect(await logo.textContent()).toContain("לדף הבית");
    } finally {
      await page.context().close();
    }
  });

  it("filled buttons keep a visible border in forced-colours (high contrast) mode", async () => {
    const page = await open(VIEWPORTS.desktop, "/products");
    try {
      await page.emulateMedia({ forcedColors: "active" });
      const order = page.locator("header").getByRole("link", { name: /הזמינו עכשיו/ });
      expect(Number.parseFloat(await order.evaluate((el) => getComputedStyle(el).borderTopWidth))).toBeGreaterThan(0);
      await page.emulateMedia({ forcedColors: "none" });
      expect(Number.parseFloat(await order.evaluate((el) => getComputedStyle(el).borderTopWidth))).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it("a phone shows the product's name, price and order link on the first screen", async () => {
    const page = await open(VIEWPORTS.mobile, PRODUCT_PATH);
    try {
      const product = await catalogue(baseURL).product(1);
      const inFirstScreen = async (selector: ReturnType<Page["locator"]>) =>
        (await selector.evaluate((el) => el.getBoundingClientRect().bottom)) <= VIEWPORTS.mobile.height;
      const main = page.locator("main");
      expect(await inFirstScreen(main.locator("h1"))).toBe(true);
      const price = main.locator("bdi:visible", { hasText: "₪" }).first();
      expect(await inFirstScreen(price)).toBe(true);
      const order = main.getByRole("link", { name: /הזמינו עכשיו/ }).first();
      expect(await inFirstScreen(order)).toBe(true);
      expect(product.size.length).toBeGreaterThan(0);
    } finally {
      await page.context().close();
    }
  });
});
