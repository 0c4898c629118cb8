import { beforeAll, expect, it } from "vitest";
import { heCatalogue } from "../../domain/i18n/catalogue.ts";
import { heForms } from "../../domain/i18n/forms.ts";
import { dismissToasts, expectToast, listReady, staffPage } from "../support/admin-e2e.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { catalogue } from "../support/storefront.ts";

const baseURL = e2eBaseURL();
const NAME = `נועה ${Date.now().toString(36)}`;

describeInChromium("customer reviews", (browser) => {
  let productId: number;
  beforeAll(async () => {
    // The last product of the first page: the catalogue tests look at the first ones with many images.
    productId = (await catalogue(baseURL).products()).data.at(-1)!.id;
  });

  it("a visitor without JavaScript submits a review; it waits for approval; approved, its stars and count show", async () => {
    const visitor = await browser.newContext({ viewport: VIEWPORTS.mobile, locale: "he-IL", javaScriptEnabled: false });
    const page = await visitor.newPage();
    await openPage(page, `${baseURL}/product/${productId}`, { javaScript: false });
    expect(await page.getByRole("img", { name: heCatalogue.product.noReviewsLabel }).count()).toBeGreaterThan(0);
    await page.getByRole("link", { name: heCatalogue.product.writeReview }).click();
    await page.waitForURL(`${baseURL}/product/${productId}/review`);

    // A missing rating is refused in Hebrew, what was typed is kept.
    await page.getByRole("textbox", { name: heForms.review.fields.text }).fill("חלה רכה ומתוקה, בדיוק כמו של סבתא.");
    await page.getByRole("textbox", { name: heForms.review.fields.name }).fill(NAME);
    await page.getByRole("button", { name: heForms.review.submit }).click();
    await page.getByText(heForms.review.errors.ratingRequired).waitFor();
    expect(await page.getByRole("textbox", { name: heForms.review.fields.name }).inputValue()).toBe(NAME);

    await page.getByRole("radio", { name: heForms.review.star(4) }).check();
    await page.getByRole("button", { name: heForms.review.submit }).click();
    await page.waitForURL(`${baseURL}/product/${productId}/review?sent=1`);
    expect(await page.getByRole("status").textContent()).toContain(heForms.review.sent);

    // Not shown before approval.
    await openPage(page, `${baseURL}/product/${productId}`, { javaScript: false });
    expect(await page.locator("main").textContent()).not.toContain(NAME);

    // Staff approve it in the admin's reviews section.
    const staff = await staffPage(browser, baseURL);
    await openPage(staff, `${baseURL}/admin/reviews?status=pending`);
    await listReady(staff);
    expect(await axeViolations(staff)).toEqual([]);
    await dismissToasts(staff);
    await staff.getByRole("button", { name: `אישור: ${NAME}` }).click();
    await expectToast(staff, "הביקורת אושרה ומוצגת באתר");
    await staff.getByRole("row").filter({ hasText: NAME }).waitFor({ state: "detached" });
    await staff.context().close();

    // The product page now rates it by the approved review (the approval moved the page cache on).
    const label = heCatalogue.product.ratingLabel("4", 1);
    await expect
      .poll(async () => {
        await openPage(page, `${baseURL}/product/${productId}`, { javaScript: false });
        return page.getByRole("img", { name: label }).count();
      })
      .toBeGreaterThan(0);
    const reviews = page.getByRole("region", { name: heCatalogue.product.reviewsHeading });
    expect(await reviews.textContent()).toContain(NAME);
    expect(await reviews.textContent()).toContain("4 מתוך 5 · ביקורת אחת");
    await visitor.close();
  }, 120_000);

  // axe-core runs in the page, so these screens are checked with JavaScript on (the markup is the same).
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`has no axe-core violations on the review form, its confirmation and the rated product page (${name})`, async () => {
      const context = await browser.newContext({ viewport, locale: "he-IL" });
      const page = await context.newPage();
      for (const path of [
        `/product/${productId}/review`,
        `/product/${productId}/review?sent=1`,
        `/product/${productId}`,
      ]) {
        await openPage(page, `${baseURL}${path}`);
        expect(await axeViolations(page), path).toEqual([]);
      }
      await context.close();
    }, 120_000);
  }
});
