/** Starts the production server (server/main.ts) as a child process on a free port with its own data folder. */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { removeTempDir, tempDir } from "./temp.ts";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * The environment of a production server run on this machine for a test or a measurement: on
 * 127.0.0.1:`port`, SQLite in `dataDir` (a DATABASE_URL of the caller's is dropped), logs silenced.
 */
export function localServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "silent",
  };
}

export interface ServerProcess {
  child: ChildProcess;
  baseURL: string;
  port: number;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** JSON log lines printed by the server (when started with LOG_LEVEL=info). */
  logs: Record<string, unknown>[];
  dispose(): Promise<void>;
}

export interface SpawnOptions {
  /** Listen on this port (a server started again where a proxy expects it) instead of a free one. */
  port?: number;
}

/** Starts the server and waits until /healthz answers 200. */
export async function startServer(
  env: Record<string, string> = {},
  timeoutMs = 60_000,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const server = await spawnServer(env, options);
  try {
    await server.healthy(timeoutMs);
  } catch (error) {
    await server.dispose();
    throw error;
  }
  return server;
}

/** Starts the server without waiting for it (a test of what it does before it is up). */
export async function spawnServer(
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): Promise<ServerProcess & { healthy(timeoutMs?: number): Promise<void> }> {
  const dataDir = tempDir("bakery-srv-");
  const port = options.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      ...localServerEnv(port, dataDir),
      AVIF_BACKFILL: "0",
      PASSWORD_HASH_COST: "10",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Warnings and errors go to stderr: collected too, and passed on when they are not JSON log lines.
  const logs: Record<string, unknown>[] = [];
  const collect = (stream: NodeJS.ReadableStream | null, passOn?: NodeJS.WritableStream) => {
    let buffered = "";
    stream?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      let newline = buffered.indexOf("\n");
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        try {
          logs.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          passOn?.write(`${line}\n`);
        }
        newline = buffered.indexOf("\n");
      }
    });
  };
  collect(child.stdout);
  collect(child.stderr, process.stderr);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    baseURL,
    port,
    exited,
    logs,
    async healthy(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
        try {
          const res = await fetch(`${baseURL}/healthz`);
          if (res.ok) return;
        } catch {
          // not up yet
        }
        if (Date.now() > deadline) throw new Error(`server did not answer within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async dispose() {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
      removeTempDir(dataDir);
    },
  };
}
