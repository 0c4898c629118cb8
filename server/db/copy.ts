/**
 * Moving a site from SQLite to PostgreSQL (`npm run db:copy`, docs/operations.md "Growing to several servers"),
 * and the rows of the tests' PostgreSQL template databases (tests/support/database.ts), which are the same
 * operation on the demo content.
 *
 * `copySqliteTables` copies every table of a SQLite database into a migrated PostgreSQL database in ONE
 * transaction, and checks it before committing: per table, the row count and a checksum of every row's values
 * must be the same on both sides, or nothing is committed. It needs no superuser: rows go in parents before
 * children (the foreign keys as PostgreSQL's catalogue lists them; a table referring to itself, such as
 * categories, has its rows sorted parents first), the triggers stay on (the row counters are recomputed at the
 * end anyway), and every id sequence is moved past the largest id SQLite ever handed out (its `sqlite_sequence`,
 * so an id of a deleted row is not given to a new one).
 *
 * `copySite` is the operator's command: a consistent snapshot of the live SQLite file (`VACUUM INTO`, as the
 * backup takes it) migrated to this release's schema, the image files into the configured storage with every
 * file's bytes compared after the copy, then `copySqliteTables`. The snapshot is what gets copied: writes made to
 * the site after it are not (stop the site first).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import pg from "pg";
import { type AppConfig, sqliteFileOf } from "../config.ts";
import { type CopyResult, copyStorage, verifyStorage } from "../images/copy-storage.ts";
import { createImageStorage } from "../images/open-storage.ts";
import { createLocalStorage, type ImageStorage } from "../images/storage.ts";
import { BackupError, BOOKKEEPING_TABLES, contentRows, postgresRowCounts } from "./backup.ts";
import { openDatabase, postgresAddress } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { isDerivedTable } from "./migrations/017-data-growth.ts";

type Row = Record<string, SQLInputValue>;

export interface TableCopy {
  table: string;
  rows: number;
  /** SHA-256 of the table's rows (order-independent), equal on both sides. */
  checksum: string;
}

/** A name in double quotes, for the tables and columns read from the catalogues. */
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables of a SQLite database that hold the site's data, with their columns in order. */
function sqliteTables(source: DatabaseSync): Map<string, string[]> {
  const names = source
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((row) => String(row.name))
    // The migrations' bookkeeping is the target's own; SQLite's full-text index of products is SQLite's (PostgreSQL
    // indexes the rows themselves).
    .filter((name) => !BOOKKEEPING_TABLES.has(name) && !isDerivedTable(name));
  return new Map(
    names.map((name) => [
      name,
      source
        .prepare(`PRAGMA table_info(${quote(name)})`)
        .all()
        .map((column) => String(column.name)),
    ]),
  );
}

/** The largest id SQLite handed out per AUTOINCREMENT table, deleted rows included. */
function sqliteSequences(source: DatabaseSync): Map<string, number> {
  const exists = source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").get();
  if (!exists) return new Map();
  return new Map(
    source
      .prepare("SELECT name, seq FROM sqlite_sequence")
      .all()
      .map((row) => [String(row.name), Number(row.seq)]),
  );
}

interface ForeignKey {
  child: string;
  parent: string;
  columns: string[];
  referenced: string[];
}

