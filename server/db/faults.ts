/**
 * Faults outside our code, recognised by the error they surface as: the database cannot be reached
 * (PostgreSQL stopped, restarting, failing over, out of connections), or the disk refuses writes (full,
 * or mounted read-only). The HTTP layer answers these with a Hebrew 503 instead of a 500, and the logs name
 * the real cause. Only this folder knows which database is underneath, so the engines' codes live here.
 *
 * "database-busy" is not a fault of the database: every pooled connection was in use for the whole acquire
 * timeout (a burst). That request is answered 503 with Retry-After; the database is not marked down, so the
 * requests that did get a connection, and the next ones, are served as usual.
 */

export type Fault = "database-unavailable" | "database-busy" | "disk-full" | "read-only" | "disk-error";

/** Node's network errors: the database server is not there (or went away mid-query). */
const UNREACHABLE_ERRNO = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "EAI_AGAIN",
  "ENOTFOUND",
]);

/** PostgreSQL SQLSTATEs of a server that is going away, starting, or out of connections. */
const UNAVAILABLE_SQLSTATE = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres' own messages for a connection that broke or never came. */
const UNAVAILABLE_MESSAGE = /Connection terminated|connection timeout|is not queryable|Client was closed/i;

/**
 * pg-pool's message when a checkout waited `connectionTimeoutMillis` in its queue: the pool was full (every
 * client checked out) or handing out idle ones, never a failed connection attempt (that one is "Connection
 * terminated due to connection timeout", or the socket's own error).
 */
const POOL_QUEUE_TIMEOUT = /^timeout exceeded when trying to connect$/;

// SQLite primary result codes (the low byte of an extended code).
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
// What SQLite says when its folder turned read-only (it cannot open the -wal/-shm files): the cause is
// found by looking at the disk (`DatabaseHandle.diagnoseDisk`).
const SQLITE_CANTOPEN = 14;

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** The fault behind `error`, or null for anything else (a bug, bad input…). Looks through `cause` chains. */
export function faultOf(error: unknown, depth = 0): Fault | null {
  if (!error || typeof error !== "object" || depth > 4) return null;
  const code = codeOf(error);
  if (code === "ENOSPC" || code === "EDQUOT" || code === "53100") return "disk-full";
  if (code === "EROFS" || code === "25006") return "read-only";
  if (code === "EACCES" || code === "EPERM") return "disk-error";
  if (code === "ERR_SQLITE_ERROR") {
    const primary = Number((error as { errcode?: unknown }).errcode) & 0xff;
    if (primary === SQLITE_FULL) return "disk-full";
    if (primary === SQLITE_READONLY) return "read-only";
    if (primary === SQLITE_IOERR || primary === SQLITE_CANTOPEN) return "disk-error";
  }
  if (code && (UNREACHABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.has(code) || code.startsWith("08")))
    return "database-unavailable";
  if (error instanceof Error && POOL_QUEUE_TIMEOUT.test(error.message)) return "database-busy";
  if (error instanceof Error && UNAVAILABLE_MESSAGE.test(error.message)) return "database-unavailable";
  // AggregateError (a host name with several addresses, all refused) and wrapped errors.
  for (const inner of (error as { errors?: unknown[] }).errors ?? []) {
    const fault = faultOf(inner, depth + 1);
    if (fault) return fault;
  }
  return faultOf((error as { cause?: unknown }).cause, depth + 1);
}

export const isDatabaseUnavailable = (error: unknown) => faultOf(error) === "database-unavailable";
