/**
 * The lists' sort and the category pages' filter (issue 29), on SQLite and PostgreSQL: `?sort=` orders the grid,
 * the API, search results (exact matches still before similar ones) and a category page the same way on both
 * databases (prices without sizes last, names in Hebrew order); a category page filters by kashrut and allergens
 * through the grid's own rule (a product whose allergens are not stated is never "without" anything); its forms
 * land on the results (`#results`); an unknown sort is ignored by the page and dropped from the page-cache key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareProducts, PRODUCT_SORTS, type ProductSort, type SortKeys } from "../../domain/catalogue-sort.ts";
import type { AdminProduct } from "../../domain/contracts/admin.ts";
import type { Paginated, ProductSummary } from "../../domain/contracts/catalogue.ts";
import { type CatalogueFilter, matchesFilter } from "../../domain/kashrut.ts";
import { allergenCodes, dietaryOf } from "../../server/services/kashrut.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

/** A published product's sort keys and kashrut facts, read from the database: the expected results. */
type Row = SortKeys & { dietary: string | null; allergen_status: string; allergens: string; may_contain: string };

/** The product links of the page's results region, in order (each tile links once). */
function resultIds(html: string): number[] {
  const start = html.indexOf('id="results"');
  expect(start, "the results region").toBeGreaterThan(-1);
  const region = html.slice(start, html.indexOf("</main>", start));
  return [...region.matchAll(/href="\/product\/(\d+)"/g)].map((m) => Number(m[1]));
}

const admits = (row: Row, filter: CatalogueFilter) =>
  matchesFilter(
    row.allergen_status === "not_stated"
      ? { dietary: dietaryOf(row.dietary), allergens: null, may_contain: null }
      : {
          dietary: dietaryOf(row.dietary),
          allergens: allergenCodes(row.allergens),
          may_contain: allergenCodes(row.may_contain),
        },
    filter,
  );

