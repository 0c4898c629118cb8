/**
 * The React Router server build for integration tests, compiled on the fly by Vite (as
 * `npm run dev` does), so pages and their actions can be tested over a real database without a
 * production build. One Vite server per test file; close it in afterAll.
 */
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";

export async function loadServerBuild(): Promise<{ build: ServerBuild; close(): Promise<void> }> {
  const vite: ViteDevServer = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "silent",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return { build, close: () => vite.close() };
}
