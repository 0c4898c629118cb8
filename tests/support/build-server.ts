/**
 * The production build (build/server/index.js with build/client) served from this test process over a
 * copy of a seeded template, with a clock the test chooses: for end-to-end tests of what depends on the
 * date (seasonal collections, dated content), which the e2e server on the real clock cannot show on
 * every day of the year. Everything else is the e2e server's configuration (tests/e2e/global-setup.ts).
 */
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import type { Clock } from "../../server/services/clock.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { createSqlite, type TestDatabase } from "./database.ts";

export interface BuildServer {
  baseURL: string;
  /** The app's services and database, for a test to make what the site shows (a pre-order) without a form. */
  t: TestApp;
  database: TestDatabase;
  close(): Promise<void>;
}

/** Serves the production build on a free port of 127.0.0.1; "now" for the site is `clock()`. */
export async function serveBuild(options: { template: string; clock: Clock }): Promise<BuildServer> {
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const database = await createSqlite({ template: options.template });
  const t = createTestApp(database, { build, clock: options.clock });
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    t,
    database,
    async close() {
      await new Promise<void>((resolve) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close(() => resolve());
      });
      t.dispose();
      await database.dispose();
    },
  };
}
