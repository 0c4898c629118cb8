/**
 * Two staff members edit the same product (issue 14, optimistic concurrency): the second save of a
 * version someone else replaced meanwhile is not written; an accessible alert dialog says so, lists the
 * fields that differ with both values, and offers "keep editing" (the next save replaces the newer
 * version) or "load the newer version" (the form shows it). The other staff member saves from a second
 * browser context, between the first one's load and save.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AdminProduct } from "../../domain/contracts/admin.ts";
import { adminApi, expectToast, listReady, staffPage } from "../support/admin-e2e.ts";
import { axeViolations, openPage } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";

const baseURL = e2eBaseURL();

const NAME = `עוגת גבינה ${Date.now().toString(36)}`;
const SERIAL = 690_000 + Math.floor(Math.random() * 9_000);
const TITLE = "עוגת גבינה אפויה";

describeInChromium("admin: two staff members edit the same product", (browser) => {
  let dana: Page;
  let yossi: Page;
  let product: AdminProduct;

  beforeAll(async () => {
    dana = await staffPage(browser, baseURL);
    yossi = await staffPage(browser, baseURL);
    const made = await adminApi<{ data: AdminProduct }>(dana, "POST", "/api/admin/products", {
      name: NAME,
      title: TITLE,
      content: "בסיס פירורים",
      serial_id: SERIAL,
      status: 1,
    });
    expect(made.status).toBe(201);
    product = made.body.data;
  });
  afterAll(async () => {
    if (product) await adminApi(dana, "DELETE", `/api/admin/products/${product.id}`).catch(() => {});
    await dana?.context().close();
    await yossi?.context().close();
  });

  const editDialog = () => dana.getByRole("dialog", { name: `עריכת המוצר ${NAME}` });
  const conflictDialog = () => dana.getByRole("alertdialog", { name: "נשמרה גרסה חדשה יותר" });
  const current = async () =>
    (await adminApi<{ data: AdminProduct }>(dana, "GET", `/api/admin/products/${product.id}`)).body.data;

  /** Dana opens the product's edit form from the list. */
  async function openEdit() {
    await openPage(dana, `${baseURL}/admin/products?search_global=${encodeURIComponent(NAME)}`);
    await listReady(dana);
    await dana.getByRole("button", { name: `עריכה: ${NAME}` }).click();
    await editDialog().waitFor();
  }

  /** Yossi saves the product from his own browser, from the version he loads. */
  async function yossiSaves(changes: Partial<AdminProduct>) {
    const loaded = (await adminApi<{ data: AdminProduct }>(yossi, "GET", `/api/admin/products/${product.id}`)).body
      .data;
    const { name, title, content, serial_id, status, version } = loaded;
    const saved = await adminApi<{ data: AdminProduct }>(yossi, "PUT", `/api/admin/products/${product.id}`, {
      name,
      title,
      content,
      serial_id,
      status,
      ...changes,
      version,
    });
    expect(saved.status).toBe(200);
    return saved.body.data;
  }

  it("refuses a save over a newer version with a dialog listing both values; 'keep editing' then saves Dana's", async () => {
    await openEdit();
    await yossiSaves({ title: "עוגת גבינה עם פירורים" });

    const form = editDialog();
    await form.getByLabel("תיאור").fill("בסיס ביסקוויטים וקרם חמוץ");
    await form.getByRole("button", { name: "שמור" }).click();

    const dialog = conflictDialog();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("איש צוות אחר שמר את הרשומה הזאת");
    // Who saved it and when (issue 29): Yossi's save, by the name the audit log keeps.
    const yossiName = (await adminApi<{ data: { name: string } }>(yossi, "GET", "/api/user")).body.data.name;
    expect(await dialog.getByTestId("version-conflict-saved-by").textContent()).toMatch(
      new RegExp(`נשמרה על ידי ${yossiName} ב־\\d`),
    );
    // Both changed fields, each with Dana's value and the saved one.
    const title = dialog.locator('[data-field="title"]');
    expect(await title.locator('[data-side="mine"]').textContent()).toBe(TITLE);
    expect(await title.locator('[data-side="theirs"]').textContent()).toBe("עוגת גבינה עם פירורים");
    const content = dialog.locator('[data-field="content"]');
    expect(await content.locator('[data-side="mine"]').textContent()).toBe("בסיס ביסקוויטים וקרם חמוץ");
    expect(await content.locator('[data-side="theirs"]').textContent()).toBe("בסיס פירורים");
    expect(await dialog.locator("[data-field]").count()).toBe(2);
    // Nothing of Dana's was written; the focus is on the choice that loses nothing.
    expect((await current()).content).toBe("בסיס פירורים");
    expect(await dana.evaluate(() => document.activeElement?.textContent)).toBe("המשך עריכה");
    expect(await axeViolations(dana)).toEqual([]);

    await dialog.getByRole("button", { name: "המשך עריכה" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await form.getByLabel("תיאור").inputValue()).toBe("בסיס ביסקוויטים וקרם חמוץ");
    await form.getByRole("button", { name: "שמור" }).click();
    await expectToast(dana, "המוצר עודכן בהצלחה");
    const saved = await current();
    expect(saved.content).toBe("בסיס ביסקוויטים וקרם חמוץ");
    expect(saved.version).toBe(product.version + 2);
  });

  it("'load the newer version' replaces the form's values with the saved ones", async () => {
    await openEdit();
    await yossiSaves({ name: `${NAME} ללא סוכר`, content: "מתוק בסטיביה" });

    const form = editDialog();
    await form.getByLabel("תיאור").fill("טיוטה של דנה");
    await form.getByRole("button", { name: "שמור" }).click();
    const dialog = conflictDialog();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "טעינת הגרסה החדשה" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await form.getByRole("textbox", { name: "שם", exact: true }).inputValue()).toBe(`${NAME} ללא סוכר`);
    expect(await form.getByLabel("תיאור").inputValue()).toBe("מתוק בסטיביה");
    // Saving now starts from the newer version: accepted.
    await form.getByRole("button", { name: "שמור" }).click();
    await expectToast(dana, "המוצר עודכן בהצלחה");
    expect((await current()).content).toBe("מתוק בסטיביה");
  });
});
