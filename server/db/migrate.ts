/**
 * Runs the migrations in order. Each migration is a function of the dialect, so the one list of
 * migrations serves SQLite and PostgreSQL alike (the approach of atproto's PDS).
 */
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import type { DatabaseHandle, Dialect } from "./database.ts";
import { initialMigration } from "./migrations/001-initial.ts";
import { contentVersionMigration } from "./migrations/004-content-version.ts";

function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    "001-initial": initialMigration(dialect),
    "004-content-version": contentVersionMigration(),
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle.dialect) };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
