/**
 * Bulk actions on the products list (issue 30 part 1) on a 390 px phone: three products selected by their
 * cards' checkboxes, prices raised 5 % rounded to .90 through the action dialog and its confirmation (which
 * says how many change), undone from the toast; then the whole page selected by the header's checkbox and
 * hidden, after which the public page is gone until the last batch's bar (which outlives the toast) undoes it; the
 * keyboard alone selects a row and opens the dialog. The selection bar, the dialog and the confirmation pass axe-core.
 */
import type { Locator } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import type { AdminProduct } from "../../domain/contracts/admin.ts";
import { adminApi, dismissToasts, expectToast, listReady, staffPage, toasts } from "../support/admin-e2e.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();
const WORD = `חלת דבש ${Date.now().toString(36)}`;
const SERIAL = 600_000 + Math.floor(Math.random() * 90_000);
const PRICES = [42, 20, 10];

describeInChromium("admin on a phone: bulk actions on the products list", (browser) => {
  const page = suitePage(() => staffPage(browser, baseURL, { viewport: VIEWPORTS.mobile }));
  const ids: number[] = [];

  beforeAll(async () => {
    for (const [i, price] of PRICES.entries()) {
      const created = await adminApi<{ data: { id: number } }>(page, "POST", "/api/admin/products", {
        name: `${WORD} ${i + 1}`,
        title: "חלה מתוקה לראש השנה",
        serial_id: SERIAL + i,
        status: 1,
      });
      ids.push(created.body.data.id);
      await adminApi(page, "POST", "/api/admin/sizes", { name: "רגילה", price, product_id: created.body.data.id });
    }
  });

  const pricesNow = async () =>
    Promise.all(
      ids.map(
        async (id) =>
          (await adminApi<{ data: AdminProduct }>(page, "GET", `/api/admin/products/${id}`)).body.data.size[0]!.price,
      ),
    );
  const bar = () => page.getByRole("region", { name: "פעולות על המוצרים שנבחרו" });
  /**
   * Puts keyboard focus on a row, where Tab into the list puts it, and waits until it stays there: React Aria's
   * grid keeps focus on the row, and a checkbox focused inside one is moved to its row a moment later — a Space
   * pressed in between went to neither (its key-down on the checkbox, its key-up on the row).
   */
  const focusRow = async (row: Locator) => {
    await row.focus();
    await expect.poll(() => row.evaluate((el) => el === document.activeElement)).toBe(true);
  };
  /** Taps a selection checkbox where staff see it (the input itself is visually hidden). */
  const tap = (name: string | RegExp) =>
    page.getByRole("checkbox", { name }).locator("xpath=ancestor::label[1]").click();

  it("raises three products' prices by 5% to .90 after a confirmation that counts them, and undoes it from the toast", async () => {
    await openPage(page, `${baseURL}/admin/products?search_global=${encodeURIComponent(WORD)}`);
    await listReady(page);
    for (const i of [1, 2, 3]) await tap(new RegExp(`^בחר ${WORD} ${i}\\b`));
    await bar().getByText("נבחרו 3 מוצרים").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await bar().getByRole("button", { name: "פעולה על הנבחרים" }).click();
    const dialog = page.getByRole("dialog", { name: "פעולה על 3 מוצרים" });
    await dialog.getByRole("radio", { name: "שינוי מחירים" }).check();
    await dialog.getByRole("radio", { name: "באחוזים" }).check();
    await dialog.getByRole("radio", { name: /^לסיומת 90 אגורות/ }).check();
    // Nothing typed: the schema's Hebrew message under the field, and no request.
    await dialog.getByRole("button", { name: "המשך" }).click();
    await dialog.getByText("יש להזין מספר שאינו 0, עד שתי ספרות אחרי הנקודה").waitFor();
    await dialog.getByRole("textbox", { name: /^בכמה/ }).fill("5");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "המשך" }).click();

    const confirm = page.getByRole("alertdialog", { name: "לשנות 3 מוצרים?" });
    await confirm.getByText(/3 מוצרים ישתנו/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "כן, לשנות 3 מוצרים" }).click();
    await expectToast(page, "3 מוצרים עודכנו");
    await expect.poll(pricesNow).toEqual([43.9, 20.9, 10.9]);
    // The selection is over once the batch is done.
    await bar().waitFor({ state: "detached" });

    await toasts(page).getByRole("button", { name: "בטל" }).click();
    await expectToast(page, "השינוי בוטל: 3 מוצרים חזרו למצבם הקודם");
    await expect.poll(pricesNow).toEqual(PRICES);
  });

  it("hides the whole page selected by the header's checkbox; the public page is gone until the last batch's bar undoes it", async () => {
    await dismissToasts(page);
    await listReady(page);
    await tap("בחר הכול");
    await bar().getByText("נבחרו 3 מוצרים").waitFor();
    await bar().getByRole("button", { name: "פעולה על הנבחרים" }).click();
    const dialog = page.getByRole("dialog", { name: "פעולה על 3 מוצרים" });
    await dialog.getByRole("radio", { name: "הסתרה מהאתר (טיוטה)" }).check();
    await dialog.getByRole("button", { name: "המשך" }).click();
    const confirm = page.getByRole("alertdialog", { name: "לשנות 3 מוצרים?" });
    await confirm.getByRole("button", { name: "כן, לשנות 3 מוצרים" }).click();
    await expectToast(page, "3 מוצרים עודכנו");
    await listReady(page);
    for (const i of [1, 2, 3]) {
      await page
        .getByRole("row")
        .filter({ hasText: `${WORD} ${i}` })
        .getByText("טיוטה")
        .first()
        .waitFor();
    }
    const res = await page.context().request.get(`${baseURL}/product/${ids[0]}`);
    expect(res.status()).toBe(404);

    // After its toast, the batch stays undoable from a bar of its own.
    await dismissToasts(page);
    const last = page.getByRole("region", { name: "השינוי האחרון" });
    await last.getByText("3 מוצרים עודכנו").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await last.getByRole("button", { name: "ביטול השינוי" }).click();
    await expectToast(page, "השינוי בוטל: 3 מוצרים חזרו למצבם הקודם");
    await last.waitFor({ state: "detached" });
    expect((await page.context().request.get(`${baseURL}/product/${ids[0]}`)).status()).toBe(200);
  });

  it("works from the keyboard: Space selects a row, Tab reaches the bar, Enter opens the dialog, Escape closes it", async () => {
    await dismissToasts(page);
    await openPage(page, `${baseURL}/admin/products?search_global=${encodeURIComponent(WORD)}`);
    await listReady(page);
    await focusRow(page.getByRole("row").filter({ hasText: `${WORD} 2` }));
    await page.keyboard.press("Space");
    await bar().getByText("נבחר מוצר אחד").waitFor();
    const open = bar().getByRole("button", { name: "פעולה על הנבחרים" });
    for (let i = 0; i < 40 && !(await open.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "פעולה על מוצר אחד" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => open.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("keeps the focused card above the phone's fixed bar while the arrow keys walk the list", async () => {
    await openPage(page, `${baseURL}/admin/products`);
    await listReady(page);
    await focusRow(page.getByRole("row").nth(1));
    await page.keyboard.press("Space");
    await bar().waitFor();
    // Where the focused card sits: its row's place in the list, and how far its foot reaches under the bar.
    const focusedCard = () =>
      page.evaluate(() => {
        const focused = document.activeElement;
        const row = focused?.closest('[role="row"]');
        const rows = [...document.querySelectorAll('[role="row"]')];
        const box = focused?.getBoundingClientRect();
        const bar = document.querySelector("[data-bulk-bar]")?.getBoundingClientRect();
        const under = box && bar ? Math.max(0, Math.round(box.bottom - bar.top)) : null;
        return { row: row ? rows.indexOf(row) : -1, pxUnderBar: under };
      });
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press("ArrowDown");
      // React Aria moves focus at once and scrolls it into view on the next animation frame: wait for the page the
      // user sees settle (the card one row further, wholly above the bar). Without the scroll padding it never does.
      await expect
        .poll(focusedCard, { message: `card #${i + 2} after ${i + 1} × ArrowDown` })
        .toEqual({ row: i + 2, pxUnderBar: 0 });
    }
  });
});
