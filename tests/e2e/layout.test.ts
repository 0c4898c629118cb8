/**
 * The public layout (spec §2): header with order-now link, menus by mouse and keyboard, the mobile
 * menu, the shared search bar, footer, chat links, skip link, page titles, scroll to top, and
 * unknown paths (redirect home) versus missing ids (Hebrew 404).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, pageRunning, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { focused, storePage, suiteMainCategories } from "../support/storefront.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();
/** The desktop main menu (the mobile menu carries the same name but is another element). */
const MAIN_MENU = "nav#main-menu[aria-label='תפריט ראשי']";

describeInChromium("site layout and navigation", (browser) => {
  const categories = suiteMainCategories(baseURL);

  async function open(viewport: { width: number; height: number }, path = "/products"): Promise<Page> {
    const page = await storePage(browser, viewport);
    await openPage(page, `${baseURL}${path}`);
    return page;
  }

  const openDropdowns = (page: Page) => page.locator(`${MAIN_MENU} ul[id]:visible`).count();

  describe("desktop header", () => {
    const page = suitePage(() => open(VIEWPORTS.desktop));

    it("has the logo linking home and an order-now link to the site's pre-orders (the demo branches take them)", async () => {
      const header = page.locator("header");
      expect(await header.locator("a[href='/']").first().textContent()).toMatch(/[\u0590-\u05FF]/);
      const order = header.getByRole("link", { name: /הזמינו עכשיו/ });
      expect(await order.getAttribute("href")).toBe("/order");
      expect(await order.getAttribute("target")).toBeNull();
    });

    it("has a dropdown per main category listing its subcategories, opened by mouse", async () => {
      const buttons = page.locator(`${MAIN_MENU} button[aria-expanded]`);
      expect(await buttons.allTextContents()).toEqual(categories.map((c) => c.name));
      const first = categories[0]!;
      await buttons.first().click();
      expect(await buttons.first().getAttribute("aria-expanded")).toBe("true");
      const list = page.locator(`${MAIN_MENU} ul[id]:visible`);
      const hrefs = await list.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual([
        `/categories/${first.id}`,
        ...first.subCategories.map((s) => `/products?category=${s.id}`),
      ]);
      // Opening another closes the first: one dropdown at a time.
      await buttons.nth(1).click();
      expect(await openDropdowns(page)).toBe(1);
      expect(await buttons.first().getAttribute("aria-expanded")).toBe("false");
      // A click outside closes it.
      await page.locator("main h1").click();
      await expect.poll(() => openDropdowns(page)).toBe(0);
    });

    it("closes every dropdown when a subcategory link is clicked, showing that subcategory's products", async () => {
      const category = categories[1]!;
      const sub = category.subCategories[0]!;
      await page.locator(`${MAIN_MENU} button`, { hasText: category.name }).click();
      await page.locator(`${MAIN_MENU} a[href='/products?category=${sub.id}']`).click();
      await page.waitForURL(`${baseURL}/products?category=${sub.id}`);
      await pageRunning(page);
      await expect.poll(() => page.locator("main h1").textContent()).toBe(sub.name);
      expect(await openDropdowns(page)).toBe(0);
      expect(await page.title()).toContain(sub.name);
    });

    it("opens, moves through and closes a dropdown by keyboard, with visible focus", async () => {
      const category = categories[2]!;
      const button = page.locator(`${MAIN_MENU} button`, { hasText: category.name });
      await button.focus();
      await page.keyboard.press("Enter");
      expect(await button.getAttribute("aria-expanded")).toBe("true");
      await page.keyboard.press("Escape");
      expect(await button.getAttribute("aria-expanded")).toBe("false");
      expect((await focused(page)).text).toBe(category.name);
      // Focus reached by keyboard is visible.
      expect((await focused(page)).outline).not.toBe("none");

      await page.keyboard.press("ArrowDown");
      await expect.poll(async () => (await focused(page)).href).toBe(`/categories/${category.id}`);
      expect((await focused(page)).outline).not.toBe("none");
      await page.keyboard.press("ArrowDown");
      expect((await focused(page)).href).toBe(`/products?category=${category.subCategories[0]!.id}`);
      await page.keyboard.press("End");
      expect((await focused(page)).href).toBe(`/products?category=${category.subCategories.at(-1)!.id}`);
      await page.keyboard.press("ArrowDown");
      expect((await focused(page)).href).toBe(`/categories/${category.id}`);
      // Tabbing out of the list closes it.
      for (let i = 0; i <= category.subCategories.length; i++) await page.keyboard.press("Tab");
      await expect.poll(() => openDropdowns(page)).toBe(0);

      // Space opens; Enter on a link navigates and closes everything.
      await button.focus();
      await page.keyboard.press(" ");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await page.waitForURL(`${baseURL}/categories/${category.id}`);
      await pageRunning(page);
      await expect.poll(() => page.locator("main h1").textContent()).toBe(category.name);
      expect(await openDropdowns(page)).toBe(0);
    });

    it("toggles the search bar with one button; the input is required and submitting searches products", async () => {
      const toggle = page.locator("header [aria-controls='site-search']");
      const input = page.locator("#site-search-input");
      expect(await input.isVisible()).toBe(false);
      await toggle.click();
      await expect.poll(() => input.isVisible()).toBe(true);
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      expect(await input.getAttribute("placeholder")).toBe("חיפוש מוצר");
      expect(await input.evaluate((el: HTMLInputElement) => el.required)).toBe(true);
      expect((await focused(page)).id).toBe("site-search-input");
      // Empty: the browser refuses to submit.
      const before = page.url();
      await page.locator("#site-search button[type=submit]").click();
      expect(page.url()).toBe(before);
      await input.fill("חלות");
      await input.press("Enter");
      await page.waitForURL(`${baseURL}/products?search=${encodeURIComponent("חלות")}`);
      await pageRunning(page);
      await expect.poll(() => page.locator("[data-testid=results-for]").textContent()).toContain("חלות");
      expect(await input.isVisible()).toBe(false);
      // Escape closes it and returns focus to the toggle.
      await toggle.click();
      await expect.poll(() => input.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => input.isVisible()).toBe(false);
      expect((await focused(page)).id).toBe("site-search-toggle");
    });

    it("links the chat (prefilled Hebrew greeting) in the header, the footer and a floating button", async () => {
      const chats = page.locator("a[href^='https://wa.me/']:visible");
      expect(await chats.count()).toBe(3);
      for (const href of await chats.evaluateAll((links) => links.map((a) => a.getAttribute("href")!))) {
        const url = new URL(href);
        expect(url.pathname).toMatch(/^\/\d{8,15}$/);
        expect(url.searchParams.get("text")).toMatch(/^שלום/);
      }
      expect(await page.locator("header a[href^='https://wa.me/']:visible").count()).toBe(1);
      expect(await page.locator("footer a[href^='https://wa.me/']:visible").count()).toBe(1);
      expect(await chats.last().evaluate((a) => getComputedStyle(a).position)).toBe("fixed");
    });

    it("has a footer with links, the category list, the club button, social links and the year 2022", async () => {
      const footer = page.locator("footer");
      expect(await footer.textContent()).toContain("2022");
      const categoryLinks = footer.locator("nav[aria-labelledby=footer-categories] a");
      expect(await categoryLinks.allTextContents()).toEqual(categories.map((c) => c.name));
      const club = footer.getByRole("link", { name: "הצטרפו למועדון הלקוחות" });
      expect(await club.getAttribute("href")).toBe("/club");
      for (const name of ["פייסבוק", "אינסטגרם"]) {
        const link = footer.getByRole("link", { name: new RegExp(name) });
        expect(await link.getAttribute("target")).toBe("_blank");
        expect(await link.getAttribute("href")).toMatch(/^https:\/\/www\.(facebook|instagram)\.com\//);
      }
      const links = await footer.locator("nav[aria-labelledby=footer-links] a").allTextContents();
      expect(links).toEqual(["אודות", "מוצרים", "סניפים", "חדשות", "מבצעים", "הצהרת נגישות", "צור קשר"]);
    });

    it("sets a Hebrew title per page; a link is a page load that starts at the top", async () => {
      await openPage(page, `${baseURL}/`);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("smooth");
      await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      await page.locator("footer").getByRole("link", { name: categories[0]!.name }).click();
      await page.waitForURL(`${baseURL}/categories/${categories[0]!.id}`);
      await pageRunning(page);
      await expect.poll(() => page.title()).toBe(`${categories[0]!.name} | מאפיית שקד`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      // A page load, served whole: no React Router client on a public page (ADR 013).
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      await page.locator("header").getByRole("link", { name: "מוצרים" }).click();
      await expect.poll(() => page.title()).toBe("המוצרים שלנו | מאפיית שקד");
    });
  });

  describe("mobile header", () => {
    const page = suitePage(() => open(VIEWPORTS.mobile, "/"));

    it("has a skip link as the first stop of the keyboard that moves focus to the content", async () => {
      await page.keyboard.press("Tab");
      const skip = await focused(page);
      expect(skip.text).toBe("דלג לתוכן הראשי");
      expect(skip.href).toBe("#main");
      expect(await page.locator("a[href='#main']").isVisible()).toBe(true);
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await focused(page)).id).toBe("main");
    });

    it("lists categories with expandable subcategories, then the site's pages, in the mobile menu", async () => {
      expect(await page.locator(`${MAIN_MENU}`).isVisible()).toBe(false);
      const toggle = page.locator("button[aria-controls='mobile-menu']");
      await toggle.click();
      const menu = page.locator("#mobile-menu");
      await expect.poll(() => menu.isVisible()).toBe(true);
      const expanders = menu.locator("button[aria-expanded]");
      expect(await expanders.allTextContents()).toEqual(categories.map((c) => c.name));
      const pages = await menu.locator(":scope > ul > li > a").allTextContents();
      expect(pages.slice(0, 7)).toEqual(["אודות", "מוצרים", "סניפים", "חדשות", "מבצעים", "הצהרת נגישות", "צור קשר"]);
      expect(pages.at(-1)).toContain("וואטסאפ");

      const category = categories[3]!;
      const sub = category.subCategories.at(-1)!;
      const expander = expanders.nth(3);
      await expander.click();
      expect(await expander.getAttribute("aria-expanded")).toBe("true");
      const link = menu.locator(`a[href='/products?category=${sub.id}']`);
      await expect.poll(() => link.isVisible()).toBe(true);
      await link.click();
      await page.waitForURL(`${baseURL}/products?category=${sub.id}`);
      await pageRunning(page);
      await expect.poll(() => page.locator("main h1").textContent()).toBe(sub.name);
      expect(await menu.isVisible()).toBe(false);
    });

    it("closes the mobile menu with Escape and returns focus to its button", async () => {
      const toggle = page.locator("button[aria-controls='mobile-menu']");
      await toggle.click();
      await page.locator("#mobile-menu button").first().focus();
      await page.keyboard.press("Escape");
      await expect.poll(() => page.locator("#mobile-menu").isVisible()).toBe(false);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("mobile-menu");
    });

    it("opens the same search bar from the mobile menu", async () => {
      await page.locator("button[aria-controls='mobile-menu']").click();
      await page.locator("#mobile-menu").getByRole("button", { name: "חיפוש מוצר" }).click();
      await expect.poll(() => page.locator("#site-search-input").isVisible()).toBe(true);
      expect(await page.locator("header [aria-controls='site-search']").getAttribute("aria-expanded")).toBe("true");
      await page.locator("#site-search-input").fill("קרואסון");
      await page.keyboard.press("Enter");
      await page.waitForURL(/search=/);
      await pageRunning(page);
      await expect.poll(() => page.locator("main li a[href^='/product/']").count()).toBeGreaterThan(0);
    });
  });

  describe("unknown paths and missing ids", () => {
    it("redirects unknown paths to the home page", async () => {
      for (const path of ["/no-such-page", "/product", "/categories/1/extra", "/admin-nope"]) {
        const res = await fetch(`${baseURL}${path}`, { redirect: "manual" });
        expect(res.status, path).toBe(302);
        expect(new URL(res.headers.get("location")!, baseURL).pathname, path).toBe("/");
      }
      const page = await open(VIEWPORTS.mobile, "/no-such-page");
      expect(new URL(page.url()).pathname).toBe("/");
      await page.context().close();
    });

    it("answers missing product and category ids with a Hebrew not-found page and status 404", async () => {
      const page = await storePage(browser, VIEWPORTS.desktop);
      for (const path of [
        "/product/999999",
        "/product/abc",
        "/categories/999999",
        "/categories/0",
        "/products?category=999999",
        "/products?category=abc",
      ]) {
        const res = await openPage(page, `${baseURL}${path}`);
        expect(res?.status(), path).toBe(404);
        expect(await page.locator("main h1").textContent(), path).toBe("הדף שחיפשתם לא נמצא");
        expect(await page.title(), path).toBe("הדף שחיפשתם לא נמצא | מאפיית שקד");
        // The site's header and footer stay, with a way home.
        expect(await page.locator("header").count()).toBe(1);
        expect(await page.locator("footer").count()).toBe(1);
        expect(await page.locator("main").getByRole("link", { name: "חזרה לדף הבית" }).count()).toBe(1);
      }
      await page.context().close();
    });
  });
});
