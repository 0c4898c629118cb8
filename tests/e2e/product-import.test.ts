/**
 * Product CSV import (issue 30 part 2) on a 390 px phone: from the products list's link to the import screen, a
 * spreadsheet's file chosen (BOM, CRLF, a Hebrew header) → the preview lists the row that changes (old → new) and
 * the one that creates, and the refused one with its Hebrew reason, which blocks applying; a corrected file then
 * applies, the products change as previewed, and "ביטול הייבוא" puts them back. The screen passes axe-core.
 * With SCREENSHOT_DIR set, the preview is saved at 390×844 and 1440×900 (docs/admin/*-products-import.png).
 */
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import type { AdminProduct } from "../../domain/contracts/admin.ts";
import { PRODUCT_CSV_HEADERS as H } from "../../domain/i18n/product-csv.ts";
import { adminApi, expectToast, staffPage } from "../support/admin-e2e.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();
const WORD = `עוגת ייבוא ${Date.now().toString(36)}`;
const SERIAL = 700_000 + Math.floor(Math.random() * 90_000);

describeInChromium("admin on a phone: product CSV import", (browser) => {
  const page = suitePage(() => staffPage(browser, baseURL, { viewport: VIEWPORTS.mobile }));
  let id = 0;

  beforeAll(async () => {
    const created = await adminApi<{ data: { id: number } }>(page, "POST", "/api/admin/products", {
      name: `${WORD} 1`,
      title: "עוגה לבדיקת ייבוא",
      serial_id: SERIAL,
      status: 1,
    });
    id = created.body.data.id;
    await adminApi(page, "POST", "/api/admin/sizes", { name: "רגילה", price: 40, product_id: id });
  });

  const csv = (rows: string[]) =>
    Buffer.from(`\uFEFF${[[H.serial_id, H.name, H.title, H.sizes].join(","), ...rows].join("\r\n")}\r\n`);
  const choose = (rows: string[]) =>
    page.getByLabel("קובץ CSV").setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: csv(rows) });

  it("previews per row, refuses a bad row in Hebrew, applies the corrected file as previewed, and undoes it", async () => {
    await openPage(page, `${baseURL}/admin/products`);
    await page.getByRole("link", { name: "ייבוא מקובץ CSV" }).click();
    await page.getByRole("heading", { level: 1, name: "ייבוא מוצרים מקובץ CSV" }).waitFor();

    await choose([
      `${SERIAL},"${WORD} 1, חדשה",עוגה לבדיקת ייבוא,"רגילה: ₪42.90"`,
      `${SERIAL + 1},${WORD} 2,עוגה חדשה,"רגילה: 30"`,
      `${SERIAL + 2},${WORD} 3,עוגה,"רגילה: -5"`,
    ]);
    await page.getByRole("button", { name: "תצוגה מקדימה" }).click();
    await page.getByText("1 ייווצרו, 1 ישתנו, 0 ללא שינוי, 1 נדחו").waitFor();
    const rows = page.getByRole("listitem");
    await rows
      .filter({ hasText: `${WORD} 1, חדשה` })
      .getByText("ישתנה")
      .waitFor();
    await rows.filter({ hasText: "רגילה: 40.00" }).getByText("רגילה: 42.90").waitFor();
    await rows
      .filter({ hasText: `${WORD} 3` })
      .getByText(/מחיר מחוץ לטווח/)
      .waitFor();
    await page.getByText(/יש שורות שנדחו/).waitFor();
    expect(await page.getByRole("button", { name: /^החלת/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: path.join(dir, "phone-products-import-refused.png"), fullPage: true });

    await choose([
      `${SERIAL},"${WORD} 1, חדשה",עוגה לבדיקת ייבוא,"רגילה: ₪42.90"`,
      `${SERIAL + 1},${WORD} 2,עוגה חדשה,"רגילה: 30"`,
    ]);
    await page.getByRole("button", { name: "תצוגה מקדימה" }).click();
    await page.getByText("1 ייווצרו, 1 ישתנו, 0 ללא שינוי, 0 נדחו").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (dir) {
      await page.screenshot({ path: path.join(dir, "phone-products-import.png"), fullPage: false });
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.screenshot({ path: path.join(dir, "desktop-products-import.png"), fullPage: false });
      await page.setViewportSize(VIEWPORTS.mobile);
    }
    await page.getByRole("button", { name: "החלת 2 השינויים" }).click();
    await expectToast(page, "הייבוא הוחל: 1 מוצרים נוצרו, 1 עודכנו.");
    const product = async () =>
      (await adminApi<{ data: AdminProduct }>(page, "GET", `/api/admin/products/${id}`)).body.data;
    expect((await product()).name).toBe(`${WORD} 1, חדשה`);
    expect((await product()).size.map((s) => s.price)).toEqual([42.9]);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "ביטול הייבוא" }).click();
    await expectToast(page, "הייבוא בוטל: 2 מוצרים הוחזרו.");
    expect((await product()).name).toBe(`${WORD} 1`);
    expect((await product()).size.map((s) => s.price)).toEqual([40]);
  });
});
