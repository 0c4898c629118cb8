/**
 * Season tools for staff (issue 30) on a 390 px phone: "אזל להיום" from the products list's row, shown on the
 * public product page and tile and cleared from the product's view; "שכפול" from the product's view opens the
 * copy — a hidden draft "… (עותק)" with its sizes — in the edit form, which saves once it has a serial number;
 * "פרסום החל מ־" typed into the product's and a category's form keeps them off the site until then.
 * axe-core on the view and the edit form.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  adminApi,
  dismissToasts,
  expectToast,
  listReady,
  openCreateDialog,
  staffPage,
  typeSegments,
} from "../support/admin-e2e.ts";
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

  /** The product's row (not its copy's, "… (עותק)", once there is one). */
  const card = () => page.getByRole("row").filter({ hasText: NAME }).filter({ hasNotText: "(עותק)" });

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

  it("schedules the product from a future date: listed as scheduled, not on the site", async () => {
    await dismissToasts(page);
    await openPage(page, `${baseURL}/admin/products?search_global=${encodeURIComponent(NAME)}`);
    await listReady(page);
    await card()
      .getByRole("button", { name: `עריכה: ${NAME}` })
      .click();
    const form = page.getByRole("dialog", { name: `עריכת המוצר ${NAME}`, exact: true });
    await form.waitFor();
    // 5.1.2030, 07:00 Jerusalem; a hide before it is refused under its field.
    await typeSegments(form, "פרסום החל מ־", "050120300700");
    await typeSegments(form, "הסתרה החל מ־", "040120300700");
    await form.getByRole("button", { name: "שמור" }).click();
    await form.getByText("מועד הסיום חייב להיות אחרי מועד ההתחלה").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "ניקוי הסתרה החל מ־" }).click();
    await form.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "המוצר עודכן בהצלחה");
    await form.waitFor({ state: "detached" });
    await card().getByText("מתוזמן", { exact: true }).waitFor();
    const saved = await adminApi<{ data: { starts_at: string; ends_at: string | null } }>(
      page,
      "GET",
      `/api/admin/products/${productId}`,
    );
    expect(saved.body.data).toMatchObject({ starts_at: "2030-01-05T05:00:00.000Z", ends_at: null });
    const gone = await visitor.request.get(`${baseURL}/product/${productId}`);
    expect(gone.status()).toBe(404);
  });

  it("schedules a new category from a future date: listed as scheduled, its page not found", async () => {
    await dismissToasts(page);
    const name = `קולקציה מתוזמנת ${Date.now().toString(36)}`;
    const form = await openCreateDialog(page, `${baseURL}/admin/categories`, {
      button: "קטגוריה חדשה",
      dialog: "הוספת קטגוריה",
    });
    await form.getByRole("textbox", { name: "שם", exact: true }).fill(name);
    await typeSegments(form, "פרסום החל מ־", "050120300700");
    await form.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "הקטגוריה נשמרה בהצלחה");
    await form.waitFor({ state: "detached" });
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByText("מתוזמן", { exact: true }).waitFor();
    const list = await adminApi<{ data: { id: number }[] }>(
      page,
      "GET",
      `/api/admin/categories?search_global=${encodeURIComponent(name)}`,
    );
    const gone = await visitor.request.get(`${baseURL}/categories/${list.body.data[0]!.id}`);
    expect(gone.status()).toBe(404);
  });
});
