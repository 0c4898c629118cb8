/**
 * Data that grows (issue 15 part 6) on each database: migration 013's indexes exist in the dialect's catalogue,
 * the members CSV export is streamed and is the same document the one-string export built, admin search counts
 * from its single page query, and /sitemap.xml becomes an index of parts past its URL limit with every URL in
 * exactly one part; a built sitemap file is kept until the content version moves; dead rate-limit counters are
 * purged by the housekeeping pass.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Paginated } from "../../domain/contracts/catalogue.ts";
import { heAdmin } from "../../domain/i18n/admin.ts";
import { GROWTH_INDEXES } from "../../server/db/migrations/013-indexes.ts";
import { ROW_COUNTED } from "../../server/db/migrations/017-data-growth.ts";
import { optimizeDatabase } from "../../server/db/optimize.ts";
import { createDatabaseStore, purgeExpiredRateLimits, RATE_RULES } from "../../server/http/rate-limit.ts";
import { createSeoRoutes } from "../../server/http/seo-routes.ts";
import { runHousekeeping } from "../../server/jobs/housekeeping.ts";
import { createLogger } from "../../server/log.ts";
import { CLIENT_CSV_HEADER, clientCsvRow, type UnsubscribeLink } from "../../server/services/admin/clients.ts";
import { toCsv } from "../../server/services/admin/csv.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";
import { rowCount } from "../support/rows.ts";
import { suiteApp } from "../support/suite-app.ts";

const PUBLIC_URL = "http://localhost:3000";

/** The columns of an index, in order, from the dialect's own catalogue (not Kysely's introspection). */
async function indexColumns(database: TestDatabase, name: string): Promise<{ table: string; columns: string[] }> {
  const { db, dialect } = database.handle;
  if (dialect === "sqlite") {
    const index = await sql<{
      tbl_name: string;
    }>`select tbl_name from sqlite_master where type = 'index' and name = ${name}`.execute(db);
    const columns = await sql<{ name: string }>`select name from pragma_index_info(${name}) order by seqno`.execute(db);
    return { table: index.rows[0]?.tbl_name ?? "", columns: columns.rows.map((r) => r.name) };
  }
  const rows = await sql<{ table: string; column: string }>`
    select t.relname as "table", a.attname as "column"
    from pg_class i
    join pg_namespace n on n.oid = i.relnamespace
    join pg_index x on x.indexrelid = i.oid
    join pg_class t on t.oid = x.indrelid
    cross join lateral unnest(x.indkey) with ordinality as k(attnum, ord)
    join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
    where i.relname = ${name} and n.nspname = current_schema()
    order by k.ord`.execute(db);
  return { table: rows.rows[0]?.table ?? "", columns: rows.rows.map((r) => r.column) };
}

/** The export as the one-string implementation built it (before streaming), from the same rows. */
async function oneStringExport(database: TestDatabase, link: UnsubscribeLink): Promise<string> {
  const rows = await database.handle.db.selectFrom("clients").selectAll().orderBy("created_at").orderBy("id").execute();
  return toCsv(
    CLIENT_CSV_HEADER,
    rows.map((row) => clientCsvRow(row, link)),
  );
}

