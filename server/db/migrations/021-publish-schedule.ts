/**
 * Scheduled publishing of products and categories (issue 30): "publish from" and "hide after", as sales and
 * publications have had since migration 011 — ISO UTC text or null (open-ended); a published row is public only
 * inside its window (server/services/windows.ts). Existing rows get no window: nothing changes for them.
 */
import type { Kysely } from "kysely";

const TABLES = ["products", "categories"] as const;

export default function publishScheduleMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of TABLES) {
        await db.schema.alterTable(table).addColumn("starts_at", "text").execute();
        await db.schema.alterTable(table).addColumn("ends_at", "text").execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of TABLES) {
        await db.schema.alterTable(table).dropColumn("ends_at").execute();
        await db.schema.alterTable(table).dropColumn("starts_at").execute();
      }
    },
  };
}
