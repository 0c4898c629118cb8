/**
 * The back office on a phone (issue 12 §4), at 390×844: every admin section — read from the section table
 * (app/lib/admin-sections.ts), so a new section is checked without touching this file — fits the screen's
 * width (nothing scrolls or sticks out sideways) and has no axe-core violations, and each of its dialogs
 * (create, view, edit, images, the delete confirmation) fits too. Also the phone's folded section menu
 * (keyboard, aria-current, without JavaScript), the folded search, and row actions on the cards.
 * axe runs on every screen and in each create dialog; the other dialogs are checked for their width.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { SECTION_LIST, sectionHref } from "../../app/lib/admin-sections.ts";
import { heAdmin } from "../../domain/i18n/admin.ts";
import { confirmDialog, listReady, staffPage } from "../support/admin-e2e.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();
const PHONE = VIEWPORTS.mobile;
/** A screen with its axe run, or a list with its four dialogs, each checked with axe: slow on a busy machine. */
const SCREEN_TIMEOUT = 180_000;

/**
 * What sticks out sideways, in words (empty when everything fits): the document wider than the window, a
 * visible element that scrolls sideways (a table in an overflow box, a dialog's overlay), and inside each
 * open dialog any visible element reaching past the dialog's edges (clipped content).
 */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${[...el.classList]
        .slice(0, 4)
        .map((c) => `.${c}`)
        .join("")} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) problems.push(`document: ${doc.scrollWidth} > ${doc.clientWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      if (!el.checkVisibility()) continue;
      const overflowX = getComputedStyle(el).overflowX;
      if ((overflowX === "auto" || overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${name(el)} scrolls sideways: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
      const frame = dialog.getBoundingClientRect();
      if (frame.left < -1 || frame.right > doc.clientWidth + 1)
        problems.push(`${name(dialog)} is ${Math.round(frame.width)} px wide in ${doc.clientWidth}`);
      for (const el of dialog.querySelectorAll("*")) {
        const box = el.getBoundingClientRect();
        // Screen-reader-only text is in a 1 px box (React Aria's hidden date inputs too); what is not shown has none.
        if (box.width <= 1 || box.height <= 1 || !el.checkVisibility()) continue;
        let hidden = false;
        for (let up = el.parentElement; up && up !== dialog && !hidden; up = up.parentElement) {
          const around = up.getBoundingClientRect();
          hidden = around.width <= 1 || around.height <= 1;
        }
        if (hidden) continue;
        if (box.left < frame.left - 1 || box.right > frame.right + 1)
          problems.push(
            `${name(el)} reaches past its dialog: ${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(frame.left)}–${Math.round(frame.right)}`,
          );
      }
    }
    return problems;
  });
}

/** Opens an admin screen and waits for its content: its h1, and for a list its rows. */
async function openScreen(page: Page, path: string): Promise<{ isList: boolean }> {
  await openPage(page, `${baseURL}${path}`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  const isList = (await page.locator("[data-list-query]").count()) > 0;
  if (isList) await listReady(page);
  return { isList };
}

/**
 * The open dialog fits; with `axe`, axe-core checks it too (the page behind it was checked on its own, and
 * tests/e2e/admin-a11y.test.ts runs axe on the view, images and delete dialogs at the laptop size).
 */
async function checkDialog(page: Page, what: string, options: { axe?: boolean } = {}): Promise<void> {
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]').first();
  await dialog.waitFor();
  // The images screen fills in its images after it opens ("טוען..."); the others show their content at once.
  await page.waitForFunction(
    (loading) => ![...document.querySelectorAll('[role="dialog"] p')].some((p) => p.textContent === loading),
    heAdmin.loading,
  );
  expect(await sidewaysOverflow(page), what).toEqual([]);
  if (options.axe)
    expect(await axeViolations(page, { include: '[role="dialog"], [role="alertdialog"]' }), what).toEqual([]);
}

async function closeDialog(page: Page): Promise<void> {
  await page.getByRole("dialog").getByRole("button", { name: "סגירה", exact: true }).first().click();
  await page.locator('[role="dialog"]').waitFor({ state: "detached" });
}

/** Opens the first row's dialog of this action, if the row has it, checks it and closes it. */
async function rowDialog(page: Page, path: string, action: string): Promise<void> {
  const button = page
    .getByRole("row")
    .nth(1)
    .getByRole("button", { name: new RegExp(`^${action}: `) });
  if ((await button.count()) === 0) return;
  await button.click();
  await checkDialog(page, `${path} ${action}`);
  await closeDialog(page);
  // The images screen is a route: closing it goes back to the list, which reloads its rows.
  await listReady(page);
}

describeInChromium("the back office on a 390 px phone", (browser) => {
  const page = suitePage(() => staffPage(browser, baseURL, { viewport: PHONE }));

  it("checks every section of the section table (an admin may open them all)", async () => {
    await openScreen(page, "/admin/panel");
    await page.locator("header summary").click();
    const links = page.getByRole("navigation", { name: "ניווט בממשק הניהול" }).getByRole("link");
    expect(await links.allTextContents()).toEqual(SECTION_LIST.map((s) => s.label));
    await page.keyboard.press("Escape");
  });

  for (const section of SECTION_LIST) {
    const path = sectionHref(section.key);

    // One visit per section: the screen is checked, then each of its dialogs is opened over it in turn.
    describe(path, () => {
      let isList = false;
      beforeAll(async () => {
        ({ isList } = await openScreen(page, path));
      });

      it(
        `${path}: fits the width, no axe violations`,
        async () => {
          expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
          expect(await sidewaysOverflow(page)).toEqual([]);
          expect(await axeViolations(page)).toEqual([]);
        },
        SCREEN_TIMEOUT,
      );

      it(
        `${path}: its create and edit dialogs fit the width, no axe violations in the create dialog`,
        async () => {
          if (!isList) return;
          const create = page.locator('main button[aria-haspopup="dialog"]');
          if ((await create.count()) > 0) {
            await create.click();
            await checkDialog(page, `${path} create`, { axe: true });
            await closeDialog(page);
          }
          await rowDialog(page, path, "עריכה");
        },
        SCREEN_TIMEOUT,
      );

      it(
        `${path}: its view, images and delete dialogs fit the width`,
        async () => {
          if (!isList) return;
          await rowDialog(page, path, "צפייה");
          await rowDialog(page, path, "תמונות");
          const remove = page
            .getByRole("row")
            .nth(1)
            .getByRole("button", { name: /^מחיקה: / });
          if ((await remove.count()) > 0) {
            await remove.click();
            await confirmDialog(page).waitFor();
            await checkDialog(page, `${path} delete`);
            await confirmDialog(page).getByRole("button", { name: "ביטול" }).click();
            await confirmDialog(page).waitFor({ state: "detached" });
          }
        },
        SCREEN_TIMEOUT,
      );
    });
  }

  it("the section menu is one button naming the current section; it opens by keyboard and marks it", async () => {
    await openScreen(page, "/admin/categories");
    // The laptop's row of links is not shown; the menu's links are folded away.
    expect(await page.getByRole("link", { name: "מוצרים", exact: true }).count()).toBe(0);
    const summary = page.locator("header summary");
    expect(await summary.textContent()).toContain("קטגוריות");
    await summary.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "ניווט בממשק הניהול" });
    await menu.waitFor();
    expect(await menu.locator('[aria-current="page"]').allTextContents()).toEqual(["קטגוריות"]);
    // Escape folds it and gives the focus back to the button.
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");
    // Space opens it; Tab walks its links; Enter follows one, and the menu folds on the new screen.
    await page.keyboard.press("Space");
    await menu.waitFor();
    const products = menu.getByRole("link", { name: "מוצרים", exact: true });
    for (let i = 0; i < SECTION_LIST.length && !(await products.evaluate((a) => a === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseURL}/admin/products`);
    await menu.waitFor({ state: "hidden" });
    await expect.poll(() => summary.textContent()).toContain("מוצרים");
  });

  it("the section menu opens without JavaScript", async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      locale: "he-IL",
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const noJs = await context.newPage();
      await noJs.goto(`${baseURL}/admin/settings`);
      await noJs.locator("header summary").click();
      const menu = noJs.getByRole("navigation", { name: "ניווט בממשק הניהול" });
      await menu.waitFor();
      expect(await menu.getByRole("link").count()).toBe(SECTION_LIST.length);
      expect(await menu.locator('[aria-current="page"]').allTextContents()).toEqual(["הגדרות האתר"]);
    } finally {
      await context.close();
    }
  });

  it("the search is folded behind a button until asked for, and open while a search is active", async () => {
    await openScreen(page, "/admin/products");
    // The button that unfolds the search (the search form's own submit button is named "חיפוש" too).
    const toggle = page.locator("search button[aria-expanded]");
    const searchField = page.getByRole("searchbox", { name: "חיפוש כללי" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await searchField.isVisible()).toBe(false);
    // The first screen shows rows: the first card starts within it.
    const firstRow = page.getByRole("row").nth(1);
    expect((await firstRow.boundingBox())!.y).toBeLessThan(PHONE.height / 2);
    await toggle.click();
    await searchField.waitFor();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");

    await openScreen(page, `/admin/products?search_global=${encodeURIComponent("חלה")}`);
    await searchField.waitFor();
    expect(await searchField.inputValue()).toBe("חלה");
    expect(
      await page
        .getByRole("button", { name: /^חיפוש/ })
        .first()
        .getAttribute("aria-expanded"),
    ).toBe("true");
  });

  it("a card shows its row's actions, with their words, within the screen", async () => {
    await openScreen(page, "/admin/products");
    const firstRow = page.getByRole("row").nth(1);
    for (const action of ["צפייה", "עריכה", "תמונות", "מחיקה"]) {
      const button = firstRow.getByRole("button", { name: new RegExp(`^${action}: `) });
      const box = (await button.boundingBox())!;
      expect(box.x, action).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, action).toBeLessThanOrEqual(PHONE.width);
      expect(await button.textContent(), action).toContain(action);
    }
  });

  it("on a desktop the section links, the search form and the table stay as they were", async () => {
    const desktop = await staffPage(browser, baseURL, { viewport: VIEWPORTS.desktop });
    try {
      await openScreen(desktop, "/admin/products");
      const nav = desktop.getByRole("navigation", { name: "ניווט בממשק הניהול" });
      expect(await nav.getByRole("link").count()).toBe(SECTION_LIST.length);
      expect(await nav.locator('[aria-current="page"]').allTextContents()).toEqual(["מוצרים"]);
      expect(await desktop.locator("header summary").isVisible()).toBe(false);
      expect(await desktop.getByRole("searchbox", { name: "חיפוש כללי" }).isVisible()).toBe(true);
      expect(await desktop.getByRole("button", { name: "חיפוש", exact: true }).count()).toBe(1);
      expect(await desktop.getByRole("columnheader", { name: "פעולות" }).isVisible()).toBe(true);
      expect(await sidewaysOverflow(desktop)).toEqual([]);
    } finally {
      await desktop.context().close();
    }
  });
});