async function postgresColumns(client: pg.Client): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table: string; column: string }>(
    `SELECT c.relname AS "table", a.attname AS "column"
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table, [...(tables.get(row.table) ?? []), row.column]);
  return tables;
}

async function postgresForeignKeys(client: pg.Client): Promise<ForeignKey[]> {
  const columnsOf = (keys: string, table: string) =>
    `ARRAY(SELECT a.attname::text FROM unnest(c.${keys}) WITH ORDINALITY k(num, ord)
           JOIN pg_attribute a ON a.attrelid = c.${table} AND a.attnum = k.num ORDER BY k.ord)`;
  const { rows } = await client.query<ForeignKey>(
    `SELECT child.relname AS child, parent.relname AS parent,
            ${columnsOf("conkey", "conrelid")} AS columns, ${columnsOf("confkey", "confrelid")} AS referenced
     FROM pg_constraint c
     JOIN pg_class child ON child.oid = c.conrelid
     JOIN pg_class parent ON parent.oid = c.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace
     WHERE c.contype = 'f' AND n.nspname = current_schema()`,
  );
  return rows;
}

/** `tables` with every table after the tables it refers to. */
function parentsFirst(tables: string[], keys: ForeignKey[]): string[] {
  const pending = new Set(tables);
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter((table) =>
      keys.every((key) => key.child !== table || key.parent === table || !pending.has(key.parent)),
    );
    if (ready.length === 0)
      throw new BackupError(`The tables ${[...pending].join(", ")} refer to each other in a cycle`);
    for (const table of ready) {
      pending.delete(table);
      ordered.push(table);
    }
  }
  return ordered;
}

/** A table's rows with each row after the rows it refers to (a category after its parent). */
function rowsParentsFirst(rows: Row[], selfKeys: ForeignKey[]): Row[] {
  const keyOf = (row: Row, columns: string[]) => JSON.stringify(columns.map((column) => row[column]));
  const indexes = selfKeys.map((key) => new Map(rows.map((row) => [keyOf(row, key.referenced), row])));
  const parentsOf = (row: Row): Row[] =>
    selfKeys.flatMap((key, n) => {
      if (key.columns.some((column) => row[column] === null)) return [];
      const parent = indexes[n]!.get(keyOf(row, key.columns));
      return parent && parent !== row ? [parent] : [];
    });
  const done = new Set<Row>();
  const ordered: Row[] = [];
  // Depth first with a stack of its own: a chain of parents may be longer than the call stack allows.
  for (const start of rows) {
    if (done.has(start)) continue;
    const stack = [{ row: start, parents: parentsOf(start) }];
    const onPath = new Set([start]);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const parent = top.parents.pop();
      if (parent === undefined) {
        stack.pop();
        onPath.delete(top.row);
        done.add(top.row);
        ordered.push(top.row);
      } else if (!done.has(parent)) {
        if (onPath.has(parent)) throw new BackupError("Rows of a table refer to each other in a cycle");
        onPath.add(parent);
        stack.push({ row: parent, parents: parentsOf(parent) });
      }
    }
  }
  return ordered;
}

/** One value in the form both databases' drivers agree on (numbers as text, bytes as hex). */
function canonical(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString("hex")}`;
  return String(value);
}

/** Order-independent checksum of rows: the SHA-256 of their sorted per-row digests. */
class TableChecksum {
  private readonly digests: Buffer[] = [];
  private readonly columns: string[];
  constructor(columns: string[]) {
    this.columns = columns;
  }
  add(row: Record<string, unknown>): void {
    const values = this.columns.map((column) => canonical(row[column]));
    this.digests.push(createHash("sha256").update(JSON.stringify(values)).digest());
  }
  get rows(): number {
    return this.digests.length;
  }
  digest(): string {
    const hash = createHash("sha256");
    for (const digest of this.digests.sort(Buffer.compare)) hash.update(digest);
    return hash.digest("hex");
  }
}

/** Inserts rows in multi-row statements (within PostgreSQL's 65,535 parameters per statement). */
async function insertRows(client: pg.Client, table: string, columns: string[], rows: Iterable<Row>): Promise<void> {
  const perStatement = Math.max(1, Math.floor(30_000 / columns.length));
  const names = columns.map(quote).join(", ");
  let chunk: Row[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const values: unknown[] = [];
    const tuples = chunk.map(
      (row) =>
        `(${columns
          .map((column) => {
            const value = row[column];
            values.push(value instanceof Uint8Array ? Buffer.from(value) : value);
            return `$${values.length}`;
          })
          .join(", ")})`,
    );
    await client.query(`INSERT INTO ${quote(table)} (${names}) VALUES ${tuples.join(", ")}`, values);
    chunk = [];
  };
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length >= perStatement) await flush();
  }
  await flush();
}

