/**
 * Dated content and seasonal collections (issue 11, part 4): sales and publications get an optional
 * window (`starts_at`/`ends_at`, ISO-8601 UTC text, null = open-ended); a category can be tied to a
 * holiday (`holiday`, a code of domain/seasonal/holidays.ts) and featured `holiday_lead_days` before it.
 */
import type { Kysely } from "kysely";

export default function seasonalMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of ["sales", "publications"]) {
        await db.schema
          .alterTable(table)
          .addColumn("starts_at", "text", (c) => c)
          .execute();
        await db.schema
          .alterTable(table)
          .addColumn("ends_at", "text", (c) => c)
          .execute();
      }
      await db.schema
        .alterTable("categories")
        .addColumn("holiday", "text", (c) => c)
        .execute();
      await db.schema
        .alterTable("categories")
        .addColumn("holiday_lead_days", "integer", (c) => c.notNull().defaultTo(14))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("categories").dropColumn("holiday_lead_days").execute();
      await db.schema.alterTable("categories").dropColumn("holiday").execute();
      for (const table of ["sales", "publications"]) {
        await db.schema.alterTable(table).dropColumn("ends_at").execute();
        await db.schema.alterTable(table).dropColumn("starts_at").execute();
      }
    },
  };
}
