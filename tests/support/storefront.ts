/** Helpers for the storefront's end-to-end tests: catalogue data from the public API, welcome dialog. */
import type { Browser, Page } from "playwright-core";
import { beforeAll } from "vitest";
import type { CategoryWithSubs, Paginated, ProductDetail, ProductSummary } from "../../domain/contracts/catalogue.ts";
import { standIn } from "./stand-in.ts";

/** Same key as app/components/site/welcome-dialog.tsx. */
export const WELCOME_DISMISSED_KEY = "bakery.welcomeDismissed";

export async function apiJson<T>(baseURL: string, path: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

export const catalogue = (baseURL: string) => ({
  mainCategories: async () => (await apiJson<{ data: CategoryWithSubs[] }>(baseURL, "/api/categories")).data,
  products: (query = "") => apiJson<Paginated<ProductSummary>>(baseURL, `/api/products${query}`),
  product: async (id: number) => (await apiJson<{ data: ProductDetail }>(baseURL, `/api/product/${id}`)).data,
  similar: async (id: number) =>
    (await apiJson<{ data: ProductSummary[] }>(baseURL, `/api/product-similar/${id}`)).data,
});

/**
 * The main categories (with their subcategories) as the public API lists them, read before the describe's
 * tests: a stand-in (stand-in.ts) that forwards to the list once the hook has read it.
 */
export function suiteMainCategories(baseURL: string): CategoryWithSubs[] {
  let categories: CategoryWithSubs[] | undefined;
  beforeAll(async () => {
    categories = await catalogue(baseURL).mainCategories();
  });
  return standIn("main categories", () => categories);
}

/**
 * A page whose visit already dismissed the welcome dialog (for every test that is not about it),
 * Hebrew locale, at the given viewport; `javaScript: false` for the no-JavaScript paths.
 */
export async function storePage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: { javaScript?: boolean; welcome?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: "he-IL",
    javaScriptEnabled: options.javaScript ?? true,
  });
  if (!options.welcome) {
    await context.addInitScript((key) => sessionStorage.setItem(key, "1"), WELCOME_DISMISSED_KEY);
  }
  return context.newPage();
}

/** The element that has focus, described for assertions. */
export function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? "",
      text: el?.textContent?.trim() ?? "",
      id: el?.id ?? "",
      href: el?.getAttribute("href") ?? null,
      inDialog: Boolean(el?.closest("dialog[open]")),
      outline: el ? getComputedStyle(el).outlineStyle : "",
    };
  });
}

/** Cumulative layout shift of the page so far (every shift, with or without recent input). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => resolve(total));
      }),
  );
}

/** The product ids of the grid's tiles, in order. */
export const tileIds = (page: Page) =>
  page
    .locator("main li a[href^='/product/']")
    .evaluateAll((links) => links.map((a) => Number(a.getAttribute("href")!.split("/").pop())));