/** `count` members who joined on the site at `at`, in one INSERT: `<prefix>-<i>@example.co.il`. */
async function insertMembers(
  database: TestDatabase,
  prefix: string,
  count: number,
  at: string,
  more: { consent_at?: string } = {},
): Promise<void> {
  await database.handle.db
    .insertInto("clients")
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${prefix}-${i}@example.co.il`,
        source: "site",
        created_at: at,
        updated_at: at,
        ...more,
      })),
    )
    .execute();
}

const locsOf = (xml: string, tag: "url" | "sitemap") =>
  [...xml.matchAll(new RegExp(`<${tag}>\\s*<loc>([^<]+)</loc>`, "g"))].map((m) => m[1] as string);

for (const factory of testDatabases()) {
  describe(`data that grows on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, clients: { admin: "admin" } });

    beforeAll(async () => {
      // Members that share a join time, so the export's keyset has ties to settle by id.
      const at = "2026-01-01T00:00:00.000Z";
      await insertMembers(env.database, "tie", 7, at, { consent_at: at });
    });

    it("migration 013 creates the indexes for the lists' default sort and filters", async () => {
      for (const [name, { table, columns }] of Object.entries(GROWTH_INDEXES)) {
        expect(await indexColumns(env.database, name), name).toEqual({ table, columns: [...columns] });
      }
    });

    it("gathers SQLite's planner statistics with PRAGMA optimize (and is a no-op on PostgreSQL)", async () => {
      await optimizeDatabase(env.database.handle, true);
      await optimizeDatabase(env.database.handle);
      if (env.database.handle.dialect !== "sqlite") return;
      const stats = await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = 'clients'`.execute(
        env.database.handle.db,
      );
      expect(stats.rows.map((r) => r.idx)).toContain("clients_created_id");
    });

    it("streams the members CSV export, the same document as the one-string export with the status column", async () => {
      const expected = await oneStringExport(env.database, env.t.services.clients.unsubscribeLink);
      const res = await env.admin.fetch("/api/clients/export");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/csv");
      // Streamed: no length known up front.
      expect(res.headers.get("content-length")).toBeNull();
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(expected);
      expect(expected).toContain(`"${heAdmin.clients.status}"`);

      // Small batches cross the tied join times: still every member once, in order, in several chunks.
      const chunks: string[] = [];
      for await (const chunk of env.t.services.admin.clients.exportCsv(3)) chunks.push(chunk);
      expect(chunks.length).toBeGreaterThanOrEqual(3);
      expect(chunks.join("")).toBe(expected);
    });

    it("fails the export before sending anything when the members cannot be read (no 200 cut short)", async () => {
      const { db } = env.database.handle;
      await sql`alter table clients rename to clients_away`.execute(db);
      try {
        const res = await env.admin.fetch("/api/clients/export");
        expect(res.status).toBeGreaterThanOrEqual(500);
        expect(res.headers.get("content-type")).not.toContain("text/csv");
      } finally {
        await sql`alter table clients_away rename to clients`.execute(db);
      }
    });

    it("counts a searched admin list from its page query, as the separate count did", async () => {
      const list = async (query: string) =>
        (await (await env.admin.fetch(`/api/clients?${query}`)).json()) as Paginated<{ email: string }>;
      const searched = await list("search_global=tie-&per_page=2");
      expect(searched.total).toBe(7);
      expect(searched.last_page).toBe(4);
      expect(searched.data).toHaveLength(2);
      const last = await list("search_global=tie-&per_page=2&page=4");
      expect([last.total, last.data.length]).toEqual([7, 1]);
      // A page past the end carries no row, so its total comes from a count.
      const past = await list("search_global=tie-&per_page=2&page=9");
      expect([past.total, past.data.length]).toEqual([7, 0]);
      const none = await list("search_global=no-such-member");
      expect([none.total, none.data.length]).toEqual([0, 0]);
    });

    it("keeps exact row counters (migration 017) through single and bulk inserts and deletes", async () => {
      const { db } = env.database.handle;
      const counters = async () =>
        Object.fromEntries(
          (await db.selectFrom("row_counts").select(["name", "n"]).execute()).map((r) => [r.name, Number(r.n)]),
        );
      const counted = async () => {
        const out: Record<string, number> = {};
        for (const table of ROW_COUNTED) out[table] = await rowCount(db, table);
        return out;
      };
      expect(await counters()).toEqual(await counted());
      await insertMembers(env.database, "counted", 5, "2026-02-01T00:00:00.000Z");
      await db
        .deleteFrom("clients")
        .where("email", "in", ["counted-0@example.co.il", "counted-1@example.co.il"])
        .execute();
      await env.t.services.admin.clients.create({ email: "counted-single@example.co.il" });
      expect(await counters()).toEqual(await counted());
      await db.deleteFrom("clients").where("email", "like", "counted-%").execute();
      expect(await counters()).toEqual(await counted());
    });

    it("reads a page of the list's second half from the other end: every page as the one ordered read has it", async () => {
      for (const order of [
        "",
        "&order_direction=asc",
        "&order_column=email&order_direction=asc",
        "&order_column=email",
      ]) {
        const first = (await (await env.admin.fetch(`/api/clients?per_page=3${order}`)).json()) as Paginated<{
          id: number;
        }>;
        const paged: number[] = [];
        for (let page = 1; page <= first.last_page; page++) {
          const res = (await (
            await env.admin.fetch(`/api/clients?per_page=3&page=${page}${order}`)
          ).json()) as Paginated<{
            id: number;
          }>;
          expect(res.total).toBe(first.total);
          expect(res.data.length).toBe(page < first.last_page ? 3 : first.total - 3 * (first.last_page - 1));
          paged.push(...res.data.map((r) => r.id));
        }
        const whole = (await (await env.admin.fetch(`/api/clients?per_page=100${order}`)).json()) as Paginated<{
          id: number;
        }>;
        expect(whole.total).toBeLessThanOrEqual(100);
        expect(paged, order).toEqual(whole.data.map((r) => r.id));
        const past = (await (
          await env.admin.fetch(`/api/clients?per_page=3&page=${first.last_page + 1}${order}`)
        ).json()) as Paginated<{
          id: number;
        }>;
        expect([past.total, past.data.length]).toEqual([first.total, 0]);
      }
    });

    it("reads any range of products in keyset batches, the same as one read", async () => {
      const all: string[] = [];
      for await (const batch of env.t.services.sitemap.products(0, 10_000)) all.push(...batch.map((e) => e.path));
      expect(all.length).toBeGreaterThanOrEqual(40);
      const ranged: string[] = [];
      for await (const batch of env.t.services.sitemap.products(5, 17, 4)) ranged.push(...batch.map((e) => e.path));
      expect(ranged).toEqual(all.slice(5, 22));
    });

    it("/sitemap.xml is one urlset under the limit and an index of parts above it, every URL exactly once", async () => {
      const single = await env.t.request("/sitemap.xml");
      expect(single.status).toBe(200);
      const singleXml = await single.text();
      expect(singleXml).toContain("<urlset");
      expect(singleXml).not.toContain("<sitemapindex");
      const urls = locsOf(singleXml, "url");
      expect(urls.length).toBeGreaterThan(60);

      const limit = 7;
      const routes = createSeoRoutes({ services: env.t.services, publicUrl: PUBLIC_URL, urlLimit: limit });
      const index = await routes.request("/sitemap.xml");
      expect(index.status).toBe(200);
      expect(index.headers.get("content-type")).toContain("application/xml");
      const indexXml = await index.text();
      expect(indexXml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const parts = locsOf(indexXml, "sitemap");
      expect(parts).toEqual(
        Array.from({ length: Math.ceil(urls.length / limit) }, (_, i) => `${PUBLIC_URL}/sitemap-${i + 1}.xml`),
      );
      const listed: string[] = [];
      for (const part of parts) {
        const res = await routes.request(new URL(part).pathname);
        expect(res.status, part).toBe(200);
        const xml = await res.text();
        expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
        const locs = locsOf(xml, "url");
        expect(locs.length).toBeLessThanOrEqual(limit);
        listed.push(...locs);
      }
      expect(listed).toEqual(urls);
      expect(new Set(listed).size).toBe(listed.length);
      // Image entries travel with their URL into the parts.
      const images = (xml: string) => xml.match(/<image:image>/g)?.length ?? 0;
      let partImages = 0;
      for (const part of parts) partImages += images(await (await routes.request(new URL(part).pathname)).text());
      expect(partImages).toBe(images(singleXml));

      expect((await routes.request(`/sitemap-${parts.length + 1}.xml`)).status).toBe(404);
      expect((await env.t.request("/sitemap-1.xml")).status).toBe(404);
    });

    it("keeps a built sitemap file until the content version moves on", async () => {
      const routes = createSeoRoutes({
        services: env.t.services,
        publicUrl: "http://localhost:3000",
        version: env.t.contentVersion,
      });
      const first = await (await routes.request("/sitemap.xml")).text();
      // A row written behind the services' back: the kept file does not see it…
      const at = new Date().toISOString();
      const row = await env.database.handle.db
        .insertInto("products")
        .values({
          name: "מאפה חדש",
          title: "חדש",
          content: "",
          serial_id: 7_100_999,
          search_name: "",
          search_text: "",
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(await (await routes.request("/sitemap.xml")).text()).toBe(first);
      // …until the content version moves, as every write through the admin moves it.
      await env.t.contentVersion.bump();
      const next = await (await routes.request("/sitemap.xml")).text();
      expect(next).toContain(`/product/${row.id}<`);
      expect(first).not.toContain(`/product/${row.id}<`);
      // Without a version every request builds.
      const unkept = createSeoRoutes({ services: env.t.services, publicUrl: "http://localhost:3000" });
      await env.database.handle.db.deleteFrom("products").where("id", "=", row.id).execute();
      expect(await (await unkept.request("/sitemap.xml")).text()).not.toContain(`/product/${row.id}<`);
      expect(await (await routes.request("/sitemap.xml")).text()).toContain(`/product/${row.id}<`);
    });

    it("purges rate-limit counters no rule reads any more, and a purged key counts afresh", async () => {
      const { db } = env.database.handle;
      const now = Date.now();
      const hour = 60 * 60_000;
      await db
        .insertInto("rate_limits")
        .values([
          { key: "api:dead", window_start: now - 3 * hour, hits: 7, previous_hits: 2 },
          { key: "loginAccount:a@example.co.il", window_start: now - 90 * 60_000, hits: 3, previous_hits: 0 },
          { key: "forms:live", window_start: now - 60_000, hits: 2, previous_hits: 0 },
        ])
        .execute();
      // The longest rule's window is an hour: a counter older than two of them is dead, a younger one may be
      // the previous window of an hourly rule and stays.
      expect(await purgeExpiredRateLimits(db, RATE_RULES, now)).toBe(1);
      const left = await db
        .selectFrom("rate_limits")
        .select("key")
        .where("key", "in", ["api:dead", "loginAccount:a@example.co.il", "forms:live"])
        .orderBy("key")
        .execute();
      expect(left.map((r) => r.key)).toEqual(["forms:live", "loginAccount:a@example.co.il"]);
      const store = createDatabaseStore(db);
      expect((await store.hit("api:dead", RATE_RULES.api)).count).toBe(1);

      // The housekeeping pass runs it on PostgreSQL (where the counters live in the table).
      await db
        .updateTable("rate_limits")
        .set({ window_start: now - 5 * hour })
        .where("key", "=", "forms:live")
        .execute();
      await runHousekeeping({
        database: env.database.handle,
        services: env.t.services,
        rules: RATE_RULES,
        logger: createLogger("silent"),
      });
      const after = await db.selectFrom("rate_limits").select("key").where("key", "=", "forms:live").execute();
      expect(after.length).toBe(env.database.handle.dialect === "postgres" ? 0 : 1);
    });
  });
}
