/**
 * A holiday collection's pre-order cut-off (issue 28): orders for its products close this many days before the
 * holiday's first day, every year (the holiday's dates come from the Hebrew calendar: domain/seasonal/holidays.ts);
 * null: no cut-off.
 */
import type { Kysely } from "kysely";

export default function collectionCutoffMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("categories").addColumn("preorder_cutoff_days", "integer").execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("categories").dropColumn("preorder_cutoff_days").execute();
    },
  };
}
