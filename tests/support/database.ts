/**
 * Fresh databases for integration tests: a temporary SQLite file always, and a PostgreSQL database of
 * its own per test file when TEST_DATABASE_URL is set, so files running side by side never collide.
 * `create({ template })` starts from a seeded template (tests/support/seed-template.ts) instead of
 * an empty database: the SQLite file is copied; on PostgreSQL the run's seeded template database (the same
 * rows, copied once by the global setup: createPostgresTemplates) is.
 */
import { randomBytes } from "node:crypto";
import { copyFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { copySqliteTables } from "../../server/db/copy.ts";
import { type DatabaseHandle, openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { TEMPLATE_DATABASE, TEMPLATE_UPLOADS } from "./seed-template.ts";
import { removeTempDir, tempDir } from "./temp.ts";

export interface TestDatabase {
  name: "sqlite" | "postgres";
  handle: DatabaseHandle;
  /** PostgreSQL only: another connection pool on the same database, as a second app server would have. */
  openAnother?(): DatabaseHandle;
  /** PostgreSQL only: the connection URL of this database (a database of the file's own on the test server). */
  url?: string;
  /** The uploads folder that belongs to the rows (the template's), copied by createTestApp. */
  uploadsTemplate?: string;
  dispose(): Promise<void>;
}

export interface CreateOptions {
  /** A seed template folder (from `inject("seedTemplate")`): start with the demo content. */
  template?: string;
}

export type TestDatabaseFactory = {
  name: "sqlite" | "postgres";
  create(options?: CreateOptions): Promise<TestDatabase>;
};

/** A SQLite file in a temporary folder, migrated (a copy of `template`'s when given). */
export async function createSqlite(options: CreateOptions = {}): Promise<TestDatabase> {
  const dir = tempDir("bakery-test-");
  const file = path.join(dir, "test.sqlite");
  if (options.template) copyFileSync(path.join(options.template, TEMPLATE_DATABASE), file);
  const handle = openDatabase(file);
  await migrateToLatest(handle);
  return {
    name: "sqlite",
    handle,
    uploadsTemplate: options.template && path.join(options.template, TEMPLATE_UPLOADS),
    async dispose() {
      await handle.close();
      removeTempDir(dir);
    },
  };
}

/** `url` with another database name as its path. */
function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** A new database name on `url`'s server: `<url's database>_<kind>_<time>_<random>`. */
function uniqueDatabaseName(url: string, kind: string): string {
  const base = decodeURIComponent(new URL(url).pathname.slice(1)) || "postgres";
  if (!/^[a-z_][a-z0-9_]*$/.test(base)) throw new Error(`not a plain database name: ${base}`);
  return `${base}_${kind}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL databases test databases are copied from (made once per run by the integration global setup). */
export interface PostgresTemplates {
  /** Migrated, no rows but the migrations' own. */
  migrated: string;
  /** Migrated and holding the rows of the SQLite seed template. */
  seeded: string;
}

/** Runs the migrations in the (new, empty) database at `url` and, given a seed template folder, copies its rows in. */
async function migrateAndFill(url: string, seedTemplate?: string): Promise<void> {
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle);
  } finally {
    // A template database must have no connections left when it is copied.
    await handle.close();
  }
  if (!seedTemplate) return;
  // The same copy as `npm run db:copy` (server/db/copy.ts): every table, checked, the id sequences moved on.
  const source = new DatabaseSync(path.join(seedTemplate, TEMPLATE_DATABASE), { readOnly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await copySqliteTables(source, client);
  } finally {
    await client.end();
    source.close();
  }
}

/**
 * Makes the run's template databases on the server of `url`: one migrated, one migrated and filled with the
 * rows of `seedTemplate` (a folder from seedTemplate()). A test file's database is then one
 * `CREATE DATABASE … TEMPLATE` instead of every migration run again in it. Returns their names and the
 * teardown that drops them.
 */
export async function createPostgresTemplates(
  url: string,
  seedTemplate: string,
): Promise<{ templates: PostgresTemplates; dispose(): Promise<void> }> {
  const templates = { migrated: uniqueDatabaseName(url, "tpl"), seeded: uniqueDatabaseName(url, "tpl") };
  const dispose = async () => {
    for (const name of Object.values(templates)) await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    await onServer(url, `CREATE DATABASE ${templates.migrated}`);
    await migrateAndFill(databaseUrl(url, templates.migrated));
    await onServer(url, `CREATE DATABASE ${templates.seeded}`);
    await migrateAndFill(databaseUrl(url, templates.seeded), seedTemplate);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { templates, dispose };
}

/**
 * A database of its own on the test server, a copy (`CREATE DATABASE … TEMPLATE`) of the run's migrated or seeded
 * template database. A database per file, not a schema per file in one shared database: whatever reads the
 * catalogue (Kysely's migrator and introspection list every schema and look each table up by name) never sees
 * another file's tables, which that file may be dropping at the same moment.
 */
async function createPostgres(
  url: string,
  templates: PostgresTemplates | null,
  options: CreateOptions = {},
): Promise<TestDatabase> {
  if (!templates) throw new Error("no PostgreSQL template databases: run the file in the integration project");
  const name = uniqueDatabaseName(url, "t");
  const fileUrl = databaseUrl(url, name);
  await onServer(url, `CREATE DATABASE ${name} TEMPLATE ${options.template ? templates.seeded : templates.migrated}`);
  const drop = () => onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const handle = openDatabase(fileUrl);
  const others: DatabaseHandle[] = [];
  return {
    name: "postgres",
    handle,
    url: fileUrl,
    openAnother() {
      const other = openDatabase(fileUrl);
      others.push(other);
      return other;
    },
    uploadsTemplate: options.template && path.join(options.template, TEMPLATE_UPLOADS),
    async dispose() {
      for (const other of others) await other.close();
      await handle.close();
      await drop();
    },
  };
}

/** The databases every integration test runs against. Under CI, PostgreSQL is required. */
export function testDatabases(): TestDatabaseFactory[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI === "true") {
    throw new Error("TEST_DATABASE_URL must be set under CI=true: integration tests must also run on PostgreSQL");
  }
  const list: TestDatabaseFactory[] = [{ name: "sqlite", create: createSqlite }];
  if (url) {
    list.push({
      name: "postgres",
      create: (options) => createPostgres(url, inject("postgresTemplates"), options),
    });
  }
  return list;
}

/** A table of a test database and its columns, in their order. */
export interface TableColumns {
  name: string;
  columns: string[];
}

/**
 * The tables (and views) of this handle's own database — on PostgreSQL only its current schema — without
 * Kysely's migration bookkeeping. Kysely's introspection lists every schema of the PostgreSQL database and
 * looks each table up by name (`pg_get_serial_sequence`, `has_schema_privilege`), so on a database shared
 * with others it fails when one of them drops a table or schema at that moment; this reads the catalogue rows
 * of the one schema only.
 */
export async function tablesOf(handle: DatabaseHandle): Promise<TableColumns[]> {
  if (handle.dialect !== "postgres") {
    return (await handle.db.introspection.getTables()).map((table) => ({
      name: table.name,
      columns: table.columns.map((column) => column.name),
    }));
  }
  const rows = (
    await sql<{ table: string; column: string }>`
      SELECT c.relname AS "table", a.attname AS "column"
      FROM pg_catalog.pg_class c
      JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
      JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid
      WHERE ns.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p', 'f')
        AND a.attnum > 0 AND NOT a.attisdropped
        AND c.relname NOT IN ('kysely_migration', 'kysely_migration_lock')
      ORDER BY c.relname, a.attnum`.execute(handle.db)
  ).rows;
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    const columns = tables.get(row.table) ?? [];
    columns.push(row.column);
    tables.set(row.table, columns);
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}
