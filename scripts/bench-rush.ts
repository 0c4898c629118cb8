/**
 * `npm run bench:rush`: the holiday rush (issue 27). A mix of public addresses — the home page, /categories and
 * every category, up to 60 product pages, branches, sales, news, about, /products pages 1–3, 20 searches of
 * words from the catalogue and 31 `.data` requests — is loaded with wrk (one thread, as the issue measured) at 50
 * and 200 connections, while a signed-in staff member saves a product through the admin API: never, every 5 s,
 * or every second. Printed per run: requests per second, p50/p99 latency, timeouts and socket errors, the page
 * cache's hit ratio (X-Cache hit or stale, over the answers wrk counted) and the staff saves' count, p50 and
 * maximum (a save that failed is counted and named).
 *
 *   npm run bench:rush                         # starts the production server (data/bench, SQLite) itself
 *   npm run bench:rush -- --url http://127.0.0.1:3000 --email … --password …   # a running server
 *   npm run bench:rush -- --nginx              # the same behind deploy/nginx.conf (nginx-light; tests/support/nginx.ts)
 *   options: --duration 20 (s per run) --connections 50,200 --writes 0,5,1 (seconds between saves; 0: none)
 *
 * Needs wrk (Debian's `wrk`). Localhost only. Quote the load average printed with the figures. With `--nginx` the
 * visitors and the staff member go through nginx, as in production (the server it starts trusts the proxy's
 * X-Forwarded-For; a server given with --url must be started with TRUST_PROXY=1 for that).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startNginx } from "../tests/support/nginx.ts";
import { freePort, localServerEnv } from "../tests/support/server-process.ts";
import { runWrk, rushPaths, wrkScript } from "./rush-mix.ts";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "50,200" },
    writes: { type: "string", default: "0,5,1" },
    "data-dir": { type: "string", default: "data/bench" },
    nginx: { type: "boolean", default: false },
  },
});

const duration = Math.max(3, Math.min(300, Number(args.duration) || 20));
const connectionCounts = args.connections
  .split(",")
  .map(Number)
  .filter((n) => n > 0 && n <= 1000);
const writeIntervals = args.writes
  .split(",")
  .map(Number)
  .filter((n) => n >= 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function assertLocal(url: string) {
  if (!["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname)) {
    throw new Error("--url must point at this machine: the benchmark only loads localhost");
  }
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** The production server on data/bench, with a known admin; resolves once it answers and has seeded. */
async function startServer() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const email = "rush@example.co.il";
  const password = `rush-${Date.now()}-password`;
  const dataDir = path.resolve(args["data-dir"]);
  const env = {
    ...process.env,
    ...localServerEnv(port, dataDir),
    REQUEST_RATE_LIMIT: "100000000",
    ...(args.nginx ? { TRUST_PROXY: "1" } : {}),
  };
  // The bench's own staff account (created or its password reset), so no printed password is needed.
  await new Promise<void>((resolve, reject) => {
    if (!existsSync(path.join(dataDir, "bakery.sqlite"))) return resolve();
    const create = spawn(process.execPath, ["scripts/admin-create.ts", "--email", email, "--password", password], {
      env,
      stdio: "ignore",
    });
    create.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`admin:create exited ${code}`))));
  });
  console.log(`Starting the production server on ${url} (data: ${dataDir})…`);
  const child = spawn(process.execPath, ["scripts/start.ts"], {
    env: { ...env, ADMIN_EMAIL: email, ADMIN_PASSWORD: password },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let waited = 0; waited < 15 * 60_000; waited += 500) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const health = await json<{ status: string; seeding?: boolean }>(`${url}/healthz`);
      if (health.status === "ok" && !health.seeding) break;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  // A first start created the account from ADMIN_EMAIL/ADMIN_PASSWORD; a later one had it reset above.
  return { url, email, password, stop: () => child.kill("SIGTERM") };
}

/** The rush mix, read from the site's own public API. */
interface Login {
  cookies: string;
  xsrf: string;
}

async function signIn(url: string, email: string, password: string): Promise<Login> {
  const first = await fetch(`${url}/api/user`);
  const jar = new Map(first.headers.getSetCookie().map((c) => c.split(";")[0]!.split("=") as [string, string]));
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${url}/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      Cookie: cookieHeader(),
      "X-XSRF-TOKEN": decodeURIComponent(jar.get("XSRF-TOKEN") ?? ""),
    },
    body: JSON.stringify({ email, password, remember: false }),
  });
  if (!res.ok) throw new Error(`sign-in failed: HTTP ${res.status}`);
  for (const c of res.headers.getSetCookie()) {
    const [k, v] = c.split(";")[0]!.split("=") as [string, string];
    jar.set(k, v);
  }
  return { cookies: cookieHeader(), xsrf: decodeURIComponent(jar.get("XSRF-TOKEN") ?? "") };
}

