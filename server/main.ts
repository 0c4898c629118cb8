/**
 * Process entry: configuration → image storage and database (both waited for) → migrations → demo content (first start only) →
 * HTTP server → background worker (AVIF encoding and the trash's purges, from the job queue). SIGTERM/SIGINT drain: stop
 * accepting connections, answer every request received with `Connection: close`, hand the worker's
 * item back, then close the database and exit 0 as soon as no connection is left.
 */
import type { Server } from "node:http";
import { flushCompileCache } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createAdaptorServer } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { ConfigError } from "./config.ts";
import { scheduleOptimize } from "./db/optimize.ts";
import { createServerWithFastPath } from "./http/cache-fast-path.ts";
import { drainable } from "./http/drain.ts";
import { RATE_RULES } from "./http/rate-limit.ts";
import { LISTEN_BACKLOG, SERVER_TIMEOUTS, serverOptions } from "./http/server-timeouts.ts";
import { createBackgroundWorker } from "./jobs/background.ts";
import { startHousekeeping } from "./jobs/housekeeping.ts";
import { errorFields } from "./log.ts";
import { startScheduleTimer } from "./schedule-timer.ts";
import { systemClock } from "./services/clock.ts";
import { SCHEDULED_TAGS } from "./services/index.ts";
import { startSite } from "./start-site.ts";
import { markStartup, startupMarks } from "./startup-timing.ts";

/** The most in-flight requests get to finish after a stop signal before connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * Behind a proxy (TRUST_PROXY), how the drain hands the proxy's page requests to the other servers before it
 * stops listening (server/http/drain.ts): nginx stops sending after the first 503, so the listener closes when no
 * connection has come for 0.3 s — 3 s at most (a proxy sending only writes, or one that ignores the 503s).
 */
const DRAIN_HAND_OFF = { quietMs: 300, maxMs: 3_000 };

