/**
 * The foundation on each database: migrations create the data model with its constraints,
 * the demo content loads, and the HTTP shell answers (health, uploads, unknown API paths).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "../../server/db/seed/index.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";

const TABLES = [
  "users",
  "sessions",
  "site_settings",
  "categories",
  "products",
  "category_product",
  "sizes",
  "tags",
  "images",
  "branches",
  "sales",
  "publications",
  "clients",
  "contact_requests",
  "rate_limits",
] as const;

for (const factory of testDatabases()) {
  describe(`foundation on ${factory.name}`, () => {
    let database: TestDatabase;
    let t: TestApp;

    beforeAll(async () => {
      database = await factory.create();
      t = createTestApp(database);
      await seedDemoContent(database.handle, t.services, { imageScale: 0.25 });
    });
    afterAll(async () => {
      t?.dispose();
      await database?.dispose();
    });

    it("creates every table of the data model", async () => {
      for (const table of TABLES) {
        const rows = await database.handle.db.selectFrom(table).selectAll().limit(1).execute();
        expect(Array.isArray(rows), table).toBe(true);
      }
    });

    it("loads the demo content: categories, products, branches, sales, publications", async () => {
      const { db } = database.handle;
      const count = async (table: (typeof TABLES)[number]) =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const mains = await db.selectFrom("categories").select("id").where("is_main", "=", 1).execute();
      expect(mains.length).toBeGreaterThanOrEqual(6);
      for (const main of mains) {
        const subs = await db.selectFrom("categories").select("id").where("parent_id", "=", main.id).execute();
        expect(subs.length).toBeGreaterThanOrEqual(2);
        expect(subs.length).toBeLessThanOrEqual(4);
      }
      expect(await count("products")).toBeGreaterThanOrEqual(40);
      expect(await count("branches")).toBeGreaterThanOrEqual(3);
      expect(await count("sales")).toBeGreaterThanOrEqual(4);
      expect(await count("publications")).toBeGreaterThanOrEqual(6);
      const home = await db.selectFrom("products").select("id").where("visibility_home_page", "=", 1).execute();
      expect(home.length).toBeGreaterThanOrEqual(6);
      const colours = await db.selectFrom("tags").select("color").distinct().execute();
      expect(colours.map((c) => c.color).sort()).toEqual(["אדום", "כחול", "כתום"].sort());
      // Every product has at least one size with a positive price in agorot, and an image.
      const withoutSize = await db
        .selectFrom("products")
        .select("id")
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom("sizes").select("sizes.id").whereRef("sizes.product_id", "=", "products.id"))),
        )
        .execute();
      expect(withoutSize).toEqual([]);
      const images = await db.selectFrom("images").select(["owner_type", "variants", "width", "height"]).execute();
      expect(images.filter((i) => i.owner_type === "product").length).toBeGreaterThanOrEqual(40);
      for (const image of images) {
        const variants = JSON.parse(image.variants) as { format: string }[];
        expect(variants.some((v) => v.format === "webp")).toBe(true);
        expect(variants.some((v) => v.format === "jpeg")).toBe(true);
        expect(image.width).toBeGreaterThan(0);
      }
    });

    it("keeps referential integrity and unique e-mails", async () => {
      const { db } = database.handle;
      await expect(
        db.insertInto("category_product").values({ category_id: 999_999, product_id: 999_999 }).execute(),
      ).rejects.toThrow();
      const now = new Date().toISOString();
      await db
        .insertInto("clients")
        .values({ email: "dup@example.co.il", source: "site", created_at: now, updated_at: now })
        .execute();
      await expect(
        db
          .insertInto("clients")
          .values({ email: "dup@example.co.il", source: "site", created_at: now, updated_at: now })
          .execute(),
      ).rejects.toThrow();
    });

    it("deletes a product's sizes and category links with it", async () => {
      const { db } = database.handle;
      const product = await db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow();
      await db.deleteFrom("products").where("id", "=", product.id).execute();
      expect(await db.selectFrom("sizes").select("id").where("product_id", "=", product.id).execute()).toEqual([]);
      expect(
        await db.selectFrom("category_product").select("category_id").where("product_id", "=", product.id).execute(),
      ).toEqual([]);
    });

    it("reports database health", async () => {
      const res = await t.request("/healthz");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok", database: factory.name });
    });

    it("serves stored image variants with immutable caching", async () => {
      const image = await database.handle.db.selectFrom("images").select("variants").executeTakeFirstOrThrow();
      const [variant] = JSON.parse(image.variants) as { key: string }[];
      const res = await t.request(`/uploads/${variant!.key}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("content-type")).toMatch(/^image\//);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(500);
      expect((await t.request("/uploads/products/nope/w320.webp")).status).toBe(404);
    });

    it("adds AVIF variants in the background step", async () => {
      const { db } = database.handle;
      const before = await db.selectFrom("images").select("id").where("variants", "like", '%"avif"%').execute();
      expect(before).toEqual([]);
      const controller = new AbortController();
      // Encode a couple of images, then stop: the step is resumable.
      setTimeout(() => controller.abort(), 1500);
      const done = await t.services.images.backfillAvif(controller.signal);
      expect(done).toBeGreaterThan(0);
      const after = await db.selectFrom("images").select("variants").where("variants", "like", '%"avif"%').execute();
      expect(after.length).toBe(done);
    });

    it("answers unknown API paths with a JSON 404 in Hebrew", async () => {
      const res = await t.request("/api/no-such-thing");
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "לא נמצא" });
    });
  });
}
