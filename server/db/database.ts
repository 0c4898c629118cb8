/**
 * Opens the database chosen by DATABASE_URL. The rest of the code sees only `Kysely<Database>`
 * and the dialect name; nothing outside server/db/ knows which engine is underneath.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { databaseKindOf } from "../config.ts";
import type { Database } from "./schema.ts";
import { openSqlite } from "./sqlite-dialect.ts";

export type Dialect = "sqlite" | "postgres";
export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  /** PostgreSQL only: the schema every connection uses, when one was chosen (tests). */
  schema?: string;
  /** Checks the database answers; used by /healthz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; our ids and counts fit in a JS number.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

export interface OpenOptions {
  /** PostgreSQL only: use this (existing) schema — tests use one schema per test file. */
  schema?: string;
}

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (databaseKindOf(url) === "postgres") {
    if (options.schema && !/^[a-z_][a-z0-9_]*$/.test(options.schema))
      throw new Error(`Invalid schema name: ${options.schema}`);
    // The search path is a start-up parameter of every connection, so no query can run before it applies.
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: "postgres",
      schema: options.schema,
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  }
  const file = url.startsWith("file:") ? url.slice("file:".length).replace(/^\/\/(?=\/)/, "") : url;
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const { dialect } = openSqlite(file);
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    dialect: "sqlite",
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
