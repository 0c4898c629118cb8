/**
 * Graceful drain of the Node HTTP server on SIGTERM (a rolling restart behind a load balancer): stop
 * accepting connections, answer every request already received — those whose headers are still arriving
 * included — with `Connection: close`, close keep-alive connections once they are idle, and report when
 * none is left, so the process exits as soon as it is done rather than after the whole grace period.
 *
 * Node's own `server.close()` closes idle connections at once, in the same tick as the signal. A
 * connection whose next request is already in the kernel's buffer, but not read yet because the event
 * loop was busy, looks idle then and is reset: the request is lost. Here idle connections are closed
 * only after a short linger (a client that sends meanwhile is answered with `Connection: close`), and
 * each sweep runs in a `setImmediate` after a timer, that is after the event loop's poll phase, so any
 * bytes that had arrived are parsed (and the connection counts as busy) before the sweep looks.
 *
 * Closing the listening socket resets the connections that the kernel had completed but this thread had not
 * accepted yet (its accept queue). A client talking to us directly was never answered either way, but behind a
 * proxy that request was already sent: nginx passes a reset GET to the next server, never a POST (it may have
 * been written), so a visitor's form gets a 502. Behind a proxy the drain therefore first hands off: it keeps
 * listening and answers the proxy's page requests (GET/HEAD) with a 503, which nginx passes to the next server
 * and counts as this server's failure — after one, it sends this server nothing for its `fail_timeout` — while
 * writes are still served. Once no connection has arrived for a moment the listener closes with nothing queued.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import { heApi } from "../../domain/i18n/api.ts";
import { errorPageHtml } from "./error-page.ts";

export interface HandOffOptions {
  /** The listener closes once no connection has arrived for this long… */
  quietMs: number;
  /** …or after this long at most (a proxy that sent only writes, or does not count 503s as failures). */
  maxMs: number;
}

export interface DrainOptions {
  /** Idle keep-alive connections are left this long for a request already on its way. */
  lingerMs?: number;
  /** How often idle connections are swept after that. */
  sweepEveryMs?: number;
  /** Behind a proxy that retries (TRUST_PROXY): hand its page requests to another server before closing. */
  handOff?: HandOffOptions;
}

export interface Drainable {
  /** Starts draining; resolves when every connection has closed. */
  drain(options?: DrainOptions): Promise<void>;
  /** Open connections now. */
  connections(): number;
  readonly draining: boolean;
}

/** A request a proxy sent (it says whom for) that the proxy may send to another server: it changes nothing. */
function proxiedRead(req: IncomingMessage): boolean {
  return (req.method === "GET" || req.method === "HEAD") && req.headers["x-forwarded-for"] !== undefined;
}

function answerHandedOff(res: ServerResponse): void {
  res.writeHead(503, {
    "Content-Type": "text/html; charset=UTF-8",
    "Cache-Control": "no-store",
    "Retry-After": "1",
    Connection: "close",
  });
  res.end(errorPageHtml(heApi.restarting));
}

export function drainable(server: Server): Drainable {
  const sockets = new Set<Socket>();
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let handingOff = false;
  let lastConnectionAt = 0;

  server.on("connection", (socket: Socket) => {
    lastConnectionAt = performance.now();
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  // The app's listener runs behind this one, which sets the header before the app writes its answer — or, while
  // handing off, answers the request itself.
  const appListeners = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      if (handingOff && proxiedRead(req)) return answerHandedOff(res);
      res.setHeader("Connection", "close");
    } else {
      inFlight.add(res);
      res.once("close", () => inFlight.delete(res));
    }
    for (const listener of appListeners) listener.call(server, req, res);
  });

  /** Resolves once no connection has arrived for `quietMs` (or after `maxMs`). */
  const handOff = ({ quietMs, maxMs }: HandOffOptions) =>
    new Promise<void>((resolve) => {
      handingOff = true;
      const startedAt = performance.now();
      lastConnectionAt = startedAt;
      const check = setInterval(
        // After the poll phase: connections waiting in the kernel's queue have been accepted (and counted).
        () =>
          setImmediate(() => {
            const now = performance.now();
            if (now - lastConnectionAt < quietMs && now - startedAt < maxMs) return;
            clearInterval(check);
            handingOff = false;
            resolve();
          }),
        Math.max(10, Math.floor(quietMs / 4)),
      );
    });

  return {
    get draining() {
      return draining;
    },
    connections: () => sockets.size,
    async drain({ lingerMs = 500, sweepEveryMs = 100, handOff: handOffOptions } = {}) {
      draining = true;
      // Answers not started yet close their connection after they are sent.
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      if (handOffOptions) await handOff(handOffOptions);
      return new Promise<void>((resolve) => {
        // Stop listening without http.Server#close, which would also close "idle" connections at once.
        NetServer.prototype.close.call(server, () => {
          clearInterval(sweeper);
          resolve();
        });
        const startedAt = Date.now();
        const sweeper = setInterval(() => {
          if (Date.now() - startedAt < lingerMs) return;
          // After the poll phase: bytes that had arrived are parsed, so their connection is not idle.
          setImmediate(() => server.closeIdleConnections());
        }, sweepEveryMs);
        sweeper.unref();
      });
    },
  };
}
