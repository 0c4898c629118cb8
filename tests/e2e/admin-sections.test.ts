/**
 * Staff walk the other sections (issue 6 "Done when"): a category, a club member, a branch, a sale and a
 * publication are created, edited and deleted through the confirmation dialog with the spec §8 messages;
 * the contact inbox marks a request handled; site settings show on the public site at once; log out.
 */
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import {
  confirmDialog,
  dismissToasts,
  expectToast,
  listReady,
  segmentsText,
  staffPage,
  typeSegments,
} from "../support/admin-e2e.ts";
import { openPage } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { pngImage } from "../support/images.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();
const SUFFIX = Date.now().toString(36);

describeInChromium("admin: categories, club members, branches, sales, publications, inbox, settings", (browser) => {
  const page = suitePage(() => staffPage(browser, baseURL));

  const dialog = (name: string) => page.getByRole("dialog", { name });
  const row = (text: string) => page.getByRole("row").filter({ hasText: text });
  async function open(path: string, list = true) {
    await dismissToasts(page);
    await openPage(page, `${baseURL}${path}`);
    if (list) await listReady(page);
  }
  /** The text of a public page, as a visitor (no session) sees it. */
  async function publicText(path: string): Promise<string> {
    const visitor = await browser.newPage({ locale: "he-IL" });
    await openPage(visitor, `${baseURL}${path}`);
    const text = (await visitor.locator("main").textContent()) ?? "";
    await visitor.close();
    return text;
  }
  async function confirmDelete(subject: string, message: string) {
    await page.getByRole("button", { name: `מחיקה: ${subject}` }).click();
    await confirmDialog(page).getByRole("button", { name: "כן המשך למחיקה!" }).click();
    await expectToast(page, message);
    await row(subject).waitFor({ state: "detached" });
  }

  it("creates a main category shown on the home page and a subcategory; deletes them in order", async () => {
    const main = `עוגות יום הולדת ${SUFFIX}`;
    const sub = `עוגות ילדים ${SUFFIX}`;
    await open("/admin/categories");
    await page.getByRole("button", { name: "קטגוריה חדשה" }).click();
    const form = dialog("הוספת קטגוריה");
    await form.getByRole("button", { name: "שמור" }).click();
    await form.getByText("יש למלא שם").waitFor();
    await form.getByRole("textbox", { name: "שם", exact: true }).fill(main);
    await form.getByLabel("מידע").fill("עוגות מעוצבות לכל גיל");
    await form.getByLabel("מוצג בדף הבית").check();
    await form.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "הקטגוריה נשמרה בהצלחה");
    await row(main).waitFor();

    // Its image goes through the same images screen as a product's.
    await page.getByRole("button", { name: `תמונות: ${main}` }).click();
    const images = dialog(`תמונות: ${main}`);
    await images
      .locator('input[type="file"]')
      .setInputFiles([{ name: "cake.png", mimeType: "image/png", buffer: await pngImage(600, 520) }]);
    await images.getByRole("button", { name: "העלאה" }).click();
    await expectToast(page, "התמונה נשמרה בהצלחה");
    await images.getByRole("button", { name: "סגירה" }).click();
    await page.waitForURL(`${baseURL}/admin/categories`);

    const home = await browser.newPage({ locale: "he-IL" });
    await openPage(home, `${baseURL}/`);
    const tile = home.locator("main li").filter({ hasText: main });
    await tile.first().waitFor();
    await tile.first().locator("img").scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        tile
          .first()
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await home.close();

    await page.getByRole("button", { name: "קטגוריה חדשה" }).click();
    const subForm = dialog("הוספת קטגוריה");
    await subForm.getByRole("textbox", { name: "שם", exact: true }).fill(sub);
    await subForm.getByRole("radio", { name: "תת-קטגוריה" }).check();
    await subForm.getByRole("button", { name: "שמור" }).click();
    await subForm.getByText("יש לבחור קטגוריה ראשית לתת-קטגוריה").waitFor();
    await subForm.getByLabel("קטגוריית אב").selectOption({ label: main });
    await subForm.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "הקטגוריה נשמרה בהצלחה");
    await row(sub).waitFor();

    // A main category with a subcategory cannot be deleted: the dialog says why and offers only to close.
    await page.getByRole("button", { name: `מחיקה: ${main}` }).click();
    const blocked = page.getByRole("alertdialog", { name: "לא ניתן למחוק" });
    await blocked.getByText(/תתי-קטגוריות/).waitFor();
    expect(await blocked.getByRole("button", { name: "כן המשך למחיקה!" }).count()).toBe(0);
    await blocked.getByRole("button", { name: "סגירה" }).click();

    await page.getByRole("button", { name: `עריכה: ${sub}` }).click();
    const edit = dialog(`עריכת הקטגוריה ${sub}`);
    await edit.getByRole("textbox", { name: "שם", exact: true }).fill(`${sub} ומעוצבות`);
    await edit.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "הקטגוריה עודכנה בהצלחה");

    await page.getByRole("button", { name: `מחיקה: ${sub} ומעוצבות` }).click();
    expect(await confirmDialog(page).textContent()).toContain("אין מוצרים בקטגוריה.");
    await confirmDialog(page).getByRole("button", { name: "כן המשך למחיקה!" }).click();
    await expectToast(page, "הקטגוריה נמחקה בהצלחה");
    await confirmDelete(main, "הקטגוריה נמחקה בהצלחה");
  });

  it("adds, refuses a duplicate, edits, exports and deletes a club member", async () => {
    const email = `dana.${SUFFIX}@example.co.il`;
    await open("/admin/clients");
    await page.getByRole("button", { name: "חבר מועדון חדש" }).click();
    let form = dialog("הוספת חבר מועדון");
    await form.getByLabel("דוא״ל").fill("not-an-email");
    await form.getByRole("button", { name: "שמור" }).click();
    await form.getByText("יש להזין כתובת דוא״ל תקינה").waitFor();
    await form.getByLabel("דוא״ל").fill(email);
    await form.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "לקוח נשמר בהצלחה");
    await row(email).waitFor();

    await page.getByRole("button", { name: "חבר מועדון חדש" }).click();
    form = dialog("הוספת חבר מועדון");
    await form.getByLabel("דוא״ל").fill(email.toUpperCase());
    await form.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "שגיאה בשמירת לקוח");
    await form.getByText("כתובת הדוא״ל כבר רשומה במועדון").waitFor();
    // The typed address was not saved: cancelling asks first (issue 12).
    await form.getByRole("button", { name: "ביטול" }).click();
    await page
      .getByRole("alertdialog", { name: "יש שינויים שלא נשמרו" })
      .getByRole("button", { name: "לצאת בלי לשמור" })
      .click();
    await form.waitFor({ state: "detached" });

    await dismissToasts(page);
    await page.getByRole("button", { name: `עריכה: ${email}` }).click();
    form = dialog(`עריכת ${email}`);
    await form.getByLabel("דוא״ל").fill(`dana2.${SUFFIX}@example.co.il`);
    await form.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "לקוח עודכן בהצלחה");
    await row(`dana2.${SUFFIX}@example.co.il`).waitFor();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "ייצוא ל-CSV" }).click();
    // The run's Chromium is shared over a connection: the file is saved here rather than read in place.
    const file = path.join(tmpdir(), `members-${SUFFIX}.csv`);
    await (await download).saveAs(file);
    const csv = await readFile(file, "utf8");
    await rm(file, { force: true });
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(`"dana2.${SUFFIX}@example.co.il","נוסף על ידי הצוות"`);

    await confirmDelete(`dana2.${SUFFIX}@example.co.il`, "לקוח נמחק בהצלחה");
  });

  it("creates, edits and deletes a branch with opening hours", async () => {
    const name = `סניף בקעה ${SUFFIX}`;
    await open("/admin/branches");
    await page.getByRole("button", { name: "סניף חדש" }).click();
    const form = dialog("הוספת סניף");
    await form.getByRole("textbox", { name: "שם", exact: true }).fill(name);
    await form.getByLabel("כתובת", { exact: true }).fill("דרך בית לחם 40, ירושלים");
    await form.getByLabel("טלפון").fill("02-6712345");
    await form.getByLabel("קישור למפה").fill("not a link");
    await form.getByRole("button", { name: "הוספת טווח שעות (יום ראשון)" }).click();
    await typeSegments(form, "פתיחה (יום ראשון, 1)", "0700");
    await typeSegments(form, "סגירה (יום ראשון, 1)", "0700");
    // Times and dates in Israeli order whatever the browser's language: 24-hour, day.month.year.
    await form.getByRole("button", { name: "הוספת חריג" }).click();
    await typeSegments(form, "תאריך", "03052027");
    // The certificate's last valid day too (with its authority, which a date needs).
    await form.getByLabel("גוף מכשיר").fill("רבנות ירושלים");
    await typeSegments(form, "בתוקף עד", "31122027");
    await form.getByRole("button", { name: "שמור" }).click();
    await form.getByText("יש להזין כתובת מלאה שמתחילה ב-https://").waitFor();
    await form.getByText("שעת הסגירה חייבת להיות שונה משעת הפתיחה").waitFor();
    await form.getByLabel("קישור למפה").fill("https://www.google.com/maps?q=31.76,35.22");
    await typeSegments(form, "סגירה (יום ראשון, 1)", "1900");
    await form.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "הסניף נשמר בהצלחה");
    await row(name).waitFor();
    expect(await publicText("/branches")).toContain(name);

    await page.getByRole("button", { name: `עריכה: ${name}` }).click();
    const edit = dialog(`עריכת ${name}`);
    expect(await segmentsText(edit, "סגירה (יום ראשון, 1)")).toBe("19:00");
    expect(await segmentsText(edit, "תאריך")).toBe("3.5.2027");
    expect(await segmentsText(edit, "בתוקף עד")).toBe("31.12.2027");
    await edit.getByLabel("טלפון").fill("02-6719999");
    await edit.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "הסניף עודכן בהצלחה");
    await expect.poll(async () => (await row(name).textContent()) ?? "").toContain("02-6719999");
    await confirmDelete(name, "הסניף נמחק בהצלחה");
    expect(await publicText("/branches")).not.toContain(name);
  });

  for (const [path, publicPath, create, createTitle, editTitle, saved, updated, deleted] of [
    [
      "/admin/sales",
      "/sales",
      "מבצע חדש",
      "הוספת מבצע",
      "עריכת המבצע",
      "המבצע נשמר בהצלחה",
      "המבצע עודכן בהצלחה",
      "המבצע נמחק בהצלחה",
    ],
    [
      "/admin/publications",
      "/news",
      "ידיעה חדשה",
      "הוספת ידיעה",
      "עריכת הידיעה",
      "הידיעה נשמרה בהצלחה",
      "הידיעה עודכנה בהצלחה",
      "הידיעה נמחקה בהצלחה",
    ],
  ] as const) {
    it(`creates, hides and deletes in ${path}`, async () => {
      const name = `שבוע הבורקס ${SUFFIX} ${path.length}`;
      await open(path);
      await page.getByRole("button", { name: create }).click();
      const form = dialog(createTitle);
      await form.getByRole("textbox", { name: "שם", exact: true }).fill(name);
      await form.getByLabel("תיאור").fill("כל מגש בורקס שני בחצי מחיר");
      await form.getByRole("button", { name: "שמור" }).click();
      await expectToast(page, saved);
      await row(name).waitFor();
      expect(await row(name).textContent()).toContain("מוצג באתר");
      expect(await publicText(publicPath)).toContain(name);

      await page.getByRole("button", { name: `עריכה: ${name}` }).click();
      const edit = dialog(`${editTitle} ${name}`);
      await edit.getByLabel("סטטוס").selectOption({ label: "טיוטה — לא מוצג באתר" });
      await edit.getByRole("button", { name: "שמור" }).click();
      await expectToast(page, updated);
      await expect.poll(async () => (await row(name).textContent()) ?? "").toContain("טיוטה");
      // A draft (status 0) is off the public site at once.
      expect(await publicText(publicPath)).not.toContain(name);
      await confirmDelete(name, deleted);
    });
  }

  it("shows a contact request in the inbox, newest first, and marks it handled", async () => {
    const name = `רותם ${SUFFIX}`;
    // A visitor sends the contact form (spec §7 POST /api/contact).
    const visitor = await browser.newContext();
    await visitor.request.get(`${baseURL}/api/abilities`);
    const xsrf = (await visitor.cookies()).find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
    const sent = await visitor.request.post(`${baseURL}/api/contact`, {
      headers: { "X-XSRF-TOKEN": decodeURIComponent(xsrf), "X-Requested-With": "XMLHttpRequest" },
      data: { name, email: "rotem@example.co.il", phone: "0501234567", message: "אפשר להזמין עוגה ליום שישי?" },
    });
    expect(sent.status()).toBeLessThan(300);
    await visitor.close();

    await open("/admin/contact-requests?status=open");
    expect(await page.getByRole("row").nth(1).textContent()).toContain(name);
    await page.getByRole("button", { name: `סימון כמטופלת: ${name}` }).click();
    await expectToast(page, "הפנייה סומנה כמטופלת");
    await row(name).waitFor({ state: "detached" });
    await page.getByRole("radio", { name: "טופלו" }).check();
    await row(name).waitFor();
  });

  it("saves site settings that the public site shows at once, and refuses a bad link", async () => {
    await open("/admin/settings", false);
    const tagline = page.getByLabel("שורת תיאור");
    await tagline.waitFor();
    const original = await tagline.inputValue();
    await page.getByLabel("קישור להזמנת משלוח").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "שמור" }).click();
    await page.getByText("יש להזין כתובת מלאה שמתחילה ב-https://").waitFor();
    await page.getByLabel("קישור להזמנת משלוח").fill("https://order.example.co.il");
    await tagline.fill(`מאפים חמים ${SUFFIX}`);
    await page.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "ההגדרות נשמרו בהצלחה");

    const home = await browser.newPage({ locale: "he-IL" });
    await openPage(home, `${baseURL}/`);
    expect(await home.locator("body").textContent()).toContain(`מאפים חמים ${SUFFIX}`);
    await home.close();

    await dismissToasts(page);
    await tagline.fill(original);
    await page.getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "ההגדרות נשמרו בהצלחה");
  });

  it("sorts by a column header, pages, and returns to page 1 after an update", async () => {
    await open("/admin/products");
    await page.getByRole("columnheader", { name: "מק״ט" }).click();
    await page.waitForURL(/order_column=serial_id&order_direction=asc/);
    await listReady(page);
    expect(await page.getByRole("columnheader", { name: "מק״ט" }).getAttribute("aria-sort")).toBe("ascending");
    // The serial's column, wherever it stands (the products list's first column selects the row, issue 30).
    const column = await page
      .getByRole("columnheader")
      .evaluateAll((headers) => headers.findIndex((h) => h.textContent?.includes("מק״ט")));
    const serials = await page
      .getByRole("row")
      // The serial itself (a cell also holds its column's name, shown only on a phone's card).
      .evaluateAll(
        (rows, column) => rows.slice(1).map((r) => Number(r.children[column]?.querySelector("bdi")?.textContent)),
        column,
      );
    // NaN would pass the order check (toEqual treats NaN as equal to NaN): the column must hold numbers.
    expect(serials.length).toBeGreaterThan(1);
    expect(serials.every(Number.isFinite)).toBe(true);
    expect(serials).toEqual([...serials].sort((a, b) => a - b));

    await page.getByRole("navigation", { name: "עמודים" }).getByRole("link", { name: "עמוד 2" }).click();
    await page.waitForURL(/page=2/);
    await listReady(page);
    const current = page.locator('nav[aria-label="עמודים"] [aria-current="page"]');
    expect(await current.textContent()).toContain("2");
    await page
      .getByRole("row")
      .nth(1)
      .getByRole("button", { name: /^עריכה: / })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "שמור" }).click();
    await expectToast(page, "המוצר עודכן בהצלחה");
    await page.waitForURL((url) => url.searchParams.get("page") === null);
    await listReady(page);
    expect(await current.textContent()).toContain("1");
    expect(new URL(page.url()).searchParams.get("order_column")).toBe("serial_id");
  });

  it("logs out from the user menu to the login page and clears the session flag", async () => {
    await page.getByRole("button", { name: /^תפריט משתמש/ }).click();
    await page.getByRole("menuitem", { name: "התנתקות" }).click();
    await page.waitForURL(`${baseURL}/login`);
    expect(await page.evaluate(() => localStorage.getItem("loggedIn"))).toBe("false");
    const res = await page.goto(`${baseURL}/admin/products`);
    expect(new URL(res!.url()).pathname).toBe("/");
  });
});
