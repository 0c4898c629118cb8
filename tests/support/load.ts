/**
 * A small HTTP load loop on loopback. Each request carries its own X-Request-Id, so a test can match
 * what the client saw with what the server logged: a request the server handled must have reached the
 * client complete; a request that failed must never have reached the server's handlers.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";

export interface LoadResult {
  /** Request ids answered with a complete 200. */
  ok: string[];
  /** Request ids that failed (refused, reset or cut) without a complete response. */
  failed: string[];
  /** Request ids answered with another status. */
  otherStatus: string[];
}

function oneRequest(port: number, path: string, id: string): Promise<"ok" | "failed" | "other"> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: "127.0.0.1", port, path, agent: false, headers: { Connection: "close", "X-Request-Id": id } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode === 200 ? "ok" : "other"));
        res.on("error", () => resolve("failed"));
      },
    );
    req.on("error", () => resolve("failed"));
    req.end();
  });
}

/** Keeps `concurrency` requests in flight until `until()` is true or `maxRequests` were sent. */
export async function runLoad(options: {
  port: number;
  paths: string[];
  concurrency: number;
  maxRequests: number;
  until: () => boolean;
}): Promise<LoadResult> {
  const result: LoadResult = { ok: [], failed: [], otherStatus: [] };
  let sent = 0;
  const worker = async () => {
    while (sent < options.maxRequests && !options.until()) {
      const path = options.paths[sent % options.paths.length]!;
      sent++;
      const id = randomUUID();
      const outcome = await oneRequest(options.port, path, id);
      if (outcome === "ok") result.ok.push(id);
      else if (outcome === "failed") result.failed.push(id);
      else result.otherStatus.push(id);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return result;
}

export interface KeepAliveResult {
  /** Every request id sent (or attempted). */
  sent: string[];
  /** Request ids answered with a complete 200, and whether the answer said `Connection: close`. */
  ok: { id: string; close: boolean }[];
  /** Connections refused: the request was never sent (the server had stopped listening). */
  refused: number;
  /** Requests sent that got no complete answer (reset, cut): these must never happen. */
  lost: { id: string; error: string }[];
  otherStatus: string[];
}

/**
 * Like runLoad, but each of `concurrency` clients keeps one keep-alive connection and sends its requests
 * back to back on it, as a proxy's upstream connections do. A client stops when its connection is refused.
 */
export async function runKeepAliveLoad(options: {
  port: number;
  paths: string[];
  concurrency: number;
  until: () => boolean;
}): Promise<KeepAliveResult> {
  const result: KeepAliveResult = { sent: [], ok: [], refused: 0, lost: [], otherStatus: [] };
  let sent = 0;
  const client = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (!options.until()) {
        const path = options.paths[sent++ % options.paths.length]!;
        const id = randomUUID();
        result.sent.push(id);
        const outcome = await new Promise<"ok" | "refused" | "other" | { error: string }>((resolve) => {
          const req = http.request({
            host: "127.0.0.1",
            port: options.port,
            path,
            agent,
            headers: { "X-Request-Id": id },
          });
          req.on("response", (res) => {
            res.resume();
            res.on("end", () => {
              if (res.statusCode !== 200) return resolve("other");
              result.ok.push({ id, close: res.headers.connection === "close" });
              resolve("ok");
            });
            res.on("error", (error) => resolve({ error: error.message }));
          });
          req.on("error", (error: NodeJS.ErrnoException) =>
            resolve(error.code === "ECONNREFUSED" ? "refused" : { error: `${error.code ?? ""} ${error.message}` }),
          );
          req.end();
        });
        if (outcome === "refused") {
          result.refused++;
          return;
        }
        if (outcome === "other") result.otherStatus.push(id);
        else if (typeof outcome === "object") result.lost.push({ id, ...outcome });
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  return result;
}
