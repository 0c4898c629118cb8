/**
 * GET /healthz, a readiness check for a load balancer: 200 only when this server can serve writes too.
 * The database must be able to take a write (checked on each probe without writing or locking a row, plus
 * free disk space on SQLite) and the image storage must be up as its monitor last saw it
 * (server/images/storage-monitor.ts: checked in the background, so a slow store never makes the probe slow
 * or failing; only the very first probe waits for the first check). Otherwise 503 `{ status: "error",
 * failing: "database" | "storage", reason }`, so a balancer stops sending work to a node that cannot take it
 * and an operator sees which part failed. A change of state is logged once, not on every probe.
 *
 * GET /livez, the liveness check: 200 as long as the process answers HTTP at all, touching neither the
 * database nor the storage (a supervisor restarting on it must not restart every server for an outage of a
 * part they share).
 */
import type { Context } from "hono";
import type { DatabaseHandle } from "../db/database.ts";
import { faultOf } from "../db/faults.ts";
import type { StorageMonitor } from "../images/storage-monitor.ts";
import type { Logger } from "../log.ts";

/** A check that has not answered by then counts as failed (a hung connection must not hang the probe). */
const CHECK_TIMEOUT_MS = 4_000;

function withTimeout(check: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

function reasonOf(error: unknown): string {
  const fault = faultOf(error);
  if (fault === "database-unavailable") return "unreachable";
  if (fault) return fault;
  return error instanceof Error && error.message.startsWith("no answer within") ? "timeout" : "error";
}

export function liveness(c: Context) {
  c.header("Cache-Control", "no-store");
  return c.json({ status: "ok" });
}

export function createHealthCheck(deps: {
  database: DatabaseHandle;
  storageMonitor: Pick<StorageMonitor, "current" | "check">;
  logger: Logger;
  readiness?: { seeding: boolean };
}) {
  const { database, storageMonitor: storage, logger } = deps;
  let lastFailing: string | null = null;
  const storageDown = async () => {
    const known = storage.current();
    const state = known.status === "unknown" ? await storage.check() : known;
    if (state.status === "down") throw state.error;
  };
  return async (c: Context) => {
    const [db, store] = await Promise.allSettled([withTimeout(() => database.checkWritable()), storageDown()]);
    const failure =
      db.status === "rejected"
        ? { failing: "database" as const, error: db.reason as unknown }
        : store.status === "rejected"
          ? { failing: "storage" as const, error: store.reason as unknown }
          : null;
    const state = failure ? `${failure.failing}:${reasonOf(failure.error)}` : null;
    if (state !== lastFailing) {
      if (failure)
        logger.error("health check failing", {
          failing: failure.failing,
          reason: reasonOf(failure.error),
          error: failure.error instanceof Error ? failure.error.message : String(failure.error),
        });
      else logger.info("health check passing again", { was: lastFailing });
      lastFailing = state;
    }
    c.header("Cache-Control", "no-store");
    if (failure) {
      return c.json(
        { status: "error", failing: failure.failing, reason: reasonOf(failure.error), database: database.dialect },
        503,
      );
    }
    return c.json({
      status: "ok",
      database: database.dialect,
      storage: "ok",
      ...(deps.readiness?.seeding ? { seeding: true } : {}),
    });
  };
}
