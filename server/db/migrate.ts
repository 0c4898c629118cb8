/**
 * Runs the migrations in order. Each migration is a function of the dialect, so the one list of
 * migrations serves SQLite and PostgreSQL alike (the approach of atproto's PDS).
 */
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import type { DatabaseHandle, Dialect } from "./database.ts";
import { initialMigration } from "./migrations/001-initial.ts";

function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    "001-initial": initialMigration(dialect),
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle.dialect) };
  // Kysely looks for its migration tables in every schema unless told which one: with a chosen schema,
  // tables of another schema (a parallel test file's) would be taken for ours and never created here.
  const migrator = new Migrator({
    db: handle.db,
    provider,
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
