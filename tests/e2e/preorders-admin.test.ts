/**
 * Pre-orders, the staff's side (issue 28 part 5), in Chromium on a 390 px phone: the day's orders of a branch,
 * staff marking an order ready (the status changes on the card, and the customer's e-mail is queued), then the
 * day's production sheet, with its print view free of the admin's top bar; an admin's settings with a bad and a good
 * value; staff moving an order to another slot, then another day, with the keyboard through the dialog. axe-core on
 * the list, the sheet, the move dialog and the settings.
 * The site runs over its own copy of the demo data (tests/support/build-server.ts), so orders can be placed
 * through the service the order page uses. With SCREENSHOTS_DIR set, it also saves screenshots at 390×844 and
 * 1440×900.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { heAdminOrders } from "../../domain/i18n/admin-orders.ts";
import { hePreorders } from "../../domain/i18n/preorders.ts";
import { pickupWhen } from "../../domain/preorders/slots.ts";
import { ORDER_MAIL_JOB } from "../../server/services/preorders.ts";
import { dismissToasts, staffPage, toasts } from "../support/admin-e2e.ts";
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
  let product = { id: 0, size: 0 };

  beforeAll(async () => {
    server = await serveBuild({ template: inject("seedTemplate"), clock: () => new Date() });
    const { preorders } = server.t.services;
    const db = server.database.handle.db;
    const branch = (await preorders.branches())[0]!;
    branchId = branch.id;
    const day = (await preorders.availability(branchId))!.days.find((d) => d.slots.length >= 2)!;
    date = day.date;
    product = await db
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

  it("staff move an order with the keyboard: another slot of the day (the card shows it), then another day (it leaves the list); axe clean", async () => {
    const m = o.move;
    const { preorders } = server.t.services;
    const days = (await preorders.availability(branchId, undefined, undefined, { staff: true }))!.days;
    const slots = days.find((d) => d.date === date)!.slots;
    const id = (
      await preorders.place({
        items: `${product.id}.${product.size}.1`,
        branch: String(branchId),
        slot: `${date} ${slots[0]!.start}`,
        name: "שרה מזרחי",
        phone: "054-1112233",
        email: "sara@example.co.il",
        note: "",
        consent: "on",
        key: `e2e-staff-move-${Date.now()}`.padEnd(24, "x"),
      })
    ).id;
    await openPage(page, `${server.baseURL}/admin/orders?date=${date}&branch=${branchId}`);
    await dismissToasts(page);
    const card = page.getByTestId(`order-${id}`);
    const opener = card.getByRole("button", { name: m.openFor(id), exact: true });
    const dialog = page.getByRole("dialog", { name: m.title(id) });
    /** Tab (within the dialog) until the focused element matches `selector`. */
    const tabTo = async (selector: string) => {
      for (let i = 0; i < 12; i++) {
        if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
        await page.keyboard.press("Tab");
      }
      throw new Error(`never reached ${selector}`);
    };

    // 1. The next slot of the same day: Enter opens, arrows choose, Enter on "save" saves.
    await opener.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    const slotSelect = dialog.getByRole("combobox", { name: m.slot });
    await slotSelect.locator("option", { hasText: m.currentSlot }).waitFor({ state: "attached" });
    expect(await dialog.getByRole("combobox", { name: m.day }).inputValue()).toBe(date);
    expect(await slotSelect.inputValue()).toBe(slots[0]!.start);
    expect(await axeViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: path.join(shots, "move-dialog-390.png") });
    await tabTo('select[name="slot"]');
    await page.keyboard.press("ArrowDown");
    const target = slots.find((s, i) => i > 0 && s.remaining > 0)!;
    expect(await slotSelect.inputValue()).toBe(target.start);
    await tabTo('button[type="submit"]');
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    const when = pickupWhen(date, target.start, target.end);
    await toasts(page)
      .getByText(`${m.moved(id, when)}. ${m.mailQueued}`)
      .waitFor();
    await card.getByText(o.slotRange(target.start, target.end)).waitFor();
    // The keyboard goes on from the order's heading.
    await page.waitForFunction((hid) => document.activeElement?.id === hid, `order-${id}`);

    // 2. Escape closes without a change, and focus returns to the button that opened it.
    await opener.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // 3. A slot that fills while the dialog is open: the 409 is said in the dialog, which then shows it full.
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await slotSelect.locator("option", { hasText: m.currentSlot }).waitFor({ state: "attached" });
    const filled = slots.find((s) => s.start !== target.start && s.start !== slots[0]!.start && s.remaining > 0)!;
    await server.database.handle.db
      .insertInto("slot_counts")
      .values({ branch_id: branchId, pickup_date: date, slot: filled.start, orders: 6 })
      .onConflict((oc) => oc.columns(["branch_id", "pickup_date", "slot"]).doUpdateSet({ orders: 6 }))
      .execute();
    await slotSelect.selectOption(filled.start);
    await dialog.getByRole("button", { name: m.save, exact: true }).click();
    const full = m.slotFull(pickupWhen(date, filled.start, filled.end));
    await dialog.getByRole("alert").getByText(full).waitFor();
    await slotSelect.locator(`option[value="${filled.start}"][disabled]`).waitFor({ state: "attached" });
    expect(await slotSelect.getAttribute("aria-invalid")).toBe("true");
    expect(await axeViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: path.join(shots, "move-dialog-full-390.png") });
    await dialog.getByRole("button", { name: m.cancel, exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect(
      (
        await server.database.handle.db
          .selectFrom("orders")
          .select("slot")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).slot,
    ).toBe(target.start);

    // 4. Another day: the toast says it left the day's list, and the card is gone from it.
    await dismissToasts(page);
    await opener.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await slotSelect.locator("option", { hasText: m.currentSlot }).waitFor({ state: "attached" });
    await tabTo('select[name="date"]');
    await page.keyboard.press("ArrowDown");
    const nextDay = await dialog.getByRole("combobox", { name: m.day }).inputValue();
    expect(nextDay).not.toBe(date);
    const first = days.find((d) => d.date === nextDay)!.slots.find((s) => s.remaining > 0)!;
    expect(await slotSelect.inputValue()).toBe(first.start);
    await tabTo('button[type="submit"]');
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await toasts(page).getByText(m.leftDay).waitFor();
    await toasts(page)
      .getByText(m.moved(id, pickupWhen(nextDay, first.start, first.end)), {
        exact: false,
      })
      .waitFor();
    await card.waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.id === "orders-heading");
    const row = await server.database.handle.db
      .selectFrom("orders")
      .select(["pickup_date", "slot"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ pickup_date: nextDay, slot: first.start });
    const mails = await server.database.handle.db
      .selectFrom("jobs")
      .select("key")
      .where("kind", "=", ORDER_MAIL_JOB)
      .where("key", "like", `${id}:moved:%`)
      .execute();
    expect(mails).toHaveLength(2);

    if (shots) {
      // The dialog on a laptop, on the order's new day.
      await page.setViewportSize(VIEWPORTS.desktop);
      await openPage(page, `${server.baseURL}/admin/orders?date=${nextDay}&branch=${branchId}`);
      await dismissToasts(page);
      await page
        .getByTestId(`order-${id}`)
        .getByRole("button", { name: m.openFor(id), exact: true })
        .click();
      await dialog.getByRole("combobox", { name: m.slot }).locator("option", { hasText: m.currentSlot }).waitFor({
        state: "attached",
      });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, "move-dialog-1440.png") });
      await page.keyboard.press("Escape");
      await page.setViewportSize(VIEWPORTS.mobile);
    }
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
