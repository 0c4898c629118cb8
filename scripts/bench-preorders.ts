/**
 * `npm run bench:preorders`: the targets of issue 28, measured against real servers (the production build,
 * server/main.ts) on this machine:
 *   race   200 concurrent orders for the last 10 places of a slot, then for the last 10 of a product's day: how many
 *          were accepted, how many told it is full, and how many orders the database holds — on SQLite (one
 *          server), on PostgreSQL (one server) and on two servers sharing one PostgreSQL (orders alternate);
 *   rush   the rush mix of `npm run bench:rush` (wrk, one thread, 50 connections) alone, then with orders placed at
 *          20 a second beside it: the orders' p50/p99 and the pages' hit ratio in both runs (SQLite);
 *   kill   orders arriving from 4 clients while the server is killed with SIGKILL 10 times and started again; a
 *          client whose order got no answer sends it again with the same key, as a browser's retry would: every
 *          acknowledged order must be in the database, once, and every confirmation e-mail sent (SQLite).
 * Every order comes from its own address (TRUST_PROXY=1 and X-Forwarded-For), as customers' do.
 *
 *   npm run bench:preorders                               # all parts; PostgreSQL from TEST_DATABASE_URL
 *   npm run bench:preorders -- --parts race --pg postgres://postgres@127.0.0.1:5432/test
 *
 * Needs wrk (Debian's `wrk`) for `rush`. Localhost only; creates and drops its own PostgreSQL databases.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { createScratchPostgres, queryOnce } from "../tests/support/scratch-postgres.ts";
import { type ServerProcess, spawnServer } from "../tests/support/server-process.ts";
import { ensureSiteBuild } from "../tests/support/site-build.ts";
import { startSmtpServer, type TestSmtpServer } from "../tests/support/smtp.ts";
import { parseWrk, runWrk, rushPaths, wrkScript } from "./rush-mix.ts";

const { values: args } = parseArgs({
  options: {
    parts: { type: "string", default: "race,rush,kill" },
    pg: { type: "string", default: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    duration: { type: "string", default: "20" },
  },
});
const parts = new Set(args.parts.split(","));
const duration = Math.max(5, Math.min(120, Number(args.duration) || 20));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : Number.NaN;
};
const SECRET = randomBytes(32).toString("base64url");

/** SQL on the servers' database (the bench sets the capacity it measures). */
type Sql = (statement: string) => Promise<Record<string, unknown>[]>;

interface Site {
  urls: string[];
  sql: Sql;
  servers: ServerProcess[];
  dispose(): Promise<void>;
}

let smtp: TestSmtpServer;

function serverEnv(extra: Record<string, string>): Record<string, string> {
  return {
    TRUST_PROXY: "1",
    REQUEST_RATE_LIMIT: "100000000",
    SESSION_SECRET: SECRET,
    SMTP_URL: smtp.url,
    MAIL_FROM: "orders@bench.test",
    ...extra,
  };
}

/** A server that has seeded the demo content and takes pre-orders. */
async function started(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const server = await spawnServer(serverEnv(env), port ? { port } : {});
  await server.healthy(10 * 60_000);
  for (let waited = 0; waited < 10 * 60_000; waited += 500) {
    const res = await fetch(`${server.baseURL}/api/preorders/branches`).catch(() => null);
    if (res?.ok && ((await res.json()) as { data: unknown[] }).data.length) return server;
    await sleep(500);
  }
  throw new Error("the server takes no pre-orders");
}

