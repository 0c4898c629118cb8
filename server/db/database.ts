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
  /**
   * PostgreSQL only: LISTEN on `channel` over a dedicated connection (not one of the pool's) and call
   * `onNotify` for each notification. `onDown` is called when the connection is lost; the caller starts
   * over by calling `listen` again. Resolves once listening, with a function that stops.
   */
  listen?(channel: string, onNotify: () => void, onDown: (error: unknown) => void): Promise<() => Promise<void>>;
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
      listen: async (channel, onNotify, onDown) => {
        if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
        const client = new pg.Client({ connectionString: url });
        let closed = false;
        const down = (error: unknown) => {
          if (closed) return;
          closed = true;
          client.end().catch(() => {});
          onDown(error);
        };
        client.on("notification", (message) => {
          if (message.channel === channel) onNotify();
        });
        client.on("error", down);
        client.on("end", () => down(new Error("listener connection ended")));
        try {
          await client.connect();
          await client.query(`LISTEN ${channel}`);
        } catch (error) {
          closed = true;
          await client.end().catch(() => {});
          throw error;
        }
        return async () => {
          closed = true;
          await client.end().catch(() => {});
        };
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
