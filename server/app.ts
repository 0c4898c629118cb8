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
import { csrfProtection } from "./auth/csrf.ts";
import { type AuthEnv, createSessionManager } from "./auth/sessions.ts";
import type { AppConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { HttpError } from "./errors.ts";
import { requestLog } from "./http/request-log.ts";
import { type NonceEnv, securityHeaders } from "./http/security-headers.ts";
import { createSeoRoutes } from "./http/seo-routes.ts";
import { serveUploads } from "./images/serve.ts";
import type { ImageStorage } from "./images/storage.ts";
import { errorFields, type Logger } from "./log.ts";
import type { Services } from "./services/index.ts";

export type AppEnv = { Variables: NonceEnv["Variables"] & AuthEnv["Variables"] };

export interface AppDeps {
  config: Pick<AppConfig, "publicUrl" | "secureCookies" | "sessionSecret">;
  database: DatabaseHandle;
  services: Services;
  storage: ImageStorage;
  logger: Logger;
  /** The React Router server build; absent in API-only tests. */
  build?: ServerBuild;
  /** Folder with the built client (assets/, favicon…); defaults to build/client. */
  clientDir?: string;
  mode?: "production" | "development";
  /** `seeding` is true while first-start demo images are still being drawn (reported by /healthz). */
  readiness?: { seeding: boolean };
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
      return c.json({
        status: "ok",
        database: database.dialect,
        ...(deps.readiness?.seeding ? { seeding: true } : {}),
      });
    } catch (error) {
      logger.error("health check failed", errorFields(error));
      return c.json({ status: "error", database: database.dialect }, 503);
    }
  });

  app.use("/uploads/*", serveUploads(deps.storage));

  const clientDir = deps.clientDir ?? path.resolve("build/client");
  const staticRoot = path.relative(process.cwd(), clientDir) || ".";
  // Hashed build assets never change under the same name. Scripts and styles go out compressed
  // (a third of their size); fonts and images are compressed formats already.
  app.use("/assets/*", compress());
  app.use(
    "/assets/*",
    serveStatic({
      root: staticRoot,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );

  // Before sessions: these answers are the same for everyone and cacheable, so they set no cookies.
  app.route("/", createSeoRoutes({ services, publicUrl: deps.config.publicUrl }));

  const sessions = createSessionManager({
    db: database.db,
    secret: deps.config.sessionSecret,
    secure: deps.config.secureCookies,
  });
  app.use("*", sessions.middleware);
  app.use("*", csrfProtection());
  app.use("*", compress());
  app.route("/api", createApiRouter(services));

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
    // Files of public/ (favicon…) sit in the client build folder; their names are stable, so a short cache.
    app.use(
      "*",
      serveStatic({
        root: staticRoot,
        rewriteRequestPath: (p) => (p.endsWith("/") ? "/__no_index__" : p),
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
    app.all("*", async (c) => {
      const context = new RouterContextProvider();
      context.set(entry.servicesContext, services);
      const auth = c.get("auth");
      context.set(entry.requestContext, {
        nonce: c.get("nonce"),
        publicUrl: deps.config.publicUrl,
        csrfToken: auth.csrfToken,
        user: auth.user,
      });
      const response = await handle(c.req.raw, context);
      // Pages carry a per-request nonce and session cookies: never store them in shared caches.
      if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-cache");
      // A bare Response would drop what middleware already set on the context — above all the
      // session and XSRF cookies of a first visit, without which the page's forms answer 419.
      return c.newResponse(response.body, response);
    });
  }

  return app;
}
