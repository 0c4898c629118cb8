/**
 * Backups that restore (`npm run db:backup`, `npm run db:restore`). A backup is a folder
 * `bakery-backup-<UTC time>/` with the database, the local uploads (when images are stored locally) and a
 * `manifest.json`; it is taken while the site runs:
 *
 * - SQLite: `VACUUM INTO` from a connection of its own. It reads one snapshot (a read transaction under
 *   WAL), so every write committed before it started is in the copy, none half, and writers are not held
 *   up. (node:sqlite's `backup()` restarts whenever another connection writes: under steady writes it may
 *   never finish.) The copy is checked with `PRAGMA integrity_check`.
 * - PostgreSQL: `pg_dump --format=custom` of one snapshot, which this module takes and exports itself (a
 *   REPEATABLE READ transaction, `pg_export_snapshot()`, `pg_dump --snapshot`) so that the manifest's row
 *   counts are counted in that same snapshot while writes go on: a restore checked against `manifest.json`
 *   finds exactly those counts.
 * - Uploads are copied after the database snapshot: image files are never rewritten, so every image the
 *   snapshot knows is there (unless deleted in the seconds between; images added meanwhile are extra).
 *
 * A restore refuses a database that holds any row (other than the migration bookkeeping) unless forced,
 * and puts the backup's images into the configured storage (a local folder or the bucket).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { type AppConfig, sqliteFileOf } from "../config.ts";
import { type CopyResult, copyStorage } from "../images/copy-storage.ts";
import { createLocalStorage, type ImageStorage } from "../images/storage.ts";
import { isDerivedTable } from "./migrations/017-data-growth.ts";

export const MANIFEST_FILE = "manifest.json";
const SQLITE_FILE = "database.sqlite";
const PG_DUMP_FILE = "database.pgdump";
const UPLOADS_FOLDER = "uploads";
/** Tables whose rows do not make a database "not empty": a freshly migrated database has them. */
export const BOOKKEEPING_TABLES = new Set([
  "kysely_migration",
  "kysely_migration_lock",
  "content_version",
  "row_counts",
]);

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: { dialect: "sqlite" | "postgres"; file: string; integrity?: string };
  /** Row counts per table at the time of the backup (for a quick look after a restore). */
  rows: Record<string, number>;
  uploads: { included: boolean; storage: "local" | "s3"; files: number };
}

/** An operator's mistake or a missing tool: printed as it is, without a stack trace. */
export class BackupError extends Error {}

type Config = Pick<AppConfig, "databaseUrl" | "databaseKind" | "dataDir">;

function timestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, "-");
}

/** Runs a PostgreSQL client tool; a clear message when it is not installed. */
function runTool(tool: "pg_dump" | "pg_restore", args: string[]): void {
  const result = spawnSync(tool, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.error && (result.error as NodeJS.ErrnoException).code === "ENOENT") {
    throw new BackupError(
      `${tool} was not found on PATH. Install the PostgreSQL client tools (the server's major version or newer, ` +
        "e.g. `apt-get install postgresql-client`) to back up or restore a PostgreSQL database.",
    );
  }
  if (result.error) throw result.error;
  if (result.status !== 0) throw new BackupError(`${tool} failed (exit ${result.status}): ${result.stderr.trim()}`);
}

function sqliteRowCounts(db: DatabaseSync): Record<string, number> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((row) => String(row.name))
    // The full-text index of products holds no rows of its own (its shadow tables are never empty).
    .filter((name) => !isDerivedTable(name));
  return Object.fromEntries(
    tables.map((table) => [
      table,
      Number((db.prepare(`SELECT COUNT(*) AS n FROM "${table.replaceAll('"', '""')}"`).get() as { n: number }).n),
    ]),
  );
}

/** Row counts of every table of the schema, read through `client` (in its transaction, if it has one). */
async function countPostgresRows(client: pg.Client): Promise<Record<string, number>> {
  const tables = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM "${name.replaceAll('"', '""')}"`);
    counts[name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

export async function postgresRowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countPostgresRows(client);
  } finally {
    await client.end();
  }
}

/**
 * Dumps the database as of one snapshot and counts its rows in that same snapshot: the snapshot of a
 * REPEATABLE READ transaction held open on a connection of our own, exported to pg_dump (`--snapshot`).
 */
async function dumpPostgres(url: string, file: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const exported = await client.query<{ snapshot: string }>("SELECT pg_export_snapshot() AS snapshot");
    runTool("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--snapshot=${exported.rows[0]!.snapshot}`,
      `--file=${file}`,
      `--dbname=${url}`,
    ]);
    const counts = await countPostgresRows(client);
    await client.query("COMMIT");
    return counts;
  } finally {
    await client.end();
  }
}

/** Tables holding rows that matter (everything but the migration bookkeeping). */
export function contentRows(counts: Record<string, number>): string[] {
  return Object.entries(counts)
    .filter(([table, n]) => n > 0 && !BOOKKEEPING_TABLES.has(table))
    .map(([table, n]) => `${n} in ${table}`);
}

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
}

