/**
 * Opens the database chosen by DATABASE_URL. The rest of the code sees only `Kysely<Database>`
 * and the dialect name; nothing outside server/db/ knows which engine is underneath.
 */
import { constants, mkdirSync } from "node:fs";
import { access, statfs } from "node:fs/promises";
import path from "node:path";
import { Kysely, PostgresDialect, type PostgresPool, sql } from "kysely";
import pg from "pg";
import { databaseKindOf, sqliteFileOf } from "../config.ts";
import type { Logger } from "../log.ts";
import { faultOf } from "./faults.ts";
import type { Database } from "./schema.ts";
import { openSqlite } from "./sqlite-dialect.ts";

export type Dialect = "sqlite" | "postgres";
export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  /** PostgreSQL only: the schema every connection uses, when one was chosen (tests). */
  schema?: string;
  /** Where the database is, for log lines: `host:port` (PostgreSQL) or the file (SQLite). No credentials. */
  address: string;
  /** Checks the database answers. */
  ping(): Promise<void>;
  /**
   * The readiness probe of /healthz: proves the database would take a write without writing or locking a
   * row (PostgreSQL: not read-only, not a standby; SQLite: the write lock can be taken) and, on SQLite, that
   * its disk has room. Throws the fault otherwise.
   */
  checkWritable(): Promise<void>;
  /**
   * PostgreSQL: true from the moment a connection could not be made (or broke) until one is made again.
   * The HTTP layer answers 503 instead of 500 meanwhile. Always false on SQLite.
   */
  isDown(): boolean;
  /**
   * PostgreSQL: true for a few seconds after a request waited the whole acquire timeout for a pooled
   * connection (a burst: the database is up, the pool was full). A page whose loader met it is answered the
   * "busy" 503 rather than a 500 (http/faults.ts). Always false on SQLite.
   */
  isBusy(): boolean;
  /**
   * After a disk fault: the operating system's reason the database's disk refuses writes (`EROFS`,
   * `EACCES`, `ENOSPC`), or null when none is seen. SQLite only (PostgreSQL's disk is not ours to see).
   */
  diagnoseDisk(): Promise<string | null>;
  /**
   * PostgreSQL only: LISTEN on `channel` over a dedicated connection (not one of the pool's) and call
   * `onNotify` for each notification. `onDown` is called when the connection is lost; the caller starts
   * over by calling `listen` again. Resolves once listening, with a function that stops.
   */
  listen?(
    channel: string,
    onNotify: (payload: string) => void,
    onDown: (error: unknown) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; our ids and counts fit in a JS number.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

export interface OpenOptions {
  /** PostgreSQL only: use this (existing) schema — tests use one schema per test file. */
  schema?: string;
  /** Told once when the database becomes unreachable and once when it is back (not per failed query). */
  logger?: Logger;
  /**
   * A handle that only reads (a render worker's, server/http/render-pool.ts): SQLite opens the file read-only;
   * PostgreSQL's sessions default to read-only transactions, in a pool of `poolSize` connections.
   */
  readOnly?: boolean;
  /** PostgreSQL: the pool's size (10 by default). */
  poolSize?: number;
}

/**
 * How long a request waits for a PostgreSQL connection — a new one, or a turn at the pool's — before it is
 * answered 503 (faults.ts tells the two apart: "database-unavailable" or "database-busy").
 */
const CONNECT_TIMEOUT_MS = 3_000;
/** How long after a pool queue timeout `isBusy()` stays true. */
const BUSY_MEMORY_MS = 5_000;
/** SQLite: less free space than this on the database's disk and /healthz reports it full. */
export const MIN_FREE_DISK_BYTES = 1024 * 1024;

/** A disk fault with the operating system's code, so faultOf() and the logs name the real cause. */
class DiskError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** Why a folder takes no writes: not writable (EROFS, EACCES…) or (nearly) full (ENOSPC). */
async function diagnoseFolder(folder: string): Promise<string | null> {
  try {
    await access(folder, constants.W_OK);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? "EACCES";
  }
  const disk = await statfs(folder);
  return Number(disk.bavail) * Number(disk.bsize) < MIN_FREE_DISK_BYTES ? "ENOSPC" : null;
}

/** The `host:port` of a PostgreSQL URL, without user or password. */
export function postgresAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`;
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}

/** Up/down state of the PostgreSQL server, logged once per change. */
function createAvailability(address: string, logger: Logger | undefined) {
  let downSince = 0;
  // Before the first connection, start-up waits and says so itself (server/db/wait.ts).
  let everReached = false;
  return {
    isDown: () => downSince > 0,
    failed(error: unknown) {
      if (downSince || faultOf(error) !== "database-unavailable") return;
      downSince = Date.now();
      if (everReached)
        logger?.error("database unavailable", {
          at: address,
          error: error instanceof Error ? error.message || String((error as { code?: string }).code) : String(error),
        });
    },
    /**
     * A query sent at `sentAt` succeeded. Only one sent after the outage was noticed proves the database is
     * back: one in flight before it (its answer already on the way) or a checkout of an idle client (handed
     * out without touching the network, though its connection may be gone) proves nothing, and taking it for
     * a recovery made one outage log "database unavailable" twice.
     */
    reachable(sentAt: number) {
      const wasReached = everReached;
      everReached = true;
      if (!downSince || sentAt < downSince) return;
      if (wasReached) logger?.info("database available again", { at: address, downMs: Date.now() - downSince });
      downSince = 0;
    },
  };
}

/**
 * PostgreSQL's readiness to take writes, by a plain read that locks nothing: a standby (in recovery) or a
 * server or role set to read-only transactions would refuse every write. (It used to UPDATE the content
 * version's row in a rolled-back transaction, which queued behind every bump and every bump behind it.)
 */
async function probePostgresWritable(db: DB): Promise<void> {
  const { rows } = await sql<{ in_recovery: boolean; read_only: string }>`
    select pg_is_in_recovery() as in_recovery, current_setting('transaction_read_only') as read_only`.execute(db);
  const row = rows[0];
  if (row && (row.in_recovery || row.read_only === "on")) {
    // SQLSTATE 25006 read_only_sql_transaction: what a write would fail with (faults.ts: "read-only").
    throw Object.assign(new Error("the database takes no writes (read-only or in recovery)"), { code: "25006" });
  }
}

/**
 * SQLite's readiness to take writes: BEGIN IMMEDIATE takes the write lock (a database on a read-only file
 * refuses it), then lets go at once; no row is touched.
 */
async function probeSqliteWritable(db: DB): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql.raw("begin immediate").execute(connection);
    await sql`rollback`.execute(connection);
  });
}

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (databaseKindOf(url) === "postgres") {
    if (options.schema && !/^[a-z_][a-z0-9_]*$/.test(options.schema))
      throw new Error(`Invalid schema name: ${options.schema}`);
    const address = postgresAddress(url);
    const availability = createAvailability(address, options.logger);
    // The search path is a start-up parameter of every connection, so no query can run before it applies.
    const startup = [
      ...(options.schema ? [`-c search_path=${options.schema}`] : []),
      ...(options.readOnly ? ["-c default_transaction_read_only=on"] : []),
    ].join(" ");
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      // While the server is down or unreachable, a request is answered (503) in seconds instead of hanging.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      ...(startup ? { options: startup } : {}),
    });
    // An idle client whose server went away (restart, failover) emits "error"; without a listener that
    // is an uncaught exception that ends the process. The pool drops the client; the next query reconnects.
    pool.on("error", (error) => availability.failed(error));
    let busySince = 0;
    // Queries that break mid-way (the server stopping under them) mark the database down too.
    const watched = new WeakSet<pg.PoolClient>();
    const watchedPool: PostgresPool = {
      Client: pg.Client,
      options: pool.options,
      async connect() {
        let client: pg.PoolClient;
        try {
          client = await pool.connect();
        } catch (error) {
          if (faultOf(error) === "database-busy") busySince = Date.now();
          else availability.failed(error);
          throw error;
        }
        if (!watched.has(client)) {
          watched.add(client);
          // The pool listens for errors of idle clients only: one checked out (mid-query, or holding a
          // transaction) whose connection breaks would emit an unhandled "error" and end the process.
          // Its query fails on its own; the pool discards the broken client when it is released.
          client.on("error", (error) => availability.failed(error));
          const query = client.query.bind(client) as (...args: unknown[]) => unknown;
          (client as { query: unknown }).query = (...args: unknown[]) => {
            const sentAt = Date.now();
            const result = query(...args);
            if (result instanceof Promise)
              result.then(
                () => availability.reachable(sentAt),
                (error: unknown) => availability.failed(error),
              );
            return result;
          };
        }
        return client;
      },
      end: () => pool.end(),
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: watchedPool }) });
    return {
      db,
      dialect: "postgres",
      schema: options.schema,
      address,
      isDown: availability.isDown,
      isBusy: () => busySince > 0 && Date.now() - busySince < BUSY_MEMORY_MS,
      diagnoseDisk: async () => null,
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      checkWritable: () => probePostgresWritable(db),
      listen: async (channel, onNotify, onDown) => {
        if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
        let closed = false;
        const down = (error: unknown) => {
          if (closed) return;
          closed = true;
          client.end().catch(() => {});
          onDown(error);
        };
        client.on("notification", (message) => {
          if (message.channel === channel) onNotify(message.payload ?? "");
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
  const file = sqliteFileOf(url);
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const folder = path.dirname(path.resolve(file));
  const { dialect } = openSqlite(file, { readOnly: options.readOnly });
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    dialect: "sqlite",
    address: file,
    isDown: () => false,
    isBusy: () => false,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    diagnoseDisk: () => (file === ":memory:" ? Promise.resolve(null) : diagnoseFolder(folder)),
    async checkWritable() {
      try {
        await probeSqliteWritable(db);
      } catch (error) {
        const cause = file === ":memory:" ? null : await diagnoseFolder(folder).catch(() => null);
        throw cause ? new DiskError(cause, `${cause}: ${(error as Error).message}`) : error;
      }
      if (file === ":memory:") return;
      // A rolled-back write touches no disk, so room to grow is checked apart.
      const disk = await statfs(folder);
      const free = Number(disk.bavail) * Number(disk.bsize);
      if (free < MIN_FREE_DISK_BYTES) throw new DiskError("ENOSPC", `only ${free} bytes free on the database's disk`);
    },
    close: () => db.destroy(),
  };
}
