/**
 * Data that grows (issue 15 part 6), part two: an index for the admin product search, and row counters for the
 * admin lists' totals.
 *
 * ROW COUNTERS. An admin list's paginator JSON carries the exact `total` (spec: paged lists), which a plain
 * `count(*)` finds by reading every entry of an index: tens of milliseconds for a club of 20,000 members on
 * PostgreSQL, on every page view. `row_counts` keeps the number of rows of each table that grows (ROW_COUNTED),
 * moved by triggers in the same transaction as the insert or delete, so it is exact whenever it is read and
 * costs one indexed row. PostgreSQL's triggers are per statement (a bulk insert moves the counter once);
 * SQLite's per row (cheap there: one process, no lock to wait for).
 *
 * SEARCH INDEX. The admin product search (issue 15 part 6). The admin list matches a term as a case-insensitive
 * substring of a product's name, title, content and serial number, and each word of it (with its Hebrew variants)
 * as a substring of the normalized `search_text` (server/services/admin/products.ts). `%term%` cannot use a B-tree,
 * so without this every search reads every product.
 *
 * - PostgreSQL: pg_trgm GIN indexes on exactly the expressions the search's LIKEs compare (`lower(name)` …,
 *   `search_text`). The planner uses them for `LIKE '%…%'` by itself and rechecks each candidate row, so the
 *   results are the LIKEs' own. pg_trgm ships with PostgreSQL (contrib) and is a trusted extension (a database
 *   owner may create it). Without it the migration leaves the indexes out and the search scans, as before.
 * - SQLite: an FTS5 table with the trigram tokenizer, case-sensitive, holding the same lower-cased values the
 *   LIKEs compare, kept in step by triggers. A phrase query of a string of three or more characters finds
 *   exactly the rows containing it as a substring; the search service turns the LIKEs into such queries
 *   (server/services/admin/product-search.ts). Contentless (it stores only the index, not a copy of the text).
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.ts";

/** Tables whose rows `row_counts` counts (the admin lists that grow without bound). */
export const ROW_COUNTED = ["clients", "products", "contact_requests", "audit_log"] as const;
export type RowCountedTable = (typeof ROW_COUNTED)[number];

