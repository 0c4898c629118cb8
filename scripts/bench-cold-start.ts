/**
 * Cold start to first byte (issue 31): spawns the production start (`npm start`'s command: scripts/start.ts with its
 * heap flags) on the built tree and an existing data folder, and times spawn → first 200 of GET /. Prints the
 * server's own phases (the "listening" log line's `phases`, server/startup-timing.ts: milliseconds since its process
 * started at the end of each) beside it.
 *
 *   ./node_modules/.bin/node scripts/bench-cold-start.ts [--runs 5] [--data DIR] [--npm]
 *
 * Without --data a fresh folder is made and one start (demo content, not timed) fills it first. --npm spawns
 * `npm start` itself (adds npm's own start-up). Needs `npm run build` first.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    data: { type: "string" },
    npm: { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);
if (!existsSync("build/server/index.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

interface Started {
  child: ChildProcess;
  firstByteMs: number;
  listening: Promise<{ phases?: Record<string, number>; startupMs?: number }>;
}

/** Spawns a start and waits for the first 200 of GET /. */
async function start(dataDir: string, port: number, timeoutMs = 120_000): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "info",
  };
  delete env.DATABASE_URL;
  const spawnedAt = performance.now();
  const child = values.npm
    ? // A process group of its own, so that stopping it reaches the server npm started.
      spawn("npm", ["start", "--silent"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true })
    : spawn(process.execPath, ["--max-semi-space-size=8", "--max-old-space-size=384", "scripts/start.ts"], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const listening = new Promise<{ phases?: Record<string, number>; startupMs?: number }>((resolve) => {
    let buffered = "";
    child.stdout?.on("data", (chunk) => {
      buffered += chunk;
      for (const line of buffered.split("\n")) {
        if (!line.includes('"msg":"listening"')) continue;
        try {
          resolve(JSON.parse(line));
        } catch {}
      }
      buffered = buffered.slice(buffered.lastIndexOf("\n") + 1);
    });
    child.once("exit", () => resolve({}));
  });
  const url = `http://127.0.0.1:${port}/`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    if (performance.now() - spawnedAt > timeoutMs) throw new Error("no 200 in time");
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      // Time to the response's first byte: the status line and headers are in.
      const firstByteMs = performance.now() - spawnedAt;
      await response.arrayBuffer();
      if (response.status === 200) return { child, firstByteMs, listening };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function stop(child: ChildProcess, port: number): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // npm start: the server is npm's child; a TERM to the group reaches it.
    if (values.npm && child.pid) process.kill(-child.pid, "SIGTERM");
    else child.kill("SIGTERM");
    await exited;
  }
  // The next start must not find this one still draining on the port.
  for (;;) {
    const answered = await fetch(`http://127.0.0.1:${port}/livez`).then(
      () => true,
      () => false,
    );
    if (!answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const madeData = !values.data;
const dataDir = values.data ?? (await mkdtemp(path.join(tmpdir(), "bench-cold-start-")));
try {
  const port = await freePort();
  if (madeData) {
    // The first start fills the data folder (demo content); wait for its background drawing to end.
    const first = await start(dataDir, port, 300_000);
    for (;;) {
      const health = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.json() as Promise<{ seeding?: boolean }>,
      );
      if (!health.seeding) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await stop(first.child, port);
  }
  console.log(
    `cold start on a built tree, data ${dataDir}; ${values.npm ? "npm start" : "node scripts/start.ts"}; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );
  const figures: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const started = await start(dataDir, port);
    const listening = await started.listening;
    figures.push(started.firstByteMs);
    const phases = Object.entries(listening.phases ?? {})
      .map(([phase, ms]) => `${phase} ${ms}`)
      .join(", ");
    console.log(
      `run ${run}: first 200 of GET / after ${started.firstByteMs.toFixed(0)} ms (server phases, ms since its start: ${phases})`,
    );
    await stop(started.child, port);
  }
  const sorted = [...figures].sort((a, b) => a - b);
  console.log(
    `median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, min ${sorted[0]?.toFixed(0)}, max ${sorted.at(-1)?.toFixed(0)}; ` +
      `load average after ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );
} finally {
  if (madeData) await rm(dataDir, { recursive: true, force: true });
}
