/**
 * Set-based writes shared by the back office's batch operations (bulk actions, the product CSV import): a
 * statement per chunk of rows instead of one per row.
 */
import { sql, type Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

/** Rows per statement for the updates that carry a value per row (SQLite binds at most 32,766 parameters). */
export const ROWS_PER_STATEMENT = 1000;

/** `list` cut into runs of at most `size`. */
export function chunks<T>(list: T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Sets each size's price (agorot), a CASE per chunk: one statement per `size` sizes instead of one per size. */
export async function setSizePrices(
  trx: Transaction<Database>,
  prices: { id: number; price: number }[],
  size = ROWS_PER_STATEMENT,
): Promise<void> {
  for (const part of chunks(prices, size)) {
    const cases = sql.join(
      part.map((p) => sql`when ${p.id} then cast(${p.price} as integer)`),
      sql` `,
    );
    await trx
      .updateTable("sizes")
      .set({ price: sql<number>`case id ${cases} end` })
      .where(
        "id",
        "in",
        part.map((p) => p.id),
      )
      .execute();
  }
}
