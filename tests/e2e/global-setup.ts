/**
 * Starts the production build (server/main.ts) on a free port with a fresh data folder,
 * waits until it answers, and hands the URL to the tests. Stops it afterwards.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { findChromium } from "../support/browser.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
    adminEmail: string;
    adminPassword: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      // Wait for every demo image too, so pages under test are complete.
      if (res.ok && !((await res.json()) as { seeding?: boolean }).seeding) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  project.provide("chromiumPath", chromiumPath ?? "");
  project.provide("baseURL", "");
  project.provide("adminEmail", "e2e-admin@example.co.il");
  project.provide("adminPassword", "e2e-admin-password-123");
  if (!chromiumPath) {
    if (process.env.CI === "true")
      throw new Error("Chromium is required for end-to-end tests under CI=true (apt-get install chromium)");
    console.warn(
      "\n⚠ Chromium not found (/usr/bin/chromium): end-to-end tests are skipped. Install it with: apt-get install chromium\n",
    );
    return;
  }
  if (!existsSync("build/server/index.js"))
    throw new Error("No production build: run `npm run build` before the e2e tests");

  const dataDir = mkdtempSync(path.join(tmpdir(), "bakery-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: baseURL,
      LOG_LEVEL: process.env.E2E_SERVER_LOG === "1" ? "info" : "silent",
      // The suite submits the public forms many times from one address.
      FORM_RATE_LIMIT: "10000",
      // …and every test file browses the same server from 127.0.0.1.
      REQUEST_RATE_LIMIT: "100000",
      ADMIN_EMAIL: "e2e-admin@example.co.il",
      ADMIN_PASSWORD: "e2e-admin-password-123",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(baseURL, child, 150_000);
  project.provide("baseURL", baseURL);

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