/** Writes a backup folder under `toDir` (created if needed) and returns it. */
export async function backup(
  config: Config,
  storage: ImageStorage,
  uploadsDir: string,
  toDir: string,
): Promise<BackupResult> {
  const startedAt = new Date();
  const folder = path.join(path.resolve(toDir), `bakery-backup-${timestamp(startedAt)}`);
  const partial = `${folder}.partial`;
  mkdirSync(partial, { recursive: true });
  try {
    let database: BackupManifest["database"];
    let rows: Record<string, number>;
    if (config.databaseKind === "sqlite") {
      const source = sqliteFileOf(config.databaseUrl);
      if (!existsSync(source)) throw new BackupError(`DATABASE_URL: there is no SQLite database at ${source}`);
      const db = new DatabaseSync(source, { readOnly: true });
      try {
        db.exec("PRAGMA busy_timeout = 10000");
        db.prepare("VACUUM INTO ?").run(path.join(partial, SQLITE_FILE));
      } finally {
        db.close();
      }
      const copy = new DatabaseSync(path.join(partial, SQLITE_FILE), { readOnly: true });
      try {
        const integrity = (copy.prepare("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
        if (integrity !== "ok") throw new BackupError(`The copy failed its integrity check: ${integrity}`);
        rows = sqliteRowCounts(copy);
        database = { dialect: "sqlite", file: SQLITE_FILE, integrity };
      } finally {
        copy.close();
      }
    } else {
      rows = await dumpPostgres(config.databaseUrl, path.join(partial, PG_DUMP_FILE));
      database = { dialect: "postgres", file: PG_DUMP_FILE };
    }

    let files = 0;
    if (storage.kind === "local") {
      const copied = await copyStorage(
        createLocalStorage(uploadsDir),
        createLocalStorage(path.join(partial, UPLOADS_FOLDER)),
      );
      files = copied.total;
    }
    const manifest: BackupManifest = {
      format: 1,
      createdAt: startedAt.toISOString(),
      database,
      rows,
      uploads: { included: storage.kind === "local", storage: storage.kind, files },
    };
    writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // Only a complete backup carries the final name.
    renameSync(partial, folder);
    return { folder, manifest };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

function readManifest(from: string): { folder: string; manifest: BackupManifest } {
  const resolved = path.resolve(from);
  if (!existsSync(resolved)) throw new BackupError(`No backup at ${resolved}`);
  const folder = statSync(resolved).isDirectory() ? resolved : path.dirname(resolved);
  const file = path.join(folder, MANIFEST_FILE);
  if (!existsSync(file)) throw new BackupError(`${folder} is not a backup folder (no ${MANIFEST_FILE})`);
  const manifest = JSON.parse(readFileSync(file, "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`Unknown backup format ${String(manifest.format)} in ${file}`);
  return { folder, manifest };
}

export interface RestoreResult {
  manifest: BackupManifest;
  uploads?: CopyResult;
}

/**
 * Restores a backup folder (or its manifest.json) into the configured database and image storage.
 * Refuses a database holding rows unless `force`. The server must be stopped for a SQLite restore (the
 * file is replaced).
 */
export async function restore(
  config: Config,
  storage: ImageStorage,
  from: string,
  options: { force: boolean },
): Promise<RestoreResult> {
  const { folder, manifest } = readManifest(from);
  if (manifest.database.dialect !== config.databaseKind) {
    throw new BackupError(
      `The backup holds a ${manifest.database.dialect} database but DATABASE_URL points at ${config.databaseKind}` +
        (manifest.database.dialect === "sqlite"
          ? `. To move a SQLite site into PostgreSQL use db:copy: DATABASE_URL=${path.join(folder, manifest.database.file)} ` +
            `npm run db:copy -- --to <postgres://…> --uploads-from ${path.join(folder, UPLOADS_FOLDER)}`
          : ""),
    );
  }
  const source = path.join(folder, manifest.database.file);

  if (config.databaseKind === "sqlite") {
    const target = sqliteFileOf(config.databaseUrl);
    if (existsSync(target)) {
      const db = new DatabaseSync(target, { readOnly: true });
      let rows: string[];
      try {
        rows = contentRows(sqliteRowCounts(db));
      } finally {
        db.close();
      }
      if (rows.length > 0 && !options.force) {
        throw new BackupError(
          `The database ${target} is not empty (${rows.join(", ")}). Stop the server and run again with --force to replace it.`,
        );
      }
    }
    // Checked copy next to the target, then one rename: the target is never half-written.
    mkdirSync(path.dirname(target), { recursive: true });
    const staged = `${target}.restoring`;
    rmSync(staged, { force: true });
    const db = new DatabaseSync(source, { readOnly: true });
    try {
      db.prepare("VACUUM INTO ?").run(staged);
    } finally {
      db.close();
    }
    const check = new DatabaseSync(staged, { readOnly: true });
    try {
      const integrity = (check.prepare("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
      if (integrity !== "ok") throw new BackupError(`The backup's database failed its integrity check: ${integrity}`);
    } finally {
      check.close();
    }
    for (const suffix of ["-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
    renameSync(staged, target);
  } else {
    const rows = contentRows(await postgresRowCounts(config.databaseUrl));
    if (rows.length > 0 && !options.force) {
      throw new BackupError(
        `The database is not empty (${rows.join(", ")}). Run again with --force to replace its tables with the backup's.`,
      );
    }
    // --clean drops what a migration (or the replaced data) left; all in one transaction.
    runTool("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${config.databaseUrl}`,
      source,
    ]);
  }

  let uploads: CopyResult | undefined;
  if (manifest.uploads.included) {
    uploads = await copyStorage(createLocalStorage(path.join(folder, UPLOADS_FOLDER)), storage);
  }
  return { manifest, uploads };
}
