/**
 * Kashrut and allergens per product (issue 11): the dietary kind (parve/dairy/meat, null while not stated),
 * three kashrut flags (0/1) and two JSON lists of allergen codes (domain/kashrut.ts), "contains" and
 * "may contain". Existing products start as "not stated": nothing is claimed until staff fill them in.
 */
import type { Kysely } from "kysely";

const FLAGS = ["chalav_yisrael", "pas_yisrael", "kosher_for_passover"] as const;
const LISTS = ["allergens", "may_contain"] as const;

export default function productKashrutMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("products").addColumn("dietary", "text").execute();
      for (const name of FLAGS) {
        await db.schema
          .alterTable("products")
          .addColumn(name, "integer", (c) => c.notNull().defaultTo(0))
          .execute();
      }
      for (const name of LISTS) {
        await db.schema
          .alterTable("products")
          .addColumn(name, "text", (c) => c.notNull().defaultTo("[]"))
          .execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const name of [...LISTS, ...FLAGS, "dietary"]) {
        await db.schema.alterTable("products").dropColumn(name).execute();
      }
    },
  };
}
