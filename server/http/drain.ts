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
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

export interface DrainOptions {
  /** Idle keep-alive connections are left this long for a request already on its way. */
  lingerMs?: number;
  /** How often idle connections are swept after that. */
  sweepEveryMs?: number;
}

export interface Drainable {
  /** Starts draining; resolves when every connection has closed. */
  drain(options?: DrainOptions): Promise<void>;
  /** Open connections now. */
  connections(): number;
  readonly draining: boolean;
}

export function drainable(server: Server): Drainable {
  const sockets = new Set<Socket>();
  const inFlight = new Set<ServerResponse>();
  let draining = false;

  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  // First of the request listeners, so the header is in place before the app writes its answer.
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      res.setHeader("Connection", "close");
      return;
    }
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });

  return {
    get draining() {
      return draining;
    },
    connections: () => sockets.size,
    drain({ lingerMs = 500, sweepEveryMs = 100 } = {}) {
      draining = true;
      // Answers not started yet close their connection after they are sent.
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
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
