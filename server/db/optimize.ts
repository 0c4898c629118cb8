/**
 * Keeps the query planner's statistics current as the data grows. SQLite gathers statistics only when asked:
 * without them a grown club or catalogue can be planned as if it were empty. SQLite's documentation
 * (https://sqlite.org/pragma.html#pragma_optimize) recommends `PRAGMA optimize=0x10002` when a long-lived
 * connection opens (it analyzes every table that lacks or has outgrown its statistics, with a bounded
 * `analysis_limit` so it stays quick on a large table) and a plain `PRAGMA optimize` every few hours.
 * PostgreSQL's autovacuum already runs ANALYZE as tables change, so there is nothing to do there.
 */
import { sql } from "kysely";
import { errorFields, type Logger } from "../log.ts";
import type { DatabaseHandle } from "./database.ts";

export const OPTIMIZE_INTERVAL_MS = 3 * 60 * 60_000;

/** One pass: `startup` for the first after opening (checks every table), later ones only what changed. */
export async function optimizeDatabase(handle: Pick<DatabaseHandle, "db" | "dialect">, startup = false) {
  if (handle.dialect !== "sqlite") return;
  await sql`PRAGMA analysis_limit = 1000`.execute(handle.db);
  await sql.raw(startup ? "PRAGMA optimize = 0x10002" : "PRAGMA optimize").execute(handle.db);
}

/** Optimizes now and every OPTIMIZE_INTERVAL_MS; a failure is logged and the next pass tried as planned. */
export function scheduleOptimize(handle: Pick<DatabaseHandle, "db" | "dialect">, logger: Logger): () => void {
  if (handle.dialect !== "sqlite") return () => {};
  const run = (startup: boolean) =>
    optimizeDatabase(handle, startup).catch((error: unknown) =>
      logger.warn("database optimize failed", errorFields(error)),
    );
  void run(true);
  const timer = setInterval(() => void run(false), OPTIMIZE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
