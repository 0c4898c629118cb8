/**
 * A scratch database of its own on the shared test PostgreSQL (TEST_DATABASE_URL), for tests that need a
 * whole database rather than a schema: a server process with its own DATABASE_URL, pg_dump/pg_restore.
 * Its name is unique per call; `dispose()` drops it even while connections are still open.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface ScratchPostgres {
  /** The database's name (a valid unquoted identifier). */
  name: string;
  /** TEST_DATABASE_URL with this database's name as its path. */
  url: string;
  /** One statement on this database, on a connection of its own. */
  query<T extends pg.QueryResultRow>(statement: string, values?: unknown[]): Promise<T[]>;
  dispose(): Promise<void>;
}

/** One statement on `url`'s database, on a connection of its own. */
export async function queryOnce<T extends pg.QueryResultRow>(
  url: string,
  statement: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<random>` on the server of `baseUrl`. */
export async function createScratchPostgres(baseUrl: string, prefix: string): Promise<ScratchPostgres> {
  if (!/^[a-z][a-z0-9_]*$/.test(prefix)) throw new Error(`not a database name prefix: ${prefix}`);
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await queryOnce(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    query: (statement, values) => queryOnce(url.toString(), statement, values),
    async dispose() {
      await queryOnce(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
