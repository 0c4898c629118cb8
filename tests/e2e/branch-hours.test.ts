/**
 * Opening hours in Chromium: the branch page and the list show the status line and the next 7 days as the
 * server computed them in Jerusalem time — also in a browser whose clock is in another time zone, without a
 * hydration mismatch — with the holidays or parasha named, special hours in JSON-LD, and no axe violations.
 */
import { describe, expect, it } from "vitest";
import type { HoursDay } from "../../domain/contracts/content.ts";
import { axeViolations, pageRunning, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();

interface BranchJson {
  id: number;
  open_now: boolean;
  status: string;
}

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`);
  return ((await res.json()) as { data: T }).data;
}

describeInChromium("branch hours in Chromium", (browser) => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    describe(name, () => {
      // A visitor far from Jerusalem: the page must still show Jerusalem's hours, unchanged by hydration.
      const page = suitePage(
        async () =>
          (await browser.newContext({ viewport, locale: "he-IL", timezoneId: "Pacific/Kiritimati" })).newPage(),
        { noErrors: "page and console" },
      );

      it("the branch page shows the status and the next 7 days with holidays named, axe clean", async () => {
        const [branch] = await api<BranchJson[]>("/api/branches");
        const id = (branch as BranchJson).id;
        const before = await api<BranchJson>(`/api/branches/${id}`);
        const res = await page.goto(`${baseURL}/branches/${id}`, { waitUntil: "load" });
        expect(res?.status()).toBe(200);
        const after = await api<BranchJson>(`/api/branches/${id}`);
        // Wait for the page's scripts (a browser in another time zone changes nothing), then read what the visitor sees.
        await pageRunning(page);
        const status = page.getByTestId("hours-status");
        await expect.poll(() => status.isVisible()).toBe(true);
        // The badge ("פתוח עכשיו"/"סגור") and the detail are two elements; compare the words without spacing.
        const squash = (value: string) => value.replace(" · ", "").replace(/\s+/g, "");
        const text = squash((await status.textContent()) ?? "");
        expect([before.status, after.status].map(squash)).toContain(text);
        expect(text).toMatch(/^(פתוחעכשיו|סגור)/);

        const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jerusalem" }).format(new Date());
        const { days } = await api<{ days: HoursDay[] }>(`/api/branches/${id}/hours?from=${today}&days=7`);
        const table = page.getByRole("table", { name: "שעות הפתיחה בשבעת הימים הקרובים, כולל שבתות וחגים" });
        const rows = table.locator("tbody tr");
        expect(await rows.count()).toBe(7);
        expect(await rows.first().getAttribute("aria-current")).toBe("date");
        for (const [i, day] of days.entries()) {
          const row = (await rows.nth(i).textContent()) ?? "";
          const [, m, d] = day.date.split("-").map(Number);
          expect(row).toContain(`${d}.${m}`);
          expect(row).toContain(day.hebrew_date);
          if (day.name) expect(row).toContain(day.name);
          if (day.closed) expect(row).toContain("סגור");
          for (const interval of day.intervals) expect(row).toContain(`${interval.opens}–${interval.closes}`);
        }
        // A week always has a Shabbat: its parasha or holiday is named.
        expect(days.some((day) => day.weekday === 6 && day.name)).toBe(true);

        const ld = await page
          .locator('script[type="application/ld+json"]')
          .evaluateAll((els) => els.map((el) => JSON.parse(el.textContent ?? "{}") as Record<string, unknown>));
        const bakery = ld.find((b) => b["@type"] === "Bakery") as {
          specialOpeningHoursSpecification?: { validFrom: string }[];
        };
        expect(bakery.specialOpeningHoursSpecification?.length).toBeGreaterThan(0);
        for (const spec of bakery.specialOpeningHoursSpecification ?? []) expect(spec.validFrom >= today).toBe(true);

        expect(await axeViolations(page)).toEqual([]);
      });

      it("the branch list shows each branch's status and its next 7 days, axe clean", async () => {
        await page.goto(`${baseURL}/branches`, { waitUntil: "load" });
        await pageRunning(page);
        const cards = page.locator("main li article");
        expect(await cards.count()).toBe(4);
        for (const card of await cards.all()) {
          expect(await card.getByTestId("hours-status").textContent()).toMatch(/^(פתוח עכשיו|סגור)/);
          expect(await card.locator("tbody tr").count()).toBe(7);
        }
        expect(await axeViolations(page)).toEqual([]);
      });
    });
  }
});