async function upRowCounts(db: Kysely<unknown>, dialect: Dialect) {
  await sql`create table row_counts (name text primary key, n bigint not null)`.execute(db);
  for (const table of ROW_COUNTED) {
    await sql.raw(`insert into row_counts (name, n) select '${table}', count(*) from ${table}`).execute(db);
  }
  if (dialect === "sqlite") {
    for (const table of ROW_COUNTED) {
      await sql
        .raw(
          `create trigger ${table}_row_count_insert after insert on ${table} begin ` +
            `update row_counts set n = n + 1 where name = '${table}'; end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_row_count_delete after delete on ${table} begin ` +
            `update row_counts set n = n - 1 where name = '${table}'; end`,
        )
        .execute(db);
    }
    return;
  }
  // Statement-level, with the statement's rows as a transition table: one counter update per statement.
  await sql
    .raw(
      `create function row_counts_inserted() returns trigger language plpgsql as $$ begin
         update row_counts set n = n + (select count(*) from changed_rows) where name = tg_table_name;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function row_counts_deleted() returns trigger language plpgsql as $$ begin
         update row_counts set n = n - (select count(*) from changed_rows) where name = tg_table_name;
         return null;
       end $$`,
    )
    .execute(db);
  for (const table of ROW_COUNTED) {
    await sql
      .raw(
        `create trigger ${table}_row_count_insert after insert on ${table} referencing new table as changed_rows ` +
          "for each statement execute function row_counts_inserted()",
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_row_count_delete after delete on ${table} referencing old table as changed_rows ` +
          "for each statement execute function row_counts_deleted()",
      )
      .execute(db);
  }
}

async function downRowCounts(db: Kysely<unknown>, dialect: Dialect) {
  for (const table of ROW_COUNTED) {
    for (const kind of ["insert", "delete"]) {
      await sql
        .raw(`drop trigger if exists ${table}_row_count_${kind}${dialect === "postgres" ? ` on ${table}` : ""}`)
        .execute(db);
    }
  }
  if (dialect === "postgres") {
    await sql`drop function if exists row_counts_inserted()`.execute(db);
    await sql`drop function if exists row_counts_deleted()`.execute(db);
  }
  await sql`drop table if exists row_counts`.execute(db);
}

/** The SQLite FTS5 table (its shadow tables are named `products_search_*`). */
export const PRODUCT_SEARCH_TABLE = "products_search";

/** Tables that hold no rows of their own: SQLite's full-text index of products and its shadow tables. */
export function isDerivedTable(name: string): boolean {
  return name === PRODUCT_SEARCH_TABLE || name.startsWith(`${PRODUCT_SEARCH_TABLE}_`);
}

/** The PostgreSQL trigram indexes: name → the indexed expression (as the search's LIKE writes it). */
export const TRIGRAM_INDEXES = {
  products_name_trgm: "lower(name)",
  products_title_trgm: "lower(title)",
  products_content_trgm: "lower(content)",
  products_serial_trgm: "lower(cast(serial_id as text))",
  products_search_text_trgm: "search_text",
} as const;

/** The FTS5 columns, each the lower-cased value the search's LIKE compares, from a products row `row`. */
const FTS_VALUES = (row: "new" | "old" | "products") =>
  [
    `lower(${row}.name)`,
    `lower(${row}.title)`,
    `lower(${row}.content)`,
    `lower(cast(${row}.serial_id as text))`,
    `lower(${row}.search_text)`,
  ].join(", ");

const FTS_COLUMNS = "name, title, content, serial, search_text";

async function upSqlite(db: Kysely<unknown>) {
  await sql
    .raw(
      `create virtual table ${PRODUCT_SEARCH_TABLE} using fts5(${FTS_COLUMNS}, content='', contentless_delete=1, ` +
        `tokenize='trigram case_sensitive 1')`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into ${PRODUCT_SEARCH_TABLE} (rowid, ${FTS_COLUMNS}) select id, ${FTS_VALUES("products")} from products`,
    )
    .execute(db);
  const insertNew = `insert into ${PRODUCT_SEARCH_TABLE} (rowid, ${FTS_COLUMNS}) values (new.id, ${FTS_VALUES("new")});`;
  const deleteOld = `delete from ${PRODUCT_SEARCH_TABLE} where rowid = old.id;`;
  await sql.raw(`create trigger products_search_insert after insert on products begin ${insertNew} end`).execute(db);
  await sql.raw(`create trigger products_search_delete after delete on products begin ${deleteOld} end`).execute(db);
  await sql
    .raw(
      "create trigger products_search_update after update of id, name, title, content, serial_id, search_text " +
        `on products begin ${deleteOld} ${insertNew} end`,
    )
    .execute(db);
}

/** The schema pg_trgm is installed in, or null when it is not (and cannot be) installed. */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const found = await installed();
  if (found) return found;
  // In a savepoint: a refusal (no contrib package, no privilege) must not abort the migration's transaction.
  // Into `public` when there is one: an extension inside a schema that is later dropped (tests use a schema
  // each) would take every other schema's trigram indexes with it.
  for (const target of ["public", null]) {
    await sql`savepoint pg_trgm_install`.execute(db);
    try {
      await sql.raw(`create extension if not exists pg_trgm${target ? ` with schema ${target}` : ""}`).execute(db);
      await sql`release savepoint pg_trgm_install`.execute(db);
      return await installed();
    } catch {
      await sql`rollback to savepoint pg_trgm_install`.execute(db);
      // Another migration may have installed it at the same moment.
      const raced = await installed();
      if (raced) return raced;
    }
  }
  return null;
}

async function upPostgres(db: Kysely<unknown>) {
  const schema = await trigramSchema(db);
  if (!schema) return;
  for (const [name, expression] of Object.entries(TRIGRAM_INDEXES)) {
    await sql
      .raw(`create index if not exists ${name} on products using gin ((${expression}) "${schema}".gin_trgm_ops)`)
      .execute(db);
  }
}

export default function dataGrowthMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await upRowCounts(db, dialect);
      if (dialect === "sqlite") await upSqlite(db);
      else await upPostgres(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await downRowCounts(db, dialect);
      if (dialect === "sqlite") {
        for (const trigger of ["products_search_insert", "products_search_delete", "products_search_update"])
          await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
        await sql.raw(`drop table if exists ${PRODUCT_SEARCH_TABLE}`).execute(db);
      } else {
        for (const name of Object.keys(TRIGRAM_INDEXES)) await sql.raw(`drop index if exists ${name}`).execute(db);
      }
    },
  };
}
