/**
 * Page-cache hits answered in Node's own request handler, before the request reaches Hono: no `Request`
 * object, no middleware chain, no `Response`. A GET or HEAD of a public page the page cache holds at the
 * current content version is written with one `writeHead` (headers prepared once per cached page and
 * encoding) and one `end` (the bytes compressed when the page was kept). Everything else — a page not
 * kept yet, any other address, method or encoding — goes to the app, whose public-pages middleware
 * answers the same request with the same status, headers and bytes (tests/integration/cache-fast-path.test.ts
 * compares the two).
 *
 * What the app's middleware does for every request is done here too: the request id and log line
 * (request-log.ts), the security headers with the page's own CSP nonce (security-headers.ts), and the
 * per-address ceiling (rate-limit.ts, counted in the same in-memory store; past it the app answers the 429,
 * without counting the request a second time). See docs/performance.md "Cache hits without Hono".
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { Logger } from "../log.ts";
import type { CachedPage } from "./page-cache.ts";
import type { CachedAnswer } from "./public-pages.ts";
import { forwardedAddress, type HitResult, type MemoryRateLimitStore, type RateRule } from "./rate-limit.ts";
import { addSecurityHeaders, type SecurityHeaderOptions } from "./security-headers.ts";

/** Answers the request and returns true, or returns false having written nothing (the app answers). */
export type CacheFastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface CacheFastPathDeps {
  cached(
    method: string,
    url: string,
    acceptEncoding: string | undefined,
    ifNoneMatch: string | undefined,
  ): CachedAnswer | null;
  security: SecurityHeaderOptions;
  logger: Logger;
  /** The app's per-address ceiling: its store, its rule, and whether X-Forwarded-For is trusted. */
  ceiling: { store: MemoryRateLimitStore; rule: RateRule; trustProxy: boolean };
  /** Requests refused by the ceiling here, with their count, so the app's ceiling does not count them again. */
  counted: WeakMap<IncomingMessage, HitResult>;
}

/** Headers of one kind of answer of one cached page, as `writeHead`'s flat list; the request id's slot left blank. */
interface Prepared {
  status: number;
  head: string[];
  requestIdAt: number;
}

const REQUEST_ID = "x-request-id";

function prepare(answer: CachedAnswer, security: SecurityHeaderOptions): Prepared {
  const status = answer.notModified ? 304 : answer.page.status;
  const headers = answer.headers();
  addSecurityHeaders(headers, status, answer.page.nonce, security);
  headers.set(REQUEST_ID, "-");
  // A Headers object iterates its names lower-cased and sorted: the order @hono/node-server writes them in.
  const head: string[] = [];
  let requestIdAt = -1;
  for (const [name, value] of headers) {
    if (name === REQUEST_ID) requestIdAt = head.length + 1;
    head.push(name, value);
  }
  return { status, head, requestIdAt };
}

export function createCacheFastPath(deps: CacheFastPathDeps): CacheFastPath {
  const { logger, ceiling } = deps;
  // Per cached page (a new object for every render, so a new version starts afresh): one per kind of answer.
  const prepared = new WeakMap<CachedPage, Map<string, Prepared>>();

  return (req, res) => {
    const started = performance.now();
    const method = req.method ?? "";
    const url = req.url ?? "";
    const headers = req.headers;
    const answer = deps.cached(method, url, headers["accept-encoding"], headers["if-none-match"]);
    if (!answer) return false;

    const address =
      // Node joins repeated X-Forwarded-For headers with ", ", as the app's Headers do.
      (ceiling.trustProxy ? forwardedAddress(headers["x-forwarded-for"] as string | undefined) : undefined) ??
      req.socket.remoteAddress ??
      "unknown";
    const hit = ceiling.store.hitNow(`api:${address}`, ceiling.rule);
    if (!hit.allowed) {
      deps.counted.set(req, hit);
      return false;
    }

    // A HEAD's headers are its GET's (Content-Length included).
    const kind = answer.notModified ? "304" : (answer.encoding ?? "identity");
    let byKind = prepared.get(answer.page);
    if (!byKind) {
      byKind = new Map();
      prepared.set(answer.page, byKind);
    }
    let ready = byKind.get(kind);
    if (!ready) {
      ready = prepare(answer, deps.security);
      byKind.set(kind, ready);
    }

    const requestId = (headers[REQUEST_ID] as string | undefined)?.slice(0, 64) || randomUUID();
    const head = ready.head.slice();
    head[ready.requestIdAt] = requestId;
    res.writeHead(ready.status, head);
    if (answer.body) res.end(answer.body);
    else res.end();

    logger.info("request", {
      reqId: requestId,
      method,
      path: url.split("?", 1)[0],
      status: ready.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
    return true;
  };
}

/**
 * `createServer` for @hono/node-server's `serve({ createServer })`: the fast path first, the app's listener
 * for whatever it leaves.
 */
export function createServerWithFastPath(fastPath: CacheFastPath | null): typeof createServer {
  const create = (options: Parameters<typeof createServer>[0], listener: RequestListener) =>
    createServer(
      options ?? {},
      fastPath
        ? (req, res) => {
            if (!fastPath(req, res)) listener(req, res);
          }
        : listener,
    );
  return create as unknown as typeof createServer;
}
