/**
 * Process entry: configuration → database → migrations → demo content (first start only) →
 * HTTP server → background AVIF encoding. SIGTERM/SIGINT stop accepting connections, let
 * in-flight requests finish, then close the database and exit 0.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createApp } from "./app.ts";
import { purgeExpiredSessions } from "./auth/sessions.ts";
import { bootstrap } from "./bootstrap.ts";
import { ConfigError } from "./config.ts";
import { createContentVersion } from "./content-version.ts";
import { seedIfEmpty } from "./db/seed/index.ts";
import { RATE_RULES } from "./http/rate-limit.ts";
import { serverOptions } from "./http/server-timeouts.ts";
import { errorFields } from "./log.ts";

/** How long in-flight requests get to finish after a stop signal before connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const startedAt = performance.now();
  const { config, logger, database, storage, services } = await bootstrap({ waitForDatabase: true });
  const seed = await seedIfEmpty(database, services, { logger, config });
  const readiness = { seeding: true };

  const contentVersion = createContentVersion(database, { logger });
  await contentVersion.ready;

  const buildFile = path.resolve("build/server/index.js");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const app = createApp({
    config,
    database,
    services,
    storage,
    logger,
    build,
    readiness,
    contentVersion,
    pageCache: config.pageCache,
    rateRules: {
      ...RATE_RULES,
      forms: { ...RATE_RULES.forms, limit: config.formRateLimit },
      api: { ...RATE_RULES.api, limit: config.requestRateLimit },
    },
  });

  const server = serve(
    { fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: serverOptions() },
    (info) => {
      logger.info("listening", {
        url: `http://${info.address.includes(":") ? "localhost" : info.address}:${info.port}`,
        publicUrl: config.publicUrl,
        database: database.dialect,
        startupMs: Math.round(performance.now() - startedAt),
      });
    },
  );

  // The rest of the demo images, then AVIF variants (slow to encode), after the site is up.
  // AVIF_BACKFILL=0 skips the encoding (the test server: it would compete with the browser for the CPU).
  const background = new AbortController();
  const avif = seed.remaining
    .then(async () => {
      // The demo images drawn in the background are on the pages now.
      if (seed.seeded) await contentVersion.bump();
      readiness.seeding = false;
      return config.avifBackfill ? services.images.backfillAvif(background.signal) : 0;
    })
    .then(async (count) => {
      if (!count) return;
      logger.info("avif variants ready", { images: count });
      // Pages list the AVIF sources they now have.
      await contentVersion.bump();
    })
    .catch((error) => logger.error("avif backfill stopped", errorFields(error)));

  // Expired sessions are refused when read; this only keeps the table small.
  const purge = setInterval(() => {
    purgeExpiredSessions(database.db).catch((error) => logger.warn("session purge failed", errorFields(error)));
  }, 60 * 60_000);
  purge.unref();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    background.abort();
    const force = setTimeout(() => {
      logger.warn("forcing open connections closed");
      if ("closeAllConnections" in server) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async (error) => {
      if (error) logger.error("server close failed", errorFields(error));
      await avif;
      await contentVersion.close();
      await database.close();
      logger.info("stopped");
      process.exit(0);
    });
    // Idle keep-alive sockets would otherwise hold close() open until they time out.
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Start-up failed:", error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
});
