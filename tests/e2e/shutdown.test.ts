/**
 * Graceful shutdown (foundation issue): a SIGTERM during load loses no request the server already
 * accepted. Every request the server's handlers saw (it logs each one with the client's X-Request-Id)
 * reached the client as a complete 200; the requests that failed were refused or reset before the
 * server read them (they sat in the kernel's backlog when the listener closed) and never appear in its
 * log; the process exits with 0 after draining.
 */
import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { runLoad } from "../support/load.ts";
import { type ServerProcess, startServer } from "../support/server-process.ts";

describe.skipIf(!existsSync("build/server/index.js"))("graceful shutdown", () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.dispose();
  });

  it("answers every accepted request during a SIGTERM, then exits 0", async () => {
    server = await startServer({ SKIP_SEED: "1", LOG_LEVEL: "info" });
    let stopAt = Number.POSITIVE_INFINITY;
    const load = runLoad({
      port: server.port,
      paths: ["/", "/healthz", "/login"],
      concurrency: 16,
      maxRequests: 20_000,
      until: () => Date.now() > stopAt,
    });
    // Let the load build up (the server has handled a hundred requests), then stop it while requests are in flight.
    await expect
      .poll(() => server!.logs.filter((line) => line.msg === "request").length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(100);
    server.child.kill("SIGTERM");
    stopAt = Date.now() + 1500;
    const result = await load;
    const code = await server.exited;
    if (process.env.SHUTDOWN_REPORT) console.info({ ok: result.ok.length, failedBeforeRead: result.failed.length });

    const handled = new Set(server.logs.filter((line) => line.msg === "request").map((line) => String(line.reqId)));
    const ours = [...result.ok, ...result.failed, ...result.otherStatus].filter((id) => handled.has(id));
    expect(result.ok.length).toBeGreaterThan(50);
    // Every request the server handled reached the client complete…
    expect(ours.filter((id) => !result.ok.includes(id))).toEqual([]);
    // …and no failed request was ever handled.
    expect(result.failed.filter((id) => handled.has(id))).toEqual([]);
    expect(result.otherStatus).toEqual([]);
    expect(server.logs.some((line) => line.msg === "stopped")).toBe(true);
    expect(code).toBe(0);
  });
});
