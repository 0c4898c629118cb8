/**
 * Every product's pre-ordered quantity per pickup day is counted, not only a limited product's: a daily limit set
 * in the middle of the season (staff find they can bake 40, not 400) must count the orders already taken, or the
 * day sells 40 more. The counters are rebuilt from the orders that hold capacity (the statuses of
 * `HOLDS_CAPACITY` in server/services/preorders.ts, written out here: a migration must not change with the code).
 * Down: nothing to undo — the counts of products without a limit are read by no earlier code.
 */
import { type Kysely, sql } from "kysely";

export default function countEveryProductDayMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`DELETE FROM product_day_counts`.execute(db);
      await sql`
        INSERT INTO product_day_counts (product_id, pickup_date, quantity)
        SELECT order_items.product_id, orders.pickup_date, SUM(order_items.quantity)
        FROM order_items JOIN orders ON orders.id = order_items.order_id
        WHERE orders.status IN ('new', 'confirmed', 'ready', 'picked_up', 'no_show')
        GROUP BY order_items.product_id, orders.pickup_date`.execute(db);
    },
    async down(): Promise<void> {},
  };
}
