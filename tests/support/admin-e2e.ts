/** Helpers for the back-office end-to-end tests: staff sign-in through the login page, toasts, dialogs. */
import type { Browser, Locator, Page } from "playwright-core";
import { newPage } from "./browser.ts";

/** The review sizes of the issue: a laptop and a tablet. */
export const ADMIN_VIEWPORTS = {
  laptop: { width: 1280, height: 800 },
  tablet: { width: 820, height: 1180 },
} as const;

/** A new page signed in as staff through /login (which also sets the loggedIn flag of spec §4). */
export async function staffPage(
  browser: Browser,
  baseURL: string,
  credentials: { email: string; password: string },
  options: { viewport?: { width: number; height: number }; clock?: boolean } = {},
): Promise<Page> {
  const page = await newPage(browser, options.viewport ?? ADMIN_VIEWPORTS.laptop);
  page.setDefaultTimeout(15_000);
  // Fake timers from the start, so the 20-second confirmation can be fast-forwarded (they still run in real time).
  if (options.clock) await page.clock.install();
  await page.goto(`${baseURL}/login`, { waitUntil: "networkidle" });
  await page.getByLabel("אימייל").fill(credentials.email);
  await page.getByLabel("סיסמה").fill(credentials.password);
  await page.getByRole("button", { name: "כניסה" }).click();
  await page.waitForURL(`${baseURL}/admin/panel`);
  return page;
}

/** The toast region (spec §8 messages). */
export function toasts(page: Page): Locator {
  return page.getByRole("region", { name: "הודעות" });
}

/** Waits for a toast with exactly this title. */
export async function expectToast(page: Page, title: string): Promise<void> {
  await toasts(page).getByText(title, { exact: true }).first().waitFor();
}

/** Closes every toast (so the next assertion sees only new ones). */
export async function dismissToasts(page: Page): Promise<void> {
  const buttons = toasts(page).getByRole("button", { name: "סגירת ההודעה" });
  while ((await buttons.count()) > 0) await buttons.first().click();
}

/** The delete confirmation of spec §4. */
export function confirmDialog(page: Page): Locator {
  return page.getByRole("alertdialog", { name: "האם את/ה בטוח/ה?" });
}

/** Waits until nothing is loading (the list's table is not busy). */
export async function listReady(page: Page): Promise<void> {
  await page.locator('[aria-busy="false"] table, [aria-busy="false"][role="grid"]').first().waitFor();
}
