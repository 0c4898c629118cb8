/**
 * Back-office writes the server cannot take now are refused at once with a Hebrew 503 and `Retry-After`, instead of
 * queueing until a timeout cuts the connection (issue 27 part 5). The measure is the number of admin writes
 * (POST/PUT/PATCH/DELETE under /api/admin/, uploads aside: the image gate has its own queue and 503) in flight in
 * this process: writes wait for the database's one writer (SQLite) or its pool (PostgreSQL), so past the limit a
 * new one would only wait behind the others, each of which holds a staff member's screen. Page renders do not
 * count: they run in the render workers (render-pool.ts) and never hold a write back. An event-loop delay measure
 * was not used: with renders off this thread the loop stays free under a rush (docs/performance.md), and a
 * refusal by delay would refuse writes the database could have taken.
 */
import type { MiddlewareHandler } from "hono";
import { heApi } from "../../domain/i18n/api.ts";
import { ServiceUnavailableError } from "../errors.ts";

/** ADMIN_WRITE_LIMIT's default: room for a busy team's saves and a bulk screen's bursts. */
export const DEFAULT_ADMIN_WRITE_LIMIT = 32;
/** Retry-After of a refused save: the writes ahead of it take well under a second each. */
export const WRITES_BUSY_RETRY_AFTER_SECONDS = 2;

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function writeAdmission(options: { limit: number; isUpload: (path: string) => boolean }): MiddlewareHandler & {
  inFlight(): number;
} {
  let inFlight = 0;
  const middleware: MiddlewareHandler = async (c, next) => {
    const path = c.req.path;
    if (!WRITES.has(c.req.method) || !path.startsWith("/api/admin/") || options.isUpload(path)) return next();
    if (inFlight >= options.limit) throw new ServiceUnavailableError(heApi.writesBusy, WRITES_BUSY_RETRY_AFTER_SECONDS);
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
    }
  };
  return Object.assign(middleware, { inFlight: () => inFlight });
}
