/**
 * Builds the Hono app over a test database, with uploads in a temporary folder (removed by dispose(), or
 * after the file by tests/support/cleanup.ts) and logs silenced.
 */
import { cpSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createApp } from "../../server/app.ts";
import { type ContentVersion, type ContentVersionOptions, createContentVersion } from "../../server/content-version.ts";
import { RATE_RULES, type RateRules } from "../../server/http/rate-limit.ts";
import { createLocalStorage, type ImageStorage } from "../../server/images/storage.ts";
import type { StorageMonitor } from "../../server/images/storage-monitor.ts";
import { createLogger, type Logger } from "../../server/log.ts";
import type { Mailer } from "../../server/mail/mailer.ts";
import { type ScheduleTimer, startScheduleTimer, type Timers } from "../../server/schedule-timer.ts";
import type { Clock } from "../../server/services/clock.ts";
import { createServices, SCHEDULED_TAGS, type ServiceDeps, type Services } from "../../server/services/index.ts";
import type { TestDatabase } from "./database.ts";
import { BUILD_ENTRY } from "./site-build.ts";
import { removeTempDir, tempDir } from "./temp.ts";

/** The PUBLIC_URL of test apps (links in e-mails start with it). */
export const TEST_PUBLIC_URL = "http://localhost:3000";
export const TEST_SESSION_SECRET = "test-secret-test-secret-test-secret-123";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  services: Services;
  storage: ImageStorage;
  contentVersion: ContentVersion;
  /** With `clock`: the schedule timer (server/schedule-timer.ts) over that clock and the given timers. */
  scheduleTimer?: ScheduleTimer;
  /** The folder the app's image storage writes to. */
  uploadsDir: string;
  request(path: string, init?: RequestInit): Promise<Response>;
  dispose(): void;
}

/**
 * Limits for tests of other behaviour: failed logins keep the real rule (few tests log in often),
 * the form and API ceilings are lifted so loops over inputs are not cut off.
 */
export const RELAXED_RATE_RULES: RateRules = {
  ...RATE_RULES,
  forms: { limit: 10_000, windowMs: 60_000 },
  api: { limit: 100_000, windowMs: 60_000 },
};

/**
 * `build` (see page-build.ts) adds the pages; without it only the HTTP shell and the API answer.
 * `rateRules: RATE_RULES` tests the real limits; `trustProxy` lets a test speak from several addresses
 * through `X-Forwarded-For`; `secureCookies` serves as if over HTTPS.
 */
export function createTestApp(
  database: TestDatabase,
  options: {
    build?: ServerBuild;
    rateRules?: RateRules;
    /** The page cache is on by default, as in production; `{ enabled: false }` is PAGE_CACHE=0. */
    pageCache?: { enabled: boolean; maxBytes: number };
    trustProxy?: boolean;
    secureCookies?: boolean;
    /** "Now" for dated content and seasonal collections; also starts the schedule timer, on `timers`. */
    clock?: Clock;
    timers?: Timers;
    /** Silent unless a test reads the log. */
    logger?: Logger;
    /** Another image storage (an S3 bucket, a full disk); a local folder in a temporary directory by default. */
    storage?: ImageStorage;
    /** The storage's monitor, as the server has one (its `storage` is then the one to pass as `storage`). */
    storageMonitor?: StorageMonitor;
    /** Outgoing mail (the club's confirmations): off unless given, as without SMTP_URL. */
    mailer?: Mailer;
    /** MAIL_UNSUBSCRIBE: the mailto of club e-mails' List-Unsubscribe; none unless given. */
    unsubscribeMailto?: string;
    /** How the content version polls (a test of lost notifications shortens or lengthens it). */
    contentVersion?: Omit<ContentVersionOptions, "logger">;
    /** IMAGE_CONCURRENCY / IMAGE_QUEUE (server/images/gate.ts); the defaults unless given. */
    imageGate?: ServiceDeps["imageGate"];
    /**
     * RENDER_WORKERS: public pages rendered by this many worker threads over the production build and their own
     * handle on this database (server/http/render-pool.ts); none unless given (pages render in the test's thread).
     */
    renderWorkers?: number;
    /** ADMIN_WRITE_LIMIT (server/http/write-admission.ts); the default unless given. */
    adminWriteLimit?: number;
  } = {},
): TestApp {
  const uploads = tempDir("bakery-uploads-");
  // A database copied from a seed template comes with the images its rows point at.
  if (database.uploadsTemplate && !options.storage) cpSync(database.uploadsTemplate, uploads, { recursive: true });
  const storage = options.storage ?? createLocalStorage(uploads);
  const logger = options.logger ?? createLogger("silent");
  const services = createServices(database.handle.db, {
    storage,
    logger,
    mailer: options.mailer,
    publicUrl: TEST_PUBLIC_URL,
    clock: options.clock,
    linkSecret: TEST_SESSION_SECRET,
    unsubscribeMailto: options.unsubscribeMailto,
    imageGate: options.imageGate,
  });
  const contentVersion = createContentVersion(database.handle, { logger, ...options.contentVersion });
  const scheduleTimer = options.clock
    ? startScheduleTimer({
        nextScheduledChange: services.nextScheduledChange,
        scheduledTags: SCHEDULED_TAGS,
        contentVersion,
        clock: options.clock,
        logger,
        timers: options.timers,
      })
    : undefined;
  const app = createApp({
    config: {
      publicUrl: TEST_PUBLIC_URL,
      secureCookies: options.secureCookies ?? false,
      sessionSecret: TEST_SESSION_SECRET,
      trustProxy: options.trustProxy ?? false,
    },
    database: database.handle,
    services,
    storage,
    storageMonitor: options.storageMonitor,
    logger,
    build: options.build,
    rateRules: options.rateRules ?? RELAXED_RATE_RULES,
    contentVersion,
    pageCache: options.pageCache ?? { enabled: true, maxBytes: 32 * 1024 * 1024 },
    clock: options.clock,
    adminWriteLimit: options.adminWriteLimit,
    renderWorkers: options.renderWorkers
      ? {
          size: options.renderWorkers,
          buildFile: path.resolve(BUILD_ENTRY),
          database: { url: database.url ?? database.handle.address, schema: database.handle.schema, poolSize: 4 },
          storage: { uploadsDir: uploads },
          logLevel: "silent",
        }
      : undefined,
  });
  return {
    app,
    services,
    storage,
    contentVersion,
    scheduleTimer,
    uploadsDir: uploads,
    request: (p, init) => Promise.resolve(app.request(p, init)),
    dispose: () => {
      void app.renderPool?.close();
      scheduleTimer?.close();
      void contentVersion.close();
      removeTempDir(uploads);
    },
  };
}
