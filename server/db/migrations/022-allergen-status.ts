/**
 * Staff's allergen decision per product (issue 29): `allergen_status` is "not_stated", "none" or "listed"
 * (domain/kashrut.ts). Before it, an empty list was shown as "contains none of the fourteen" although nobody
 * had said so. A product stored with allergens listed keeps them (`listed`); every other one becomes "not
 * stated" — an empty list was never a decision — and its page asks the visitor to ask until staff choose.
 * The lists themselves are left as they are (a "not stated" product's may-contain list is kept, unshown).
 */
import type { Kysely } from "kysely";

export default function allergenStatusMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable("products")
        .addColumn("allergen_status", "text", (c) => c.notNull().defaultTo("not_stated"))
        .execute();
      const products = db as unknown as Kysely<{ products: { allergen_status: string; allergens: string } }>;
      await products
        .updateTable("products")
        .set({ allergen_status: "listed" })
        .where("allergens", "<>", "[]")
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("products").dropColumn("allergen_status").execute();
    },
  };
}
