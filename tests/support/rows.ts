/** Row counts for tests that check what a request stored or removed. */
import type { DB } from "../../server/db/database.ts";
import type { Database } from "../../server/db/schema.ts";

/** How many rows `table` holds. */
export async function rowCount(db: DB, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
