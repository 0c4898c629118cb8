/**
 * Record versions (issue 14, optimistic concurrency): every record the back office edits with a PUT gets a
 * `version`, 1 at creation and incremented by each update. An admin save names the version it started
 * from and the update applies only while it is still current (server/services/admin/versions.ts).
 */
import type { Kysely } from "kysely";

export const VERSIONED_TABLES = [
  "products",
  "categories",
  "branches",
  "sales",
  "publications",
  "clients",
  "site_settings",
] as const;

export default function recordVersionsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of VERSIONED_TABLES) {
        await db.schema
          .alterTable(table)
          .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
          .execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of VERSIONED_TABLES) await db.schema.alterTable(table).dropColumn("version").execute();
    },
  };
}