async function sqliteSite(): Promise<Site & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-preorders-"));
  const server = await started({ DATA_DIR: dataDir });
  const sql: Sql = async (statement) => {
    const db = new DatabaseSync(path.join(dataDir, "bakery.sqlite"));
    try {
      db.exec("PRAGMA busy_timeout = 10000");
      return statement.trim().toLowerCase().startsWith("select")
        ? (db.prepare(statement).all() as Record<string, unknown>[])
        : (db.exec(statement), []);
    } finally {
      db.close();
    }
  };
  return {
    urls: [server.baseURL],
    sql,
    servers: [server],
    dataDir,
    async dispose() {
      await server.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresSite(count: number): Promise<Site> {
  const database = await createScratchPostgres(args.pg, "bench_preorders");
  const first = await started({ DATABASE_URL: database.url });
  const servers = [first];
  for (let i = 1; i < count; i++) servers.push(await started({ DATABASE_URL: database.url }));
  return {
    urls: servers.map((s) => s.baseURL),
    sql: (statement) => queryOnce(database.url, statement),
    servers,
    async dispose() {
      await Promise.all(servers.map((s) => s.dispose()));
      await database.dispose();
    },
  };
}

/** A visitor's session on `url` (its cookies and XSRF token; every server shares the secret, so it is valid on all). */
async function session(url: string) {
  const res = await fetch(`${url}/order`);
  await res.arrayBuffer();
  const jar = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const xsrf = decodeURIComponent(jar.find((c) => c.startsWith("XSRF-TOKEN="))?.slice("XSRF-TOKEN=".length) ?? "");
  return { cookie: jar.join("; "), xsrf };
}

let addressSeq = 0;
const nextAddress = () => {
  addressSeq++;
  return `10.${(addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
};

interface Placed {
  status: number;
  ms: number;
  id?: number;
}

async function placeOrder(
  url: string,
  auth: { cookie: string; xsrf: string },
  order: Record<string, string>,
  timeoutMs = 30_000,
): Promise<Placed> {
  const started = performance.now();
  const res = await fetch(`${url}/api/preorders`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Cookie: auth.cookie,
      "X-XSRF-TOKEN": auth.xsrf,
      "X-Forwarded-For": nextAddress(),
    },
    body: JSON.stringify(order),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await res.json().catch(() => ({}))) as { data?: { id: number } };
  return { status: res.status, ms: performance.now() - started, id: body.data?.id };
}

const orderOf = (item: string, branch: number, slot: string, email = ""): Record<string, string> => ({
  items: item,
  branch: String(branch),
  slot,
  name: "לקוח בדיקה",
  phone: "050-1234567",
  email,
  note: "",
  consent: "on",
  key: randomBytes(18).toString("base64url"),
});

interface Day {
  date: string;
  slots: { start: string; remaining: number }[];
}

async function days(url: string, branch: number): Promise<Day[]> {
  const res = await fetch(`${url}/api/preorders/slots?branch=${branch}`);
  return ((await res.json()) as { data: { days: Day[] } }).data.days;
}

async function firstBranch(url: string): Promise<number> {
  const res = await fetch(`${url}/api/preorders/branches`);
  return ((await res.json()) as { data: { id: number }[] }).data[0]!.id;
}

async function anItem(sql: Sql): Promise<{ product: number; item: string }> {
  const [row] = await sql(
    "SELECT sizes.id AS size, products.id AS product FROM sizes JOIN products ON products.id = sizes.product_id WHERE products.status = 1 ORDER BY products.id LIMIT 1",
  );
  return { product: Number(row!.product), item: `${row!.product}.${row!.size}.1` };
}

const tally = (results: Placed[]) => ({
  accepted: results.filter((r) => r.status === 201).length,
  full: results.filter((r) => r.status === 409).length,
  other: results.filter((r) => r.status !== 201 && r.status !== 409).map((r) => r.status),
  p50: pct(
    results.map((r) => r.ms),
    0.5,
  ),
  p99: pct(
    results.map((r) => r.ms),
    0.99,
  ),
});

async function raceOn(label: string, site: Site) {
  const url = site.urls[0]!;
  const branch = await firstBranch(url);
  const auth = await session(url);
  const { product, item } = await anItem(site.sql);
  await site.sql(`UPDATE pickup_settings SET orders_per_slot = 10 WHERE branch_id = ${branch}`);
  const offered = await days(url, branch);
  const day = offered[Math.min(3, offered.length - 1)]!;
  const slot = day.slots.find((s) => s.remaining === 10)!;
  const results = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      placeOrder(site.urls[i % site.urls.length]!, auth, orderOf(item, branch, `${day.date} ${slot.start}`)),
    ),
  );
  const [held] = await site.sql(
    `SELECT count(*) AS n FROM orders WHERE branch_id = ${branch} AND pickup_date = '${day.date}' AND slot = '${slot.start}'`,
  );
  const slotTally = tally(results);
  console.log(
    `${label} | slot: 10 places | ${slotTally.accepted} | ${slotTally.full} | ${slotTally.other.length ? slotTally.other.join(",") : 0} | ${held!.n} | ${slotTally.p50.toFixed(0)} | ${slotTally.p99.toFixed(0)}`,
  );

  // A product's day: 10 left, orders of one spread over the day's slots (room enough in each).
  await site.sql(`UPDATE pickup_settings SET orders_per_slot = 1000 WHERE branch_id = ${branch}`);
  await site.sql(`UPDATE products SET preorder_daily_limit = 10 WHERE id = ${product}`);
  const other = offered[Math.min(4, offered.length - 1)]!;
  const productResults = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      placeOrder(
        site.urls[i % site.urls.length]!,
        auth,
        orderOf(item, branch, `${other.date} ${other.slots[i % other.slots.length]!.start}`),
      ),
    ),
  );
  const [sold] = await site.sql(
    `SELECT coalesce(sum(quantity), 0) AS n FROM order_items JOIN orders ON orders.id = order_items.order_id WHERE product_id = ${product} AND pickup_date = '${other.date}'`,
  );
  const productTally = tally(productResults);
  console.log(
    `${label} | product: 10 a day | ${productTally.accepted} | ${productTally.full} | ${productTally.other.length ? productTally.other.join(",") : 0} | ${sold!.n} | ${productTally.p50.toFixed(0)} | ${productTally.p99.toFixed(0)}`,
  );
  await site.sql(`UPDATE products SET preorder_daily_limit = NULL WHERE id = ${product}`);
}

async function race() {
  console.log("\n## race: 200 concurrent orders for the last 10 places");
  console.log("setup | capacity | accepted | told full | other answers | held in the database | p50 ms | p99 ms");
  const sqlite = await sqliteSite();
  try {
    await raceOn("SQLite, 1 server", sqlite);
  } finally {
    await sqlite.dispose();
  }
  for (const count of [1, 2]) {
    const pg = await postgresSite(count);
    try {
      await raceOn(`PostgreSQL, ${count} server${count > 1 ? "s" : ""}`, pg);
    } finally {
      await pg.dispose();
    }
  }
}

async function rush() {
  console.log(`\n## rush: the rush mix (wrk -t1 -c50, ${duration} s), alone and with orders at 20 a second (SQLite)`);
  const site = await sqliteSite();
  const work = mkdtempSync(path.join(tmpdir(), "bench-preorders-rush-"));
  try {
    const url = site.urls[0]!;
    const branch = await firstBranch(url);
    const auth = await session(url);
    const { item } = await anItem(site.sql);
    await site.sql(`UPDATE pickup_settings SET orders_per_slot = 100000 WHERE branch_id = ${branch}`);
    const slots = (await days(url, branch)).flatMap((d) => d.slots.map((s) => `${d.date} ${s.start}`));
    const paths = await rushPaths(url);
    const script = path.join(work, "rush.lua");
    writeFileSync(script, wrkScript(paths));
    console.log(
      "run | req/s | page p50 ms | page p99 ms | hit ratio | orders | order p50 ms | order p99 ms | other answers | load avg",
    );
    // A server that has taken orders before (its order path compiled and its calendar read), as in the rush week.
    for (let n = 0; n < 10; n++) await placeOrder(url, auth, orderOf(item, branch, slots[n % slots.length]!));
    for (const run of ["pages only", "orders only", "with orders"] as const) {
      for (const p of paths)
        await (await fetch(`${url}${p}`, { headers: { "Accept-Encoding": "br, gzip" } })).arrayBuffer();
      const placed: Promise<Placed>[] = [];
      let running = run !== "pages only";
      const pacing = (async () => {
        const start = performance.now();
        for (let n = 0; running; n++) {
          placed.push(placeOrder(url, auth, orderOf(item, branch, slots[n % slots.length]!)));
          await sleep(Math.max(0, start + (n + 1) * 50 - performance.now()));
        }
      })();
      const out =
        run === "orders only"
          ? (await sleep(duration * 1000), null)
          : parseWrk(await runWrk(url, script, 50, duration));
      running = false;
      await pacing;
      const orders = tally(await Promise.all(placed));
      console.log(
        [
          run,
          out ? (out.requests / duration).toFixed(1) : "–",
          out ? out.p50.toFixed(1) : "–",
          out ? out.p99.toFixed(1) : "–",
          out ? `${(out.hitRatio * 100).toFixed(1)} %` : "–",
          placed.length,
          placed.length ? orders.p50.toFixed(0) : "–",
          placed.length ? orders.p99.toFixed(0) : "–",
          orders.other.length + orders.full,
          loadavg()[0]!.toFixed(2),
        ].join(" | "),
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    await site.dispose();
  }
}

async function kill() {
  console.log("\n## kill: SIGKILL ×10 while orders arrive from 4 clients (SQLite)");
  smtp.messages.length = 0;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-preorders-kill-"));
  let server = await started({ DATA_DIR: dataDir });
  const port = server.port;
  const url = server.baseURL;
  const db = () => new DatabaseSync(path.join(dataDir, "bakery.sqlite"));
  const exec = (statement: string) => {
    const d = db();
    try {
      d.exec("PRAGMA busy_timeout = 10000");
      d.exec(statement);
    } finally {
      d.close();
    }
  };
  try {
    const branch = await firstBranch(url);
    const auth = await session(url);
    const row = db()
      .prepare(
        "SELECT sizes.id AS size, products.id AS product FROM sizes JOIN products ON products.id = sizes.product_id WHERE products.status = 1 ORDER BY products.id LIMIT 1",
      )
      .get() as { size: number; product: number };
    exec(`UPDATE pickup_settings SET orders_per_slot = 100000 WHERE branch_id = ${branch}`);
    const slots = (await days(url, branch)).flatMap((d) => d.slots.map((s) => `${d.date} ${s.start}`));
    const acknowledged = new Map<string, number>();
    let sent = 0;
    let retries = 0;
    let running = true;
    const refusals = new Map<number, number>();
    const client = async (c: number) => {
      for (let n = 0; running; n++) {
        const order = orderOf(
          `${row.product}.${row.size}.1`,
          branch,
          slots[(c * 7919 + n) % slots.length]!,
          `c${c}n${n}@bench.test`,
        );
        sent++;
        // Until an answer: a connection refused or reset is retried with the same key, as a browser would.
        for (;;) {
          try {
            const placed = await placeOrder(url, auth, order, 10_000);
            if (placed.id) acknowledged.set(order.key!, placed.id);
            else refusals.set(placed.status, (refusals.get(placed.status) ?? 0) + 1);
            break;
          } catch {
            retries++;
            await sleep(200);
            if (!running && retries > 100_000) return;
          }
        }
        await sleep(50);
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    for (let k = 0; k < 10; k++) {
      await sleep(1500 + Math.random() * 1000);
      server.child.kill("SIGKILL");
      await server.exited;
      server = await started({ DATA_DIR: dataDir }, port);
    }
    await sleep(1000);
    running = false;
    await Promise.all(clients);
    // The outbox drains. An item whose claim died with a killed server comes back after the worker's back-off
    // (30 s, then 2 min…), so this can take minutes.
    const drainStart = performance.now();
    for (let waited = 0; waited < 10 * 60_000; waited += 1000) {
      const [left] = db().prepare("SELECT count(*) AS n FROM jobs WHERE kind = 'order-mail'").all() as { n: number }[];
      if (left!.n === 0) break;
      await sleep(1000);
    }
    const drained = (performance.now() - drainStart) / 1000;
    await sleep(2000);
    const rows = db().prepare("SELECT id, idempotency_key FROM orders").all() as {
      id: number;
      idempotency_key: string;
    }[];
    const byKey = new Map<string, number[]>();
    for (const r of rows) byKey.set(r.idempotency_key, [...(byKey.get(r.idempotency_key) ?? []), r.id]);
    const lost = [...acknowledged].filter(([key, id]) => !byKey.get(key)?.includes(id)).length;
    const duplicates = [...byKey.values()].filter((ids) => ids.length > 1).length;
    const mailsPerOrder = new Map<number, number>();
    for (const mail of smtp.messages) {
      const id = Number(/order-(\d+)-confirmation@/.exec(mail.raw)?.[1]);
      if (id) mailsPerOrder.set(id, (mailsPerOrder.get(id) ?? 0) + 1);
    }
    const unsent = rows.filter((r) => !mailsPerOrder.has(r.id)).length;
    const twice = [...mailsPerOrder.values()].filter((n) => n > 1).length;
    const [jobsLeft] = db().prepare("SELECT count(*) AS n FROM jobs WHERE kind = 'order-mail'").all() as {
      n: number;
    }[];
    console.log(
      "orders sent | acknowledged | retried sends (no answer) | held in the database | acknowledged but lost | keys with 2+ orders | confirmations sent | orders without one | sent twice (same Message-ID) | outbox left",
    );
    console.log(
      [
        sent,
        acknowledged.size,
        retries,
        rows.length,
        lost,
        duplicates,
        smtp.messages.length,
        unsent,
        twice,
        jobsLeft!.n,
      ].join(" | "),
    );
  } finally {
    await server.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  // The servers run the production build: made now when the sources are newer.
  ensureSiteBuild();
  smtp = await startSmtpServer();
  console.log(
    `bench:preorders — load average before ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  try {
    if (parts.has("race")) await race();
    if (parts.has("rush")) await rush();
    if (parts.has("kill")) await kill();
  } finally {
    await smtp.close();
  }
}

await main();
