/**
 * Fresh databases for integration tests: a temporary SQLite file always, and a private
 * PostgreSQL schema per test file when TEST_DATABASE_URL is set, so runs never collide.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";

export interface TestDatabase {
  name: "sqlite" | "postgres";
  handle: DatabaseHandle;
  /** PostgreSQL only: another connection pool on the same schema, as a second app server would have. */
  openAnother?(): DatabaseHandle;
  dispose(): Promise<void>;
}

export type TestDatabaseFactory = { name: "sqlite" | "postgres"; create(): Promise<TestDatabase> };

async function createSqlite(): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "bakery-test-"));
  const handle = openDatabase(path.join(dir, "test.sqlite"));
  await migrateToLatest(handle);
  return {
    name: "sqlite",
    handle,
    async dispose() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgres(url: string): Promise<TestDatabase> {
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  // Create the schema up front: pooled connections that race to CREATE SCHEMA IF NOT EXISTS can fail,
  // and the failed one would then silently run in the public schema.
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await setup.end();
  const handle = openDatabase(url, { schema });
  await migrateToLatest(handle);
  const others: DatabaseHandle[] = [];
  return {
    name: "postgres",
    handle,
    openAnother() {
      const other = openDatabase(url, { schema });
      others.push(other);
      return other;
    },
    async dispose() {
      for (const other of others) await other.close();
      await handle.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
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
  if (url) list.push({ name: "postgres", create: () => createPostgres(url) });
  return list;
}
