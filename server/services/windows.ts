/**
 * Publication windows (`starts_at` inclusive, `ends_at` exclusive, ISO UTC text or null; domain/seasonal/schedule.ts)
 * as SQL: sales, publications (news), products and categories (issue 30) are public only inside theirs. Instants are
 * ISO UTC text of one format (`toISOString`), so text comparison orders them on both databases.
 */
import { type SqlBool, sql } from "kysely";
import type { DB } from "../db/database.ts";
import { PUBLISHED } from "./categories.ts";

export type WindowTable = "sales" | "publications" | "products" | "categories";

/** Rows public at `now`: started (or no start) and not yet ended. `table` (or the alias `parent`, a category's) qualifies the columns in a join. */
export function liveAt(now: Date, table?: WindowTable | "parent") {
  const at = now.toISOString();
  const starts = sql.ref(table ? `${table}.starts_at` : "starts_at");
  const ends = sql.ref(table ? `${table}.ends_at` : "ends_at");
  return sql<SqlBool>`((${starts} is null or ${starts} <= ${at}) and (${ends} is null or ${ends} > ${at}))`;
}

/**
 * The next instant strictly after `now` at which a published row of `table` enters or leaves its window, or null:
 * the schedule timer bumps the content version then (server/schedule-timer.ts).
 */
export async function nextWindowBoundary(db: DB, table: WindowTable, now: Date): Promise<Date | null> {
  const at = now.toISOString();
  const row = await db
    .selectFrom(table as "sales")
    .select((eb) => [
      eb.fn.min(eb.case().when("starts_at", ">", at).then(eb.ref("starts_at")).end()).as("start"),
      eb.fn.min(eb.case().when("ends_at", ">", at).then(eb.ref("ends_at")).end()).as("end"),
    ])
    .where("status", "=", PUBLISHED)
    .executeTakeFirst();
  const times = [row?.start, row?.end].filter((t): t is string => typeof t === "string").map(Date.parse);
  return times.length ? new Date(Math.min(...times)) : null;
}