/** A staff member saving a product every `everyMs` (renaming it back and forth) until `stop`; each save's time. */
function staffSaves(url: string, login: Login, productId: number, everyMs: number) {
  const times: number[] = [];
  const failures: string[] = [];
  let running = true;
  const headers = { "Content-Type": "application/json", Cookie: login.cookies, "X-XSRF-TOKEN": login.xsrf };
  const loop = (async () => {
    const current = (
      await json<{ data: Record<string, unknown> }>(`${url}/api/admin/products/${productId}`, { headers })
    ).data;
    const name = String(current.name);
    let n = 0;
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${url}/api/admin/products/${productId}`, {
          method: "PUT",
          headers,
          body: JSON.stringify({
            name: n % 2 ? name : `${name} (חג)`,
            title: current.title,
            serial_id: current.serial_id,
            status: current.status,
          }),
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        if (res.ok) times.push(performance.now() - started);
        else failures.push(`HTTP ${res.status}`);
      } catch (error) {
        failures.push(String((error as Error).name ?? error));
      }
      n++;
      await sleep(Math.max(0, everyMs - (performance.now() - started)));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { times, failures };
    },
  };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN;

async function main() {
  const started = args.url ? null : await startServer();
  const app = args.url ?? started!.url;
  assertLocal(app);
  // One app server behind deploy/nginx.conf (both of its upstream lines point at it).
  const appPort = Number(new URL(app).port);
  const proxy = args.nginx ? await startNginx(await freePort(), [appPort, appPort]) : null;
  const url = proxy?.baseURL ?? app;
  if (proxy) console.log(`Behind nginx (deploy/nginx.conf) on ${url}`);
  const email = args.email ?? started?.email;
  const password = args.password ?? started?.password;
  if (!email || !password) throw new Error("--email and --password are needed with --url");
  const work = mkdtempSync(path.join(tmpdir(), "bench-rush-"));
  try {
    const paths = await rushPaths(url);
    const script = path.join(work, "rush.lua");
    writeFileSync(script, wrkScript(paths));
    const login = await signIn(url, email, password);
    const productId = Number(/\/product\/(\d+)$/.exec(paths.find((p) => /^\/product\/\d+$/.test(p))!)![1]);
    console.log(
      `rush mix: ${paths.length} addresses; wrk -t1, ${duration} s per run; load average before ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    console.log(
      "connections | saves every | req/s | p50 ms | p99 ms | timeouts | socket errors | non-2xx | hit ratio | saves | save p50 ms | save max ms | failed saves | load avg",
    );
    for (const connections of connectionCounts) {
      for (const every of writeIntervals) {
        // The first visitors of the rush: every address asked once, so the run starts from a warm cache.
        for (const p of paths)
          await (await fetch(`${url}${p}`, { headers: { "Accept-Encoding": "br, gzip" } })).arrayBuffer();
        const saves = every > 0 ? staffSaves(url, login, productId, every * 1000) : null;
        const out = await runWrk(url, script, connections, duration);
        const saved = saves ? await saves.stop() : { times: [], failures: [] };
        const line = /RESULT (\d+) (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) (\d+) (\d+) (\d+)/.exec(out);
        if (!line) {
          console.log(out);
          continue;
        }
        const [, requests, hits, misses, other, p50, p99, timeouts, socket, status] = line.map(Number);
        const times = [...saved.times].sort((a, b) => a - b);
        console.log(
          [
            connections,
            every ? `${every} s` : "none",
            (requests! / duration).toFixed(1),
            p50!.toFixed(1),
            p99!.toFixed(1),
            timeouts,
            socket,
            status,
            ((hits! / Math.max(1, hits! + misses! + other!)) * 100).toFixed(1) + " %",
            times.length,
            pct(times, 0.5).toFixed(0),
            (times.at(-1) ?? NaN).toFixed(0),
            saved.failures.length ? `${saved.failures.length} (${[...new Set(saved.failures)].join(", ")})` : 0,
            loadavg()[0]!.toFixed(2),
          ].join(" | "),
        );
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    await proxy?.stop();
    started?.stop();
  }
}

await main();