/** The checksum of a PostgreSQL table's `columns`, read through a cursor (a big table is not held in memory). */
async function postgresChecksum(client: pg.Client, table: string, columns: string[]): Promise<TableChecksum> {
  const checksum = new TableChecksum(columns);
  await client.query(
    `DECLARE copy_check NO SCROLL CURSOR FOR SELECT ${columns.map(quote).join(", ")} FROM ${quote(table)}`,
  );
  for (;;) {
    const { rows } = await client.query("FETCH 2000 FROM copy_check");
    for (const row of rows) checksum.add(row);
    if (rows.length < 2000) break;
  }
  await client.query("CLOSE copy_check");
  return checksum;
}

/** Moves every id sequence past the largest id in its table and the largest SQLite ever handed out. */
async function advanceSequences(client: pg.Client, handedOut: Map<string, number>): Promise<void> {
  const { rows } = await client.query<{ table: string; column: string; sequence: string }>(
    `SELECT c.relname AS "table", a.attname AS "column", s.sequence
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     CROSS JOIN LATERAL (SELECT pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) AS sequence) s
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND s.sequence IS NOT NULL`,
  );
  for (const { table, column, sequence } of rows) {
    // setval(…, 1, false): the next id is 1 (an empty table); setval(…, n, true): the next is n + 1.
    await client.query(
      `SELECT setval($1::regclass, GREATEST(v, 1), v > 0)
       FROM (SELECT GREATEST(COALESCE(MAX(${quote(column)}), 0), $2::bigint) AS v FROM ${quote(table)}) AS m`,
      [sequence, handedOut.get(table) ?? 0],
    );
  }
}

/**
 * Copies the site's tables of the SQLite database `source` into the migrated PostgreSQL database `client` is
 * connected to, in one transaction checked before it commits (see the top of this file). `replace` empties
 * the tables it copies first (TRUNCATE); without it the caller has made sure they are empty.
 */
