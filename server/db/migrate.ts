/**
 * Runs the migrations in order. Each migration is a function of the dialect, so the one list of
 * migrations serves SQLite and PostgreSQL alike (the approach of atproto's PDS).
 */
import { sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import type { DatabaseHandle, Dialect } from "./database.ts";
import { initialMigration } from "./migrations/001-initial.ts";
import { loginLimitsMigration } from "./migrations/002-login-limits.ts";
import { contentVersionMigration } from "./migrations/004-content-version.ts";
import { recordVersionsMigration } from "./migrations/005-record-versions.ts";
import { auditLogMigration } from "./migrations/007-audit-log.ts";
import { clubConfirmationMigration } from "./migrations/008-club-confirmation.ts";
import { productKashrutMigration } from "./migrations/009-product-kashrut.ts";
import { branchCertificatesMigration } from "./migrations/010-branch-certificates.ts";
import { seasonalMigration } from "./migrations/011-seasonal.ts";
import { jobsMigration } from "./migrations/012-jobs.ts";
import { indexesMigration } from "./migrations/013-indexes.ts";
import { accessibilityContactMigration } from "./migrations/014-accessibility-contact.ts";
import { reviewsMigration } from "./migrations/015-reviews.ts";
import { trashMigration } from "./migrations/016-trash.ts";
import { dataGrowthMigration } from "./migrations/017-data-growth.ts";

function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    "001-initial": initialMigration(dialect),
    "002-login-limits": loginLimitsMigration(),
    "004-content-version": contentVersionMigration(),
    "005-record-versions": recordVersionsMigration(),
    "007-audit-log": auditLogMigration(dialect),
    "008-club-confirmation": clubConfirmationMigration(),
    "009-product-kashrut": productKashrutMigration(),
    "010-branch-certificates": branchCertificatesMigration(),
    "011-seasonal": seasonalMigration(),
    "012-jobs": jobsMigration(dialect),
    "013-indexes": indexesMigration(),
    "014-accessibility-contact": accessibilityContactMigration(),
    "015-reviews": reviewsMigration(dialect),
    "016-trash": trashMigration(dialect),
    "017-data-growth": dataGrowthMigration(dialect),
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle.dialect) };
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
