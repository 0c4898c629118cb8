/**
 * The admin product search through its index (migration 017, issue 15 part 6) on each database: the index exists
 * and the search can use it, every search finds exactly what the LIKE search finds (Hebrew with niqqud, final
 * letters and plurals, Latin case, digits, LIKE's own wildcards, quotes, terms too short to look up), and the
 * index follows product writes (create, rename, delete).
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminProductRow, Paginated } from "../../domain/contracts/admin.ts";
import { listQuerySchema } from "../../domain/schemas/admin/list.ts";
import type { DB } from "../../server/db/database.ts";
import { PRODUCT_SEARCH_TABLE, TRIGRAM_INDEXES } from "../../server/db/migrations/017-data-growth.ts";
import { listConditions, listPage } from "../../server/services/admin/listing.ts";
import { normalizedMatch, productListConditions } from "../../server/services/admin/product-search.ts";
import { PRODUCT_LIST } from "../../server/services/admin/products.ts";
import { createProductThroughApi } from "../support/auth.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

/** Products whose text exercises every rule the search has. */
const PRODUCTS = [
  { name: "עוּגַת שׁוֹקוֹלָד מְרִירָה", title: "Crème BRÛLÉE", content: "100% קקאו, בלי_סוכר", serial_id: 7_100_001 },
  { name: "חלות מתוקות", title: 'לחם "שבת"', content: "צ'יפס? לא. שמן זית", serial_id: 7_100_002 },
  { name: "עוגיות חמאה", title: "Butter COOKIES", content: "a\\b c%d e_f", serial_id: 7_100_003 },
  { name: "בורקס קישואים", title: "ים ושמש", content: "מאפה מלוח עם ארטישוק", serial_id: 7_100_004 },
];

/** Terms: Hebrew (marks, final letters, prefixes, plurals), Latin in any case, digits, wildcards, quotes, short. */
const TERMS = [
  "עוגת",
  "עוגה",
  "לעוגה",
  "עוגות",
  "חלה",
  "שוקולד",
  "שׁוֹקוֹלָד",
  "ים",
  "י",
  "מ",
  "חמאה עוגיה",
  "חמאה 7",
  "crème",
  "CRÈME",
  "brûlée",
  "cookies",
  "COOK",
  "7100003",
  "100",
  "71",
  "%",
  "100%",
  "_",
  "בלי_סוכר",
  "\\",
  "a\\b",
  '"שבת"',
  '"',
  "צ'יפס",
  "ציפס",
  "no such thing",
  "ושמש",
];

async function ids(database: TestDatabase, query: Record<string, string>, like: boolean): Promise<[number, number[]]> {
  const db = database.handle.db;
  const q = listQuerySchema.parse({ per_page: "100", ...query });
  const page = await listPage(db, {
    table: "products",
    config: PRODUCT_LIST,
    query: q,
    conditions: like ? listConditions(PRODUCT_LIST, q, normalizedMatch) : productListConditions(db, PRODUCT_LIST, q),
    path: "/api/admin/products",
    map: (rows) => rows.map((r) => r.id),
  });
  return [page.total, page.data];
}

/** The admin product search for `term` as one compiled statement, to ask the database how it would run it. */
function searchQuery(db: DB, term: string) {
  const q = listQuerySchema.parse({ search_global: term });
  return db
    .selectFrom("products")
    .select("id")
    .where((eb) => eb.and(productListConditions(db, PRODUCT_LIST, q)))
    .compile();
}

