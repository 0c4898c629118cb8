/**
 * Every content screen in Chromium, phone and desktop widths: what a visitor sees, no axe-core
 * violations, keyboard basics, and the structured data parsed and checked. axe runs on each screen once:
 * the branch list and a branch page are checked at both widths by tests/e2e/branch-hours.test.ts (the same
 * pages with their opening hours), so not again here.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { heForms } from "../../domain/i18n/forms.ts";
import { axeViolations, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();

type Ld = Record<string, unknown> & { "@type": string };

/**
 * Every JSON-LD block of the page at the browser's address, parsed from the document as served (what a
 * crawler reads: the server writes it into <head>, outside what React renders, and the site drops it after
 * a client-side navigation); fails the test if one is not valid JSON or lacks its nonce.
 */
async function structuredData(page: Page): Promise<Ld[]> {
  const html = await (await page.request.get(page.url())).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(blocks.length, "the page has JSON-LD").toBeGreaterThan(0);
  for (const [, attributes] of blocks) expect(attributes, "JSON-LD carries the CSP nonce").toMatch(/ nonce="[^"]+"/);
  return blocks.map(([, , text]) => JSON.parse(text ?? "") as Ld);
}

async function h1(page: Page): Promise<string> {
  expect(await page.locator("h1").count()).toBe(1);
  return (await page.locator("h1").textContent())?.trim() ?? "";
}

