/**
 * WCAG 2.4.11 Focus Not Obscured (issue 33): wherever keyboard focus stops, the focused element is not
 * entirely hidden by the sticky header or by the floating chat button (when that shows at the viewport's
 * width), nor left off the screen — as the user sees it the moment the key is released, at 390 and 1440 px,
 * on four public pages and two admin screens, backwards with Shift+Tab and forwards with Tab. Backwards from
 * the foot of /products is where focus once sat on product cards and footer links above the header's bottom
 * edge while the page was still scrolling smoothly towards them.
 *
 * The walks are bounded, to keep the file quick: the footer (the same on every page) is walked once, on
 * /products, on its way up into the product grid; elsewhere a walk starts at the end or the start of the
 * page's main content. Each stop is measured in the page, on the key's release, instead of a round trip per
 * stop.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { listReady, staffPage } from "../support/admin-e2e.ts";
import { openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { catalogue, storePage } from "../support/storefront.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();

/** Where a walk starts: the page's last focusable element, the last one in its main content, or main itself. */
type Start = "page end" | "main end" | "main start";

/**
 * Presses `key` `stops` times from `start` and answers the stops where the focused element was hidden
 * ("#3 text: why"). Every stop is checked by a keyup listener in the page: the browser has moved focus, and
 * scrolled for it, by the time the key comes up.
 */
async function hiddenStops(page: Page, key: "Tab" | "Shift+Tab", start: Start, stops = 12): Promise<string[]> {
  await page.evaluate((start) => {
    const w = window as typeof window & { focusStops?: (string | null)[]; focusWalk?: AbortController };
    w.focusStops = [];
    // One listener per document: the previous walk's goes.
    w.focusWalk?.abort();
    w.focusWalk = new AbortController();
    const header = [...document.querySelectorAll("header")].find((h) => getComputedStyle(h).position === "sticky");
    document.addEventListener(
      "keyup",
      (event) => {
        if (event.key === "Tab") w.focusStops?.push(hiddenReason(document.activeElement));
      },
      { signal: w.focusWalk.signal },
    );

    function hiddenReason(el: Element | null): string | null {
      // Past the first or last stop focus leaves the document for the browser's own controls; the header's own
      // controls, and what floats above everything (the skip link, the chat button itself), are never under it.
      if (!(el instanceof HTMLElement) || el === document.body || header?.contains(el)) return null;
      for (let node: Element | null = el; node; node = node.parentElement) {
        if (getComputedStyle(node).position === "fixed") return null;
      }
      const box = el.getBoundingClientRect();
      const name = (el.textContent || el.getAttribute("aria-label") || el.tagName).trim().slice(0, 30);
      // The part of the element on the screen below the header.
      const top = Math.max(box.top, header?.getBoundingClientRect().bottom ?? 0, 0);
      const bottom = Math.min(box.bottom, window.innerHeight);
      if (bottom <= top) {
        return `${name}: box ${Math.round(box.top)}…${Math.round(box.bottom)}, none of it on the screen below the header`;
      }
      // The chat button where it shows (it steps aside, hidden, where it would cover what it avoids).
      const chat = document.querySelector("[data-floating-chat]");
      const shown = chat && chat.getClientRects().length > 0 && getComputedStyle(chat).visibility !== "hidden";
      const c = shown ? chat.getBoundingClientRect() : null;
      if (c && box.left >= c.left && box.right <= c.right && top >= c.top && bottom <= c.bottom) {
        return `${name}: under the chat button`;
      }
      return null;
    }

    const main = document.getElementById("main");
    if (start === "main start") {
      window.scrollTo({ top: 0, behavior: "instant" });
      main?.focus({ preventScroll: true });
      return;
    }
    const last = [
      ...(start === "page end" ? document : (main ?? document)).querySelectorAll<HTMLElement>(
        "a[href], button, input, select, textarea, summary, [tabindex='0']",
      ),
    ]
      .filter((el) => el.getClientRects().length > 0 && !header?.contains(el) && !el.matches(":disabled"))
      .at(-1);
    last?.scrollIntoView({ block: "end", behavior: "instant" });
    last?.focus({ preventScroll: true });
  }, start);
  for (let stop = 0; stop < stops; stop++) await page.keyboard.press(key);
  const seen = await page.evaluate(() => (window as typeof window & { focusStops: (string | null)[] }).focusStops);
  // One record per press: a walk that measured nothing proves nothing.
  expect(seen).toHaveLength(stops);
  return seen.flatMap((reason, stop) => (reason ? [`${key} #${stop + 1} ${reason}`] : []));
}

describeInChromium("keyboard focus is never hidden under the header or the chat button (WCAG 2.4.11)", (browser) => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    describe(size, () => {
      const page = suitePage(() => storePage(browser, viewport));

      it("on /products: up from the foot of the page into the product grid, and down the grid", async () => {
        await openPage(page, `${baseURL}/products`);
        expect(await hiddenStops(page, "Shift+Tab", "page end", 40)).toEqual([]);
        expect(await hiddenStops(page, "Tab", "main start")).toEqual([]);
      });

      // One test per page: each stays well inside the test timeout on a loaded machine.
      for (const path of ["/", "a product page", "/branches"]) {
        it(`on ${path}`, async () => {
          const url =
            path === "a product page" ? `/product/${(await catalogue(baseURL).products()).data[0]!.id}` : path;
          await openPage(page, `${baseURL}${url}`);
          expect(await hiddenStops(page, "Shift+Tab", "main end")).toEqual([]);
          expect(await hiddenStops(page, "Tab", "main start")).toEqual([]);
        });
      }

      it("with the reduced-motion preference too", async () => {
        await page.emulateMedia({ reducedMotion: "reduce" });
        await openPage(page, `${baseURL}/products`);
        expect(await hiddenStops(page, "Shift+Tab", "main end")).toEqual([]);
        await page.emulateMedia({ reducedMotion: "no-preference" });
      });
    });

    describe(`${size}, admin`, () => {
      const page = suitePage(() => staffPage(browser, baseURL, { viewport }));

      it("on the products list", async () => {
        await openPage(page, `${baseURL}/admin/products`);
        await listReady(page);
        expect(await hiddenStops(page, "Shift+Tab", "page end")).toEqual([]);
        expect(await hiddenStops(page, "Tab", "main start")).toEqual([]);
      });

      it("on the site settings", async () => {
        await openPage(page, `${baseURL}/admin/settings`);
        expect(await hiddenStops(page, "Shift+Tab", "page end")).toEqual([]);
        expect(await hiddenStops(page, "Tab", "main start")).toEqual([]);
      });
    });
  }
});
