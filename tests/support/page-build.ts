/**
 * The React Router server build for integration tests, compiled on the fly by Vite (as
 * `npm run dev` does), so pages and their actions can be tested over a real database without a
 * production build. Loaded once per test file and shared by its databases; tests/support/cleanup.ts
 * closes the Vite server after the file.
 */
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";

let shared: Promise<{ build: ServerBuild; vite: ViteDevServer }> | undefined;

async function load(): Promise<{ build: ServerBuild; vite: ViteDevServer }> {
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "silent",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return { build, vite };
}

/** This file's server build (compiled on the first call). */
export async function loadServerBuild(): Promise<ServerBuild> {
  shared ??= load();
  return (await shared).build;
}

export async function closeServerBuild(): Promise<void> {
  const loaded = shared;
  shared = undefined;
  if (loaded) await (await loaded).vite.close();
}