async function main() {
  markStartup("modules");
  const startedAt = performance.now();
  const site = await startSite({ waitForDatabase: true });
  const { config, logger, database, storage, storageMonitor, services, seed, contentVersion } = site;
  if (!config.smtpUrl) {
    logger.info("SMTP_URL is not set: no club confirmation e-mails are sent; new members stay pending confirmation");
  }
  const readiness = { seeding: true };
  // Scheduled sales, publications and seasonal collections appear and vanish on time, without an edit.
  const scheduleTimer = startScheduleTimer({
    nextScheduledChange: services.nextScheduledChange,
    scheduledTags: SCHEDULED_TAGS,
    contentVersion,
    clock: systemClock,
    logger,
  });

  const rateRules = {
    ...RATE_RULES,
    forms: { ...RATE_RULES.forms, limit: config.formRateLimit },
    api: { ...RATE_RULES.api, limit: config.requestRateLimit },
  };
  const buildFile = path.resolve("build/server/index.js");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  markStartup("build");
  const app = site.createApp({
    build,
    readiness,
    pageCache: config.pageCache,
    rateRules,
    adminWriteLimit: config.adminWriteLimit,
    // Public pages are rendered by worker threads (server/http/render-pool.ts); until they are ready, here.
    renderWorkers: {
      size: config.renderWorkers,
      buildFile,
      database: { url: config.databaseUrl, poolSize: 4 },
      storage: config,
      logLevel: config.logLevel,
    },
  });

  const server = createAdaptorServer({
    fetch: app.fetch,
    hostname: config.host,
    serverOptions: serverOptions(),
    // Page-cache hits are answered before the request reaches Hono (server/http/cache-fast-path.ts).
    createServer: createServerWithFastPath(app.cacheFastPath),
  });
  // A burst of new connections waits in the kernel's queue for this thread to accept them (issue 27: Node's 511,
  // cut to the kernel's somaxconn, left 1–2 of 200–300 unanswered for 20 s). The kernel still caps it at somaxconn.
  server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => {
    const info = server.address() as AddressInfo;
    // The storage's state for /healthz and for failing fast while it is down, kept current in the background
    // from now on (start-up has just checked it).
    storageMonitor.start();
    markStartup("listen");
    // What the start compiled goes to Node's compile cache now (scripts/start.ts), not only at a clean exit.
    flushCompileCache();
    logger.info("listening", {
      url: `http://${info.address.includes(":") ? "localhost" : info.address}:${info.port}`,
      publicUrl: config.publicUrl,
      database: database.dialect,
      storage: storage.kind,
      startupMs: Math.round(performance.now() - startedAt),
      // Milliseconds since the process started at the end of each phase (server/startup-timing.ts).
      phases: startupMarks(),
      renderWorkers: config.renderWorkers,
    });
  });

  // Background work from the job queue, after the site is up: AVIF variants (slow to encode) and the trash's
  // purges 30 days after a delete. This server claims items one at a time, as any other server on the same
  // database may. AVIF_BACKFILL=0 encodes no AVIF here (the test server: it would compete with the browser for
  // the CPU); the purges run everywhere.
  const changedByJobs = new Set<string>();
  const worker = createBackgroundWorker(database, services, logger, {
    kinds: config.avifBackfill ? ["avif", "trash", "mail"] : ["trash", "mail"],
    // Pages list the AVIF sources they now have: the pages of the images' owners, once per batch of items.
    onPagesChanged: (tag) => changedByJobs.add(tag),
    onCompleted: (count) => {
      logger.info("background jobs done", { count });
      const tags = [...changedByJobs];
      changedByJobs.clear();
      contentVersion
        .invalidate(tags, false)
        .catch((error) => logger.warn("page invalidation failed", errorFields(error)));
    },
  });
  let stopping = false;
  const background = seed.remaining
    .then(async () => {
      // The demo images drawn in the background are on the pages now.
      if (seed.seeded) await contentVersion.bump();
      readiness.seeding = false;
      if (stopping) return;
      // Images without AVIF and no queued item (a restored database; an upload whose enqueue failed); trash
      // entries without their purge (the same).
      if (config.avifBackfill) await services.images.enqueueMissingAvif();
      await services.admin.trash.enqueueMissingPurges();
      worker.start();
    })
    .catch((error) => logger.error("background work not started", errorFields(error)));

  // Expired sessions, audit entries past their retention, dead rate-limit counters and image files no row points
  // at: now and every hour.
  const stopHousekeeping = startHousekeeping({ database, services, rules: rateRules, logger, storage });
  // SQLite's planner statistics, at start-up and every few hours (a no-op on PostgreSQL: autovacuum analyzes).
  scheduleOptimize(database, logger);

  const httpServer = server as Server;
  const drain = drainable(httpServer);
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal, connections: drain.connections() });
    const force = setTimeout(() => {
      logger.warn("forcing open connections closed", { connections: drain.connections() });
      httpServer.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // The worker hands its current item back at once (another server, or the next start, takes it).
    const workerStopped = worker.stop().catch((error) => logger.warn("worker stop failed", errorFields(error)));
    // Every request received is answered (with Connection: close); done when no connection is left.
    // Idle keep-alive connections are closed no sooner than the keep-alive timeout would close them anyway: a
    // proxy that closes its idle connections sooner (deploy/nginx.conf: 4 s) closes them itself, so it never
    // sends a request down one this server is closing (a POST lost that way is not retried: a 502).
    const handOff = config.trustProxy ? DRAIN_HAND_OFF : undefined;
    drain.drain({ lingerMs: SERVER_TIMEOUTS.keepAliveTimeoutMs, handOff }).then(async () => {
      await background;
      await workerStopped;
      scheduleTimer.close();
      storageMonitor.stop();
      stopHousekeeping();
      await app.renderPool?.close();
      await contentVersion.close();
      await database.close();
      logger.info("stopped");
      process.exit(0);
    });
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
