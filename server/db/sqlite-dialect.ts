/**
 * Kysely over Node's built-in `node:sqlite` (no native module to compile at install).
 *
 * Kysely's SqliteDriver hands the same single connection to every caller with no lock, so two
 * requests that each run a transaction would interleave their statements inside one BEGIN…COMMIT.
 * This driver serialises connection use with a small async mutex, and starts transactions with
 * BEGIN IMMEDIATE so that a second process (e.g. `npm run db:seed` while the server runs) waits on
 * busy_timeout instead of failing half-way with "database is locked".
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteStatement,
} from "kysely";

const STATEMENT_CACHE_SIZE = 200;

/** Adapts DatabaseSync to the interface Kysely's SqliteDialect expects, caching prepared statements. */
function adapt(db: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, { stmt: StatementSync; reader: boolean }>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      let entry = cache.get(sql);
      if (!entry) {
        const stmt = db.prepare(sql);
        entry = { stmt, reader: stmt.columns().length > 0 };
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(sql, entry);
      }
      const { stmt, reader } = entry;
      return {
        reader,
        all: (parameters) => stmt.all(...(parameters as never[])),
        run: (parameters) => stmt.run(...(parameters as never[])),
        iterate: (parameters) => stmt.iterate(...(parameters as never[])),
      };
    },
  };
}

class Mutex {
  #tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return acquired;
  }
}

class SerialisedSqliteDriver extends SqliteDriver {
  readonly #mutex = new Mutex();
  #release: (() => void) | undefined;

  override async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock();
    this.#release = release;
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class NodeSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }
  override createDriver(): Driver {
    return new SerialisedSqliteDriver({ database: this.#database });
  }
  override createAdapter() {
    return new SqliteAdapter();
  }
}

/**
 * `readOnly`: a connection that only reads (a render worker's, server/http/render-pool.ts): beside the server's
 * own connection, WAL lets it read while that one writes; it never changes the file's journal mode.
 */
export function openSqlite(
  file: string,
  options: { readOnly?: boolean } = {},
): { dialect: SqliteDialect; raw: DatabaseSync } {
  const raw = new DatabaseSync(file, { timeout: 5000, readOnly: options.readOnly ?? false });
  if (!options.readOnly) raw.exec("PRAGMA journal_mode = WAL");
  raw.exec("PRAGMA synchronous = NORMAL");
  raw.exec("PRAGMA foreign_keys = ON");
  raw.exec("PRAGMA busy_timeout = 5000");
  return { dialect: new NodeSqliteDialect(adapt(raw)), raw };
}

export type AnyKysely = Kysely<unknown>;
