/**
 * Staff manage a product from start to end (issue 6 "Done when"): validation errors in Hebrew under the
 * fields, a product with sizes, tags, categories and three images, shown on the public product page,
 * edited, an image reordered and deleted, and the product deleted through the confirmation dialog —
 * after letting the 20-second timer expire once without deleting anything (extended once from the keyboard). axe-core on every screen. The
 * allergen decision (issue 29): required, "not stated" shown as such on the page and in the JSON-LD.
 */
import type { Page } from "playwright-core";
import { afterAll, expect, it } from "vitest";
import { heAdmin } from "../../domain/i18n/admin.ts";
import { heKashrut } from "../../domain/i18n/kashrut.ts";
import { confirmDialog, dismissToasts, expectToast, listReady, staffPage } from "../support/admin-e2e.ts";
import { axeViolations, openPage, reloadPage } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { HTML_PAGE, pngImage } from "../support/images.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();

const NAME = `חלת דבש ${Date.now().toString(36)}`;
const SERIAL = String(600_000 + Math.floor(Math.random() * 90_000));

describeInChromium("admin: a product from creation to deletion", (browser) => {
  const page = suitePage(() => staffPage(browser, baseURL, { clock: true }));
  let productId = 0;
  let visitor: Page;

  afterAll(async () => {
    await visitor?.context().close();
  });

  const dialog = (name: string) => page.getByRole("dialog", { name });
  const row = () => page.getByRole("row").filter({ hasText: NAME });

  // axe on this list at this size: tests/e2e/admin-a11y.test.ts (/admin/products, laptop), not again here.
  it("opens the products list from the top bar, not indexed", async () => {
    await page.getByRole("navigation", { name: "ניווט בממשק הניהול" }).getByRole("link", { name: "מוצרים" }).click();
    await page.waitForURL(`${baseURL}/admin/products`);
    await listReady(page);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("מוצרים");
    expect(await page.getByRole("row").count()).toBeGreaterThan(10);
  });

  it("opens the create form whole: while its categories load there is no save button to press", async () => {
    // The category choices held back, as on a slow connection: until they come the form is not shown, since
    // their list would push the save button away from under a pointer pressing it (issue 34).
    const OPTIONS = "**/api/admin/categories/options";
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      OPTIONS,
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await page.getByRole("button", { name: "מוצר חדש" }).click();
    const form = dialog("הוספת מוצר");
    await form.getByRole("status").getByText("טוען…").waitFor();
    expect(await form.getByRole("button", { name: "שמור" }).count()).toBe(0);
    release();
    // Then the whole form at once, its categories with it, focus in its first field.
    await form.getByRole("button", { name: "שמור", exact: true }).waitFor();
    expect(await form.getByRole("checkbox", { name: "חלות לשבת" }).count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await form.getByRole("button", { name: "ביטול" }).click();
    await form.waitFor({ state: "detached" });
  });

  it("shows the Hebrew validation errors under the fields and blocks the save", async () => {
    await page.getByRole("button", { name: "מוצר חדש" }).click();
    const form = dialog("הוספת מוצר");
    await form.waitFor();
    // The SKU field says what it takes before any mistake (issue 29), and is read with the field.
    const sku = form.getByLabel("מק״ט");
    const hintId = await form.getByText(heAdmin.fields.serialIdHint).getAttribute("id");
    expect(hintId).toBeTruthy();
    expect((await sku.getAttribute("aria-describedby"))?.split(" ")).toContain(hintId);
    await sku.fill("12ab");
    await form.getByRole("button", { name: "שמור" }).click();
    await form.getByText("יש למלא שם").waitFor();
    expect(await form.getByText("יש למלא כותרת").count()).toBe(1);
    expect(await form.getByText("מק״ט חייב להיות מספר שלם").count()).toBe(1);
    // Allergens are a required choice: nothing is chosen for a new product (issue 29).
    const allergenChoice = form.getByRole("group", { name: heAdmin.kashrut.allergenStatus });
    expect(await allergenChoice.getByRole("radio", { checked: true }).count()).toBe(0);
    expect(await allergenChoice.textContent()).toContain(heKashrut.validation.allergenStatus);
    expect(await allergenChoice.getByRole("radio").first().getAttribute("aria-invalid")).toBe("true");
    // The first invalid field has the focus and says it is invalid.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    expect(await form.getByRole("textbox", { name: "שם", exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await form.locator("form").getAttribute("data-saved")).toBe("false");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("creates the product with two sizes, a tag and two categories", async () => {
    const form = dialog("הוספת מוצר");
    await form.getByRole("textbox", { name: "שם", exact: true }).fill(NAME);
    await form.getByRole("textbox", { name: "כותרת", exact: true }).fill("חלה מתוקה לראש השנה");
    await form.getByLabel("מק״ט").fill(SERIAL);
    await form.getByLabel("תיאור").fill("חלה עגולה עם דבש וצימוקים, נאפית לפני החג.");
    await form.getByLabel("מוצג בדף הבית").check();
    await form.getByRole("checkbox", { name: "חלות לשבת" }).check();
    await form.getByRole("checkbox", { name: "ראש השנה" }).check();
    // Staff do not know the allergens yet: the site must say so, not "contains none".
    await form.getByRole("radio", { name: heAdmin.kashrut.allergenStatuses.not_stated }).check();

    // A size without a price is refused under its field, in Hebrew.
    await form.getByLabel("שם הגודל").fill("קטנה");
    await form.getByRole("button", { name: "הוספת גודל" }).click();
    await form.getByText("יש למלא מחיר (₪)").waitFor();
    await form.getByLabel("מחיר (₪)").fill("24.5");
    await form.getByRole("button", { name: "הוספת גודל" }).click();
    await form.getByLabel("שם הגודל").fill("גדולה");
    await form.getByLabel("מחיר (₪)").fill("42");
    await form.getByRole("button", { name: "הוספת גודל" }).click();
    await form.getByRole("button", { name: "מחיקת הגודל גדולה" }).waitFor();
    await form.getByLabel("שם התגית").fill("פרווה");
    await form.getByLabel("צבע").selectOption("כחול");
    await form.getByRole("button", { name: "הוספת תגית" }).click();
    await form.getByRole("button", { name: "מחיקת התגית פרווה" }).waitFor();

    const created = page.waitForResponse(
      (r) => r.url().endsWith("/api/admin/products") && r.request().method() === "POST",
    );
    await form.getByRole("button", { name: "שמור" }).click();
    productId = ((await (await created).json()) as { data: { id: number } }).data.id;
    await expectToast(page, "המוצר נשמר בהצלחה");
    await form.waitFor({ state: "detached" });
    await row().waitFor();
    const text = await row().textContent();
    expect(text).toContain(SERIAL);

    // What staff see in the view modal is what was saved.
    await page.getByRole("button", { name: `צפייה: ${NAME}` }).click();
    const view = dialog(`פרטי המוצר ${NAME}`);
    await view.waitFor();
    const details = await view.textContent();
    for (const expected of ["חלות לשבת", "ראש השנה", "קטנה", "גדולה", "פרווה", SERIAL])
      expect(details).toContain(expected);
    expect(details).toContain(heAdmin.kashrut.allergenStatusShown.not_stated);
    expect(details).toMatch(/24\.50\P{L}*₪/u);
    await view.getByRole("button", { name: "סגירה" }).click();
    await dismissToasts(page);
  });

  it("uploads three images (the HTML file named .png is refused with a Hebrew message)", async () => {
    await page.getByRole("button", { name: `תמונות: ${NAME}` }).click();
    await page.waitForURL(new RegExp(`/admin/products/${productId}/images`));
    const screen = dialog(`תמונות: ${NAME}`);
    await screen.getByText("עדיין אין תמונות").waitFor();
    expect(await screen.locator("#upload-hint").textContent()).toBe(
      "SVG, PNG, JPG, GIF או HEIC (גם מהטלפון). גודל מומלץ: 800x400px (תמונה גדולה יותר תוקטן אוטומטית)",
    );

    const input = screen.locator('input[type="file"]');
    await input.setInputFiles([{ name: "evil.png", mimeType: "image/png", buffer: HTML_PAGE }]);
    await screen.getByRole("button", { name: "העלאה" }).click();
    await screen.getByText("הקובץ אינו תמונה נתמכת. סוגים נתמכים: PNG, JPG, GIF, WebP, HEIC או SVG").waitFor();
    await expectToast(page, "שגיאה בשמירת התמונה");
    await dismissToasts(page);
    await reloadPage(page);

    const files = await Promise.all([pngImage(640, 480), pngImage(800, 400), pngImage(400, 400)]);
    await dialog(`תמונות: ${NAME}`)
      .locator('input[type="file"]')
      .setInputFiles(files.map((buffer, i) => ({ name: `challah-${i + 1}.png`, mimeType: "image/png", buffer })));
    await dialog(`תמונות: ${NAME}`).getByText("נבחרו 3 קבצים").waitFor();
    await dialog(`תמונות: ${NAME}`).getByRole("button", { name: "העלאה" }).click();
    await expectToast(page, "תמונות נשמרו בהצלחה");
    const images = dialog(`תמונות: ${NAME}`).locator("ol > li");
    await expect.poll(() => images.count()).toBe(3);
    expect(await images.first().textContent()).toContain("תמונה ראשית");
    expect(await images.first().locator("img").getAttribute("alt")).toBe(`${NAME} – תמונה 1`);
    await expect
      .poll(() =>
        images
          .nth(2)
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("reorders the images: the second becomes the main image", async () => {
    const screen = dialog(`תמונות: ${NAME}`);
    await dismissToasts(page);
    await screen.getByRole("button", { name: `קביעה כתמונה ראשית: ${NAME} – תמונה 2` }).click();
    await expectToast(page, "סדר התמונות נשמר");
    const images = screen.locator("ol > li");
    await expect.poll(() => images.first().locator("img").getAttribute("alt")).toBe(`${NAME} – תמונה 2`);
    await screen.getByRole("button", { name: `הזזה אחורה: ${NAME} – תמונה 1` }).click();
    await expect.poll(() => images.nth(2).locator("img").getAttribute("alt")).toBe(`${NAME} – תמונה 1`);
  });

  it("deletes an image through the confirmation, then is back on the product index", async () => {
    const screen = dialog(`תמונות: ${NAME}`);
    await dismissToasts(page);
    await screen.getByRole("button", { name: `מחיקת התמונה: ${NAME} – תמונה 3` }).click();
    const confirm = confirmDialog(page);
    await confirm.waitFor();
    // The safe choice has the focus; the buttons are reversed (cancel first), after the timer's own button.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("ביטול");
    expect(await confirm.getByRole("button").allTextContents()).toEqual([
      heAdmin.confirm.extend,
      "ביטול",
      "כן המשך למחיקה!",
    ]);
    await confirm.getByRole("button", { name: "כן המשך למחיקה!" }).click();
    await expectToast(page, "תמונה נמחקה בהצלחה");
    await page.waitForURL(`${baseURL}/admin/products`);
    await row().waitFor();
    const response = await page.request.get(`${baseURL}/api/admin/images?type=product&id=${productId}`);
    const body = (await response.json()) as { data: { alt: string }[] };
    expect(body.data.map((i) => i.alt)).toEqual([`${NAME} – תמונה 2`, `${NAME} – תמונה 1`]);
  });

  it("shows the product on its public page, cached for visitors", async () => {
    visitor = await browser.newPage({ locale: "he-IL" });
    const response = await openPage(visitor, `${baseURL}/product/${productId}`);
    expect(response?.status()).toBe(200);
    expect(await response?.headerValue("cache-control")).toMatch(/^public, max-age=0, s-maxage=/);
    expect(await response?.headerValue("set-cookie")).toBeNull();
    // A second visitor gets the page from the server's page cache.
    const again = await fetch(`${baseURL}/product/${productId}`);
    expect(again.headers.get("x-cache")).toBe("hit");
    expect(await visitor.getByRole("heading", { level: 1 }).textContent()).toContain(NAME);
    const text = await visitor.locator("main").textContent();
    for (const expected of ["קטנה", "גדולה", "פרווה", SERIAL]) expect(text).toContain(expected);
    // No allergen decision: the page asks the visitor to ask, and neither it nor the JSON-LD claims "none".
    const allergens = visitor.getByRole("region", { name: heKashrut.allergensHeading });
    expect(await allergens.textContent()).toContain(heKashrut.allergensNotStated);
    expect(text).not.toContain(heKashrut.containsNone);
    const ld = await visitor
      .locator("script[type='application/ld+json']")
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}") as Record<string, unknown>));
    const description = String(ld.find((d) => d["@type"] === "Product")?.description);
    expect(description).toContain(heKashrut.notStatedSentence);
    expect(description).not.toContain(heKashrut.containsNone);
    const main = visitor.locator("main img").first();
    expect(await main.getAttribute("alt")).toContain("תמונה 2");
  });

  it("edits the product: title, a size removed after confirming", async () => {
    await dismissToasts(page);
    await page.getByRole("button", { name: `עריכה: ${NAME}` }).click();
    const form = dialog(`עריכת המוצר ${NAME}`);
    await form.waitFor();
    expect(await form.getByRole("textbox", { name: "כותרת", exact: true }).inputValue()).toBe("חלה מתוקה לראש השנה");
    await form.getByRole("textbox", { name: "כותרת", exact: true }).fill("חלה עגולה לחגים");
    // "Contains allergens" needs at least one box ticked.
    await form.getByRole("radio", { name: heAdmin.kashrut.allergenStatuses.listed }).check();
    await form.getByRole("button", { name: "שמור" }).click();
    await form.getByText(heKashrut.validation.allergensListedEmpty).waitFor();
    const contains = form.getByRole("group", { name: heAdmin.kashrut.allergens });
    await contains.getByRole("checkbox", { name: "גלוטן" }).check();
    await contains.getByRole("checkbox", { name: "ביצים" }).check();
    await form.getByRole("button", { name: "מחיקת הגודל קטנה" }).click();
    await confirmDialog(page).getByRole("button", { name: "כן המשך למחיקה!" }).click();
    await expectToast(page, "הגודל נמחק");
    await form.getByRole("button", { name: "מחיקת הגודל קטנה" }).waitFor({ state: "detached" });
    await form.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "המוצר עודכן בהצלחה");
    await form.waitFor({ state: "detached" });
    await expect.poll(async () => (await row().textContent()) ?? "").toContain("חלה עגולה לחגים");
  });

  it("shows the edit on the public page at once, to a visitor who had the old page", async () => {
    // The same visitor, whose browser holds the page from before the edit: no waiting, no reload tricks.
    await visitor.goto(`${baseURL}/product/${productId}`);
    await visitor.getByText("חלה עגולה לחגים").first().waitFor({ timeout: 5_000 });
    const text = (await visitor.locator("main").textContent()) ?? "";
    expect(text).toContain(`${heKashrut.contains}גלוטן וביצים`);
    expect(text).not.toContain(heKashrut.allergensNotStated);
    expect(text).toContain("גדולה");
    expect(text).not.toContain("קטנה");
    await visitor.close();
  });

  it("lets the 20-second confirmation expire without deleting, after extending it once from the keyboard, then deletes the product", async () => {
    const c = heAdmin.confirm;
    await dismissToasts(page);
    // The page's clock stands still while the dialog opens, and again from the extension on: only runFor moves
    // it, so what the dialog shows at each step is exact, however loaded the machine.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await page.getByRole("button", { name: `מחיקה: ${NAME}` }).click();
    const confirm = confirmDialog(page);
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(NAME);
    const bar = confirm.getByRole("progressbar");
    const secondsLeft = async () => Number((await bar.getAttribute("aria-valuetext"))?.match(/\d+/)?.[0]);
    const said = confirm.getByRole("status");
    expect(await secondsLeft()).toBe(20);
    // Screen readers are not told every second: nothing yet.
    expect(await said.textContent()).toBe("");
    // axe-core needs the page's timers: the countdown runs meanwhile, and the extension below restarts it.
    await page.clock.resume();
    expect(await axeViolations(page)).toEqual([]);
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
    expect(await confirm.isVisible()).toBe(true);
    // The extension is one key away from the focused cancel button (WCAG 2.2.1), and gives the full time again.
    await page.keyboard.press("Shift+Tab");
    const extend = confirm.getByRole("button", { name: c.extend });
    expect(await extend.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(secondsLeft).toBe(20);
    await expect.poll(() => said.textContent()).toBe(c.extended(20));
    // Half-way: still open, counting down, and a polite warning that the time can be extended; again at 5.
    await page.clock.runFor(10_000);
    await expect.poll(secondsLeft).toBe(10);
    await expect.poll(() => said.textContent()).toBe(c.timeLeft(10));
    await page.clock.runFor(5_000);
    await expect.poll(secondsLeft).toBe(5);
    await expect.poll(() => said.textContent()).toBe(c.timeLeft(5));
    expect(await confirm.isVisible()).toBe(true);
    // Then it closes by itself, deleting nothing.
    await page.clock.runFor(5_500);
    await confirm.waitFor({ state: "detached" });
    await page.clock.resume();
    await reloadPage(page);
    await row().waitFor();

    await page.getByRole("button", { name: `מחיקה: ${NAME}` }).click();
    await confirmDialog(page).getByRole("button", { name: "כן המשך למחיקה!" }).click();
    await expectToast(page, "המוצר נמחק בהצלחה");
    await row().waitFor({ state: "detached" });
    const gone = await page.request.get(`${baseURL}/api/admin/products/${productId}`);
    expect(gone.status()).toBe(404);
  });
});
