/**
 * The back office's JSON API (issue 6) on every test database: guards (401/403), validation (422 with
 * Hebrew messages under each field), 404s, list parameters (search, sort, paging), the spec §8 messages,
 * category/product rules, club members with CSV export, branches, sales, publications, the contact
 * inbox, site settings and the panel's figures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AdminCategory,
  AdminCategoryRow,
  AdminClient,
  AdminProduct,
  AdminProductRow,
  Paginated,
} from "../../domain/contracts/admin.ts";
import { heAdmin } from "../../domain/i18n/admin.ts";
import { heApi } from "../../domain/i18n/api.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { createThroughApi, loginAs } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";

const HEBREW = /[\u0590-\u05FF]/;

type Json = Record<string, unknown>;

async function body<T = Json>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

const product = (over: Json = {}) => ({
  name: "חלת שמרים",
  title: "חלה קלועה לשבת",
  content: "חלה רכה ואוורירית, נאפית כל יום שישי",
  serial_id: 500_001,
  status: 1,
  visibility_home_page: true,
  ...over,
});

/** A fresh app (and rate-limit counters) per group, with an admin, an editor and a visitor. */
function group(getDatabase: () => TestDatabase) {
  const ctx = {} as { t: TestApp; admin: TestClient; editor: TestClient; visitor: TestClient };
  beforeAll(async () => {
    const database = getDatabase();
    await database.handle.db.deleteFrom("rate_limits").execute();
    ctx.t = createTestApp(database);
    ctx.admin = new TestClient(ctx.t);
    ctx.editor = new TestClient(ctx.t);
    ctx.visitor = new TestClient(ctx.t);
    await loginAs(ctx.admin, ctx.t.services, "admin");
    await loginAs(ctx.editor, ctx.t.services, "editor");
  });
  afterAll(() => ctx.t?.dispose());
  return ctx;
}

