/**
 * Faults outside our code become a Hebrew 503, never a 500: the database unreachable (PostgreSQL
 * stopped or failing over), or a disk that refuses writes (full, read-only). Pages included: a loader
 * that failed because the database is down renders as a 500 inside React Router, so a 500 answered while
 * the database is known to be down is replaced by the 503 page.
 */
import type { Context, MiddlewareHandler } from "hono";
import { heApi } from "../../domain/i18n/api.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { faultOf } from "../db/faults.ts";
import { ServiceUnavailableError } from "../errors.ts";
import type { Logger } from "../log.ts";
import { errorFields } from "../log.ts";
import { errorPageHtml, wantsHtml } from "./error-page.ts";

/** Retry-After of a request turned away by a full database pool: the burst is usually over within seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** Logs "database pool busy" at most once a minute, with how many requests were turned away meanwhile. */
const poolBusy = (() => {
  let lastLogged = 0;
  let since = 0;
  return {
    note(logger: Logger, fields: Record<string, unknown>) {
      since++;
      const now = Date.now();
      if (now - lastLogged < 60_000) return;
      logger.warn("database pool busy: request answered 503", { ...fields, turnedAway: since });
      lastLogged = now;
      since = 0;
    },
  };
})();

/** The 503 for `error` when it is a fault outside us, else null. Disk faults are logged with their cause. */
export function serviceUnavailableFor(
  error: unknown,
  logger: Logger,
  fields: Record<string, unknown>,
  diagnoseDisk?: () => Promise<string | null>,
): ServiceUnavailableError | null {
  const fault = faultOf(error);
  if (!fault) return null;
  // A full pool: this request is turned away, the database is fine (db/faults.ts). Told once a minute at most.
  if (fault === "database-busy") {
    poolBusy.note(logger, fields);
    return new ServiceUnavailableError(heApi.busy, BUSY_RETRY_AFTER_SECONDS);
  }
  // An unreachable database is logged once per outage by the database handle, not once per request.
  if (fault !== "database-unavailable") {
    // The engine's error rarely says why (SQLite: "unable to open database file" on a read-only mount; Node:
    // ENOENT from mkdir on one): ask the disk, so the log names the real cause.
    const errno = (error as { code?: unknown }).code;
    const known = typeof errno === "string" && /^E[A-Z]+$/.test(errno) && errno !== "ENOENT" ? errno : null;
    void (known ? Promise.resolve(known) : (diagnoseDisk?.() ?? Promise.resolve(null)))
      .catch(() => null)
      .then((cause) =>
        logger.error(
          `write failed: ${cause === "ENOSPC" || fault === "disk-full" ? "disk full" : "disk refuses writes"}`,
          {
            ...fields,
            cause: cause ?? (fault === "disk-full" ? "ENOSPC" : fault === "read-only" ? "EROFS" : "unknown"),
            ...errorFields(error),
          },
        ),
      );
  }
  const message =
    fault === "disk-full"
      ? heApi.storageFull
      : fault === "database-unavailable"
        ? heApi.unavailable
        : heApi.storageReadOnly;
  return new ServiceUnavailableError(message, fault === "database-unavailable" ? 5 : 60);
}

/** The 503 answer itself: a Hebrew page for a browser, JSON for the API and scripts. */
export function unavailableResponse(c: Context, error: ServiceUnavailableError): Response {
  const html =
    wantsHtml(c.req.header("accept"), c.req.path) || (c.req.method === "GET" && !c.req.path.startsWith("/api/"));
  return new Response(html ? errorPageHtml(error.message) : JSON.stringify({ message: error.message }), {
    status: 503,
    headers: {
      ...error.headers,
      "Cache-Control": "no-store",
      "Content-Type": html ? "text/html; charset=UTF-8" : "application/json",
    },
  });
}

/**
 * Outermost (after the request log and security headers): a 500 while the database is down becomes a 503, and
 * one just after the pool turned a request away (a loader of a public page that met the full pool) the "busy" 503.
 */
export function databaseDownAs503(database: Pick<DatabaseHandle, "isDown" | "isBusy">): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 500) return;
    const error = database.isDown()
      ? new ServiceUnavailableError()
      : database.isBusy()
        ? new ServiceUnavailableError(heApi.busy, BUSY_RETRY_AFTER_SECONDS)
        : null;
    if (!error) return;
    const replacement = unavailableResponse(c, error);
    // Assigning over c.res would keep the old answer's headers (its Content-Encoding among them).
    c.res = undefined as unknown as Response;
    c.res = replacement;
  };
}
