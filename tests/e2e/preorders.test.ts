/**
 * Pre-orders for pickup (issue 28) in Chromium on a phone, as a customer orders: a cake from its page into the
 * basket, a branch, a Friday slot, the details, the order's private page — with JavaScript and without it; the
 * basket adding up across product pages (JavaScript keeps it in the browser); cancelling through the private
 * page, with and without JavaScript; axe clean on each new page.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { hePreorders } from "../../domain/i18n/preorders.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";

const baseURL = e2eBaseURL();
const t = hePreorders;

/** A demo product found by the search API: its page's path. */
async function productPath(search: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/products?search=${encodeURIComponent(search)}`);
  const body = (await res.json()) as { data: { id: number; name: string }[] };
  const found = body.data.find((p) => p.name.includes(search));
  if (!found) throw new Error(`no demo product named ${search}`);
  return `/product/${found.id}`;
}

describeInChromium("pre-orders in Chromium", (browser) => {
  describe("phone", () => {
    let context: BrowserContext;
    let page: Page;
    const open = async (path: string, javaScript = true) => {
      context = await browser.newContext({
        viewport: VIEWPORTS.mobile,
        locale: "he-IL",
        javaScriptEnabled: javaScript,
      });
      page = await context.newPage();
      await openPage(page, `${baseURL}${path}`, { javaScript });
    };
    afterEach(async () => {
      await context?.close();
    });

    /** Chooses the first free slot of the first Friday offered; returns its option's text. */
    const chooseFridaySlot = async () => {
      const slot = page.getByLabel(t.order.slot);
      await slot.waitFor();
      const value = await slot.evaluate((select: HTMLSelectElement) => {
        const group = [...select.querySelectorAll("optgroup")].find((g) => g.label.startsWith("יום שישי"));
        return [...(group?.querySelectorAll("option") ?? [])].find((o) => !o.disabled)?.value ?? "";
      });
      expect(value, "a free Friday slot is offered").toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      await slot.selectOption(value);
      // The hours read in order inside the Hebrew select: isolated left-to-right, never "10:30–10:00".
      const text = await slot.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? "");
      expect(text).toMatch(/^\u2066\d{2}:\d{2}–\d{2}:\d{2}\u2069/);
      return value;
    };
    const fillDetails = async () => {
      await page.getByRole("textbox", { name: t.order.fields.name }).fill("דנה כהן");
      await page.getByRole("textbox", { name: t.order.fields.phone }).fill("052 765 4321");
      await page.getByRole("textbox", { name: t.order.fields.note }).fill("מזל טוב דנה");
      await page.getByRole("checkbox", { name: /אני מאשר/ }).check();
    };
    const expectConfirmation = async (cake: string) => {
      await page.waitForURL(/\/order\/\d+\?t=[\w-]+&new=1$/);
      await page.getByRole("heading", { level: 1, name: t.confirmation.received }).waitFor();
      const main = (await page.locator("main").textContent()) ?? "";
      expect(main).toContain(cake);
      expect(main).toContain("יום שישי");
      expect(main).toContain("מזל טוב דנה");
      expect(main).toContain(t.statuses.new);
    };

    it("orders a cake for Friday pickup with JavaScript, then cancels it through the private page", async () => {
      const cake = "עוגת גבינה אפויה";
      await open(await productPath(cake));
      const form = page.getByRole("region", { name: t.productForm.heading });
      await form.getByRole("spinbutton", { name: t.productForm.quantity }).fill("2");
      await form.getByRole("button", { name: t.productForm.submit }).click();
      await page.waitForURL(/\/order\?items=/);
      await page.getByRole("heading", { name: t.order.basketHeading }).waitFor();
      expect(await page.getByRole("spinbutton", { name: t.order.quantityOf(cake) }).inputValue()).toBe("2");
      // Choosing the branch shows its slots (the select submits itself).
      await page.getByLabel(t.order.branch).selectOption({ index: 1 });
      await chooseFridaySlot();
      await fillDetails();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: t.order.submit }).click();
      await expectConfirmation(cake);
      expect(await axeViolations(page)).toEqual([]);
      // The order is placed: the browser's basket is empty again.
      await openPage(page, `${baseURL}/order`);
      await page.getByText(t.order.emptyBasket).waitFor();
      await page.goBack();
      await page.getByRole("heading", { level: 1 }).waitFor();
      // Cancel: behind a disclosure, then confirmed.
      const url = page.url().replace("&new=1", "");
      await openPage(page, url);
      await page.locator("summary", { hasText: t.confirmation.cancel }).click();
      await page.getByRole("button", { name: t.confirmation.cancelConfirm }).click();
      await page.getByRole("status").filter({ hasText: t.confirmation.cancelled }).waitFor();
      expect(await page.locator("main").textContent()).toContain(t.statuses.cancelled);
      expect(await axeViolations(page)).toEqual([]);
    });

    it("orders a cake for Friday pickup without JavaScript", async () => {
      const cake = "עוגת שוקולד שכבות";
      await open(await productPath(cake), false);
      const form = page.getByRole("region", { name: t.productForm.heading });
      await form.getByRole("button", { name: t.productForm.submit }).click();
      await page.waitForURL(/\/order\?add=/);
      await page.getByLabel(t.order.branch).selectOption({ index: 1 });
      await page.getByRole("button", { name: t.order.showSlots }).click();
      await page.waitForURL(/branch=\d+/);
      await chooseFridaySlot();
      // A mistake first: the server's Hebrew message under the field, what was typed kept.
      await page.getByRole("textbox", { name: t.order.fields.name }).fill("דנה כהן");
      await page.getByRole("textbox", { name: t.order.fields.phone }).fill("02-6234567");
      await page.getByRole("checkbox", { name: /אני מאשר/ }).check();
      await page.getByRole("button", { name: t.order.submit }).click();
      await page.getByText(t.errors.phoneInvalid).waitFor();
      expect(await page.getByRole("textbox", { name: t.order.fields.name }).inputValue()).toBe("דנה כהן");
      await chooseFridaySlot();
      await fillDetails();
      await page.getByRole("button", { name: t.order.submit }).click();
      await expectConfirmation(cake);
      // Cancelling works without JavaScript too (the form posts with its Origin: Referrer-Policy same-origin).
      await page.locator("summary", { hasText: t.confirmation.cancel }).click();
      await page.getByRole("button", { name: t.confirmation.cancelConfirm }).click();
      await page.getByRole("status").filter({ hasText: t.confirmation.cancelled }).waitFor();
    });

    it("adds up products from several pages in one basket (kept in the browser)", async () => {
      const first = "עוגת יום הולדת וניל";
      const second = "עוגת קרמל ואגוזי פקאן";
      await open(await productPath(first));
      await page.getByRole("button", { name: t.productForm.submit }).click();
      await page.waitForURL(/\/order\?items=/);
      await page.getByRole("link", { name: first }).waitFor();
      await openPage(page, `${baseURL}${await productPath(second)}`);
      await page.getByRole("button", { name: t.productForm.submit }).click();
      await page.waitForURL(/\/order\?items=[^&]*%2C/);
      await page.getByRole("link", { name: first }).waitFor();
      await page.getByRole("link", { name: second }).waitFor();
      // Removing one keeps the other.
      await page.getByRole("button", { name: t.order.remove(first) }).click();
      await page.getByRole("link", { name: first }).waitFor({ state: "detached" });
      await page.getByRole("link", { name: second }).waitFor();
    });
  });
});
