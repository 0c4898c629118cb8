/**
 * The audit log screen (issue 14) in Chromium: an admin's own sign-in and edit appear newest first, the
 * filters follow the URL, an entry opens read-only with its changed fields, and axe finds no WCAG 2.1 AA
 * violation in the list or the entry — at the laptop and the phone size.
 */
import type { Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import { adminApi, listReady, staffPage } from "../support/admin-e2e.ts";
import { axeViolations, openPage } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();

/** Waits for the rows of this filter (listReady compares only the list parameters every list has). */
async function filtered(page: Page, action: string): Promise<void> {
  await page.waitForURL(new RegExp(`action=${action}`));
  await page.locator(`[data-list-query*="action=${action}"][aria-busy="false"]`).waitFor();
  await listReady(page);
}

describeInChromium("admin audit log screen", (browser) => {
  const page = suitePage(() => staffPage(browser, baseURL));
  const tagline = `מאפייה משפחתית ${Date.now()}`;

  beforeAll(async () => {
    // One catalogue-like edit through the API, as the settings screen would make it.
    const current = await adminApi<{ data: Record<string, unknown> }>(page, "GET", "/api/admin/settings");
    expect(current.status).toBe(200);
    const { status } = await adminApi(page, "PUT", "/api/admin/settings", { ...current.body.data, tagline });
    expect(status).toBe(200);
  });

  it("lists the admin's sign-in and edit, newest first, with no axe violations and nothing to edit or delete", async () => {
    await openPage(page, `${baseURL}/admin/audit`);
    await listReady(page);
    expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["יומן פעולות"]);
    const table = page.getByRole("grid").or(page.getByRole("table")).first();
    const firstRow = table.getByRole("row").nth(1);
    await expect.poll(() => firstRow.textContent()).toContain("עדכון");
    expect(await firstRow.textContent()).toContain("הגדרות האתר");
    expect(await table.textContent()).toContain("כניסה לחשבון");
    expect(await page.getByRole("button", { name: /^מחיקה/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^עריכה/ }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "יומן פעולות" }).count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("filters by action through the URL, and opens an entry with its changed field, before and after", async () => {
    await page.getByLabel("פעולה", { exact: true }).selectOption("sign_in");
    await filtered(page, "sign_in");
    const rows = page.getByRole("row");
    const count = await rows.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 1; i < count; i++) expect(await rows.nth(i).textContent()).toContain("כניסה לחשבון");

    await page.getByLabel("פעולה", { exact: true }).selectOption("update");
    await filtered(page, "update");
    await page
      .getByRole("button", { name: /^צפייה/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.getByRole("heading").first().textContent()).toMatch(/^רשומה \d+ ביומן$/);
    const changes = dialog.getByRole("table", { name: "שדות שהשתנו" });
    expect(await changes.getByRole("rowheader").allTextContents()).toEqual(["שורת תיאור"]);
    expect(await changes.textContent()).toContain(tagline);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // From a row to everything its user did.
    await page
      .getByRole("button", { name: /^רק הפעולות של משתמש\/ת זה\/ו/ })
      .first()
      .click();
    await page.waitForURL(/user_id=\d+/);
    await page.getByRole("status").filter({ hasText: "מוצגות רק הפעולות של משתמש/ת מספר" }).waitFor();
  });

  it("fits a phone: no axe violations at 390×844", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, `${baseURL}/admin/audit`);
    await listReady(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});
