/**
 * `npm run dev`: the same Hono app as production, with Vite in middleware mode serving the
 * app's modules with hot reload. The React Router build is re-loaded from Vite on each request.
 */
import { createServer as createHttpServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { startSite } from "./start-site.ts";

const site = await startSite();
const { config, logger } = site;
site.storageMonitor.start();

const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const listener = getRequestListener(async (request) => {
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const app = site.createApp({
    build,
    // The app is made anew for each request (the build may have changed): no page cache to keep.
    pageCache: { enabled: false, maxBytes: 0 },
    mode: "development",
    clientDir: "public",
  });
  return app.fetch(request);
});

createHttpServer((req, res) => {
  vite.middlewares(req, res, () => listener(req, res));
}).listen(config.port, config.host, () => {
  logger.info("dev server listening", { url: `http://localhost:${config.port}` });
});