export async function copySqliteTables(
  source: DatabaseSync,
  client: pg.Client,
  options: { replace?: boolean } = {},
): Promise<TableCopy[]> {
  const tables = sqliteTables(source);
  const targetTables = await postgresColumns(client);
  const problems: string[] = [];
  for (const [table, columns] of tables) {
    const target = targetTables.get(table);
    if (!target) problems.push(`table ${table}`);
    else for (const column of columns) if (!target.includes(column)) problems.push(`column ${table}.${column}`);
  }
  if (problems.length > 0) {
    throw new BackupError(
      `The PostgreSQL database lacks ${problems.join(", ")} of the SQLite database: is it migrated by this release?`,
    );
  }
  const keys = (await postgresForeignKeys(client)).filter((key) => tables.has(key.child));
  const order = parentsFirst([...tables.keys()], keys);

  await client.query("BEGIN");
  try {
    if (options.replace) await client.query(`TRUNCATE ${order.map(quote).join(", ")} RESTART IDENTITY CASCADE`);
    for (const table of order) {
      const columns = tables.get(table)!;
      const select = source.prepare(`SELECT ${columns.map(quote).join(", ")} FROM ${quote(table)}`);
      const selfKeys = keys.filter((key) => key.child === table && key.parent === table);
      await insertRows(
        client,
        table,
        columns,
        selfKeys.length > 0 ? rowsParentsFirst(select.all() as Row[], selfKeys) : (select.iterate() as Iterable<Row>),
      );
    }
    await advanceSequences(client, sqliteSequences(source));
    // The counters of the admin lists' totals: what the tables now hold (a TRUNCATE does not move them).
    if (targetTables.has("row_counts")) {
      const { rows } = await client.query<{ name: string }>("SELECT name FROM row_counts");
      for (const { name } of rows) {
        if (!targetTables.has(name)) continue;
        await client.query(`UPDATE row_counts SET n = (SELECT count(*) FROM ${quote(name)}) WHERE name = $1`, [name]);
      }
    }
    // Past the site's last content version, so nothing cached under an earlier one is taken for current.
    if (targetTables.has("content_version") && sqliteHasTable(source, "content_version")) {
      const row = source.prepare("SELECT MAX(version) AS version FROM content_version").get();
      await client.query("UPDATE content_version SET version = GREATEST(version, $1::bigint) + 1", [
        Number(row?.version ?? 0),
      ]);
    }

    const copied: TableCopy[] = [];
    const mismatches: string[] = [];
    for (const table of order) {
      const columns = tables.get(table)!;
      const expected = new TableChecksum(columns);
      for (const row of source.prepare(`SELECT ${columns.map(quote).join(", ")} FROM ${quote(table)}`).iterate()) {
        expected.add(row);
      }
      const actual = await postgresChecksum(client, table, columns);
      const checksum = expected.digest();
      if (actual.rows !== expected.rows) {
        mismatches.push(`${table}: ${expected.rows} rows in SQLite, ${actual.rows} in PostgreSQL`);
      } else if (actual.digest() !== checksum) {
        mismatches.push(`${table}: the rows' values differ (checksums do not match)`);
      }
      copied.push({ table, rows: expected.rows, checksum });
    }
    if (mismatches.length > 0) {
      throw new BackupError(
        `The copy does not match the SQLite database; nothing was committed:\n  ${mismatches.join("\n  ")}`,
      );
    }
    await client.query("COMMIT");
    return copied.sort((a, b) => a.table.localeCompare(b.table));
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

function sqliteHasTable(source: DatabaseSync, table: string): boolean {
  return Boolean(source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table));
}

/** Every storage key the `images` rows refer to: each image's master and its variants. */
function referencedImageKeys(source: DatabaseSync): string[] {
  if (!sqliteHasTable(source, "images")) return [];
  const keys: string[] = [];
  for (const row of source.prepare("SELECT path, variants FROM images").iterate()) {
    keys.push(`${String(row.path)}/original.webp`);
    for (const variant of JSON.parse(String(row.variants)) as { key: string }[]) keys.push(variant.key);
  }
  return keys;
}

export interface SiteCopyOptions {
  /** The PostgreSQL database to copy into (postgres://…). */
  to: string;
  /** Replace the rows of a database that is not empty. */
  force: boolean;
  /** The SQLite site's uploads folder (default: the configured UPLOADS_DIR). */
  uploadsFrom?: string;
  /** Progress lines for the operator. */
  log?: (line: string) => void;
}

export interface SiteCopyResult {
  tables: TableCopy[];
  images: {
    /** Where the images went: the bucket or the folder. */
    target: string;
    /** Null when the images stay in the folder they are in (nothing to copy). */
    copy: CopyResult | null;
    /** Files whose bytes were compared after the copy. */
    verified: number;
    /** Keys the images rows refer to that are in neither the uploads folder nor the target. */
    missing: string[];
  };
}

type Config = Pick<AppConfig, "databaseUrl" | "databaseKind" | "uploadsDir" | "s3">;

/**
 * `npm run db:copy`: the SQLite site of `config` (its DATABASE_URL and uploads) into the PostgreSQL database
 * `options.to` and the configured image storage (the S3 bucket when S3_BUCKET is set, else UPLOADS_DIR).
 */
export async function copySite(config: Config, options: SiteCopyOptions): Promise<SiteCopyResult> {
  const log = options.log ?? (() => {});
  if (config.databaseKind !== "sqlite") {
    throw new BackupError(
      "db:copy copies a SQLite site into PostgreSQL, but DATABASE_URL points at PostgreSQL already. Run it with the " +
        "SQLite site's DATABASE_URL (or none, for DATA_DIR/bakery.sqlite); use db:backup and db:restore between PostgreSQL databases.",
    );
  }
  if (!/^postgres(ql)?:\/\//i.test(options.to)) {
    throw new BackupError("--to must be a PostgreSQL URL: postgres://user:password@host:5432/database");
  }
  const sourceFile = sqliteFileOf(config.databaseUrl);
  if (!existsSync(sourceFile)) throw new BackupError(`DATABASE_URL: there is no SQLite database at ${sourceFile}`);
  const target = `${postgresAddress(options.to)}/${decodeURIComponent(new URL(options.to).pathname.slice(1))}`;
  const rows = contentRows(
    await postgresRowCounts(options.to).catch((error: unknown) => {
      if ((error as { code?: string }).code !== "3D000") throw error;
      throw new BackupError(
        `The PostgreSQL database ${target} does not exist: create it first (createdb, CREATE DATABASE).`,
      );
    }),
  );
  if (rows.length > 0 && !options.force) {
    throw new BackupError(
      `The PostgreSQL database ${target} is not empty (${rows.join(", ")}). Copy into a new, empty database, or run ` +
        "again with --force to replace the site's tables in it with the copy.",
    );
  }

  const workDir = mkdtempSync(path.join(tmpdir(), "bakery-copy-"));
  try {
    // A consistent snapshot of the live file (the backup's way), then this release's schema on the snapshot.
    const snapshotFile = path.join(workDir, "snapshot.sqlite");
    const live = new DatabaseSync(sourceFile, { readOnly: true });
    try {
      live.exec("PRAGMA busy_timeout = 10000");
      live.prepare("VACUUM INTO ?").run(snapshotFile);
    } finally {
      live.close();
    }
    const snapshotHandle = openDatabase(snapshotFile);
    try {
      await migrateToLatest(snapshotHandle);
    } finally {
      await snapshotHandle.close();
    }
    log(`SQLite snapshot of ${sourceFile} taken.`);

    const targetHandle = openDatabase(options.to);
    try {
      await migrateToLatest(targetHandle);
    } finally {
      await targetHandle.close();
    }
    log(`PostgreSQL database ${target} migrated.`);

    const source = new DatabaseSync(snapshotFile, { readOnly: true });
    try {
      // Images first: rows never point at files that are not there yet.
      const images = await copyImages(config, options, referencedImageKeys(source), log);
      const client = new pg.Client({ connectionString: options.to });
      await client.connect();
      try {
        const tables = await copySqliteTables(source, client, { replace: options.force });
        return { tables, images };
      } finally {
        await client.end();
      }
    } finally {
      source.close();
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function copyImages(
  config: Config,
  options: SiteCopyOptions,
  referenced: string[],
  log: (line: string) => void,
): Promise<SiteCopyResult["images"]> {
  const fromDir = path.resolve(options.uploadsFrom ?? config.uploadsDir);
  const from = createLocalStorage(fromDir);
  const to: ImageStorage = createImageStorage(config);
  const targetName = config.s3 ? `the bucket ${config.s3.bucket}` : `the folder ${config.uploadsDir}`;
  const inPlace = !config.s3 && fromDir === path.resolve(config.uploadsDir);
  let copy: CopyResult | null = null;
  let verified = 0;
  if (!inPlace) {
    log(`Copying the images of ${fromDir} into ${targetName}…`);
    copy = await copyStorage(from, to, {
      onProgress: (r) => log(`  ${r.copied} copied, ${r.skipped} already there, of ${r.total}`),
    });
    const check = await verifyStorage(from, to);
    if (check.differing.length > 0) {
      throw new BackupError(
        `${check.differing.length} image files in ${targetName} differ from (or are missing next to) those in ${fromDir}, ` +
          `e.g. ${check.differing.slice(0, 5).join(", ")}. Nothing was written to the database; remove those files ` +
          "from the target and run again.",
      );
    }
    verified = check.compared;
  }
  const present = new Set<string>();
  for await (const key of to.list()) present.add(key);
  const missing = referenced.filter((key) => !present.has(key));
  return { target: targetName, copy, verified, missing };
}
