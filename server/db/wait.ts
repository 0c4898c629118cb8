/**
 * Start-up against a database that is not there yet (PostgreSQL restarting, a container starting after
 * ours): say so once, in one line, then retry with back-off until it answers. Any other error (a wrong
 * password, a database that does not exist) is not waited for: it stops the start as before. Each further
 * failed attempt is a debug line (LOG_LEVEL=debug), so the retries can be watched without flooding the log.
 */
import type { Logger } from "../log.ts";
import type { DatabaseHandle } from "./database.ts";
import { isDatabaseUnavailable } from "./faults.ts";

export interface WaitOptions {
  firstDelayMs?: number;
  maxDelayMs?: number;
}

export async function waitForDatabase(
  database: DatabaseHandle,
  logger: Logger,
  { firstDelayMs = 250, maxDelayMs = 5_000 }: WaitOptions = {},
): Promise<void> {
  let delay = firstDelayMs;
  let waiting = false;
  let attempt = 0;
  const started = Date.now();
  for (;;) {
    attempt++;
    try {
      await database.ping();
      if (waiting) logger.info("database reachable", { at: database.address, waitedMs: Date.now() - started });
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (!waiting) {
        waiting = true;
        logger.warn(`waiting for the database at ${database.address}`, {
          at: database.address,
          error: error instanceof Error ? error.message || String((error as { code?: string }).code) : String(error),
        });
      } else {
        logger.debug("database still unreachable", { at: database.address, attempt, retryInMs: delay });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, maxDelayMs);
  }
}
