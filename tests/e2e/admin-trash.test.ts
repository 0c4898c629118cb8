/**
 * The trash (issue 12 §3) in the browser, on a phone (390×844) and a desktop (1440×900): a product deleted
 * through the spec's confirmation leaves the list and its public page; "בטל" in the success toast brings it
 * straight back to both. Deleted again, it waits on the trash screen ("סל המחזור": no horizontal overflow,
 * axe clean), whose "שחזור" restores it to the list and the public page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { confirmDialog, dismissToasts, expectToast, listReady, staffPage, toasts } from "../support/admin-e2e.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();

/** The public product page's status and whether it names the product, as a visitor without a session sees it. */
async function publicProduct(id: number, name: string): Promise<[number, boolean]> {
  const res = await fetch(`${baseURL}/product/${id}`);
  return [res.status, (await res.text()).includes(name)];
}

describeInChromium("admin: delete, undo from the toast, and restore from the trash", (browser) => {
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    describe(`${label} ${viewport.width}×${viewport.height}`, () => {
      const page = suitePage(() => staffPage(browser, baseURL, { viewport }));
      const name = `עוגת שמרים ${label} ${Date.now().toString(36)}`;
      let productId = 0;
      const row = () => page.getByRole("row").filter({ hasText: name });

      beforeAll(async () => {
        productId = await page.evaluate(
          async ({ name, serial }) => {
            const token = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? "");
            const res = await fetch("/api/admin/products", {
              method: "POST",
              headers: { "Content-Type": "application/json", "X-XSRF-TOKEN": token },
              body: JSON.stringify({ name, title: "עוגה רכה", serial_id: serial, status: 1 }),
            });
            return ((await res.json()) as { data: { id: number } }).data.id;
          },
          { name, serial: 700_000 + Math.floor(Math.random() * 90_000) },
        );
        expect(await publicProduct(productId, name)).toEqual([200, true]);
      });

      async function deleteFromList() {
        await dismissToasts(page);
        await openPage(page, `${baseURL}/admin/products?search_global=${encodeURIComponent(name)}`);
        await listReady(page);
        await row().waitFor();
        await page.getByRole("button", { name: `מחיקה: ${name}` }).click();
        const confirm = confirmDialog(page);
        // The spec's dialog, its sentence telling the truth: 30 days in the trash.
        expect(await confirm.textContent()).toContain("30 יום");
        await confirm.getByRole("button", { name: "כן המשך למחיקה!" }).click();
        await expectToast(page, "המוצר נמחק בהצלחה");
        await row().waitFor({ state: "detached" });
        expect(await publicProduct(productId, name)).toEqual([404, false]);
      }

      it("'בטל' in the delete toast puts the product back in the list and on its public page", async () => {
        await deleteFromList();
        const toast = toasts(page).getByRole("alertdialog").filter({ hasText: "המוצר נמחק בהצלחה" });
        const undo = toast.getByRole("button", { name: "בטל", exact: true });
        await undo.waitFor();
        // The pointer on the toast holds its timer (React Aria), as a user about to press "בטל" does.
        await toast.hover();
        if (label === "phone") {
          // The toast fits the phone's width.
          const box = await toast.first().boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
        }
        expect(await axeViolations(page)).toEqual([]);
        await undo.click();
        await expectToast(page, "הפריט שוחזר");
        await row().waitFor();
        expect(await publicProduct(productId, name)).toEqual([200, true]);
      }, 120_000);

      it("the trash screen lists the deleted product, fits the screen, is axe clean, and 'שחזור' restores it", async () => {
        await deleteFromList();
        await dismissToasts(page);
        await openPage(page, `${baseURL}/admin/trash`);
        await listReady(page);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("סל המחזור");
        const entry = page.getByRole("row").filter({ hasText: name });
        await entry.waitFor();
        expect(await entry.textContent()).toContain("מוצר");
        expect(await entry.textContent()).toContain("בעוד 30 ימים");
        // No sideways scrolling of the page at any width.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
        ).toBe(true);
        expect(await axeViolations(page)).toEqual([]);

        await page.getByRole("button", { name: `שחזור: ${name}` }).click();
        await expectToast(page, "הפריט שוחזר");
        await entry.waitFor({ state: "detached" });
        expect(await publicProduct(productId, name)).toEqual([200, true]);
        await openPage(page, `${baseURL}/admin/products?search_global=${encodeURIComponent(name)}`);
        await listReady(page);
        await row().waitFor();
      }, 120_000);
    });
  }
});
