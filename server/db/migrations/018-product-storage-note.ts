/** A product's storage note (how to keep it fresh), shown on its page; "" for the products before it. */
import type { Kysely } from "kysely";

export default function productStorageNoteMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable("products")
        .addColumn("storage_note", "text", (c) => c.notNull().defaultTo(""))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("products").dropColumn("storage_note").execute();
    },
  };
}
