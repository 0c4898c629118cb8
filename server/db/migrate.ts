/**
 * Runs the migrations in order. Each migration is a file of `migrations/` named `NNN-name.ts` whose default
 * export is a function of the dialect returning the migration, so the one list of migrations serves SQLite and
 * PostgreSQL alike (the approach of atproto's PDS). The list is the folder: a new file is picked up without a
 * line here, and the names (the file names without `.ts`) sort in the order they run.
 */
import { readdir } from "node:fs/promises";
import { sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import type { DatabaseHandle, Dialect } from "./database.ts";

/** The migrations folder; the server runs from its sources (`npm start` imports server/main.ts), so it is there. */
export const MIGRATIONS_FOLDER = new URL("./migrations/", import.meta.url);

/** A migration file's name: three digits, a dash, a name; its migration is named without the `.ts`. */
const MIGRATION_FILE = /^(\d{3}-[a-z0-9-]+)\.ts$/;

type MigrationModule = { default: (dialect: Dialect) => Migration };

/** The names of the migrations in `folder`, in the order they run (by file name). */
export async function migrationNames(folder: URL = MIGRATIONS_FOLDER): Promise<string[]> {
  const files = await readdir(folder);
  return files
    .map((file) => MIGRATION_FILE.exec(file)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
}

/** Every migration of `folder` for `dialect`, keyed by name (Kysely sorts the keys again, the same way). */
export async function migrationsFor(
  dialect: Dialect,
  folder: URL = MIGRATIONS_FOLDER,
): Promise<Record<string, Migration>> {
  const migrations: Record<string, Migration> = {};
  for (const name of await migrationNames(folder)) {
    const module = (await import(new URL(`${name}.ts`, folder).href)) as MigrationModule;
    if (typeof module.default !== "function") {
      throw new Error(`Migration ${name} has no default export (a function of the dialect returning { up, down })`);
    }
    migrations[name] = module.default(dialect);
  }
  return migrations;
}

/** Applies the migrations of `folder` (the app's own unless a test names another) the database lacks. */
export async function migrateToLatest(handle: DatabaseHandle, folder: URL = MIGRATIONS_FOLDER): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: () => migrationsFor(handle.dialect, folder) };
  // On PostgreSQL, name the schema of the migration tables: without it Kysely's migrator looks for its lock
  // table in every schema of the database, finds another schema's (another app, or another test file's
  // schema migrating at the same moment), skips creating its own and then fails to read it.
  const migrationTableSchema =
    handle.dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
      : undefined;
  // Migrations come from branches built in parallel and each touches its own tables, so one numbered below a
  // migration a database already has (merged later) is applied rather than refused as "corrupted".
  const migrator = new Migrator({
    db: handle.db,
    provider,
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
