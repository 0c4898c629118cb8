import { beforeAll, expect, it } from "vitest";
import { formatDay } from "../../domain/certificates.ts";
import type { Paginated, ProductDetail, ProductSummary } from "../../domain/contracts/catalogue.ts";
import type { Branch } from "../../domain/contracts/content.ts";
import { heKashrut } from "../../domain/i18n/kashrut.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { apiJson, storePage, tileIds } from "../support/storefront.ts";

const baseURL = e2eBaseURL();

describeInChromium("kashrut and allergens", (browser) => {
  let challah: ProductDetail;
  beforeAll(async () => {
    const search = await apiJson<Paginated<ProductSummary>>(
      baseURL,
      `/api/products?search=${encodeURIComponent("חלה קלועה")}`,
    );
    const id = search.data.find((p) => p.name === "חלה קלועה")!.id;
    challah = (await apiJson<{ data: ProductDetail }>(baseURL, `/api/product/${id}`)).data;
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`the product page shows the kashrut line and the allergens, axe clean (${size})`, async () => {
      const page = await storePage(browser, viewport);
      await openPage(page, `${baseURL}/product/${challah.id}`);
      const kashrut = page.getByTestId("kashrut");
      await expect.poll(() => kashrut.textContent()).toContain("פרווה");
      expect(await kashrut.textContent()).toContain("פת ישראל");
      expect(await kashrut.textContent()).toContain("בהשגחת");
      const allergens = page.getByRole("region", { name: heKashrut.allergensHeading });
      expect(await allergens.textContent()).toContain(`${heKashrut.contains}גלוטן וביצים`);
      expect(await allergens.textContent()).toContain(`${heKashrut.mayContain}שומשום`);
      // The served JSON-LD claims a kosher diet (a branch holds a valid certificate) and tells the allergens.
      const ld = await page
        .locator("script[type='application/ld+json']")
        .evaluateAll((scripts) => scripts.map((s) => s.textContent ?? ""));
      const product = ld.map((text) => JSON.parse(text)).find((d) => d["@type"] === "Product");
      expect(product.suitableForDiet).toBe("https://schema.org/KosherDiet");
      expect(product.description).toContain("מכיל: גלוטן וביצים.");
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    });
  }

  it("filters the grid without JavaScript: tiles show the badge in words, links keep the filter, axe clean", async () => {
    const page = await storePage(browser, VIEWPORTS.mobile, { javaScript: false });
    await page.goto(`${baseURL}/products`, { waitUntil: "load" });
    // The badge is a word, not a colour alone.
    expect(await page.locator("main [data-dietary]").first().textContent()).toMatch(/פרווה|חלבי|בשרי/);
    await page.locator("summary", { hasText: heKashrut.filterHeading }).click();
    await page.getByRole("radio", { name: "פרווה" }).check();
    await page.getByRole("checkbox", { name: "שומשום" }).check();
    await page.getByRole("checkbox", { name: "ביצים" }).check();
    await page.getByRole("button", { name: heKashrut.filterApply }).click();
    await page.waitForURL(/dietary=parve/);
    const url = new URL(page.url());
    expect(url.searchParams.getAll("without").sort()).toEqual(["eggs", "sesame"]);
    const shown = await tileIds(page);
    const expected = await apiJson<Paginated<ProductSummary>>(
      baseURL,
      "/api/products?dietary=parve&without=eggs,sesame",
    );
    expect(shown).toEqual(expected.data.map((p) => p.id));
    expect(shown.length).toBeGreaterThan(0);
    for (const badge of await page.locator("main [data-dietary]").allTextContents()) expect(badge).toContain("פרווה");
    // The active filters, each a link that removes it.
    await expect.poll(() => page.getByRole("link", { name: heKashrut.removeFilter("ללא שומשום") }).count()).toBe(1);
    await page.getByRole("link", { name: heKashrut.removeFilter("ללא שומשום") }).click();
    await page.waitForURL((u) => !u.search.includes("sesame"));
    expect(new URL(page.url()).searchParams.get("without")).toBe("eggs");
    expect(new URL(page.url()).searchParams.get("dietary")).toBe("parve");
    await page.context().close();
    // axe needs a page with JavaScript: the same filtered grid, with its filter open.
    const checked = await storePage(browser, VIEWPORTS.desktop);
    await openPage(checked, `${baseURL}/products?dietary=parve&without=eggs,sesame`);
    expect(await axeViolations(checked)).toEqual([]);
    await checked.context().close();
  }, 120_000);

  it("the branch page shows its valid certificate with the scan, axe clean", async () => {
    const branches = (await apiJson<{ data: Branch[] }>(baseURL, "/api/branches")).data;
    const branch = branches.find((b) => b.kashrut_certificate)!;
    const page = await storePage(browser, VIEWPORTS.desktop);
    await openPage(page, `${baseURL}/branches/${branch.id}`);
    const certificate = page.getByTestId("branch-certificate");
    expect(await certificate.textContent()).toContain(branch.kashrut_certificate!.authority);
    expect(await certificate.textContent()).toContain(formatDay(branch.kashrut_certificate!.valid_until));
    await expect.poll(() => certificate.getByRole("img").count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
