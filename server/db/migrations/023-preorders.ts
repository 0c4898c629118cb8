/**
 * Pre-orders for pickup (issue 28):
 * - `pickup_settings`: per branch, whether it takes pre-orders and how (slot length, orders per slot, the lead
 *   time, how many days ahead); a branch without a row takes none.
 * - `preorder_policy`: the bakery's one row of rules for every order (e-mail required, retention of personal data);
 *   no row means the defaults (a migration writes no rows: a copy between databases brings them).
 * - `products.preorder_daily_limit`: how many of a product may be ordered for one pickup day (null: no limit).
 * - `orders` and `order_items`: what was ordered, with names and prices as they were at order time.
 * - `slot_counts` and `product_day_counts`: capacity counters, raised by a conditional UPDATE in the order's
 *   transaction (`… where orders < capacity`), so two servers can never sell the same last place.
 */
import type { Kysely } from "kysely";
import type { Dialect } from "../database.ts";

export default function preordersMigration(dialect: Dialect) {
  const id = (t: ReturnType<Kysely<unknown>["schema"]["createTable"]>) =>
    dialect === "postgres"
      ? t.addColumn("id", "serial", (c) => c.primaryKey())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("pickup_settings")
        .addColumn("branch_id", "integer", (c) => c.primaryKey().references("branches.id").onDelete("cascade"))
        .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("slot_minutes", "integer", (c) => c.notNull().defaultTo(30))
        .addColumn("orders_per_slot", "integer", (c) => c.notNull().defaultTo(6))
        .addColumn("lead_days", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("order_by", "text", (c) => c.notNull().defaultTo("20:00"))
        .addColumn("horizon_days", "integer", (c) => c.notNull().defaultTo(14))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();

      await db.schema
        .createTable("preorder_policy")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("email_required", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("retention_months", "integer", (c) => c.notNull().defaultTo(12))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();

      await db.schema.alterTable("products").addColumn("preorder_daily_limit", "integer").execute();

      await id(db.schema.createTable("orders"))
        .addColumn("branch_id", "integer", (c) => c.notNull().references("branches.id"))
        .addColumn("pickup_date", "text", (c) => c.notNull())
        .addColumn("slot", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("email", "text")
        .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("total", "integer", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull())
        .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("erased_at", "text")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex("orders_pickup").on("orders").columns(["pickup_date", "branch_id", "slot"]).execute();
      await db.schema.createIndex("orders_created").on("orders").column("created_at").execute();

      await id(db.schema.createTable("order_items"))
        .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        // No foreign key: an order outlives the product it named (its name and price are kept here).
        .addColumn("product_id", "integer", (c) => c.notNull())
        .addColumn("size_id", "integer")
        .addColumn("product_name", "text", (c) => c.notNull())
        .addColumn("size_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("unit_price", "integer", (c) => c.notNull())
        .addColumn("quantity", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("order_items_order").on("order_items").column("order_id").execute();

      await db.schema
        .createTable("slot_counts")
        .addColumn("branch_id", "integer", (c) => c.notNull())
        .addColumn("pickup_date", "text", (c) => c.notNull())
        .addColumn("slot", "text", (c) => c.notNull())
        .addColumn("orders", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("slot_counts_pk", ["branch_id", "pickup_date", "slot"])
        .execute();
      await db.schema
        .createTable("product_day_counts")
        .addColumn("product_id", "integer", (c) => c.notNull())
        .addColumn("pickup_date", "text", (c) => c.notNull())
        .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("product_day_counts_pk", ["product_id", "pickup_date"])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ["product_day_counts", "slot_counts", "order_items", "orders", "preorder_policy"]) {
        await db.schema.dropTable(table).execute();
      }
      await db.schema.dropTable("pickup_settings").execute();
      await db.schema.alterTable("products").dropColumn("preorder_daily_limit").execute();
    },
  };
}
