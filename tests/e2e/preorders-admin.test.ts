/**
 * Pre-orders, the staff's side (issue 28 part 5), in Chromium on a 390 px phone: the day's orders of a branch,
 * staff marking an order ready (the status changes on the card, and the customer's e-mail is queued), then the
 * day's production sheet, with its print view free of the admin's top bar; an admin's settings with a bad and a good
 * value. axe-core on the list, the sheet and the settings.
 * The site runs over its own copy of the demo data (tests/support/build-server.ts), so orders can be placed
 * through the service the order page uses. With SCREENSHOTS_DIR set, it also saves screenshots at 390×844 and
 * 1440×900.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { heAdminOrders } from "../../domain/i18n/admin-orders.ts";
import { hePreorders } from "../../domain/i18n/preorders.ts";
import { ORDER_MAIL_JOB } from "../../server/services/preorders.ts";
import { staffPage } from "../support/admin-e2e.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { type BuildServer, serveBuild } from "../support/build-server.ts";
import { describeInChromium } from "../support/chromium-suite.ts";

const o = heAdminOrders;
const shots = process.env.SCREENSHOTS_DIR;

describeInChromium("pre-orders, the staff's side, on a phone", (browser) => {
  let server: BuildServer;
  let page: Page;
  let branchId = 0;
  let date = "";
  const ids: number[] = [];

  beforeAll(async () => {
    server = await serveBuild({ template: inject("seedTemplate"), clock: () => new Date() });
    const { preorders } = server.t.services;
    const db = server.database.handle.db;
    const branch = (await preorders.branches())[0]!;
    branchId = branch.id;
    const day = (await preorders.availability(branchId))!.days.find((d) => d.slots.length >= 2)!;
    date = day.date;
    const product = await db
      .selectFrom("sizes")
      .innerJoin("products", "products.id", "sizes.product_id")
      .select(["products.id", "sizes.id as size"])
      .where("products.status", "=", 1)
      .where("products.preorder_daily_limit", "is", null)
      .orderBy("products.id")
      .executeTakeFirstOrThrow();
    const customers = [
      {
        name: "דנה כהן",
        phone: "052-7654321",
        email: "dana@example.co.il",
        note: "כתובית: מזל טוב",
        slot: day.slots[0]!,
      },
      { name: "משה לוי", phone: "050-1234567", email: "", note: "", slot: day.slots[1]! },
    ];
    for (const [index, c] of customers.entries()) {
      const placed = await preorders.place({
        items: `${product.id}.${product.size}.${index + 2}`,
        branch: String(branchId),
        slot: `${date} ${c.slot.start}`,
        name: c.name,
        phone: c.phone,
        email: c.email,
        note: c.note,
        consent: "on",
        key: `e2e-staff-order-${index}-${Date.now()}`.padEnd(24, "x"),
      });
      ids.push(placed.id);
    }
    page = await staffPage(browser, server.baseURL, { viewport: VIEWPORTS.mobile });
  });

  afterAll(async () => {
    await page?.close();
    await server?.close();
  });

  it("staff mark an order ready on the day's list, then open the day's sheet; axe clean", async () => {
    await openPage(page, `${server.baseURL}/admin/orders?date=${date}&branch=${branchId}`);
    const card = page.getByTestId(`order-${ids[0]}`);
    await card.getByRole("heading", { name: o.numberShort(ids[0]!) }).waitFor();
    expect(await card.getByRole("link", { name: "052-7654321" }).getAttribute("href")).toBe("tel:0527654321");
    expect(await axeViolations(page)).toEqual([]);
    const fits = await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    );
    expect(fits).toBe(true);
    if (shots) await page.screenshot({ path: path.join(shots, "orders-list-390.png"), fullPage: true });

    await card.getByRole("button", { name: o.markAsFor(o.actions.ready, ids[0]!), exact: true }).click();
    await card.getByText(hePreorders.statuses.ready, { exact: true }).waitFor();
    await page.getByText(o.readyMailQueued, { exact: false }).first().waitFor();
    const jobs = await server.database.handle.db
      .selectFrom("jobs")
      .select("key")
      .where("kind", "=", ORDER_MAIL_JOB)
      .where("key", "=", `${ids[0]}:ready`)
      .execute();
    expect(jobs).toHaveLength(1);
    // The pressed button is gone: the keyboard goes on from the order's heading.
    await page.waitForFunction((id) => document.activeElement?.id === id, `order-${ids[0]}`);
    // The next step is now "picked up".
    await card.getByRole("button", { name: o.markAsFor(o.actions.picked_up, ids[0]!), exact: true }).waitFor();

    await page.getByRole("link", { name: o.sheet }).click();
    await page.getByRole("heading", { level: 1, name: new RegExp(o.sheetTitle("").trim()) }).waitFor();
    const production = page.getByTestId("production");
    await production.waitFor();
    // Both orders' quantities (2 + 3) of the one product, in all and at the branch.
    const row = production.locator("tbody tr").first();
    expect(await row.locator("td").nth(1).textContent()).toBe("5");
    await page
      .getByTestId(`pickup-${branchId}`)
      .getByRole("rowheader", { name: String(ids[1]), exact: true })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: path.join(shots, "orders-sheet-390.png"), fullPage: true });

    // Printed, the sheet is its content alone: no top bar, no filters.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("header").first().isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: o.print }).isVisible()).toBe(false);
    expect(await production.isVisible()).toBe(true);
    if (shots) await page.screenshot({ path: path.join(shots, "orders-sheet-print.png"), fullPage: true });
    await page.emulateMedia({ media: "screen" });
  });

  it("an admin's settings: a bad slot length is refused under its field in Hebrew, a good one saved; axe clean", async () => {
    await openPage(page, `${server.baseURL}/admin/orders/settings`);
    const form = page.getByTestId(`branch-${branchId}`);
    const slot = form.getByRole("spinbutton", { name: o.settings.slotMinutes });
    await slot.fill("10");
    await form.getByRole("button", { name: /^שמירת ההגדרות/ }).click();
    await form.getByText(o.validation.range(o.settings.slotMinutes, 15, 240)).waitFor();
    expect(await slot.getAttribute("aria-invalid")).toBe("true");
    expect(await axeViolations(page)).toEqual([]);
    await slot.fill("45");
    await form.getByRole("button", { name: /^שמירת ההגדרות/ }).click();
    await page.getByText(o.settings.saved).first().waitFor();
    await form
      .getByRole("spinbutton", { name: o.settings.slotMinutes })
      .and(page.locator(":not([aria-invalid])"))
      .waitFor();
    const stored = await server.database.handle.db
      .selectFrom("pickup_settings")
      .select("slot_minutes")
      .where("branch_id", "=", branchId)
      .executeTakeFirstOrThrow();
    expect(stored.slot_minutes).toBe(45);
    if (shots) await page.screenshot({ path: path.join(shots, "orders-settings-390.png"), fullPage: true });
  });

  it.runIf(Boolean(shots))("screenshots at 1440×900", async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await openPage(page, `${server.baseURL}/admin/orders?date=${date}&branch=${branchId}`);
    await page.getByTestId(`order-${ids[0]}`).waitFor();
    await page.screenshot({ path: path.join(shots!, "orders-list-1440.png"), fullPage: true });
    await openPage(page, `${server.baseURL}/admin/orders/sheet?date=${date}&branch=${branchId}`);
    await page.getByTestId("production").waitFor();
    await page.screenshot({ path: path.join(shots!, "orders-sheet-1440.png"), fullPage: true });
    await openPage(page, `${server.baseURL}/admin/orders/settings`);
    await page.getByTestId("preorder-policy").waitFor();
    await page.screenshot({ path: path.join(shots!, "orders-settings-1440.png"), fullPage: true });
    await page.setViewportSize(VIEWPORTS.mobile);
    await openPage(page, `${server.baseURL}/admin/panel`);
    await page.getByRole("link", { name: /הזמנות לאיסוף היום/ }).waitFor();
    await page.getByRole("link", { name: /הזמנות לאיסוף היום/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots!, "panel-390.png") });
    // The product form's daily pre-order limit.
    await openPage(page, `${server.baseURL}/admin/products`);
    await page
      .getByRole("button", { name: /^עריכה: / })
      .first()
      .click();
    const limit = page.getByRole("textbox", { name: "מגבלת הזמנות מראש ליום" });
    await limit.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots!, "product-limit-390.png") });
  });
});