for (const factory of testDatabases()) {
  describe(`admin API on ${factory.name}`, () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await factory.create();
    });
    afterAll(async () => {
      await database?.dispose();
    });

    describe("guards", () => {
      const ctx = group(() => database);
      const ENDPOINTS: [string, string, Json?][] = [
        ["GET", "/api/admin/products"],
        ["GET", "/api/admin/products/1"],
        ["POST", "/api/admin/products", product()],
        ["PUT", "/api/admin/products/1", product()],
        ["DELETE", "/api/admin/products/1"],
        ["POST", "/api/admin/product/1/category", { categories: [] }],
        ["POST", "/api/admin/tags", { name: "x", color: "אדום", tagable_id: 1 }],
        ["DELETE", "/api/admin/tags/1"],
        ["POST", "/api/admin/sizes", { name: "x", price: 1, product_id: 1 }],
        ["DELETE", "/api/admin/sizes/1"],
        ["GET", "/api/admin/images?type=product&id=1"],
        ["POST", "/api/admin/images"],
        ["POST", "/api/upload/image"],
        ["PUT", "/api/admin/images/order", { type: "product", id: 1, order: [1] }],
        ["DELETE", "/api/admin/images/1"],
        ["POST", "/api/delete_image/1"],
        ["GET", "/api/admin/categories"],
        ["GET", "/api/admin/categories/options"],
        ["POST", "/api/admin/categories", { name: "x" }],
        ["PUT", "/api/admin/categories/1", { name: "x" }],
        ["DELETE", "/api/admin/categories/1"],
        ["GET", "/api/clients"],
        ["GET", "/api/clients/1"],
        ["GET", "/api/clients/export"],
        ["POST", "/api/clients", { email: "a@example.co.il" }],
        ["PUT", "/api/clients/1", { email: "a@example.co.il" }],
        ["DELETE", "/api/clients/1"],
        ["GET", "/api/admin/branches"],
        ["POST", "/api/admin/branches", { name: "x" }],
        ["GET", "/api/admin/sales"],
        ["DELETE", "/api/admin/sales/1"],
        ["GET", "/api/admin/publications"],
        ["PUT", "/api/admin/publications/1", { name: "x" }],
        ["GET", "/api/admin/contact-requests"],
        ["PUT", "/api/admin/contact-requests/1", { handled: true }],
        ["DELETE", "/api/admin/contact-requests/1"],
        ["GET", "/api/admin/settings"],
        ["PUT", "/api/admin/settings", { brand_name: "x" }],
        ["GET", "/api/admin/dashboard"],
        ["GET", "/api/admin/no-such-thing"],
      ];

      it("answers 401 with a Hebrew message to every admin endpoint without a session", async () => {
        for (const [method, path, json] of ENDPOINTS) {
          const res = await ctx.visitor.fetch(path, { method, ...(json ? { json } : {}) });
          expect(res.status, `${method} ${path}`).toBe(401);
          expect((await body(res)).message).toMatch(HEBREW);
        }
      });

      it("answers 403 to an editor for club members, contact requests and settings", async () => {
        const forbidden = ENDPOINTS.filter(([, path]) => /clients|contact-requests|settings/.test(path));
        expect(forbidden.length).toBeGreaterThanOrEqual(10);
        for (const [method, path, json] of forbidden) {
          const res = await ctx.editor.fetch(path, { method, ...(json ? { json } : {}) });
          expect(res.status, `${method} ${path}`).toBe(403);
          expect((await body(res)).message).toMatch(HEBREW);
        }
      });

      it("lets an editor manage the catalogue and see a panel without members or requests", async () => {
        for (const path of [
          "/api/admin/products",
          "/api/admin/categories",
          "/api/admin/branches",
          "/api/admin/sales",
          "/api/admin/publications",
        ]) {
          expect((await ctx.editor.fetch(path)).status, path).toBe(200);
        }
        const created = await ctx.editor.fetch("/api/admin/products", { method: "POST", json: product() });
        expect(created.status).toBe(201);
        const panel = await body<{ data: { counts: Json; latestClients?: unknown } }>(
          await ctx.editor.fetch("/api/admin/dashboard"),
        );
        expect(panel.data.counts.products).toBe(1);
        expect(panel.data.counts.clients).toBeUndefined();
        expect(panel.data.latestClients).toBeUndefined();
      });

      it("needs the XSRF token on admin writes (419)", async () => {
        const res = await ctx.admin.fetch("/api/admin/products", { method: "POST", json: product(), xsrf: false });
        expect(res.status).toBe(419);
      });

      it("answers 404 for unknown ids and non-numeric ids, and 400 for malformed JSON", async () => {
        const jsonFor = (path: string) =>
          path.includes("contact")
            ? { handled: true }
            : path.includes("categories")
              ? { name: "x", status: 1 }
              : product();
        for (const [method, path] of [
          ["GET", "/api/admin/products/999999"],
          ["PUT", "/api/admin/products/999999"],
          ["DELETE", "/api/admin/products/999999"],
          ["GET", "/api/admin/categories/999999"],
          ["PUT", "/api/admin/categories/999999"],
          ["DELETE", "/api/admin/categories/999999"],
          ["GET", "/api/clients/999999"],
          ["DELETE", "/api/clients/999999"],
          ["DELETE", "/api/admin/sizes/999999"],
          ["DELETE", "/api/admin/tags/999999"],
          ["DELETE", "/api/admin/images/999999"],
          ["POST", "/api/delete_image/999999"],
          ["GET", "/api/admin/branches/999999"],
          ["GET", "/api/admin/sales/999999"],
          ["PUT", "/api/admin/contact-requests/999999"],
          ["GET", "/api/admin/products/abc"],
          ["POST", "/api/admin/product/999999/category"],
        ] as const) {
          const json = method === "PUT" ? jsonFor(path) : undefined;
          const res = await ctx.admin.fetch(path, {
            method,
            ...(json ? { json } : method === "POST" ? { json: { categories: [] } } : {}),
          });
          expect(res.status, `${method} ${path}`).toBe(404);
          // The categories' writes find a missing row by the write itself: still the one Hebrew "not found".
          if (path.includes("categories")) expect((await body(res)).message, `${method} ${path}`).toBe(heApi.notFound);
        }
        const bad = await ctx.admin.fetch("/api/admin/products", {
          method: "POST",
          body: "{ not json",
          headers: { "Content-Type": "application/json" },
        });
        expect(bad.status).toBe(400);
        expect((await body(bad)).message).toMatch(HEBREW);
      });
    });

    describe("products", () => {
      const ctx = group(() => database);

      it("creates a product (201, Hebrew message), status 1 by default, serial_id a number, search text in step", async () => {
        const { status: _status, ...withoutStatus } = product({ serial_id: "700100" });
        const res = await ctx.admin.fetch("/api/admin/products", {
          method: "POST",
          json: { ...withoutStatus, id: 424242, role: "admin", created_at: "1999-01-01" },
        });
        expect(res.status).toBe(201);
        const { message, data } = await body<{ message: string; data: AdminProduct }>(res);
        expect(message).toBe("המוצר נשמר בהצלחה");
        expect(data.id).not.toBe(424242);
        expect(data.serial_id).toBe(700100);
        expect(data.status).toBe(1);
        expect(data.visibility_home_page).toBe(true);
        expect(data.created_at).not.toMatch(/^1999/);
        const row = await database.handle.db
          .selectFrom("products")
          .select("search_text")
          .where("id", "=", data.id)
          .executeTakeFirstOrThrow();
        expect(row.search_text).toContain("חלת");
        expect(row.search_text).toContain("קלועה");
      });

      it("refuses invalid products with Hebrew messages under each field (422)", async () => {
        const res = await ctx.admin.fetch("/api/admin/products", {
          method: "POST",
          json: { name: " ", serial_id: "12ab", status: 7 },
        });
        expect(res.status).toBe(422);
        const { message, errors } = await body<{ message: string; errors: Record<string, string[]> }>(res);
        expect(message).toMatch(HEBREW);
        expect(Object.keys(errors).sort()).toEqual(["name", "serial_id", "status", "title"]);
        expect(errors.name![0]).toBe("יש למלא שם");
        expect(errors.title![0]).toBe("יש למלא כותרת");
        expect(errors.serial_id![0]).toBe("מק״ט חייב להיות מספר שלם");
        for (const list of Object.values(errors)) expect(list[0]).toMatch(HEBREW);
      });

      it("refuses a serial number that another product already has", async () => {
        await ctx.admin.fetch("/api/admin/products", { method: "POST", json: product({ serial_id: 800_001 }) });
        const res = await ctx.admin.fetch("/api/admin/products", {
          method: "POST",
          json: product({ name: "אחר", serial_id: 800_001 }),
        });
        expect(res.status).toBe(422);
        expect((await body<{ errors: Json }>(res)).errors.serial_id).toBeDefined();
      });

      it("updates a product (keeps the path id, refreshes the search text), and 422 on bad input", async () => {
        const { data } = await body<{ data: AdminProduct }>(
          await ctx.admin.fetch("/api/admin/products", { method: "POST", json: product({ serial_id: 810_000 }) }),
        );
        const res = await ctx.admin.fetch(`/api/admin/products/${data.id}`, {
          method: "PUT",
          json: product({ id: 1, name: "רוגלך שוקולד", serial_id: 810_000, status: 0, visibility_home_page: false }),
        });
        expect(res.status).toBe(200);
        const updated = await body<{ message: string; data: AdminProduct }>(res);
        expect(updated.message).toBe("המוצר עודכן בהצלחה");
        expect(updated.data).toMatchObject({
          id: data.id,
          name: "רוגלך שוקולד",
          status: 0,
          visibility_home_page: false,
        });
        const row = await database.handle.db
          .selectFrom("products")
          .select("search_text")
          .where("id", "=", data.id)
          .executeTakeFirstOrThrow();
        expect(row.search_text).toContain("שוקולד");
        const bad = await ctx.admin.fetch(`/api/admin/products/${data.id}`, { method: "PUT", json: { name: "x" } });
        expect(bad.status).toBe(422);
      });

      it("adds and removes sizes (price in shekels, stored in agorot) and coloured tags", async () => {
        const { data } = await body<{ data: AdminProduct }>(
          await ctx.admin.fetch("/api/admin/products", { method: "POST", json: product({ serial_id: 820_000 }) }),
        );
        const size = await ctx.admin.fetch("/api/admin/sizes", {
          method: "POST",
          json: { name: "גדולה", price: "42.50", product_id: data.id },
        });
        expect(size.status).toBe(201);
        const sizeBody = await body<{ data: { id: number; price: number } }>(size);
        expect(sizeBody.data.price).toBe(42.5);
        const stored = await database.handle.db
          .selectFrom("sizes")
          .select("price")
          .where("id", "=", sizeBody.data.id)
          .executeTakeFirstOrThrow();
        expect(stored.price).toBe(4250);

        const badSize = await ctx.admin.fetch("/api/admin/sizes", {
          method: "POST",
          json: { name: "", price: "12.345", product_id: 999_999 },
        });
        expect(badSize.status).toBe(422);
        const sizeErrors = (await body<{ errors: Json }>(badSize)).errors;
        expect(Object.keys(sizeErrors).sort()).toEqual(["name", "price"]);
        const missingProduct = await ctx.admin.fetch("/api/admin/sizes", {
          method: "POST",
          json: { name: "קטנה", price: 10, product_id: 999_999 },
        });
        expect(missingProduct.status).toBe(422);
        expect((await body<{ errors: Json }>(missingProduct)).errors.product_id).toBeDefined();

        const tag = await ctx.admin.fetch("/api/admin/tags", {
          method: "POST",
          json: { name: "חלבי", color: "כחול", tagable_id: data.id, tagable_type: "App\\Models\\Product" },
        });
        expect(tag.status).toBe(201);
        const tagBody = await body<{ data: { id: number; tagable_type: string } }>(tag);
        expect(tagBody.data.tagable_type).toBe("product");
        const badTag = await ctx.admin.fetch("/api/admin/tags", {
          method: "POST",
          json: { name: "x", color: "ירוק", tagable_id: data.id },
        });
        expect(badTag.status).toBe(422);
        expect((await body<{ errors: Record<string, string[]> }>(badTag)).errors.color![0]).toMatch(HEBREW);

        const full = await body<{ data: AdminProduct }>(await ctx.admin.fetch(`/api/admin/products/${data.id}`));
        expect(full.data.size).toEqual([{ id: sizeBody.data.id, name: "גדולה", price: 42.5, product_id: data.id }]);
        expect(full.data.tag.map((t) => [t.name, t.color])).toEqual([["חלבי", "כחול"]]);

        expect((await ctx.admin.fetch(`/api/admin/sizes/${sizeBody.data.id}`, { method: "DELETE" })).status).toBe(200);
        expect((await ctx.admin.fetch(`/api/admin/tags/${tagBody.data.id}`, { method: "DELETE" })).status).toBe(200);
        const after = await body<{ data: AdminProduct }>(await ctx.admin.fetch(`/api/admin/products/${data.id}`));
        expect(after.data.size).toEqual([]);
        expect(after.data.tag).toEqual([]);
      });

      it("assigns categories through POST /api/admin/product/{id}/category (the full set)", async () => {
        const a = await createThroughApi(ctx.admin, "/api/admin/categories", { name: "עוגות", status: 1 });
        const b = await createThroughApi(ctx.admin, "/api/admin/categories", { name: "עוגיות", status: 1 });
        const { data } = await body<{ data: AdminProduct }>(
          await ctx.admin.fetch("/api/admin/products", { method: "POST", json: product({ serial_id: 830_000 }) }),
        );
        const res = await ctx.admin.fetch(`/api/admin/product/${data.id}/category`, {
          method: "POST",
          json: { categories: [a, b, a] },
        });
        expect(res.status).toBe(200);
        expect((await body<{ data: { id: number }[] }>(res)).data.map((c) => c.id).sort()).toEqual([a, b].sort());
        await ctx.admin.fetch(`/api/admin/product/${data.id}/category`, { method: "POST", json: { categories: [b] } });
        const full = await body<{ data: AdminProduct }>(await ctx.admin.fetch(`/api/admin/products/${data.id}`));
        expect(full.data.category).toEqual([{ id: b, name: "עוגיות" }]);
        const bad = await ctx.admin.fetch(`/api/admin/product/${data.id}/category`, {
          method: "POST",
          json: { categories: [999_999] },
        });
        expect(bad.status).toBe(422);
        expect((await body<{ errors: Json }>(bad)).errors.categories).toBeDefined();
      });

      it("issue 12: the category call also takes the spec's field `category`; a missing field is 'required'", async () => {
        const a = await createThroughApi(ctx.admin, "/api/admin/categories", { name: "מאפים", status: 1 });
        const b = await createThroughApi(ctx.admin, "/api/admin/categories", { name: "לחמים", status: 1 });
        const { data } = await body<{ data: AdminProduct }>(
          await ctx.admin.fetch("/api/admin/products", { method: "POST", json: product({ serial_id: 831_000 }) }),
        );
        const path = `/api/admin/product/${data.id}/category`;
        // The spec's Product entity: `category` is a list of { id, name }.
        const spec = await ctx.admin.fetch(path, {
          method: "POST",
          json: {
            category: [
              { id: a, name: "מאפים" },
              { id: b, name: "לחמים" },
            ],
          },
        });
        expect(spec.status).toBe(200);
        expect((await body<{ data: { id: number }[] }>(spec)).data.map((c) => c.id).sort()).toEqual([a, b].sort());
        expect((await ctx.admin.fetch(path, { method: "POST", json: { category: [b] } })).status).toBe(200);
        const full = await body<{ data: AdminProduct }>(await ctx.admin.fetch(`/api/admin/products/${data.id}`));
        expect(full.data.category).toEqual([{ id: b, name: "לחמים" }]);
        const missing = await ctx.admin.fetch(path, { method: "POST", json: {} });
        expect(missing.status).toBe(422);
        expect((await body<{ errors: Json }>(missing)).errors).toEqual({
          categories: [heAdmin.validation.categoriesRequired],
        });
      });

      it("deletes a product with its sizes, tags and category links (spec message)", async () => {
        const { data } = await body<{ data: AdminProduct }>(
          await ctx.admin.fetch("/api/admin/products", { method: "POST", json: product({ serial_id: 840_000 }) }),
        );
        await ctx.admin.fetch("/api/admin/sizes", {
          method: "POST",
          json: { name: "א", price: 5, product_id: data.id },
        });
        await ctx.admin.fetch("/api/admin/tags", {
          method: "POST",
          json: { name: "ב", color: "אדום", tagable_id: data.id },
        });
        const res = await ctx.admin.fetch(`/api/admin/products/${data.id}`, { method: "DELETE" });
        expect(res.status).toBe(200);
        expect((await body(res)).message).toBe("המוצר נמחק בהצלחה");
        const { db } = database.handle;
        expect(await db.selectFrom("sizes").select("id").where("product_id", "=", data.id).execute()).toEqual([]);
        expect(await db.selectFrom("tags").select("id").where("tagable_id", "=", data.id).execute()).toEqual([]);
        expect((await ctx.admin.fetch(`/api/admin/products/${data.id}`)).status).toBe(404);
      });

      describe("list parameters", () => {
        const names = ["בייגל ירושלמי", "בורקס גבינה", "עוגת שמרים", "קרואסון חמאה", "חלות מתוקות"];
        let ids: number[] = [];
        beforeAll(async () => {
          await database.handle.db.deleteFrom("products").execute();
          ids = [];
          for (const [i, name] of names.entries()) {
            const res = await ctx.admin.fetch("/api/admin/products", {
              method: "POST",
              json: product({
                name,
                title: `כותרת ${i}`,
                content: i === 2 ? "עם צימוקים וקינמון" : "מאפה טרי",
                serial_id: 900_000 + i,
              }),
            });
            ids.push((await body<{ data: AdminProduct }>(res)).data.id);
            // Distinct created_at values, so the default order is well defined.
            await new Promise((r) => setTimeout(r, 5));
          }
        });

        const list = async (query: string) => {
          const res = await ctx.admin.fetch(`/api/admin/products${query}`);
          expect(res.status, query).toBe(200);
          return body<Paginated<AdminProductRow>>(res);
        };

        it("returns Laravel's paginator, newest first by default", async () => {
          const page = await list("");
          expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 5, from: 1, to: 5, per_page: 15 });
          expect(page.data.map((p) => p.id)).toEqual([...ids].reverse());
          expect(page.next_page_url).toBeNull();
          expect(page.prev_page_url).toBeNull();
          expect(page.first_page_url).toBe("/api/admin/products?page=1");
          expect(page.links.map((l) => l.label)).toEqual(["הקודם", "1", "הבא"]);
        });

        it("pages with per_page and keeps the other parameters in the page URLs", async () => {
          const page = await list("?per_page=2&page=2&order_column=serial_id&order_direction=asc");
          expect(page).toMatchObject({ current_page: 2, last_page: 3, total: 5, from: 3, to: 4 });
          expect(page.data.map((p) => p.serial_id)).toEqual([900_002, 900_003]);
          expect(page.next_page_url).toBe(
            "/api/admin/products?per_page=2&order_column=serial_id&order_direction=asc&page=3",
          );
          expect(page.prev_page_url).toContain("page=1");
          expect(page.links.find((l) => l.active)?.label).toBe("2");
          const beyond = await list("?per_page=2&page=9");
          expect(beyond.data).toEqual([]);
          expect(beyond.from).toBeNull();
        });

        it("searches by id, title, content and globally (Hebrew plural finds the singular)", async () => {
          expect((await list(`?search_id=${ids[1]}`)).data.map((p) => p.name)).toEqual(["בורקס גבינה"]);
          expect((await list("?search_title=קרואסון")).data.map((p) => p.name)).toEqual(["קרואסון חמאה"]);
          expect((await list("?search_content=צימוקים")).data.map((p) => p.name)).toEqual(["עוגת שמרים"]);
          expect((await list("?search_global=900004")).data.map((p) => p.name)).toEqual(["חלות מתוקות"]);
          expect((await list("?search_global=חלה")).data.map((p) => p.name)).toEqual(["חלות מתוקות"]);
          expect((await list("?search_title=50%25")).total).toBe(0);
          expect((await list("?search_title=%27%20OR%201%3D1--")).total).toBe(0);
        });

        it("sorts by a whitelisted column and refuses others (422)", async () => {
          const byName = await list("?order_column=name&order_direction=asc");
          expect(byName.data.map((p) => p.name)).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
          for (const bad of [
            "order_column=password_hash",
            "order_column=name;drop",
            "order_direction=up",
            "page=0",
            "per_page=1000",
          ]) {
            const res = await ctx.admin.fetch(`/api/admin/products?${bad}`);
            expect(res.status, bad).toBe(422);
            expect((await body(res)).message).toMatch(HEBREW);
          }
        });
      });
    });

    describe("categories", () => {
      const ctx = group(() => database);
      const create = async (json: Json) => {
        const res = await ctx.admin.fetch("/api/admin/categories", { method: "POST", json });
        return {
          res,
          json: await body<{ message: string; data: AdminCategory; errors?: Record<string, string[]> }>(res),
        };
      };

      it("creates main categories and subcategories with the spec's messages", async () => {
        const main = await create({ name: "לחמים", information: "לחם טרי", visibility_home_page: 1, position: "3" });
        expect(main.res.status).toBe(201);
        expect(main.json.message).toBe("הקטגוריה נשמרה בהצלחה");
        expect(main.json.data).toMatchObject({
          is_main: true,
          parent_id: null,
          status: 1,
          visibility_home_page: true,
          position: 3,
        });
        const sub = await create({ name: "לחם מחמצת", is_main: false, parent_id: main.json.data.id, status: 0 });
        expect(sub.res.status).toBe(201);
        expect(sub.json.data).toMatchObject({
          is_main: false,
          parent_id: main.json.data.id,
          parent_name: "לחמים",
          status: 0,
        });
        const parent = await body<{ data: AdminCategory }>(
          await ctx.admin.fetch(`/api/admin/categories/${main.json.data.id}`),
        );
        expect(parent.data.subCategories).toEqual([{ id: sub.json.data.id, name: "לחם מחמצת" }]);
        expect(parent.data.subcategories_count).toBe(1);
      });

      it("refuses a category without name or status, and a subcategory without a main parent (422)", async () => {
        const empty = await create({ name: "", status: "" });
        expect(empty.res.status).toBe(422);
        expect(empty.json.errors!.name![0]).toMatch(HEBREW);
        const orphan = await create({ name: "תת", is_main: false });
        expect(orphan.res.status).toBe(422);
        expect(orphan.json.errors!.parent_id![0]).toBe("יש לבחור קטגוריה ראשית לתת-קטגוריה");
        const main = await create({ name: "ראשית" });
        const sub = await create({ name: "משנה", is_main: false, parent_id: main.json.data.id });
        const nested = await create({ name: "נכד", is_main: false, parent_id: sub.json.data.id });
        expect(nested.res.status).toBe(422);
        expect(nested.json.errors!.parent_id).toBeDefined();
        const demote = await ctx.admin.fetch(`/api/admin/categories/${main.json.data.id}`, {
          method: "PUT",
          json: { name: "ראשית", is_main: false, parent_id: sub.json.data.id },
        });
        expect(demote.status).toBe(422);
      });

      it("updates with the spec message and lists with counts, search and sort", async () => {
        const { json } = await create({ name: "מארזים", information: "מארזי שי לחגים" });
        const res = await ctx.admin.fetch(`/api/admin/categories/${json.data.id}`, {
          method: "PUT",
          json: { name: "מארזי שי", information: "לכל אירוע", status: 1 },
        });
        expect(res.status).toBe(200);
        expect((await body(res)).message).toBe("הקטגוריה עודכנה בהצלחה");
        const list = await body<Paginated<AdminCategoryRow>>(
          await ctx.admin.fetch("/api/admin/categories?search_content=%D7%90%D7%99%D7%A8%D7%95%D7%A2"),
        );
        expect(list.data.map((c) => c.name)).toEqual(["מארזי שי"]);
        const sorted = await body<Paginated<AdminCategoryRow>>(
          await ctx.admin.fetch("/api/admin/categories?order_column=name&order_direction=asc&per_page=100"),
        );
        const names = sorted.data.map((c) => c.name);
        expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
        const options = await body<{ data: { id: number; is_main: boolean }[] }>(
          await ctx.admin.fetch("/api/admin/categories/options"),
        );
        expect(options.data.length).toBe(sorted.total);
      });

      it("deletes a category but keeps its products (unlinked); refuses a main category with subcategories (409)", async () => {
        const main = await create({ name: "עוגות" });
        const sub = await create({ name: "עוגות גבינה", is_main: false, parent_id: main.json.data.id });
        const prod = await body<{ data: AdminProduct }>(
          await ctx.admin.fetch("/api/admin/products", { method: "POST", json: product({ serial_id: 850_000 }) }),
        );
        await ctx.admin.fetch(`/api/admin/product/${prod.data.id}/category`, {
          method: "POST",
          json: { categories: [sub.json.data.id, main.json.data.id] },
        });
        const listed = await body<Paginated<AdminCategoryRow>>(
          await ctx.admin.fetch(`/api/admin/categories?search_id=${sub.json.data.id}`),
        );
        expect(listed.data[0]!.products_count).toBe(1);

        const refused = await ctx.admin.fetch(`/api/admin/categories/${main.json.data.id}`, { method: "DELETE" });
        expect(refused.status).toBe(409);
        expect((await body(refused)).message).toContain("תתי-קטגוריות");

        const removed = await ctx.admin.fetch(`/api/admin/categories/${sub.json.data.id}`, { method: "DELETE" });
        expect(removed.status).toBe(200);
        expect((await body(removed)).message).toBe("הקטגוריה נמחקה בהצלחה");
        const after = await body<{ data: AdminProduct }>(await ctx.admin.fetch(`/api/admin/products/${prod.data.id}`));
        expect(after.data.category).toEqual([{ id: main.json.data.id, name: "עוגות" }]);
        expect((await ctx.admin.fetch(`/api/admin/categories/${main.json.data.id}`, { method: "DELETE" })).status).toBe(
          200,
        );
      });
    });

    describe("club members", () => {
      const ctx = group(() => database);

      it("stores, shows, updates and deletes members with the exact messages of spec §8", async () => {
        const res = await ctx.admin.fetch("/api/clients", {
          method: "POST",
          json: { email: "  Dana@Example.co.IL ", id: 5, source: "site", role: "admin" },
        });
        expect(res.status).toBe(201);
        const createdBody = await body<{ message: string; data: AdminClient }>(res);
        expect(createdBody.message).toBe("לקוח נשמר בהצלחה");
        expect(createdBody.data).toMatchObject({ email: "dana@example.co.il", source: "admin" });
        const id = createdBody.data.id;

        const shown = await body<{ data: AdminClient }>(await ctx.admin.fetch(`/api/clients/${id}`));
        expect(shown.data.email).toBe("dana@example.co.il");

        const updated = await ctx.admin.fetch(`/api/clients/${id}`, {
          method: "PUT",
          json: { email: "dana2@example.co.il" },
        });
        expect(updated.status).toBe(200);
        expect((await body(updated)).message).toBe("לקוח עודכן בהצלחה");

        const removed = await ctx.admin.fetch(`/api/clients/${id}`, { method: "DELETE" });
        expect(removed.status).toBe(200);
        expect((await body(removed)).message).toBe("לקוח נמחק בהצלחה");
        expect((await ctx.admin.fetch(`/api/clients/${id}`)).status).toBe(404);
      });

      it("refuses a malformed or duplicate e-mail (422, case-insensitive)", async () => {
        await ctx.admin.fetch("/api/clients", { method: "POST", json: { email: "noa@example.co.il" } });
        const dup = await ctx.admin.fetch("/api/clients", { method: "POST", json: { email: "NOA@example.co.il" } });
        expect(dup.status).toBe(422);
        expect((await body<{ errors: Record<string, string[]> }>(dup)).errors.email![0]).toBe(
          "כתובת הדוא״ל כבר רשומה במועדון",
        );
        for (const email of ["", "not-an-email", "a@b", "=cmd|' /C calc'!A0@x.co"]) {
          const res = await ctx.admin.fetch("/api/clients", { method: "POST", json: { email } });
          expect(res.status, email).toBe(422);
          expect((await body<{ errors: Record<string, string[]> }>(res)).errors.email![0]).toMatch(HEBREW);
        }
      });

      it("lists members paged, searchable and sortable", async () => {
        for (const n of [1, 2, 3]) {
          await ctx.admin.fetch("/api/clients", { method: "POST", json: { email: `list${n}@example.co.il` } });
        }
        const page = await body<Paginated<AdminClient>>(
          await ctx.admin.fetch("/api/clients?search_global=list&order_column=email&order_direction=desc&per_page=2"),
        );
        expect(page.total).toBe(3);
        expect(page.data.map((c) => c.email)).toEqual(["list3@example.co.il", "list2@example.co.il"]);
        expect(page.last_page).toBe(2);
      });

      it("exports every member as a spreadsheet-safe CSV with a BOM and Hebrew header", async () => {
        const now = new Date().toISOString();
        // A member whose address starts like a formula (stored by some other path) must stay inert.
        await database.handle.db
          .insertInto("clients")
          .values({ email: "=hyperlink@example.co.il", source: "site", created_at: now, updated_at: now })
          .execute();
        const res = await ctx.admin.fetch("/api/clients/export");
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toContain("text/csv");
        expect(res.headers.get("content-disposition")).toMatch(
          /attachment; filename="club-members-\d{4}-\d{2}-\d{2}\.csv"/,
        );
        const bytes = new Uint8Array(await res.arrayBuffer());
        expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const text = new TextDecoder().decode(bytes.slice(3));
        const lines = text.trim().split("\r\n");
        expect(lines[0]).toBe(
          '"מזהה","דוא״ל","מקור","תאריך הצטרפות","סטטוס","מועד ההסכמה","ההסכמה ניתנה דרך","כתובת IP בעת ההסכמה","גרסת נוסח ההסכמה","מועד האישור","קישור הסרה (לכל דיוור)"',
        );
        expect(text).toContain('"noa@example.co.il","נוסף על ידי הצוות"');
        // Staff additions carry no consent record (issue 14 finding 12).
        expect(lines.find((l) => l.includes("noa@example.co.il"))).toContain('"ללא הסכמה מתועדת","","",""');
        expect(text).toContain(`"'=hyperlink@example.co.il","הרשמה באתר"`);
        const total = (await body<Paginated<AdminClient>>(await ctx.admin.fetch("/api/clients"))).total;
        expect(lines.length).toBe(total + 1);
      });
    });

    describe("branches, sales and publications", () => {
      const ctx = group(() => database);

      it("creates, edits, lists and deletes branches with opening hours", async () => {
        const res = await ctx.admin.fetch("/api/admin/branches", {
          method: "POST",
          json: {
            name: "סניף רחביה",
            address: "רחוב עזה 20, ירושלים",
            location: "https://www.google.com/maps?q=31.77,35.21",
            phone: "02-5667788",
            email: "Rehavia@Example.co.il",
            opening_hours: [
              { day: 5, opens: "07:00", closes: "14:00" },
              { day: 0, opens: "06:30", closes: "19:00" },
            ],
          },
        });
        expect(res.status).toBe(201);
        const { message, data } = await body<{
          message: string;
          data: { id: number; email: string; opening_hours: Json[] };
        }>(res);
        expect(message).toBe("הסניף נשמר בהצלחה");
        expect(data.email).toBe("rehavia@example.co.il");
        expect(data.opening_hours.map((h) => h.day)).toEqual([0, 5]);
        const bad = await ctx.admin.fetch(`/api/admin/branches/${data.id}`, {
          method: "PUT",
          json: {
            name: "",
            location: "javascript:alert(1)",
            phone: "abc",
            opening_hours: [{ day: 1, opens: "07:00", closes: "07:00" }],
          },
        });
        expect(bad.status).toBe(422);
        const errors = (await body<{ errors: Json }>(bad)).errors;
        expect(Object.keys(errors).sort()).toEqual(["location", "name", "opening_hours.0.closes", "phone"]);
        const list = await body<Paginated<{ name: string }>>(
          await ctx.admin.fetch("/api/admin/branches?search_content=עזה"),
        );
        expect(list.data.map((b) => b.name)).toEqual(["סניף רחביה"]);
        const removed = await ctx.admin.fetch(`/api/admin/branches/${data.id}`, { method: "DELETE" });
        expect((await body(removed)).message).toBe("הסניף נמחק בהצלחה");
      });

      for (const [kind, saved, deleted] of [
        ["sales", "המבצע נשמר בהצלחה", "המבצע נמחק בהצלחה"],
        ["publications", "הידיעה נשמרה בהצלחה", "הידיעה נמחקה בהצלחה"],
      ] as const) {
        it(`creates, edits, lists and deletes ${kind}`, async () => {
          const res = await ctx.admin.fetch(`/api/admin/${kind}`, {
            method: "POST",
            json: { name: "1+1 על כל העוגיות", content: "עד סוף החודש", visibility_home_page: "1" },
          });
          expect(res.status).toBe(201);
          const created = await body<{ message: string; data: { id: number; status: number } }>(res);
          expect(created.message).toBe(saved);
          expect(created.data.status).toBe(1);
          const hidden = await ctx.admin.fetch(`/api/admin/${kind}/${created.data.id}`, {
            method: "PUT",
            json: { name: "1+1 על כל העוגיות", content: "הסתיים", status: 0 },
          });
          expect((await body<{ data: { status: number } }>(hidden)).data.status).toBe(0);
          const invalid = await ctx.admin.fetch(`/api/admin/${kind}`, {
            method: "POST",
            json: { name: "", status: 5 },
          });
          expect(invalid.status).toBe(422);
          const list = await body<Paginated<{ id: number }>>(
            await ctx.admin.fetch(`/api/admin/${kind}?search_title=עוגיות`),
          );
          expect(list.data.map((p) => p.id)).toEqual([created.data.id]);
          const removed = await ctx.admin.fetch(`/api/admin/${kind}/${created.data.id}`, { method: "DELETE" });
          expect((await body(removed)).message).toBe(deleted);
          expect((await ctx.admin.fetch(`/api/admin/${kind}/${created.data.id}`)).status).toBe(404);
        });
      }
    });

    describe("contact requests, settings and the panel", () => {
      const ctx = group(() => database);

      it("lists contact requests newest first, filters open/handled and marks them handled", async () => {
        const { db } = database.handle;
        for (const [i, name] of ["ראשונה", "שנייה", "שלישית"].entries()) {
          await db
            .insertInto("contact_requests")
            .values({
              name,
              email: `c${i}@example.co.il`,
              phone: "0501234567",
              message: `הודעה ${i}`,
              handled_at: null,
              created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
            })
            .execute();
        }
        const list = await body<Paginated<{ id: number; name: string }>>(
          await ctx.admin.fetch("/api/admin/contact-requests"),
        );
        expect(list.data.map((r) => r.name)).toEqual(["שלישית", "שנייה", "ראשונה"]);
        const first = list.data[2]!;
        const res = await ctx.admin.fetch(`/api/admin/contact-requests/${first.id}`, {
          method: "PUT",
          json: { handled: true },
        });
        expect(res.status).toBe(200);
        expect((await body(res)).message).toBe("הפנייה סומנה כמטופלת");
        const open = await body<Paginated<{ name: string }>>(
          await ctx.admin.fetch("/api/admin/contact-requests?status=open"),
        );
        expect(open.data.map((r) => r.name)).toEqual(["שלישית", "שנייה"]);
        const handled = await body<Paginated<{ name: string; handled_at: string }>>(
          await ctx.admin.fetch("/api/admin/contact-requests?status=handled"),
        );
        expect(handled.data.map((r) => r.name)).toEqual(["ראשונה"]);
        expect(handled.data[0]!.handled_at).toBeTruthy();

        const panel = await body<{ data: { counts: Json; latestContactRequests: { name: string }[] } }>(
          await ctx.admin.fetch("/api/admin/dashboard"),
        );
        expect(panel.data.counts.openContactRequests).toBe(2);
        expect(panel.data.latestContactRequests[0]!.name).toBe("שלישית");
      });

      it("reads and saves site settings, which the site reads at once; refuses bad links (422)", async () => {
        const current = await body<{ data: Json }>(await ctx.admin.fetch("/api/admin/settings"));
        expect(current.data).toHaveProperty("brand_name");
        const next = {
          brand_name: "מאפיית רחביה",
          tagline: "מאפים מהתנור",
          phone: "02-6240000",
          whatsapp_number: "972-50-1234567",
          order_url: "https://order.example.co.il",
          club_url: "",
          facebook_url: "https://facebook.com/bakery",
          instagram_url: "https://instagram.com/bakery",
          address: "רחוב עזה 20, ירושלים",
          email: "Shalom@Example.co.il",
        };
        const res = await ctx.admin.fetch("/api/admin/settings", { method: "PUT", json: next });
        expect(res.status).toBe(200);
        const saved = await body<{ message: string; data: Json }>(res);
        expect(saved.message).toBe("ההגדרות נשמרו בהצלחה");
        expect(saved.data).toMatchObject({ whatsapp_number: "972501234567", email: "shalom@example.co.il" });
        const site = await ctx.t.services.settings.get();
        expect(site.brandName).toBe("מאפיית רחביה");
        expect(site.orderUrl).toBe("https://order.example.co.il");

        const bad = await ctx.admin.fetch("/api/admin/settings", {
          method: "PUT",
          json: { ...next, brand_name: "", order_url: "javascript:alert(1)", email: "nope" },
        });
        expect(bad.status).toBe(422);
        expect(Object.keys((await body<{ errors: Json }>(bad)).errors).sort()).toEqual([
          "brand_name",
          "email",
          "order_url",
        ]);
      });
    });
  });
}
