/**
 * Housekeeping on a timer: rows that only take room once they have expired. Every app server runs it (each
 * delete is idempotent, so two servers doing it at once is harmless):
 *  - expired sessions (refused when read anyway),
 *  - audit entries past AUDIT_RETENTION_DAYS (docs/security.md "Audit log"),
 *  - rate-limit counters no rule reads any more (PostgreSQL keeps them in `rate_limits`; SQLite counts in memory),
 *  - image files no row points at, past their grace period (server/jobs/orphan-sweep.ts), when given the storage,
 *  - the personal fields of pre-orders past the bakery's retention period (issue 28),
 *  - bulk actions' batches past the time they can be undone (services/admin/bulk.ts, issue 30).
 * A failed pass is logged and the next one runs as planned.
 */
import { purgeExpiredSessions } from "../auth/sessions.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { purgeExpiredRateLimits, type RateRules } from "../http/rate-limit.ts";
import type { ImageStorage } from "../images/storage.ts";
import { errorFields, type Logger } from "../log.ts";
import { purgeOldBatches } from "../services/admin/bulk.ts";
import type { Services } from "../services/index.ts";
import { sweepOrphanImages } from "./orphan-sweep.ts";

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

export interface HousekeepingDeps {
  database: Pick<DatabaseHandle, "db" | "dialect">;
  services: Pick<Services, "audit" | "preorders">;
  rules: RateRules;
  logger: Logger;
  /** The image storage to sweep of orphan files; not swept without it. */
  storage?: ImageStorage;
}

/** One pass; each part on its own, so one failing does not stop the others. */
export async function runHousekeeping(deps: HousekeepingDeps): Promise<void> {
  const { database, logger } = deps;
  const parts: Promise<unknown>[] = [
    purgeExpiredSessions(database.db).catch((error) => logger.warn("session purge failed", errorFields(error))),
    deps.services.audit
      .purge()
      .then((count) => count && logger.info("audit entries purged", { count }))
      .catch((error) => logger.warn("audit purge failed", errorFields(error))),
    deps.services.preorders
      .eraseExpired()
      .then((count) => count && logger.info("personal data of old orders erased", { count }))
      .catch((error) => logger.warn("order retention pass failed", errorFields(error))),
    purgeOldBatches(database.db)
      .then((count) => count && logger.info("bulk batches purged", { count }))
      .catch((error) => logger.warn("bulk batch purge failed", errorFields(error))),
  ];
  if (database.dialect === "postgres") {
    parts.push(
      purgeExpiredRateLimits(database.db, deps.rules)
        .then((count) => count && logger.info("rate-limit counters purged", { count }))
        .catch((error) => logger.warn("rate-limit purge failed", errorFields(error))),
    );
  }
  if (deps.storage) {
    parts.push(
      sweepOrphanImages({ database, storage: deps.storage, logger })
        .then((swept) => {
          if (swept.folders || swept.temporary) logger.info("orphan image files swept", { ...swept });
        })
        .catch((error) => logger.warn("orphan image sweep failed", errorFields(error))),
    );
  }
  await Promise.all(parts);
}

/** A pass now and every `intervalMs`. Returns a function that stops the timer. */
export function startHousekeeping(deps: HousekeepingDeps, intervalMs = HOUSEKEEPING_INTERVAL_MS): () => void {
  void runHousekeeping(deps);
  const timer = setInterval(() => void runHousekeeping(deps), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
