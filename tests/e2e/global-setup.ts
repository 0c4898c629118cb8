/**
 * Makes the production build when its sources changed (tests/support/site-build.ts), starts it
 * (server/main.ts) once per Vitest worker, each on a free port with a data folder of its own, and hands the
 * URLs to the tests (a file uses its worker's server: `e2eBaseURL()` in tests/support/chromium-suite.ts), so
 * files run side by side without seeing each other's writes; stops them afterwards. Each data folder is a
 * copy of a seeded template (demo content at half size and the e2e admin, built once and cached:
 * tests/support/seed-template.ts), so a server starts with every image in place instead of drawing them,
 * and AVIF encoding is off (AVIF is covered by unit and integration tests). Also starts the run's Chromium
 * (files connect to it) and points TMPDIR at a folder of the run that the teardown removes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import type { BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { findChromium, launchBrowserServer } from "../support/browser.ts";
import { runTempDir } from "../support/run-temp.ts";
import { copyTemplate, E2E_ADMIN, E2E_SESSION_SECRET, seedE2eTemplate } from "../support/seed-template.ts";
import { localServerEnv } from "../support/server-process.ts";
import { ensureSiteBuild } from "../support/site-build.ts";
import { removeTempDir, tempDir } from "../support/temp.ts";

const ADMIN = E2E_ADMIN;

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per worker: `baseURLs[VITEST_POOL_ID - 1]` (read it through `e2eBaseURL()`). */
    baseURLs: string[];
    chromiumPath: string;
    adminEmail: string;
    adminPassword: string;
    /** The run's Chromium, for `connectBrowser` (one browser for every file instead of one each). */
    browserEndpoint: string;
    /** Folder of the seeded template the server's data is a copy of (bakery.sqlite + uploads/). */
    seedTemplate: string;
  }
}

/** `count` different free ports: all held open at once, so two servers starting together never get the same one. */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (srv) =>
        new Promise<number>((resolve, reject) => {
          srv.once("error", reject);
          srv.listen(0, "127.0.0.1", () => {
            const address = srv.address();
            if (typeof address === "object" && address) resolve(address.port);
            else reject(new Error("no port"));
          });
        }),
    ),
  );
  await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(resolve))));
  return ports;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      // Wait for every demo image too, so pages under test are complete (at once with the template).
      if (res.ok && !((await res.json()) as { seeding?: boolean }).seeding) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms`);
}

interface E2eServer {
  baseURL: string;
  stop(): Promise<void>;
}

/** A server of the production build over its own copy of the template, answering /healthz with its images in place. */
async function startServer(template: string, port: number): Promise<E2eServer> {
  const dataDir = tempDir("bakery-e2e-");
  copyTemplate(template, { file: path.join(dataDir, "bakery.sqlite"), uploadsDir: path.join(dataDir, "uploads") });
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      ...localServerEnv(port, dataDir),
      LOG_LEVEL: process.env.E2E_SERVER_LOG === "1" ? "info" : "silent",
      // The suite submits the public forms many times from one address.
      FORM_RATE_LIMIT: "10000",
      // …and every test file browses the same server from 127.0.0.1.
      REQUEST_RATE_LIMIT: "100000",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AVIF_BACKFILL: "0",
      SESSION_SECRET: E2E_SESSION_SECRET,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((r) => child.once("exit", r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    removeTempDir(dataDir);
  };
  try {
    await waitForHealth(baseURL, child, 60_000);
  } catch (error) {
    child.kill("SIGKILL");
    await exited;
    removeTempDir(dataDir);
    throw error;
  }
  return { baseURL, stop };
}

export default async function setup(project: TestProject) {
  // The production build, unless build/ is already the build of these sources (also for the tests without a browser).
  ensureSiteBuild();
  // Everything the run writes to the temporary directory (the server's data, Chromium's profiles) goes here.
  const removeRunTemp = runTempDir("e2e");
  const chromiumPath = findChromium();
  project.provide("chromiumPath", chromiumPath ?? "");
  project.provide("baseURLs", []);
  project.provide("adminEmail", ADMIN.email);
  project.provide("adminPassword", ADMIN.password);
  project.provide("seedTemplate", "");
  project.provide("browserEndpoint", "");
  if (!chromiumPath) {
    if (process.env.CI === "true") {
      removeRunTemp();
      throw new Error(
        "Chromium is required for end-to-end tests under CI=true (apt-get install chromium-headless-shell)",
      );
    }
    console.warn(
      "\n⚠ Chromium not found (/usr/bin/chromium-headless-shell or /usr/bin/chromium): end-to-end tests are skipped. Install it with: apt-get install chromium-headless-shell\n",
    );
    return removeRunTemp;
  }

  // Cheap hashes (also for the servers, which inherit the environment); built already when the integration run
  // before this one prepared it (tests/integration/global-setup.ts).
  const template = await seedE2eTemplate();
  project.provide("seedTemplate", template);
  // A server for each file running at the same time (Vitest's pool ids are 1…maxWorkers).
  const workers = Math.max(1, project.config.maxWorkers);
  const ports = await freePorts(workers);
  const started = await Promise.allSettled(ports.map((port) => startServer(template, port)));
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stopServers = () => Promise.all(servers.map((server) => server.stop()));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stopServers();
    removeRunTemp();
    throw failed.reason;
  }
  project.provide(
    "baseURLs",
    servers.map((server) => server.baseURL),
  );
  let browser: BrowserServer;
  try {
    browser = await launchBrowserServer(chromiumPath);
  } catch (error) {
    await stopServers();
    removeRunTemp();
    throw error;
  }
  project.provide("browserEndpoint", browser.wsEndpoint());

  return async () => {
    await browser.close();
    await stopServers();
    removeRunTemp();
  };
}
