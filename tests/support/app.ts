/**
 * Builds the Hono app over a test database, with uploads in a temporary folder (removed by dispose(), or
 * after the file by tests/support/cleanup.ts) and logs silenced.
 */
import { cpSync } from "node:fs";
import type { ServerBuild } from "react-router";
import { createApp } from "../../server/app.ts";
import { type ContentVersion, createContentVersion } from "../../server/content-version.ts";
import { RATE_RULES, type RateRules } from "../../server/http/rate-limit.ts";
import { createLocalStorage, type ImageStorage } from "../../server/images/storage.ts";
import { createLogger, type Logger } from "../../server/log.ts";
import { createServices, type Services } from "../../server/services/index.ts";
import type { TestDatabase } from "./database.ts";
import { removeTempDir, tempDir } from "./temp.ts";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  services: Services;
  storage: ImageStorage;
  contentVersion: ContentVersion;
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
    /** Silent unless a test reads the log. */
    logger?: Logger;
    /** Image storage other than a fresh temporary folder. */
    storage?: ImageStorage;
  } = {},
): TestApp {
  const uploads = tempDir("bakery-uploads-");
  // A database copied from a seed template comes with the images its rows point at.
  if (database.uploadsTemplate) cpSync(database.uploadsTemplate, uploads, { recursive: true });
  const storage = options.storage ?? createLocalStorage(uploads);
  const logger = options.logger ?? createLogger("silent");
  const services = createServices(database.handle.db, { storage, logger });
  const contentVersion = createContentVersion(database.handle, { logger });
  const app = createApp({
    config: {
      publicUrl: "http://localhost:3000",
      secureCookies: options.secureCookies ?? false,
      sessionSecret: "test-secret-test-secret-test-secret-123",
      trustProxy: options.trustProxy ?? false,
    },
    database: database.handle,
    services,
    storage,
    logger,
    build: options.build,
    rateRules: options.rateRules ?? RELAXED_RATE_RULES,
    contentVersion,
    pageCache: options.pageCache ?? { enabled: true, maxBytes: 32 * 1024 * 1024 },
  });
  return {
    app,
    services,
    storage,
    contentVersion,
    request: (p, init) => Promise.resolve(app.request(p, init)),
    dispose: () => {
      void contentVersion.close();
      removeTempDir(uploads);
    },
  };
}
