/** The home page (spec §2 Home): welcome dialog, sections, tiles and images, accessibility. */
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations, openPage, pageRunning, reloadPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { focused, layoutShift, storePage } from "../support/storefront.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();

describeInChromium("home page in Chromium", (browser) => {
  describe("welcome dialog", () => {
    const page = suitePage(() => storePage(browser, VIEWPORTS.desktop, { welcome: true }));
    const dialog = () => page.locator("dialog[open]");

    it("opens on load with an info icon, a club invitation, 'take me there' and a close button", async () => {
      await openPage(page, `${baseURL}/`);
      await dialog().waitFor();
      const name = await dialog().evaluate(
        (d) => document.getElementById(d.getAttribute("aria-labelledby")!)?.textContent,
      );
      expect(name).toContain("מועדון הלקוחות");
      expect(await dialog().locator("svg").count()).toBeGreaterThan(0);
      expect(await dialog().getByRole("link", { name: "קחו אותי לשם" }).getAttribute("href")).toBe("/club");
      expect(await dialog().getByRole("button", { name: "סגירה" }).count()).toBe(1);
      // Focus starts inside the dialog and the page behind it is inert.
      expect((await focused(page)).inDialog).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    });

    it("traps focus: Tab and Shift+Tab cycle inside the dialog", async () => {
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press("Tab");
        expect((await focused(page)).inDialog).toBe(true);
      }
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press("Shift+Tab");
        expect((await focused(page)).inDialog).toBe(true);
      }
    });

    it("closes with Escape and stays away for the rest of the visit", async () => {
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog().count()).toBe(0);
      await reloadPage(page);
      await page.locator("#home-categories").waitFor();
      expect(await dialog().count()).toBe(0);
      // To another page and back home: still away (once the page's scripts have run).
      await page.locator("footer").getByRole("link", { name: "מוצרים" }).click();
      await page.waitForURL(/\/products$/);
      await page.goBack();
      await page.locator("#home-categories").waitFor();
      await pageRunning(page);
      expect(await dialog().count()).toBe(0);
    });

    it("closes with its close button, and 'take me there' follows the club link", async () => {
      const fresh = await storePage(browser, VIEWPORTS.mobile, { welcome: true });
      await openPage(fresh, `${baseURL}/`);
      await fresh.locator("dialog[open]").getByRole("button", { name: "סגירה" }).click();
      await expect.poll(() => fresh.locator("dialog[open]").count()).toBe(0);
      await fresh.context().close();

      const other = await storePage(browser, VIEWPORTS.mobile, { welcome: true });
      await openPage(other, `${baseURL}/`);
      // The club link (settings.clubUrl is empty in the demo) is our own sign-up page, /club.
      const clubRequest = other.waitForRequest((req) => new URL(req.url()).pathname.startsWith("/club"));
      await other.locator("dialog[open]").getByRole("link", { name: "קחו אותי לשם" }).click();
      await clubRequest;
      await expect.poll(() => other.locator("dialog[open]").count()).toBe(0);
      await other.context().close();
    });

    it("closes on a click on its backdrop, not on a click inside it", async () => {
      const fresh = await storePage(browser, VIEWPORTS.mobile, { welcome: true });
      try {
        await openPage(fresh, `${baseURL}/`);
        const open = fresh.locator("dialog[open]");
        await open.waitFor();
        await open.getByRole("heading").click();
        expect(await open.count()).toBe(1);
        // The window's top corner: the backdrop, above the dialog centred on the screen.
        await fresh.mouse.click(8, 8);
        await expect.poll(() => open.count()).toBe(0);
      } finally {
        await fresh.context().close();
      }
    });

    it("opens once the browser is idle, and not over a visitor who has already put focus in the page", async () => {
      for (const visitorFocuses of [false, true]) {
        const fresh = await storePage(browser, VIEWPORTS.mobile, { welcome: true });
        try {
          // The browser's idle moment is held back until the test lets it come.
          await fresh.addInitScript(() => {
            const held: (() => void)[] = [];
            Object.assign(window, {
              requestIdleCallback: (callback: () => void) => held.push(callback),
              releaseIdle: () => {
                for (const callback of held.splice(0)) callback();
              },
            });
          });
          await openPage(fresh, `${baseURL}/`);
          await fresh.locator('[data-island="welcome-dialog"][data-hydrated]').waitFor({ state: "attached" });
          expect(await fresh.locator("dialog[open]").count()).toBe(0);
          // A visitor who started with the keyboard: Tab to the skip link.
          if (visitorFocuses) await fresh.keyboard.press("Tab");
          await fresh.evaluate(() => (window as unknown as { releaseIdle: () => void }).releaseIdle());
          if (visitorFocuses) {
            expect(await fresh.locator("dialog[open]").count()).toBe(0);
            expect((await focused(fresh)).tag).toBe("a");
          } else {
            await fresh.locator("dialog[open]").waitFor();
            expect((await focused(fresh)).inDialog).toBe(true);
          }
        } finally {
          await fresh.context().close();
        }
      }
    });
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    describe(name, () => {
      const page = suitePage(() => storePage(browser, viewport));
      beforeAll(async () => {
        await openPage(page, `${baseURL}/`);
      });

      it("is Hebrew and right-to-left, with a Hebrew title", async () => {
        expect(await page.getAttribute("html", "lang")).toBe("he");
        expect(await page.getAttribute("html", "dir")).toBe("rtl");
        expect(await page.title()).toMatch(/^דף הבית \| [\u0590-\u05FF]/);
        expect(await page.locator("h1").count()).toBe(1);
      });

      it("has the contact button and the pre-order link (the demo branches take pre-orders for pickup)", async () => {
        // The hero holds the page's h1 (a seasonal collection's band may come before it).
        const hero = page.locator("main section").filter({ has: page.locator("h1") });
        expect(await hero.getByRole("link", { name: "צרו איתנו קשר" }).getAttribute("href")).toBe("/contactUs");
        const order = hero.getByRole("link", { name: "הזמנה מראש לאיסוף" });
        expect(await order.getAttribute("href")).toBe("/order");
        expect(await order.getAttribute("target")).toBeNull();
      });

      it("shows category, special product, news and sales sections in that order", async () => {
        // Seasonal bands (tests/e2e/seasonal.test.ts) lead the page while their holiday is near.
        const headings = await page.locator("main section:not([data-holiday]) h2").allTextContents();
        expect(headings).toEqual([
          "היום בסניפים",
          "הקטגוריות שלנו",
          "מוצרים מיוחדים מהמאפייה",
          "חדשות חמות מהתנור",
          "מבצעים",
        ]);
        const section = (id: string) => page.locator(`section[aria-labelledby=${id}] li`);
        expect(await section("home-categories").count()).toBeGreaterThanOrEqual(4);
        expect(await section("home-products").count()).toBeGreaterThanOrEqual(6);
        expect(await section("home-news").count()).toBe(3);
        expect(await section("home-sales").count()).toBeGreaterThanOrEqual(3);
        expect(await section("home-categories").first().locator("a").getAttribute("href")).toMatch(
          /^\/categories\/\d+$/,
        );
        expect(await section("home-products").first().locator("a").getAttribute("href")).toMatch(/^\/product\/\d+$/);
        expect(await section("home-sales").first().locator("a").getAttribute("href")).toMatch(/^\/sale\/\d+$/);
        const news = section("home-news").first();
        expect(await news.locator("h3").textContent()).toMatch(/[\u0590-\u05FF]/);
        expect((await news.locator("p:not([data-testid=post-dates])").textContent())?.length).toBeGreaterThan(20);
        expect(await news.locator("img").count()).toBe(1);
        // Dates, as on /news and /sales (issue 29): each news card its publication day, each sale tile its
        // days of validity or its publication day, in <time>.
        for (const id of ["home-news", "home-sales"]) {
          const dates = page.locator(`section[aria-labelledby=${id}] li [data-testid=post-dates]`);
          expect(await dates.count(), id).toBe(await section(id).count());
          for (const line of await dates.all()) {
            expect(await line.textContent()).toMatch(/^(פורסם|בתוקף) .*\d{4}$/);
            expect(await line.locator("time").first().getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          }
        }
      });

      it("draws tiles at 300×260 with names, from responsive sources, without layout shift", async () => {
        const tile = page.locator("section[aria-labelledby=home-products] li").first();
        const img = tile.locator("img");
        expect(await img.getAttribute("width")).toBe("300");
        expect(await img.getAttribute("height")).toBe("260");
        const box = await img.boundingBox();
        expect(Math.abs(box!.width / box!.height - 300 / 260)).toBeLessThan(0.02);
        if (name === "desktop") expect(Math.round(box!.width)).toBe(300);
        expect(await tile.locator("picture source[type='image/webp']").getAttribute("sizes")).toContain("300px");
        expect(await tile.textContent()).toMatch(/[\u0590-\u05FF]/);
        expect(await layoutShift(page)).toBeLessThan(0.01);
      });

      it("loads the first picture (a seasonal band's, else the first tile) eagerly with high priority and the rest lazily", async () => {
        const images = page.locator("main img");
        const first = images.first();
        expect(await first.getAttribute("loading")).toBe("eager");
        expect(await first.getAttribute("fetchpriority")).toBe("high");
        const eager = await page.locator("main img[loading=eager]").count();
        expect(eager).toBe(1);
        expect(await page.locator("main img[loading=lazy]").count()).toBe((await images.count()) - 1);
        await expect
          .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
      });

      it("loads no React before an interaction: the island loader and its script islands, React with the header's first touch", async () => {
        // A fresh visit (the welcome dialog opens by itself), its islands left as the page loaded them.
        const fresh = await storePage(browser, viewport, { welcome: true });
        try {
          const scripts: string[] = [];
          fresh.on("request", (request) => {
            if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
          });
          await openPage(fresh, `${baseURL}/`, { islands: "asLoaded" });
          await fresh.locator("dialog[open]").waitFor();
          await fresh.locator('[data-island="chat-button"][data-hydrated]').waitFor({ state: "attached" });
          const named = (prefix: string) => scripts.filter((path) => path.startsWith(`/assets/${prefix}`));
          expect(named("loader-")).toHaveLength(1);
          expect(named("welcome-dialog.client-")).toHaveLength(1);
          expect(named("react-island-")).toEqual([]);
          expect(named("header.client-")).toEqual([]);
          // No React Router in the page: no hydration data, no client router.
          expect(await fresh.evaluate(() => "__reactRouterContext" in window)).toBe(false);
          await fresh.keyboard.press("Escape");
          // The visitor reaches for the header: its island loads, with React, and the menus answer.
          await fresh.locator("header").hover();
          await fresh.locator('[data-island="header"][data-hydrated]').waitFor({ state: "attached" });
          expect(named("header.client-")).toHaveLength(1);
          expect(named("react-island-")).toHaveLength(1);
        } finally {
          await fresh.context().close();
        }
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
