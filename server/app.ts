/**
 * The Hono application: middleware, health check, uploaded images, built assets, the JSON API,
 * then React Router for every page. Built from explicit dependencies so tests can make one
 * over a throw-away database without starting a process.
 */
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { he } from "../app/lib/i18n/he.ts";
import { createApiRouter } from "./api/index.ts";
import type { AppConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { HttpError } from "./errors.ts";
import { requestLog } from "./http/request-log.ts";
import { type NonceEnv, securityHeaders } from "./http/security-headers.ts";
import { serveUploads } from "./images/serve.ts";
import type { ImageStorage } from "./images/storage.ts";
import { errorFields, type Logger } from "./log.ts";
import type { Services } from "./services/index.ts";

export type AppEnv = NonceEnv;

export interface AppDeps {
  config: Pick<AppConfig, "publicUrl" | "secureCookies">;
  database: DatabaseHandle;
  services: Services;
  storage: ImageStorage;
  logger: Logger;
  /** The React Router server build; absent in API-only tests. */
  build?: ServerBuild;
  /** Folder with the built client (assets/, favicon…); defaults to build/client. */
  clientDir?: string;
  mode?: "production" | "development";
}

/** The server build's entry module re-exports the context keys (see app/entry.server.tsx). */
interface EntryWithContexts {
  servicesContext: Parameters<RouterContextProvider["set"]>[0];
  requestContext: Parameters<RouterContextProvider["set"]>[0];
}

export function createApp(deps: AppDeps) {
  const { database, services, logger } = deps;
  const mode = deps.mode ?? "production";
  const app = new Hono<AppEnv>();

  app.use(requestLog(logger));
  app.use(securityHeaders({ production: mode === "production", https: deps.config.secureCookies }));

  app.get("/healthz", async (c) => {
    try {
      await database.ping();
      return c.json({ status: "ok", database: database.dialect });
    } catch (error) {
      logger.error("health check failed", errorFields(error));
      return c.json({ status: "error", database: database.dialect }, 503);
    }
  });

  app.use("/uploads/*", serveUploads(deps.storage));

  const clientDir = deps.clientDir ?? path.resolve("build/client");
  app.use(
    "/assets/*",
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
    },
    serveStatic({ root: path.relative(process.cwd(), clientDir) || "." }),
  );

  app.use("*", compress());
  app.route("/api", createApiRouter());

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json(
        { message: error.message, ...(error.errors ? { errors: error.errors } : {}) },
        error.status as 400,
        error.headers,
      );
    }
    logger.error("unhandled error", { reqId: c.get("requestId"), path: c.req.path, ...errorFields(error) });
    return c.json({ message: he.api.serverError }, 500);
  });

  if (deps.build) {
    const build = deps.build;
    const entry = build.entry.module as unknown as EntryWithContexts;
    const handle = createRequestHandler(build, mode);
    // Files of public/ (favicon, robots…) sit in the client build folder; a short cache suits them.
    app.use(
      "*",
      async (c, next) => {
        await next();
        if (c.res.status === 200 && !c.res.headers.has("Cache-Control"))
          c.res.headers.set("Cache-Control", "public, max-age=3600");
      },
      serveStatic({
        root: path.relative(process.cwd(), clientDir) || ".",
        rewriteRequestPath: (p) => (p.endsWith("/") ? "/__none__" : p),
      }),
    );
    app.all("*", async (c) => {
      const context = new RouterContextProvider();
      context.set(entry.servicesContext, services);
      context.set(entry.requestContext, { nonce: c.get("nonce"), publicUrl: deps.config.publicUrl });
      return handle(c.req.raw, context);
    });
  }

  return app;
}
