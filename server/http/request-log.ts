/** Request id + one structured log line per request (method, path, status, duration). */
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../log.ts";
import type { NonceEnv } from "./security-headers.ts";

export function requestLog(logger: Logger): MiddlewareHandler<NonceEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    c.set("requestId", requestId);
    await next();
    c.res.headers.set("X-Request-Id", requestId);
    const path = c.req.path;
    // Static assets are many and uninteresting; log them only at debug level.
    const quiet = path.startsWith("/assets/") || path.startsWith("/uploads/");
    const fields = {
      reqId: requestId,
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (quiet) logger.debug("request", fields);
    else logger.info("request", fields);
  };
}
