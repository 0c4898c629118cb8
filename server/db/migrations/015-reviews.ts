/**
 * Customer reviews (issue 12, "honest stars"): a visitor rates a product 1–5 with a short text and a display
 * name; staff approve or reject it. Only approved reviews count towards the stars a product shows. The
 * visitor's address is not kept: the per-address limit is the public forms' shared rate limit (rate_limits).
 */
import type { Kysely } from "kysely";
import type { Dialect } from "../database.ts";

export default function reviewsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = db.schema.createTable("reviews");
      table =
        dialect === "postgres"
          ? table.addColumn("id", "serial", (c) => c.primaryKey())
          : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
      await table
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("rating", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        // pending | approved | rejected
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("moderated_at", "text")
        .execute();
      // The product page's read: approved reviews of one product, newest first.
      await db.schema.createIndex("reviews_product_status").on("reviews").columns(["product_id", "status"]).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable("reviews").execute();
    },
  };
}
