/**
 * Row locks for the check-and-write transactions that keep polymorphic children (images, tags) from
 * outliving their owner (issue 14). The one place outside database.ts that knows the engine underneath.
 *
 * - PostgreSQL: `SELECT … FOR UPDATE` (the owner's delete, or a child's insert that also updates the owner)
 *   and `FOR KEY SHARE` (a child's insert alone) conflict, so a child insert either commits before the delete
 *   locks the owner — and the delete then takes the child along — or waits for the delete and then finds no
 *   owner. A transaction that will update the owner takes `FOR UPDATE` at once: upgrading a shared lock
 *   while a delete waits would deadlock.
 * - SQLite: write transactions start with `BEGIN IMMEDIATE` (sqlite-dialect.ts), which takes the database's
 *   one write lock, so a check and the write after it in one transaction are never interleaved.
 */
import { PostgresAdapter, type Transaction } from "kysely";
import type { Database } from "./schema.ts";

export type LockableTable =
  | "products"
  | "categories"
  | "branches"
  | "sales"
  | "publications"
  // The trash locks whatever it moves (server/services/admin/trash.ts).
  | "clients"
  | "contact_requests"
  | "reviews"
  // A locked account's unlock links are made one at a time (server/services/login-unlocks.ts).
  | "users";

/**
 * True when the row exists, and then it stays until the transaction ends: `"update"` before deleting or
 * updating it, `"share"` before only inserting a row that points to it.
 */
export async function lockRow(
  trx: Transaction<Database>,
  table: LockableTable,
  id: number,
  mode: "update" | "share",
): Promise<boolean> {
  let query = trx
    .selectFrom(table as "products")
    .select("id")
    .where("id", "=", id);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    query = mode === "update" ? query.forUpdate() : query.forKeyShare();
  }
  return (await query.executeTakeFirst()) !== undefined;
}