for (const factory of testDatabases()) {
  describe(`admin product search index on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, clients: { admin: "admin" } });
    const created: number[] = [];

    beforeAll(async () => {
      for (const product of PRODUCTS) {
        const id = await createProductThroughApi(env.admin, product);
        // content is not part of the helper's product
        const res = await env.admin.fetch(`/api/admin/products/${id}`);
        const { data } = (await res.json()) as { data: Record<string, unknown> };
        const put = await env.admin.fetch(`/api/admin/products/${id}`, {
          method: "PUT",
          json: { ...product, status: 1, version: data.version },
        });
        expect(put.status, await put.clone().text()).toBe(200);
        created.push(id);
      }
    });

    it("migration 017 creates the index, and the search can use it", async () => {
      const { db, dialect } = env.database.handle;
      if (dialect === "sqlite") {
        const table = await sql<{
          sql: string;
        }>`select sql from sqlite_master where name = ${PRODUCT_SEARCH_TABLE}`.execute(db);
        expect(table.rows[0]?.sql).toContain("trigram case_sensitive 1");
        const triggers = await sql<{ name: string }>`
          select name from sqlite_master where type = 'trigger' and tbl_name = 'products' order by name`.execute(db);
        expect(triggers.rows.map((r) => r.name)).toEqual(
          expect.arrayContaining(["products_search_delete", "products_search_insert", "products_search_update"]),
        );
        const compiled = searchQuery(db, "שוקולד");
        const plan = await db.executeQuery<{ detail: string }>({
          ...compiled,
          sql: `explain query plan ${compiled.sql}`,
        });
        const detail = plan.rows.map((r) => r.detail).join("\n");
        expect(detail).toContain(`VIRTUAL TABLE INDEX`);
        // Not a scan of every product: products are only looked up by id.
        expect(plan.rows.map((r) => r.detail)).not.toContain("SCAN products");
        return;
      }
      const indexes = await sql<{ indexname: string; indexdef: string }>`
        select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'products'`.execute(
        db,
      );
      for (const name of Object.keys(TRIGRAM_INDEXES)) {
        expect(indexes.rows.find((r) => r.indexname === name)?.indexdef, name).toContain("gin_trgm_ops");
      }
      // On a catalogue this small a scan is cheaper; forbid it to see that the index answers the search.
      const compiled = searchQuery(db, "שוקולד");
      const plan = await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return trx.executeQuery<{ "QUERY PLAN": string }>({ ...compiled, sql: `explain ${compiled.sql}` });
      });
      const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
      for (const name of Object.keys(TRIGRAM_INDEXES)) expect(text, name).toContain(name);
    });

    it("finds exactly what the LIKE search finds, for every kind of term and field", async () => {
      let found = 0;
      // The default sort walks the created_at index; another sort looks the matches up by id.
      const orders: Record<string, string>[] = [{}, { order_column: "name", order_direction: "asc" }];
      for (const order of orders) {
        for (const term of TERMS) {
          for (const field of ["search_global", "search_title", "search_content"]) {
            const query = { ...order, [field]: term };
            const expected = await ids(env.database, query, true);
            expect(await ids(env.database, query, false), JSON.stringify(query)).toEqual(expected);
            found += expected[0];
          }
        }
      }
      // The terms do find rows (the comparison is not between two empty lists).
      expect(found).toBeGreaterThan(40);
      // Spot checks of the rules themselves, through the API.
      const list = async (query: string) =>
        ((await (await env.admin.fetch(`/api/admin/products?${query}`)).json()) as Paginated<AdminProductRow>).data.map(
          (p) => p.id,
        );
      expect(await list(`search_global=${encodeURIComponent("שׁוֹקוֹלָד")}`)).toContain(created[0]);
      expect(await list(`search_global=${encodeURIComponent("CRÈME")}`)).toEqual([created[0]]);
      expect(await list(`search_title=${encodeURIComponent("cookies")}`)).toEqual([created[2]]);
      expect(await list(`search_content=${encodeURIComponent("100%")}`)).toEqual([created[0]]);
      expect(await list(`search_content=${encodeURIComponent("c%d")}`)).toEqual([created[2]]);
      expect(await list(`search_global=${encodeURIComponent("לעוגה")}`)).toContain(created[0]);
      expect(await list("search_global=7100004")).toEqual([created[3]]);
    });

    it("follows product writes: a rename finds the new name only, a deleted product is gone", async () => {
      const id = created[3] as number;
      const search = async (term: string) => (await ids(env.database, { search_global: term }, false))[1];
      expect(await search("קישואים")).toEqual([id]);
      const res = await env.admin.fetch(`/api/admin/products/${id}`);
      const { data } = (await res.json()) as { data: { version: number } };
      const put = await env.admin.fetch(`/api/admin/products/${id}`, {
        method: "PUT",
        json: { ...PRODUCTS[3], name: "בורקס חצילונים", status: 1, version: data.version },
      });
      expect(put.status).toBe(200);
      expect(await search("קישואים")).toEqual([]);
      expect(await search("חצילונים")).toEqual([id]);
      expect(
        await env.admin.fetch(`/api/admin/products/${id}`, { method: "DELETE" }).then((r) => r.status),
      ).toBeLessThan(300);
      expect(await search("חצילונים")).toEqual([]);
      expect(await search("ארטישוק")).toEqual([]);
    });
  });
}
