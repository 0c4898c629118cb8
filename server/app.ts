/**
 * The Hono application: middleware, health check, uploaded images, built assets, the JSON API,
 * then React Router for every page. Built from explicit dependencies so tests can make one
 * over a throw-away database without starting a process.
 */
import { existsSync, readdirSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { heApi } from "../domain/i18n/api.ts";
import { createAuthRouter } from "./api/auth.ts";
import { createApiRouter } from "./api/index.ts";
import { csrfProtection } from "./auth/csrf.ts";
import { createLoginGuard } from "./auth/login-guard.ts";
import { type AuthEnv, createSessionManager } from "./auth/sessions.ts";
import type { AppConfig } from "./config.ts";
import type { ContentVersion } from "./content-version.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { faultOf } from "./db/faults.ts";
import { HttpError, VersionConflictError } from "./errors.ts";
import { type CacheFastPath, createCacheFastPath } from "./http/cache-fast-path.ts";
import { withDocumentOnlyLoaderData } from "./http/document-loader-data.ts";
import { errorPageHtml, wantsHtml } from "./http/error-page.ts";
import { databaseDownAs503, serviceUnavailableFor, unavailableResponse } from "./http/faults.ts";
import { createHealthCheck, liveness } from "./http/health.ts";
import { invalidateAfterWrites } from "./http/invalidation.ts";
import { oneClickUnsubscribe, UNSUBSCRIBE_PATH } from "./http/one-click-unsubscribe.ts";
import { createPageCache } from "./http/page-cache.ts";
import { createPublicPages } from "./http/public-pages.ts";
import { type EntryWithContexts, entryOf, publicContext } from "./http/public-render.ts";
import {
  clientAddress,
  createDatabaseStore,
  createRateLimiter,
  type HitResult,
  RATE_RULES,
  type RateRules,
  tooManyRequests,
} from "./http/rate-limit.ts";
import { createRenderPool, type RenderPool, type RenderWorkerData } from "./http/render-pool.ts";
import { requestLog } from "./http/request-log.ts";
import { type NonceEnv, newNonce, securityHeaders } from "./http/security-headers.ts";
import { createSeoRoutes } from "./http/seo-routes.ts";
import { DEFAULT_ADMIN_WRITE_LIMIT, writeAdmission } from "./http/write-admission.ts";
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from "./images/pipeline.ts";
import { serveUploads } from "./images/serve.ts";
import type { ImageStorage } from "./images/storage.ts";
import { createStorageMonitor, type StorageMonitor } from "./images/storage-monitor.ts";
import { errorFields, type Logger } from "./log.ts";
import type { Services } from "./services/index.ts";
import { withPerVersionReads } from "./services/per-version.ts";
import { verifyReads, withReadTags } from "./services/read-tags.ts";

/** Request bodies: 1 MB for forms and JSON; uploads up to the pipeline's file count × size limit. */
const BODY_LIMIT = 1024 * 1024;
const UPLOAD_BODY_LIMIT = MAX_FILES_PER_UPLOAD * MAX_UPLOAD_BYTES + 1024 * 1024;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const isUploadPath = (path: string) => path === "/api/admin/images" || path.startsWith("/api/upload/");

/** Files of public/ at the top of the client build (favicon…), so pages never wait on a file lookup. */
function publicFiles(clientDir: string): Set<string> {
  try {
    return new Set(
      readdirSync(clientDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map(
          (entry) => `/${path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
        )
        .filter((file) => !file.startsWith("/assets/")),
    );
  } catch {
    return new Set();
  }
}

/** The origin of IMAGES_PUBLIC_URL, which the pages' CSP must allow images from; none for "/uploads/". */
function imageOriginOf(imagesBaseUrl: string | undefined): string | undefined {
  return imagesBaseUrl && /^https?:\/\//.test(imagesBaseUrl) ? new URL(imagesBaseUrl).origin : undefined;
}

export type AppEnv = { Variables: NonceEnv["Variables"] & AuthEnv["Variables"] };

export interface AppDeps {
  config: Pick<AppConfig, "publicUrl" | "secureCookies" | "sessionSecret" | "trustProxy"> &
    Partial<Pick<AppConfig, "imagesBaseUrl">>;
  database: DatabaseHandle;
  services: Services;
  storage: ImageStorage;
  /**
   * What /healthz knows of the storage: the server's monitor (bootstrap), checked in the background. Without
   * it (tests), a monitor over `storage` checked when a probe finds its state out of date.
   */
  storageMonitor?: Pick<StorageMonitor, "current" | "check">;
  logger: Logger;
  /** Bumped after every write that changes public content; tags the page cache and ETags. */
  contentVersion: ContentVersion;
  /** The in-process page cache; off when absent or `enabled: false` (PAGE_CACHE=0). */
  pageCache?: AppConfig["pageCache"];
  /** The React Router server build; absent in API-only tests. */
  build?: ServerBuild;
  /** Folder with the built client (assets/, favicon…); defaults to build/client. */
  clientDir?: string;
  mode?: "production" | "development";
  /** Rate limits; tests of other behaviour raise them, the rate-limit tests use the real ones. */
  rateRules?: RateRules;
  /** `seeding` is true while first-start demo images are still being drawn (reported by /healthz). */
  readiness?: { seeding: boolean };
  /** "Now" of the services (tests move it): the page cache keys pages that change with the clock by it. */
  clock?: () => Date;
  /**
   * Render public pages in this many worker threads (RENDER_WORKERS; server/http/render-pool.ts), each over its
   * own read-only handle on `database` (the URL: the handle does not say it). Absent or 0: on this thread.
   */
  renderWorkers?: {
    size: number;
    buildFile: string;
    database: RenderWorkerData["database"];
    storage: RenderWorkerData["storage"];
    logLevel: RenderWorkerData["logLevel"];
  };
  /** Admin writes in flight past which another is refused with a 503 (ADMIN_WRITE_LIMIT; http/write-admission.ts). */
  adminWriteLimit?: number;
}

export function createApp(deps: AppDeps) {
  const { database, logger } = deps;
  // Every public read names what it read (services/read-tags.ts), so a page is stale only when that changed;
  // the settings, the menu and the home tiles are read once until they change, for pages and the API alike.
  const services = withPerVersionReads(withReadTags(deps.services), deps.contentVersion);
  const mode = deps.mode ?? "production";
  const app = new Hono<AppEnv>();

  app.use(requestLog(logger));
  const security = {
    production: mode === "production",
    https: deps.config.secureCookies,
    imageOrigin: imageOriginOf(deps.config.imagesBaseUrl),
  };
  app.use(securityHeaders(security));

  // A 500 while the database is unreachable (a page whose loader failed) is answered as the 503 it is; a page a
  // render worker rendered tells by its worker's handle.
  let renderPool: RenderPool | null = null;
  app.use(
    databaseDownAs503({
      isDown: () => database.isDown() || (renderPool?.databaseDown() ?? false),
      isBusy: () => database.isBusy() || (renderPool?.databaseBusy() ?? false),
    }),
  );

  const storageMonitor = deps.storageMonitor ?? createStorageMonitor(deps.storage, logger);
  app.get("/livez", liveness);
  app.get("/healthz", createHealthCheck({ database, storageMonitor, logger, readiness: deps.readiness }));

  app.use("/uploads/*", serveUploads(deps.storage, logger));

  const clientDir = deps.clientDir ?? path.resolve("build/client");
  const staticRoot = path.relative(process.cwd(), clientDir) || ".";
  // Hashed build assets never change under the same name. The build writes Brotli and gzip copies next to
  // each script and stylesheet (vite.config.ts), sent as they are; compress() covers files without a copy
  // (it leaves responses that already carry a Content-Encoding alone). Fonts and images are compressed already.
  // Without a build (integration tests, before the first `npm run build`) there is nothing to serve, and
  // serveStatic would log "root path … is not found" for every app created: every asset is then a 404.
  app.use("/assets/*", compress());
  if (existsSync(clientDir)) {
    app.use(
      "/assets/*",
      serveStatic({
        root: staticRoot,
        precompressed: true,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
  }
  // A missing asset (an old page asking for a chunk of the previous build) is a 404, not a redirect to a page.
  app.all("/assets/*", (c) => c.text("Not Found", 404));

  // Before sessions: these answers are the same for everyone and cacheable, so they set no cookies.
  app.route("/", createSeoRoutes({ services, publicUrl: deps.config.publicUrl, version: deps.contentVersion }));

  // Bodies: uploads may carry several images; everything else is small.
  const tooLarge = (c: Context) => c.json({ message: heApi.tooLarge }, 413);
  const uploadLimit = bodyLimit({ maxSize: UPLOAD_BODY_LIMIT, onError: tooLarge });
  const defaultLimit = bodyLimit({ maxSize: BODY_LIMIT, onError: tooLarge });
  // Only requests that may carry a body: the check reads `raw.body`, which makes @hono/node-server build a
  // full undici Request — a cost every page view paid for nothing.
  app.use("*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD"
      ? next()
      : isUploadPath(c.req.path)
        ? uploadLimit(c, next)
        : defaultLimit(c, next),
  );

  // Files of public/ (favicon…) sit in the client build folder; their names are stable, so a short cache.
  if (deps.build) {
    const files = publicFiles(clientDir);
    const servePublic = serveStatic({
      root: staticRoot,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=3600");
      },
    });
    app.use("*", (c, next) => (files.has(c.req.path) ? servePublic(c, next) : next()));
  }

  // Before sessions, so that API, admin and form answers are compressed as before and public pages that
  // were not kept (already compressed otherwise) are too.
  app.use("*", compress());

  const sessions = createSessionManager({
    db: database.db,
    secret: deps.config.sessionSecret,
    secure: deps.config.secureCookies,
  });
  // Every limit is counted in this process's memory first: judging a request needs no database round trip, so
  // a burst cannot take the pool from the requests that need it (issue 31). With PostgreSQL several app servers
  // may share the database, so the limits that must hold across them (failed logins, forms) are kept there too.
  const limiter = createRateLimiter({
    shared: database.dialect === "postgres" ? createDatabaseStore(database.db) : undefined,
    trustProxy: deps.config.trustProxy,
    rules: deps.rateRules,
    logger,
  });
  // A general ceiling per client address on everything below — the API, pages (cached ones too) and their
  // `.data` requests — before any work is done (health check, built assets and uploads are served above).
  // A flood ceiling, not an account limit: per process even on PostgreSQL (with N servers an address may reach
  // N times the rate), so a page from the cache costs no database write.
  // Page-cache hits answered before the app (cache-fast-path.ts) are counted in the same store; one it
  // refused comes here with its count, and is answered the 429 without being counted twice.
  const countedByFastPath = new WeakMap<IncomingMessage, HitResult>();
  app.use("*", async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const counted = incoming && countedByFastPath.get(incoming);
    if (counted) throw tooManyRequests(counted.retryAfter);
    await limiter.enforce(c, "api");
    return next();
  });

  // A mail provider's RFC 8058 one-click unsubscribe: no session, no XSRF token (the signed link is the authority).
  app.post(UNSUBSCRIBE_PATH, oneClickUnsubscribe(services.clients));

  // Errors thrown by page loaders and actions. An unreachable database is logged once per outage by the
  // database handle; a disk fault is logged by the write that met it (serviceUnavailableFor).
  const reportError = (error: unknown) => {
    // While the database is down, what fails with it (a deferred read, rendered as "Unexpected Server Error")
    // is the outage again.
    if (faultOf(error) || database.isDown()) return;
    logger.error("page error", errorFields(error));
  };

  // Public pages: no session, no cookies, cacheable, from the page cache (server/http/public-pages.ts).
  const contentVersion = deps.contentVersion;
  let renderPage: ((request: Request, context: RouterContextProvider) => Promise<Response>) | null = null;
  let cacheFastPath: CacheFastPath | null = null;
  let entry: EntryWithContexts | null = null;
  if (deps.build) {
    entry = entryOf(deps.build);
    const build = withDocumentOnlyLoaderData(deps.build, entry);
    const handle = createRequestHandler(build, mode);
    renderPage = (request, context) => handle(request, context);
    const contexts = entry;
    const cacheEnabled = deps.pageCache?.enabled ?? false;
    // Public pages are rendered by worker threads when there are any (http/render-pool.ts).
    if (deps.renderWorkers && deps.renderWorkers.size > 0) {
      renderPool = createRenderPool({
        size: deps.renderWorkers.size,
        worker: {
          buildFile: deps.renderWorkers.buildFile,
          mode,
          database: deps.renderWorkers.database,
          storage: deps.renderWorkers.storage,
          imagesBaseUrl: deps.config.imagesBaseUrl,
          publicUrl: deps.config.publicUrl,
          linkSecret: deps.config.sessionSecret,
          logLevel: deps.renderWorkers.logLevel,
        },
        contentVersion,
        clock: deps.clock,
        logger,
      });
    }
    const publicPages = createPublicPages({
      clock: deps.clock,
      build,
      handle: renderPage,
      pool: renderPool,
      context: (nonce, wholeDocument, path) =>
        publicContext(contexts, services, {
          nonce,
          wholeDocument,
          path,
          publicUrl: deps.config.publicUrl,
          reportError,
        }),
      publicUrl: deps.config.publicUrl,
      cache: cacheEnabled
        ? createPageCache({
            maxBytes: deps.pageCache?.maxBytes ?? 32 * 1024 * 1024,
            tags: contentVersion.tags,
            // In a render worker when one is ready: its search index follows the changes already.
            verify: (checks) => renderPool?.verify(checks) ?? verifyReads(services, checks),
          })
        : null,
      newNonce,
    });
    app.use("*", publicPages.middleware);
    if (cacheEnabled) {
      cacheFastPath = createCacheFastPath({
        cached: publicPages.cached,
        security,
        logger,
        ceiling: {
          store: limiter.local,
          rule: (deps.rateRules ?? RATE_RULES).api,
          trustProxy: deps.config.trustProxy,
        },
        counted: countedByFastPath,
      });
    }
  }

  // The search index is rebuilt from the database when the content version moves: at once when this thread renders
  // the pages, only when the API searches after a change when the render workers (with their own indexes) do.
  services.search.follow(contentVersion, { eager: !renderPool });

  // A save the server cannot take now is refused at once (503, Retry-After), before its session is read.
  app.use("*", writeAdmission({ limit: deps.adminWriteLimit ?? DEFAULT_ADMIN_WRITE_LIMIT, isUpload: isUploadPath }));
  app.use("*", sessions.middleware);
  app.use("*", csrfProtection({ largeBody: isUploadPath }));
  // Uploads are for signed-in staff: anyone else is refused before a byte of the (large) body is read.
  app.use("*", async (c, next) => {
    if (isUploadPath(c.req.path) && !SAFE_METHODS.has(c.req.method) && !c.get("auth").user) {
      throw new HttpError(401, heApi.unauthenticated);
    }
    return next();
  });
  // A write's service notes say what it changed; the pages those records show are made new once it answered
  // (http/invalidation.ts). Form posts, sign-ins and other records no visitor sees touch no page.
  app.use("*", invalidateAfterWrites({ contentVersion, logger }));
  const guard = createLoginGuard({
    db: database.db,
    limiter,
    isKnownDevice: sessions.isKnownDevice,
    onAccountLocked: services.loginUnlocks.offer,
  });
  app.route("/", createAuthRouter({ services, sessions, guard, trustProxy: deps.config.trustProxy, logger }));
  // Spec §6: the admin area is for signed-in staff; a visitor asking for an admin page goes home.
  // (Client-side data requests end in .data and are guarded by the admin route loaders.)
  app.get("/admin/*", async (c, next) => {
    if (!c.get("auth").user && !c.req.path.endsWith(".data")) return c.redirect("/", 302);
    return next();
  });
  app.get("/admin", async (c, next) => {
    if (!c.get("auth").user) return c.redirect("/", 302);
    return next();
  });
  app.route("/api", createApiRouter({ services, limiter, logger }));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      // A browser gets a Hebrew page for a refused form post, and for a page refused by the rate limit.
      if (wantsHtml(c.req.header("accept"), c.req.path) && (c.req.method !== "GET" || error.status === 429)) {
        return c.html(errorPageHtml(error.message), error.status as 400, error.headers);
      }
      return c.json(
        {
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          ...(error instanceof VersionConflictError ? { data: error.current } : {}),
        },
        error.status as 400,
        error.headers,
      );
    }
    const fields = { reqId: c.get("requestId"), path: c.req.path };
    // The database unreachable, the disk full or read-only: a Hebrew 503, not a 500.
    const unavailable = serviceUnavailableFor(error, logger, fields, database.diagnoseDisk);
    if (unavailable) return unavailableResponse(c, unavailable);
    logger.error("unhandled error", { ...fields, ...errorFields(error) });
    return c.json({ message: heApi.serverError }, 500);
  });

  if (renderPage && entry) {
    const handle = renderPage;
    const contexts = entry;
    // Pages with the visitor's session: admin, login, the form pages, and every post.
    app.all("*", async (c) => {
      const context = new RouterContextProvider();
      context.set(contexts.servicesContext, services);
      const auth = c.get("auth");
      // A fault met by the page's loader or action (a full disk under a form post): 503, not 500.
      let unavailable: ReturnType<typeof serviceUnavailableFor> = null;
      context.set(contexts.requestContext, {
        nonce: c.get("nonce"),
        publicUrl: deps.config.publicUrl,
        csrfToken: auth.csrfToken,
        user: auth.user,
        structuredData: [],
        clientAddress: clientAddress(c, deps.config.trustProxy),
        limitFormSubmission: (rule: "forms" | "preorders" = "forms") => limiter.enforce(c, rule),
        reportError: (error: unknown) => {
          unavailable ??= serviceUnavailableFor(
            error,
            logger,
            { reqId: c.get("requestId"), path: c.req.path },
            database.diagnoseDisk,
          );
          reportError(error);
        },
      });
      const response = await handle(c.req.raw, context);
      if (response.status === 500 && unavailable) {
        await response.body?.cancel();
        return unavailableResponse(c, unavailable);
      }
      // Pages carry a per-request nonce and session cookies: never store them in shared caches.
      if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-cache");
      // A bare Response would drop what middleware already set on the context — above all the
      // session and XSRF cookies of a first visit, without which the page's forms answer 419.
      return c.newResponse(response.body, response);
    });
  }

  /**
   * `cacheFastPath`: answers page-cache hits in Node's request handler, before Hono (server/main.ts passes it
   * to the HTTP server); null without pages or with PAGE_CACHE=0. `app.fetch` alone answers the same.
   * `renderPool`: the render workers, null without; the server closes it on shutdown.
   */
  return Object.assign(app, { cacheFastPath, renderPool });
}
