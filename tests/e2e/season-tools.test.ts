/**
 * Season tools for staff (issue 30) on a 390 px phone: "אזל להיום" from the products list's row, shown on the
 * public product page and tile and cleared from the product's view; "שכפול" from the product's view opens the
 * copy — a hidden draft "… (עותק)" with its sizes — in the edit form, which saves once it has a serial number.
 * axe-core on the view and the edit form.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminApi, dismissToasts, expectToast, listReady, staffPage } from "../support/admin-e2e.ts";
import { axeViolations, newPage, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();
const NAME = `עוגת גבינה פירורים ${Date.now().toString(36)}`;
const SERIAL = 500_000 + Math.floor(Math.random() * 90_000);

describeInChromium("admin on a phone: sold out today and duplicate", (browser) => {
  const page = suitePage(() => staffPage(browser, baseURL, { viewport: VIEWPORTS.mobile }));
  let visitor: Page;
  let productId = 0;

  beforeAll(async () => {
    const created = await adminApi<{ data: { id: number } }>(page, "POST", "/api/admin/products", {
      name: NAME,
      title: "עוגת גבינה אפויה",
      serial_id: SERIAL,
      status: 1,
    });
    productId = created.body.data.id;
    await adminApi(page, "POST", "/api/admin/sizes", { name: "משפחתית", price: 89, product_id: productId });
    visitor = await newPage(browser, VIEWPORTS.mobile);
  });
  afterAll(async () => {
    await visitor?.context().close();
  });

  const card = () => page.getByRole("row").filter({ hasText: NAME }).first();

  it("marks the product sold out from its card in the list; the public page and tile say so", async () => {
    await openPage(page, `${baseURL}/admin/products?search_global=${encodeURIComponent(NAME)}`);
    await listReady(page);
    await card()
      .getByRole("button", { name: `סימון 'אזל להיום': ${NAME}` })
      .click();
    await expectToast(page, "המוצר סומן כ'אזל להיום'. הסימון יוסר מעצמו בפתיחה הבאה של המאפייה.");
    await card().getByText("אזל להיום", { exact: true }).waitFor();

    await openPage(visitor, `${baseURL}/product/${productId}`);
    const main = visitor.getByRole("main");
    await main.getByText("אזל להיום", { exact: true }).waitFor();
    expect(await main.getByText(/^יחזור למכירה ביום \S+ \d{1,2}\.\d{1,2} ב־\d\d:\d\d$/).count()).toBe(1);
    await openPage(visitor, `${baseURL}/products`);
    const tile = visitor.getByRole("link", { name: new RegExp(NAME) });
    await tile.getByText("אזל להיום", { exact: true }).waitFor();
  });

  it("clears the mark from the product's view", async () => {
    await dismissToasts(page);
    await card()
      .getByRole("button", { name: `צפייה: ${NAME}` })
      .click();
    const view = page.getByRole("dialog", { name: `פרטי המוצר ${NAME}` });
    await view.getByText(/^אזל להיום · חוזר למכירה ביום/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await view.getByRole("button", { name: "ביטול 'אזל להיום'" }).click();
    await expectToast(page, "הסימון 'אזל להיום' הוסר");
    await view.getByRole("button", { name: "סימון 'אזל להיום'" }).waitFor();
    expect(await view.getByText(/חוזר למכירה/).count()).toBe(0);
    await openPage(visitor, `${baseURL}/product/${productId}`);
    expect(await visitor.getByRole("main").getByText("אזל להיום", { exact: true }).count()).toBe(0);
  });

  it("duplicates the product into the edit form, which saves once the copy has its own serial number", async () => {
    await dismissToasts(page);
    const view = page.getByRole("dialog", { name: `פרטי המוצר ${NAME}` });
    await view.getByRole("button", { name: `שכפול המוצר ${NAME}` }).click();
    await expectToast(page, "נוצר עותק של המוצר כטיוטה מוסתרת. יש להזין לו מק״ט לפני הפרסום.");
    const form = page.getByRole("dialog", { name: `עריכת המוצר ${NAME} (עותק)` });
    await form.waitFor();
    expect(await form.getByRole("textbox", { name: "שם", exact: true }).inputValue()).toBe(`${NAME} (עותק)`);
    expect(await form.getByLabel("מק״ט").inputValue()).toBe("");
    await form.getByRole("button", { name: "מחיקת הגודל משפחתית" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await form.getByRole("button", { name: "שמור" }).click();
    await form.getByText("יש למלא מק״ט").waitFor();
    await form.getByLabel("מק״ט").fill(String(SERIAL + 1));
    await form.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "המוצר עודכן בהצלחה");
    await form.waitFor({ state: "detached" });
    const copy = page.getByRole("row").filter({ hasText: `${NAME} (עותק)` });
    await copy.getByText("טיוטה", { exact: false }).first().waitFor();
  });
});