for (const factory of testDatabases()) {
  describe(`catalogue sort and category filters on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, pages: true, clients: { admin: "admin" } });
    let published: Row[];
    /** The main category "עוגות" and the products of it and its subcategories. */
    let cakes: { id: number; products: Set<number> };

    const json = async <T>(path: string, status = 200): Promise<T> => {
      const res = await env.t.request(path);
      expect(res.status, path).toBe(status);
      return (await res.json()) as T;
    };
    const allPages = async (path: string): Promise<ProductSummary[]> => {
      const items: ProductSummary[] = [];
      let next: string | null = path;
      while (next) {
        const page: Paginated<ProductSummary> = await json(next);
        items.push(...page.data);
        next = page.next_page_url;
      }
      return items;
    };
    const ordered = (rows: Row[], sort: ProductSort) => [...rows].sort(compareProducts(sort)).map((r) => r.id);
    const page = (path: string) => new TestClient(env.t).fetch(path);

    async function readPublished() {
      const db = env.database.handle.db;
      const now = new Date().toISOString();
      const rows = await db
        .selectFrom("products")
        .select(["id", "name", "created_at", "dietary", "allergen_status", "allergens", "may_contain"])
        .where("status", "=", 1)
        .where((eb) => eb.or([eb("starts_at", "is", null), eb("starts_at", "<=", now)]))
        .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
        .execute();
      const sizes = await db.selectFrom("sizes").select(["product_id", "price"]).execute();
      const lowest = new Map<number, number>();
      for (const size of sizes) {
        const price = Number(size.price);
        lowest.set(size.product_id, Math.min(price, lowest.get(size.product_id) ?? price));
      }
      published = rows.map((r) => ({ ...r, created_at: String(r.created_at), price: lowest.get(r.id) ?? null }));
    }

    beforeAll(async () => {
      const db = env.database.handle.db;
      const main = await db.selectFrom("categories").select("id").where("name", "=", "עוגות").executeTakeFirstOrThrow();
      const subs = await db.selectFrom("categories").select("id").where("parent_id", "=", main.id).execute();
      const links = await db
        .selectFrom("category_product")
        .select("product_id")
        .where("category_id", "in", [main.id, ...subs.map((s) => s.id)])
        .execute();
      cakes = { id: main.id, products: new Set(links.map((l) => l.product_id)) };
      await readPublished();
    }, 180_000);

    it("the API orders every page by each sort; no sort is newest first; an unknown sort is a 422", async () => {
      const byId = new Map(published.map((r) => [r.id, r]));
      for (const sort of PRODUCT_SORTS) {
        const items = await allPages(`/api/products?sort=${sort}`);
        expect(
          items.map((p) => p.id),
          sort,
        ).toEqual(ordered(published, sort));
        // The paginator's links keep the sort.
        const first = await json<Paginated<ProductSummary>>(`/api/products?sort=${sort}`);
        expect(first.next_page_url).toContain(`sort=${sort}`);
        if (sort === "price_asc" || sort === "price_desc") {
          const prices = items.map((p) => p.price_from);
          const priced = prices.filter((p) => p !== null);
          // Products without a price come last, either way.
          expect(prices.slice(0, priced.length).every((p) => p !== null)).toBe(true);
          const steps = priced.slice(1).map((p, i) => p - priced[i]!);
          expect(steps.every((d) => (sort === "price_asc" ? d >= 0 : d <= 0))).toBe(true);
          expect(new Set(priced).size).toBeGreaterThan(3);
        }
        if (sort === "name") {
          const names = items.map((p) => byId.get(p.id)!.name);
          expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "he", { numeric: true })));
        }
      }
      expect((await allPages("/api/products")).map((p) => p.id)).toEqual(ordered(published, "newest"));
      const bad = await env.t.request("/api/products?sort=cheapest");
      expect(bad.status).toBe(422);
      expect(JSON.stringify(await bad.json())).toMatch(/[\u0590-\u05FF]/);
    });

    it("a search keeps its exact matches first and sorts each part; the page's grid sorts the same", async () => {
      const text = "עוגה";
      const hits = await env.t.services.search.search(text);
      const live = new Map(published.map((r) => [r.id, r]));
      const rowsOf = (exact: boolean) =>
        hits.filter((h) => (h.tier !== "fuzzy") === exact && live.has(h.id)).map((h) => live.get(h.id)!);
      expect(rowsOf(true).length).toBeGreaterThan(2);
      const expected = [...ordered(rowsOf(true), "price_desc"), ...ordered(rowsOf(false), "price_desc")];
      const items = await allPages(`/api/products?search=${encodeURIComponent(text)}&sort=price_desc`);
      expect(items.map((p) => p.id)).toEqual(expected);
      // The page: its first 12, and the sort form shows the choice.
      const html = await (await page(`/products?search=${encodeURIComponent(text)}&sort=price_desc`)).text();
      expect(resultIds(html)).toEqual(expected.slice(0, 12));
      expect(html).toMatch(/<option[^>]*value="price_desc"[^>]*selected=""/);
    });

    it("a category page sorts and filters its products, and its forms land on the results", async () => {
      const inCategory = published.filter((r) => cakes.products.has(r.id));
      expect(inCategory.length).toBeGreaterThan(4);

      const sorted = await page(`/categories/${cakes.id}?sort=price_asc`);
      expect(sorted.status).toBe(200);
      const sortedHtml = await sorted.text();
      expect(resultIds(sortedHtml)).toEqual(ordered(inCategory, "price_asc").slice(0, 24));
      // Plain GET forms to the page itself, landing on the results; each keeps the other's choice.
      expect(sortedHtml).toMatch(
        new RegExp(
          `<form(?=[^>]*method="get")(?=[^>]*action="/categories/${cakes.id}#results")[^>]*data-testid="product-filter"`,
        ),
      );
      expect(sortedHtml).toMatch(
        new RegExp(
          `<form(?=[^>]*method="get")(?=[^>]*action="/categories/${cakes.id}#results")[^>]*data-testid="sort-form"`,
        ),
      );
      expect(sortedHtml).toMatch(/<input type="hidden" name="sort" value="price_asc"\/>/);
      expect(sortedHtml).toContain('id="results" tabindex="-1"');
      // Sorted views are variations of the category page: out of the index.
      expect(sortedHtml).toMatch(/<meta name="robots" content="noindex/);

      const filter: CatalogueFilter = { dietary: "dairy", without: ["tree_nuts"] };
      const filtered = await page(`/categories/${cakes.id}?dietary=dairy&without=tree_nuts&sort=price_desc`);
      const html = await filtered.text();
      const expected = ordered(
        inCategory.filter((r) => admits(r, filter)),
        "price_desc",
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(inCategory.length);
      expect(resultIds(html)).toEqual(expected.slice(0, 24));
      expect(html).toMatch(/<input(?=[^>]*name="dietary")(?=[^>]*value="dairy")[^>]*checked=""/);
      expect(html).toMatch(/<input(?=[^>]*name="without")(?=[^>]*value="tree_nuts")[^>]*checked=""/);
      // The sort form carries the filter; removing one filter keeps the rest, the sort and the landing.
      expect(html).toMatch(/<input type="hidden" name="dietary" value="dairy"\/>/);
      expect(html).toContain(`href="/categories/${cakes.id}?sort=price_desc&amp;without=tree_nuts#results"`);

      // Nothing matches: said so, with a way back; no 500.
      const none = await page(`/categories/${cakes.id}?dietary=meat`);
      expect(none.status).toBe(200);
      expect(resultIds(await none.text())).toEqual([]);
    });

    it("an unknown or repeated sort is ignored and kept under the page's own key", async () => {
      const visitor = new TestClient(env.t);
      for (const path of [`/categories/${cakes.id}`, "/products"]) {
        const plain = await visitor.fetch(path);
        expect(plain.status).toBe(200);
        const body = await plain.text();
        const bogus = await visitor.fetch(`${path}?sort=cheapest`);
        expect(bogus.status, path).toBe(200);
        // The same entry as the page without a sort: the unknown value is not part of the key.
        expect(bogus.headers.get("x-cache"), path).toBe("hit");
        expect(await bogus.text()).toBe(body);
      }
      // The first value is the one read, as the page reads it.
      const sorted = await visitor.fetch(`/categories/${cakes.id}?sort=name`);
      const sortedBody = await sorted.text();
      const repeated = await visitor.fetch(`/categories/${cakes.id}?sort=name&sort=cheapest`);
      expect(repeated.headers.get("x-cache")).toBe("hit");
      expect(await repeated.text()).toBe(sortedBody);
      // Filters in any spelling share the sort's entry too.
      await visitor.fetch(`/categories/${cakes.id}?sort=name&without=sesame&without=eggs`);
      const same = await visitor.fetch(`/categories/${cakes.id}?without=eggs,sesame,bogus&sort=name`);
      expect(same.headers.get("x-cache")).toBe("hit");
    });

    describe("a product whose allergens are not stated", () => {
      let product: AdminProduct;
      beforeAll(async () => {
        const res = await env.admin.fetch("/api/admin/products", {
          method: "POST",
          json: { name: "עוגת שמרים ביתית", title: "עוגת שמרים", serial_id: 778_201, status: 1, dietary: "dairy" },
        });
        expect(res.status).toBe(201);
        product = ((await res.json()) as { data: AdminProduct }).data;
        expect(product.allergen_status).toBe("not_stated");
        const linked = await env.admin.fetch(`/api/admin/product/${product.id}/category`, {
          method: "POST",
          json: { categories: [cakes.id] },
        });
        expect(linked.status).toBeLessThan(300);
      });
      afterAll(async () => {
        await env.admin.fetch(`/api/admin/products/${product.id}`, { method: "DELETE" });
      });

      it("is listed on its category page, but never under a 'without' filter there", async () => {
        expect(resultIds(await (await page(`/categories/${cakes.id}`)).text())[0]).toBe(product.id);
        expect(resultIds(await (await page(`/categories/${cakes.id}?dietary=dairy`)).text())).toContain(product.id);
        for (const query of ["without=lupin", "without=celery&dietary=dairy&sort=newest"]) {
          const html = await (await page(`/categories/${cakes.id}?${query}`)).text();
          expect(resultIds(html), query).not.toContain(product.id);
        }
      });
    });
  });
}