describeInChromium("content pages in Chromium", (browser) => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    describe(name, () => {
      // axe-core opens a helper page in the same context, so the page gets a context of its own. Hydration
      // mismatches and script errors fail the describe after its tests.
      const page = suitePage(async () => (await browser.newContext({ viewport, locale: "he-IL" })).newPage(), {
        noErrors: "page",
      });
      const visit = async (path: string) => {
        const res = await page.goto(`${baseURL}${path}`, { waitUntil: "load" });
        expect(res?.status(), path).toBe(200);
      };

      it("/branches lists every branch with name and image, each linking to its page", async () => {
        await visit("/branches");
        expect(await h1(page)).toBe("הסניפים שלנו");
        const cards = page.locator("main li article");
        expect(await cards.count()).toBe(4);
        for (const card of await cards.all()) {
          expect(await card.locator("h2 a").getAttribute("href")).toMatch(/^\/branches\/\d+$/);
          // Images below the fold load lazily: bring each card into view as a visitor would.
          await card.scrollIntoViewIfNeeded();
          await expect
            .poll(() => card.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
            .toBe(true);
        }
        const ld = await structuredData(page);
        const business = ld.find((b) => b["@type"] === "Bakery") as Ld & { department: Ld[] };
        expect(business.department).toHaveLength(4);
      });

      it("a branch page shows image, map, address, dialable phone, e-mail, week hours, navigation links", async () => {
        await visit("/branches");
        await page.locator("main li article h2 a").first().click();
        await page.waitForURL(/\/branches\/\d+$/);
        // Client-side navigation: wait for the new page, not just the new address.
        await page.locator("h1", { hasText: "סניף מחנה יהודה" }).waitFor();
        expect(await h1(page)).toBe("סניף מחנה יהודה");
        const main = page.locator("main");
        expect(await main.textContent()).toContain("רחוב האגס 12, שוק מחנה יהודה, ירושלים");
        const tel = main.locator('a[href^="tel:"]');
        expect(await tel.getAttribute("href")).toBe("tel:+97226251234");
        expect(await tel.locator("bdi").textContent()).toBe("02-6251234");
        expect(await main.locator('a[href="mailto:shuk@example.co.il"]').count()).toBe(1);
        // The week, Sunday first; Saturday closed; today's row marked.
        const week = main.getByRole("table", { name: "שעות הפתיחה לפי ימי השבוע" });
        const days = await week.locator("tbody th").allTextContents();
        expect(days.map((d) => d.replace("היום", "").trim())).toEqual([
          "יום ראשון",
          "יום שני",
          "יום שלישי",
          "יום רביעי",
          "יום חמישי",
          "יום שישי",
          "יום שבת",
        ]);
        expect(await week.locator("tbody tr").last().textContent()).toContain("סגור");
        expect(await week.locator('tr[aria-current="date"]').count()).toBe(1);
        const waze = main.getByRole("link", { name: /Waze/ });
        expect(await waze.getAttribute("href")).toBe("https://waze.com/ul?ll=31.7854,35.2121&navigate=yes");
        expect(await waze.getAttribute("target")).toBe("_blank");
        expect(await main.getByRole("link", { name: /Google Maps/ }).getAttribute("target")).toBe("_blank");
        // The map frame (no network in tests: only its attributes are checked).
        const frame = main.locator("iframe");
        expect(await frame.getAttribute("src")).toBe(
          "https://www.google.com/maps?q=31.7854,35.2121&hl=he&z=16&output=embed",
        );
        expect(await frame.getAttribute("loading")).toBe("lazy");
        expect(await frame.getAttribute("title")).toContain("סניף מחנה יהודה");
        const hero = main.locator("img").first();
        await expect
          .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        expect(await main.textContent()).toContain("נגישות הסניף");

        const ld = await structuredData(page);
        const bakery = ld.find((b) => b["@type"] === "Bakery") as Ld & {
          address: Record<string, string>;
          geo: Record<string, number>;
          openingHoursSpecification: Record<string, string>[];
        };
        expect(bakery.name).toContain("סניף מחנה יהודה");
        expect(bakery.telephone).toBe("+972-2-6251234");
        expect(bakery.address).toMatchObject({
          "@type": "PostalAddress",
          addressLocality: "ירושלים",
          addressCountry: "IL",
        });
        expect(bakery.geo).toEqual({ "@type": "GeoCoordinates", latitude: 31.7854, longitude: 35.2121 });
        expect(bakery.openingHoursSpecification).toHaveLength(6);
        expect(bakery.openingHoursSpecification[0]).toEqual({
          "@type": "OpeningHoursSpecification",
          dayOfWeek: "https://schema.org/Sunday",
          opens: "06:00",
          closes: "19:00",
        });
        const crumbs = ld.find((b) => b["@type"] === "BreadcrumbList") as Ld & {
          itemListElement: { name: string; item: string }[];
        };
        expect(crumbs.itemListElement.map((i) => i.name)).toEqual(["דף הבית", "הסניפים שלנו", "סניף מחנה יהודה"]);
        expect(crumbs.itemListElement[2]!.item).toBe(page.url());
      });

      it("/sales shows every sale (image, name, text) and a sale page shows image, name and full text", async () => {
        await visit("/sales");
        expect(await h1(page)).toBe("המבצעים שלנו");
        const cards = page.locator("main ul article");
        expect(await cards.count()).toBe(5);
        expect(await axeViolations(page)).toEqual([]);
        const name = (await cards.first().locator("h2").textContent())?.trim() ?? "";
        await cards.first().locator("h2 a").click();
        await page.waitForURL(/\/sale\/\d+$/);
        await page.locator("h1", { hasText: name }).waitFor();
        expect(await h1(page)).toBe(name);
        // Its days of validity, or the day it was published (issue 29).
        expect(await page.getByTestId("post-dates").first().textContent()).toMatch(/^(בתוקף|פורסם) .*\d{4}$/);
        const image = page.locator("main article img").first();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        const saleText = (await page.locator("main article").first().textContent()) ?? "";
        expect(saleText.length).toBeGreaterThan(60);
        expect(saleText).toMatch(/[\u0590-\u05FF]/);
        const ld = await structuredData(page);
        expect(ld.map((b) => b["@type"])).toContain("BreadcrumbList");
        expect(await axeViolations(page)).toEqual([]);
      });

      it("/news shows the publications grid with image, name, date and text", async () => {
        await visit("/news");
        expect(await h1(page)).toBe("חדשות חמות מהתנור");
        const cards = page.locator("main ul article");
        expect(await cards.count()).toBe(7);
        expect(await cards.first().locator("h2").textContent()).toMatch(/[\u0590-\u05FF]/);
        // The day it was published, in Hebrew (issue 29), above its text.
        const dates = cards.first().getByTestId("post-dates");
        expect(await dates.textContent()).toMatch(/^פורסם ב־\d{1,2} ב[\u0590-\u05FF]+ \d{4}$/);
        expect(await dates.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const newsText = (await cards.first().locator("p:not([data-testid=post-dates])").first().textContent()) ?? "";
        expect(newsText.length).toBeGreaterThan(60);
        expect(newsText).toMatch(/[\u0590-\u05FF]/);
        expect(await axeViolations(page)).toEqual([]);
      });

      it("/about tells the family tradition and the valid kashrut certificates with a kosher badge", async () => {
        await visit("/about");
        expect(await h1(page)).toBe("הסיפור שלנו");
        const main = page.locator("main");
        expect(await main.textContent()).toContain("מסורת משפחתית");
        // The kosher claim rests on the branches' certificates in force (the demo's are valid for months).
        expect(await main.textContent()).toContain("תעודות הכשרות בתוקף");
        expect(await main.textContent()).toContain("רבנות ירושלים – מהדרין");
        expect(await page.getByRole("img", { name: /תו כשרות/ }).count()).toBe(1);
        const ld = await structuredData(page);
        expect(ld.some((b) => b["@type"] === "Bakery")).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
      });

      it("/accessibility states conformance, adjustments, branch access, coordinator, how to ask for a fix, limitations, review date", async () => {
        await visit("/accessibility");
        expect(await h1(page)).toBe("הצהרת נגישות");
        const headings = await page.locator("main h2").allTextContents();
        expect(headings).toEqual([
          "רמת הנגישות באתר",
          "ההתאמות שבוצעו באתר",
          "איך אנחנו בודקים",
          "נגישות הסניפים",
          "מגבלות ידועות",
          "בקשה לתיקון או להתאמה",
          "רכזת הנגישות",
          "עדכון ההצהרה",
        ]);
        const text = (await page.locator("main").textContent()) ?? "";
        expect(text).toContain("5568");
        expect(text).toContain("WCAG 2.0");
        expect(await page.locator("main h3").count()).toBe(4);
        expect(await page.locator('main a[href="/contactUs"]').count()).toBeGreaterThan(0);
        expect(await page.locator("main time").getAttribute("datetime")).toBe("2026-11-22");
        expect(await axeViolations(page)).toEqual([]);
      });

      it("/contactUs shows the form and the static address and e-mail", async () => {
        await visit("/contactUs");
        expect(await h1(page)).toBe("צרו איתנו קשר");
        for (const label of ["שם מלא", "דוא״ל", "טלפון", "הודעה"]) {
          expect(await page.getByRole("textbox", { name: label, exact: true }).count(), label).toBe(1);
        }
        expect(await page.locator("aside").textContent()).toContain("רחוב האגס 12, שוק מחנה יהודה, ירושלים");
        expect(await page.locator('aside a[href="mailto:info@example.co.il"]').count()).toBe(1);
        expect(await page.getByRole("button", { name: "שלחו" }).isEnabled()).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
      });

      it("/club offers an e-mail field and says next to the button that submitting is consent (the footer leads there when no club site is set)", async () => {
        await visit("/");
        const footerClub = page.locator("footer").getByRole("link", { name: "הצטרפו למועדון הלקוחות" });
        expect(await footerClub.getAttribute("href")).toBe("/club");
        await visit("/club");
        expect(await h1(page)).toBe("הצטרפו למועדון הלקוחות");
        expect(await page.getByRole("textbox", { name: "דוא״ל", exact: true }).count()).toBe(1);
        expect(await page.getByRole("checkbox").count()).toBe(0);
        expect(await page.locator("#club-submit-note").isVisible()).toBe(true);
        expect(await page.getByRole("button", { name: "הצטרפו" }).isEnabled()).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
      });

      it("/club/confirm with a link that does not work: a Hebrew page (400) that leads back to the club, axe clean", async () => {
        const res = await page.goto(`${baseURL}/club/confirm?token=${"x".repeat(43)}`, { waitUntil: "load" });
        expect(res?.status()).toBe(400);
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        expect(await h1(page)).toBe(heForms.club.confirm.invalidHeading);
        expect(await page.getByRole("link", { name: heForms.club.confirm.signUpAgain }).getAttribute("href")).toBe(
          "/club",
        );
        expect(await axeViolations(page)).toEqual([]);
      });

      it("/thankYou and /sign_up thank the visitor and are kept out of search results", async () => {
        await visit("/thankYou?from=club");
        expect(await h1(page)).toBe("תודה רבה!");
        expect(await page.locator("main").textContent()).toContain("מועדון הלקוחות");
        expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, follow");
        expect(await axeViolations(page)).toEqual([]);
        await visit("/sign_up");
        expect(await h1(page)).toBe("תודה שהצטרפתם למועדון הלקוחות!");
        expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, follow");
        expect(await axeViolations(page)).toEqual([]);
      });

      it("keyboard: the first Tab reaches the skip link, which moves focus to the main content", async () => {
        await visit("/branches/2");
        await page.keyboard.press("Tab");
        const skip = page.locator(":focus");
        expect(await skip.getAttribute("href")).toBe("#main");
        expect(await skip.isVisible()).toBe(true);
        await page.keyboard.press("Enter");
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
      });
    });
  }

  it("serves /robots.txt and /sitemap.xml from the production build", async () => {
    const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseURL}/branches/1</loc>`);
    expect(sitemap).toContain("<image:loc>");
  });
});
