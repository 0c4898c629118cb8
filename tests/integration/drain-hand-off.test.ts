/**
 * The SIGTERM drain behind a proxy (server/http/drain.ts): closing the listening socket resets the connections
 * the kernel had queued but the server had not accepted yet — a POST a proxy already sent on one is a 502 for
 * the visitor (the cluster test's rolling restart met it). Behind a proxy the drain first hands off: page
 * requests through the proxy get a 503 (the proxy asks another server and stops sending here), writes are still
 * served, and the listener closes only once no connection has come for a moment.
 *
 * The "proxy" is a child process that behaves like nginx: new connections (as nginx opens when its idle ones are
 * used up), page requests and writes with X-Forwarded-For, and after a 503 it sends this server nothing more.
 * This process's event loop is blocked until three of the proxy's connections wait in the kernel's accept queue,
 * which the blocked loop cannot empty, when the drain starts — as they do on a busy server.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { heApi } from "../../domain/i18n/api.ts";
import { drainable } from "../../server/http/drain.ts";
import { tempDir } from "../support/temp.ts";

const PROXY = `
const http = require("node:http");
const fs = require("node:fs");
const port = Number(process.argv[1]);
// One byte per connection the kernel completed (the socket's "connect"): the test reads it while the server's loop
// is blocked, when the server cannot have accepted any of them.
const connectLog = process.argv[2];
const outcomes = { pageOk: 0, handedOff: 0, writeOk: 0, writeReset: 0, pageReset: 0, refused: 0, other: [] };
let markedDown = false;
const stopAt = Date.now() + 4000;
const once = (write) => new Promise((resolve) => {
  const req = http.request({ host: "127.0.0.1", port, method: write ? "POST" : "GET", path: write ? "/club" : "/",
    agent: false, headers: { "X-Forwarded-For": "203.0.113.9", "Content-Type": "text/plain" } }, (res) => {
    res.resume();
    res.on("end", () => {
      if (res.statusCode === 200) outcomes[write ? "writeOk" : "pageOk"]++;
      else if (res.statusCode === 503 && !write) { outcomes.handedOff++; markedDown = true; }
      else outcomes.other.push(res.statusCode);
      resolve();
    });
  });
  req.on("error", (error) => {
    if (error.code === "ECONNREFUSED") { outcomes.refused++; markedDown = true; }
    else outcomes[write ? "writeReset" : "pageReset"]++;
    resolve();
  });
  req.on("socket", (socket) => socket.once("connect", () => fs.appendFileSync(connectLog, "c")));
  req.end(write ? "email=a@example.com" : undefined);
});
const loop = async (i) => {
  for (let n = i; !markedDown && Date.now() < stopAt; n++) await once(n % 2 === 0);
};
Promise.all([0, 1, 2, 3, 4, 5].map(loop)).then(() => console.log(JSON.stringify(outcomes)));
`;

interface Outcomes {
  pageOk: number;
  handedOff: number;
  writeOk: number;
  writeReset: number;
  pageReset: number;
  refused: number;
  other: number[];
}

/**
 * Connections on the listening `port` that the kernel has completed and the server has not accepted yet: the LISTEN
 * socket's accept queue, its rx_queue in /proc/net/tcp (Linux); null where that file is not there.
 */
function acceptQueueLength(port: number): number | null {
  let table: string;
  try {
    table = readFileSync("/proc/net/tcp", "utf8");
  } catch {
    return null;
  }
  const local = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  for (const line of table.split("\n").slice(1)) {
    const [, address = "", , state, queues = ""] = line.trim().split(/\s+/);
    // State 0A is LISTEN; "tx_queue:rx_queue" in hex.
    if (state === "0A" && address.endsWith(local)) return Number.parseInt(queues.split(":")[1] ?? "0", 16);
  }
  return null;
}

/**
 * Keeps this process's event loop busy until `count` of the proxy's connections wait in the kernel's accept queue
 * (accepting one takes this loop), or `maxMs` passed. Read from the kernel itself where it can be: the proxy's own
 * record of its connections (where /proc/net/tcp is missing) can be late under load — a connection it logs as new
 * may be one the server had accepted just before the loop blocked, which the drain then serves, and the "without"
 * case finds no reset.
 */
function blockUntilQueued(port: number, connectLog: string, count: number, maxMs: number): void {
  const until = performance.now() + maxMs;
  if (acceptQueueLength(port) !== null) {
    while ((acceptQueueLength(port) ?? 0) < count && performance.now() < until) {
      // The server is busy.
    }
    return;
  }
  const connected = () => (existsSync(connectLog) ? readFileSync(connectLog).length : 0);
  const before = connected();
  while (connected() < before + count && performance.now() < until) {
    // The server is busy.
  }
}

describe("the SIGTERM drain behind a proxy", () => {
  let server: http.Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  async function serve() {
    let served = 0;
    server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        served++;
        res.end("ok");
      });
    });
    const drain = drainable(server);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return { drain, port: (server.address() as AddressInfo).port, served: () => served };
  }

  function runProxy(port: number, connectLog: string) {
    const child = spawn(process.execPath, ["-e", PROXY, String(port), connectLog], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    return new Promise<Outcomes>((resolve) => child.on("exit", () => resolve(JSON.parse(out) as Outcomes)));
  }

  async function drainUnderProxy(handOff: boolean) {
    const { drain, port, served } = await serve();
    const connectLog = path.join(tempDir("drain-hand-off"), "connected.log");
    const proxy = runProxy(port, connectLog);
    await expect.poll(served, { timeout: 20_000, interval: 5 }).toBeGreaterThan(30);
    blockUntilQueued(port, connectLog, 3, 10_000);
    const drained = drain.drain({ lingerMs: 50, handOff: handOff ? { quietMs: 200, maxMs: 3000 } : undefined });
    const outcomes = await proxy;
    await drained;
    console.log(`[drain] hand-off ${handOff}: ${JSON.stringify(outcomes)}`);
    return outcomes;
  }

  it("hands page requests back with a Hebrew 503, serves writes, and resets nothing the proxy had sent", async () => {
    const outcomes = await drainUnderProxy(true);
    expect(outcomes.handedOff).toBeGreaterThan(0);
    expect(outcomes.writeOk).toBeGreaterThan(0);
    expect({ writeReset: outcomes.writeReset, pageReset: outcomes.pageReset, other: outcomes.other }).toEqual({
      writeReset: 0,
      pageReset: 0,
      other: [],
    });
  });

  it("without the hand-off, closing the listener resets the proxy's queued requests (what the hand-off prevents)", async () => {
    const outcomes = await drainUnderProxy(false);
    expect(outcomes.writeReset + outcomes.pageReset).toBeGreaterThan(0);
  });

  it("answers the hand-off in Hebrew with Retry-After, closing the connection; a direct visitor is served", async () => {
    const { drain, port } = await serve();
    const drained = drain.drain({ lingerMs: 50, handOff: { quietMs: 300, maxMs: 3000 } });
    const proxied = await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(proxied.status).toBe(503);
    expect(proxied.headers.get("retry-after")).toBe("1");
    expect(proxied.headers.get("connection")).toBe("close");
    expect(proxied.headers.get("cache-control")).toBe("no-store");
    expect(await proxied.text()).toContain(heApi.restarting);
    const direct = await fetch(`http://127.0.0.1:${port}/`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("connection")).toBe("close");
    await drained;
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
