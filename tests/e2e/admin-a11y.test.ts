/**
 * Every admin screen at the laptop (1280×800) and tablet (820×1180) sizes: one Hebrew h1, a Hebrew
 * title, not indexed, and no axe-core WCAG 2.1 AA violations — lists, modals, the images screen, the
 * delete confirmation and the user menu. Also the routing rules of spec §2 and §6.
 * axe runs on every screen at the laptop size; at the tablet size on the screens whose markup differs
 * (the panel, products, settings) and on one of the six lists built from the same CrudScreen/AdminTable
 * (categories) — the other five differ from it only in their column names, which the laptop run checks. The
 * h1, title and robots tag are server-rendered and the same at every size: the tablet visits only the
 * screens it runs axe on.
 */
import { describe, expect, it } from "vitest";
import { ADMIN_VIEWPORTS, confirmDialog, listReady, openCreateDialog, staffPage } from "../support/admin-e2e.ts";
import { axeViolations, openPage } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();

const SCREENS = [
  ["/admin/panel", "לוח בקרה", false],
  ["/admin/products", "מוצרים", true],
  ["/admin/categories", "קטגוריות", true],
  ["/admin/branches", "סניפים", true],
  ["/admin/sales", "מבצעים", true],
  ["/admin/publications", "חדשות", true],
  ["/admin/clients", "חברי מועדון", true],
  ["/admin/contact-requests", "פניות מהאתר", true],
  ["/admin/settings", "הגדרות האתר", false],
  ["/admin/trash", "סל המחזור", true],
] as const;

/** Screens checked with axe at the tablet size too (see above). */
const TABLET_AXE = new Set(["/admin/panel", "/admin/products", "/admin/categories", "/admin/settings"]);

describeInChromium("admin screens: accessibility and routing", (browser) => {
  for (const [size, viewport] of Object.entries(ADMIN_VIEWPORTS)) {
    describe(size, () => {
      const page = suitePage(() => staffPage(browser, baseURL, { viewport }));

      for (const [path, heading, isList] of SCREENS) {
        if (size !== "laptop" && !TABLET_AXE.has(path)) continue;
        it(`${path}: one Hebrew h1, noindex, no axe violations`, async () => {
          await openPage(page, `${baseURL}${path}`);
          if (isList) await listReady(page);
          expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual([heading]);
          expect(await page.title()).toMatch(/[\u0590-\u05FF]/);
          // Issue 12 §8: the brand of the site settings, as on the public site.
          expect(await page.title()).toContain("מאפיית שקד");
          expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
          expect(await axeViolations(page)).toEqual([]);
        });
      }

      it("has no violations in the create modal, the images screen, the confirmation and the user menu", async () => {
        const create = await openCreateDialog(page, `${baseURL}/admin/products`, {
          button: "מוצר חדש",
          dialog: "הוספת מוצר",
        });
        await create.getByRole("button", { name: "שמור" }).click();
        await create.getByText("יש למלא שם").waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await create.getByRole("button", { name: "ביטול" }).click();
        await create.waitFor({ state: "detached" });

        // A demo product with photos (the newest row may be one another suite just created, without any).
        await openPage(page, `${baseURL}/admin/products?search_global=${encodeURIComponent("חלה קלועה")}`);
        await listReady(page);
        const firstRow = page.getByRole("row").nth(1);
        await firstRow.getByRole("button", { name: /^תמונות: / }).click();
        await page
          .getByRole("dialog", { name: /^תמונות: / })
          .locator("ol > li")
          .first()
          .waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await page
          .getByRole("dialog", { name: /^תמונות: / })
          .getByRole("button", { name: "סגירה" })
          .click();
        await page.waitForURL((url) => url.pathname === "/admin/products");

        await page
          .getByRole("row")
          .nth(1)
          .getByRole("button", { name: /^מחיקה: / })
          .click();
        await confirmDialog(page).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await confirmDialog(page).getByRole("button", { name: "ביטול" }).click();
        await confirmDialog(page).waitFor({ state: "detached" });

        await page.getByRole("button", { name: /^תפריט משתמש/ }).click();
        await page.getByRole("menuitem", { name: "התנתקות" }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await page.keyboard.press("Escape");
      });
    });
  }

  it("redirects /admin to /admin/panel, and sends a browser whose loggedIn flag is off to /", async () => {
    const page = await staffPage(browser, baseURL);
    await page.goto(`${baseURL}/admin`);
    expect(new URL(page.url()).pathname).toBe("/admin/panel");
    await page.evaluate(() => localStorage.setItem("loggedIn", "false"));
    // The server lets the session in; the browser-side check of spec §6 sends it home.
    // (The browser leaves the page while it loads, so the navigation itself may report an abort.)
    await page.goto(`${baseURL}/admin/products`).catch(() => undefined);
    // Where the browser ends, not one navigation's load: waitForURL throws when the navigation it watches is
    // replaced by another (seen beside stress-ng).
    await expect.poll(() => page.url(), { timeout: 20_000 }).toBe(`${baseURL}/`);
    await page.context().close();
  });

  it("sends a visitor without a session from every admin screen to /", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const [path] of SCREENS) {
      await page.goto(`${baseURL}${path}`);
      expect(new URL(page.url()).pathname, path).toBe("/");
    }
    await context.close();
  });
});
