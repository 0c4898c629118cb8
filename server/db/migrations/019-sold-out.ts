/**
 * "Sold out today" (issue 30): the moment a product's "אזל להיום" ends, as ISO UTC text (null: on sale). It is
 * the bakery's next opening on a later day, computed when staff mark it (server/services/admin/sold-out.ts),
 * so it clears by itself with no job; the schedule timer bumps the content version at that moment. Indexed
 * for the timer's "next expiry after now".
 */
import type { Kysely } from "kysely";

export default function soldOutMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("products").addColumn("sold_out_until", "text").execute();
      await db.schema.createIndex("products_sold_out_until").on("products").column("sold_out_until").execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex("products_sold_out_until").execute();
      await db.schema.alterTable("products").dropColumn("sold_out_until").execute();
    },
  };
}
