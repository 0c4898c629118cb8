/**
 * The public catalogue API (spec §7) over the demo content, on SQLite and PostgreSQL:
 * response shapes, the Laravel paginator, published-only visibility, similar products,
 * category filters and the 404/422 answers for bad ids.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type {
  CategoryDetail,
  CategorySummary,
  CategoryWithSubs,
  Paginated,
  ProductDetail,
  ProductSummary,
} from "../../domain/contracts/catalogue.ts";
import { PRODUCTS_PER_PAGE } from "../../domain/pagination.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

const PAGINATOR_KEYS = [
  "current_page",
  "data",
  "first_page_url",
  "from",
  "last_page",
  "last_page_url",
  "links",
  "next_page_url",
  "path",
  "per_page",
  "prev_page_url",
  "to",
  "total",
];

for (const factory of testDatabases()) {
  describe(`catalogue API on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true });
    let publishedCount: number;

    const json = async <T>(path: string, status = 200): Promise<T> => {
      const res = await env.t.request(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type"), path).toMatch(/application\/json/);
      return (await res.json()) as T;
    };

    beforeAll(async () => {
      const { db } = env.database.handle;
      // Unpublish one product and one main category (with its subcategories' products still published).
      const hidden = await db.selectFrom("products").select("id").orderBy("id").limit(1).executeTakeFirstOrThrow();
      await db.updateTable("products").set({ status: 0 }).where("id", "=", hidden.id).execute();
      publishedCount = Number(
        (
          await db
            .selectFrom("products")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("status", "=", 1)
            .executeTakeFirstOrThrow()
        ).n,
      );
    }, 180_000);

    const hiddenProductId = async () =>
      (
        await env.database.handle.db
          .selectFrom("products")
          .select("id")
          .where("status", "=", 0)
          .executeTakeFirstOrThrow()
      ).id;

    it("pages the published products as Laravel paginator JSON, newest first", async () => {
      const first = await json<Paginated<ProductSummary>>("/api/products");
      expect(Object.keys(first).sort()).toEqual(PAGINATOR_KEYS);
      expect(first.per_page).toBe(PRODUCTS_PER_PAGE);
      expect(first.total).toBe(publishedCount);
      expect(first.current_page).toBe(1);
      expect(first.last_page).toBe(Math.ceil(publishedCount / PRODUCTS_PER_PAGE));
      expect(first.data).toHaveLength(PRODUCTS_PER_PAGE);
      expect(first.from).toBe(1);
      expect(first.to).toBe(PRODUCTS_PER_PAGE);
      expect(first.prev_page_url).toBeNull();
      expect(first.next_page_url).toBe("/api/products?page=2");
      expect(first.first_page_url).toBe("/api/products?page=1");
      expect(first.last_page_url).toBe(`/api/products?page=${first.last_page}`);
      expect(first.links[0]).toEqual({ url: null, label: "הקודם", active: false });
      expect(first.links.at(-1)).toEqual({ url: "/api/products?page=2", label: "הבא", active: false });
      expect(first.links.find((l) => l.active)?.label).toBe("1");
      const card = first.data[0]!;
      expect(Object.keys(card).sort()).toEqual([
        "dietary",
        "id",
        "mainImage",
        "name",
        "path",
        "price_from",
        "sold_out",
        "title",
      ]);
      expect(card.mainImage?.sources.some((s) => s.type === "image/webp")).toBe(true);
      expect(card.path).toBe(card.mainImage?.url);
      expect(card.price_from).toBeGreaterThan(0);

      const last = await json<Paginated<ProductSummary>>(`/api/products?page=${first.last_page}`);
      expect(last.next_page_url).toBeNull();
      expect(last.prev_page_url).toBe(`/api/products?page=${first.last_page - 1}`);
      expect(last.to).toBe(publishedCount);
      expect(last.data.length).toBe(publishedCount - (first.last_page - 1) * PRODUCTS_PER_PAGE);

      // Every published product exactly once across the pages; never the unpublished one.
      const seen: number[] = [];
      for (let page = 1; page <= first.last_page; page++) {
        seen.push(...(await json<Paginated<ProductSummary>>(`/api/products?page=${page}`)).data.map((p) => p.id));
      }
      expect(new Set(seen).size).toBe(publishedCount);
      expect(seen).not.toContain(await hiddenProductId());
    });

    it("treats a bad page number as page 1 and a page past the end as empty, like Laravel", async () => {
      for (const bad of ["abc", "0", "-3", "1.5", "", "9".repeat(40)]) {
        const page = await json<Paginated<ProductSummary>>(`/api/products?page=${encodeURIComponent(bad)}`);
        expect(page.current_page, bad).toBe(1);
      }
      const beyond = await json<Paginated<ProductSummary>>("/api/products?page=500");
      expect(beyond.data).toEqual([]);
      expect(beyond.from).toBeNull();
      expect(beyond.to).toBeNull();
      expect(beyond.next_page_url).toBeNull();
      expect(beyond.prev_page_url).toBe(`/api/products?page=${beyond.last_page}`);
    });

    it("keeps the search term in every page URL", async () => {
      const page = await json<Paginated<ProductSummary>>(`/api/products?search=${encodeURIComponent("עוגה")}`);
      expect(page.total).toBeGreaterThan(PRODUCTS_PER_PAGE);
      expect(page.next_page_url).toBe(`/api/products?search=${encodeURIComponent("עוגה")}&page=2`);
    });

    it("filters by category: a subcategory, or a main category with all its subcategories", async () => {
      const mains = (await json<{ data: CategoryWithSubs[] }>("/api/categories")).data;
      const main = mains.find((c) => c.subCategories.length >= 2)!;
      const sub = main.subCategories[0]!;
      const { db } = env.database.handle;
      const linked = await db
        .selectFrom("category_product")
        .innerJoin("products", "products.id", "category_product.product_id")
        .select("products.id")
        .where("category_product.category_id", "=", sub.id)
        .where("products.status", "=", 1)
        .execute();
      const subPage = await json<Paginated<ProductSummary>>(`/api/products?category=${sub.id}`);
      expect(subPage.total).toBe(linked.length);
      expect(subPage.data.map((p) => p.id).sort()).toEqual(linked.map((r) => r.id).sort());
      expect(subPage.first_page_url).toBe(`/api/products?category=${sub.id}&page=1`);
      const mainPage = await json<Paginated<ProductSummary>>(`/api/products?category=${main.id}`);
      expect(mainPage.total).toBeGreaterThan(subPage.total);

      const invalid = await json<{ message: string; errors: Record<string, string[]> }>(
        "/api/products?category=abc",
        422,
      );
      expect(invalid.errors.category?.[0]).toMatch(/[\u0590-\u05FF]/);
      expect((await json<{ message: string }>("/api/products?category=999999", 404)).message).toBe("הקטגוריה לא נמצאה");
    });

    it("returns a product with categories, sizes, tags and images", async () => {
      const { data: list } = await json<Paginated<ProductSummary>>("/api/products");
      const withTags = await env.database.handle.db
        .selectFrom("tags")
        .innerJoin("products", "products.id", "tags.tagable_id")
        .select("products.id")
        .where("products.status", "=", 1)
        .executeTakeFirstOrThrow();
      for (const id of [list[0]!.id, withTags.id]) {
        const { data } = await json<{ data: ProductDetail }>(`/api/product/${id}`);
        expect(data.id).toBe(id);
        expect(data.status).toBe(1);
        expect(typeof data.serial_id).toBe("number");
        expect(data.category.length).toBeGreaterThan(0);
        expect(data.size.length).toBeGreaterThan(0);
        const prices = data.size.map((s) => s.price);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
        // Prices travel in shekels (the spec's unit); the database keeps integer agorot.
        const stored = await env.database.handle.db
          .selectFrom("sizes")
          .select(["id", "price"])
          .where("product_id", "=", id)
          .execute();
        for (const size of data.size)
          expect(size.price * 100).toBeCloseTo(stored.find((s) => s.id === size.id)!.price, 6);
        expect(data.images.length).toBeGreaterThan(0);
        expect(data.mainImage?.id).toBe(data.images[0]!.id);
        expect(data.images[0]!.path).toMatch(/^\/uploads\//);
        for (const tag of data.tag) expect(["אדום", "כחול", "כתום"]).toContain(tag.color);
      }
      const tagged = (await json<{ data: ProductDetail }>(`/api/product/${withTags.id}`)).data;
      expect(tagged.tag.length).toBeGreaterThan(0);
    });

    it("answers 404 in Hebrew for unknown, unpublished and malformed product ids", async () => {
      for (const id of ["999999", String(await hiddenProductId()), "abc", "0", "99999999999", "1e3"]) {
        const body = await json<{ message: string }>(`/api/product/${id}`, 404);
        expect(body.message, id).toBe("המוצר לא נמצא");
        await json(`/api/product-similar/${id}`, 404);
      }
    });

    it("suggests similar products: sharing categories, most shared first, never the product itself", async () => {
      const { db } = env.database.handle;
      const categoriesOf = async (id: number) =>
        (await db.selectFrom("category_product").select("category_id").where("product_id", "=", id).execute()).map(
          (r) => r.category_id,
        );
      const { data: list } = await json<Paginated<ProductSummary>>("/api/products");
      for (const product of list.slice(0, 4)) {
        const mine = new Set(await categoriesOf(product.id));
        const { data } = await json<{ data: ProductSummary[] }>(`/api/product-similar/${product.id}`);
        expect(data.length).toBeGreaterThan(0);
        expect(data.length).toBeLessThanOrEqual(4);
        expect(data.map((p) => p.id)).not.toContain(product.id);
        expect(data.map((p) => p.id)).not.toContain(await hiddenProductId());
        const shared: number[] = [];
        for (const other of data) shared.push((await categoriesOf(other.id)).filter((c) => mine.has(c)).length);
        expect(Math.min(...shared)).toBeGreaterThan(0);
        expect(shared).toEqual([...shared].sort((a, b) => b - a));
      }
    });

    it("lists home products and home categories, with and without the trailing slash", async () => {
      const withSlash = await json<{ data: ProductSummary[] }>("/api/product-home/");
      const without = await json<{ data: ProductSummary[] }>("/api/product-home");
      expect(withSlash).toEqual(without);
      expect(withSlash.data.length).toBeGreaterThanOrEqual(6);
      const flagged = await env.database.handle.db
        .selectFrom("products")
        .select("id")
        .where("visibility_home_page", "=", 1)
        .where("status", "=", 1)
        .execute();
      expect(withSlash.data.map((p) => p.id).sort()).toEqual(flagged.map((r) => r.id).sort());

      const homeCategories = await json<{ data: CategorySummary[] }>("/api/categories-home/");
      expect(homeCategories.data.length).toBeGreaterThanOrEqual(4);
      expect(homeCategories.data.every((c) => c.mainImage !== null)).toBe(true);
    });

    it("lists main categories with subcategories, all categories, and a category with its products", async () => {
      const mains = (await json<{ data: CategoryWithSubs[] }>("/api/categories")).data;
      expect(mains.length).toBeGreaterThanOrEqual(6);
      expect(mains.every((c) => c.is_main && c.parent_id === null && c.subCategories.length > 0)).toBe(true);
      const all = (await json<{ data: CategoryWithSubs[] }>("/api/all_categories")).data;
      const subCount = mains.reduce((n, c) => n + c.subCategories.length, 0);
      expect(all.length).toBe(mains.length + subCount);

      const main = mains[0]!;
      const { data } = await json<{ data: CategoryDetail }>(`/api/category/${main.id}`);
      expect(data.name).toBe(main.name);
      expect(data.parent).toBeNull();
      expect(data.subCategories).toEqual(main.subCategories);
      expect(data.products.length).toBeGreaterThan(0);
      const sub = (await json<{ data: CategoryDetail }>(`/api/category/${main.subCategories[0]!.id}`)).data;
      expect(sub.parent).toEqual({ id: main.id, name: main.name });
      expect(sub.products.length).toBeGreaterThan(0);
      expect(sub.products.length).toBeLessThanOrEqual(data.products.length);
      for (const id of ["999999", "abc", "99999999999"]) {
        expect((await json<{ message: string }>(`/api/category/${id}`, 404)).message).toBe("הקטגוריה לא נמצאה");
      }
    });

    it("hides an unpublished main category together with its subcategories", async () => {
      const { db } = env.database.handle;
      const mains = (await json<{ data: CategoryWithSubs[] }>("/api/categories")).data;
      const victim = mains.at(-1)!;
      // A product in one of its subcategories lists it until then.
      const sub = victim.subCategories[0]!;
      const inSub = (await json<Paginated<ProductSummary>>(`/api/products?category=${sub.id}`)).data[0]!;
      const categoriesOf = async (id: number) =>
        (await json<{ data: ProductDetail }>(`/api/product/${id}`)).data.category.map((c) => c.id);
      expect(await categoriesOf(inSub.id)).toContain(sub.id);
      await db.updateTable("categories").set({ status: 0 }).where("id", "=", victim.id).execute();
      try {
        const listed = await categoriesOf(inSub.id);
        expect(listed).not.toContain(sub.id);
        expect(listed).not.toContain(victim.id);
        const after = (await json<{ data: CategoryWithSubs[] }>("/api/categories")).data;
        expect(after.map((c) => c.id)).not.toContain(victim.id);
        const all = (await json<{ data: CategoryWithSubs[] }>("/api/all_categories")).data.map((c) => c.id);
        for (const sub of victim.subCategories) {
          expect(all).not.toContain(sub.id);
          await json(`/api/category/${sub.id}`, 404);
          await json(`/api/products?category=${sub.id}`, 404);
        }
        await json(`/api/category/${victim.id}`, 404);
      } finally {
        await db.updateTable("categories").set({ status: 1 }).where("id", "=", victim.id).execute();
      }
      // A category outside its publication window is not listed either.
      await db
        .updateTable("categories")
        .set({ ends_at: "2020-01-01T00:00:00.000Z" })
        .where("id", "=", sub.id)
        .execute();
      try {
        expect(await categoriesOf(inSub.id)).not.toContain(sub.id);
      } finally {
        await db.updateTable("categories").set({ ends_at: null }).where("id", "=", sub.id).execute();
      }
      expect(await categoriesOf(inSub.id)).toContain(sub.id);
    });
  });
}
