/** Shared start-up steps for the server and the command-line scripts: config, database, storage, services. */
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { waitForDatabase } from "./db/wait.ts";
import { createImageStorage, openImageStorage } from "./images/open-storage.ts";
import { createStorageMonitor } from "./images/storage-monitor.ts";
import { createLogger } from "./log.ts";
import { createMailer } from "./mail/mailer.ts";
import { createServices } from "./services/index.ts";
import { markStartup } from "./startup-timing.ts";

/**
 * `waitForDatabase`: the server waits for a database and an image store that are not reachable yet; scripts
 * fail at once. `checkStorage: false` for commands that never touch images (they start even while the bucket
 * is away). Every part gets the storage through its monitor (`storageMonitor`, server/images/storage-monitor.ts):
 * the server starts its background checks; /healthz reads them.
 */
export async function bootstrap(
  options: { migrate?: boolean; waitForDatabase?: boolean; checkStorage?: boolean } = {},
) {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  markStartup("config");
  // Before the database: a bad storage setting is reported without touching it.
  const store =
    options.checkStorage === false
      ? createImageStorage(config)
      : await openImageStorage(config, options.waitForDatabase ? { logger } : undefined);
  markStartup("storage");
  const storageMonitor = createStorageMonitor(store, logger, { checked: options.checkStorage !== false });
  const storage = storageMonitor.storage;
  const database = openDatabase(config.databaseUrl, { logger });
  if (options.waitForDatabase) await waitForDatabase(database, logger);
  markStartup("database");
  const applied = options.migrate === false ? [] : await migrateToLatest(database);
  if (applied.length) logger.info("migrations applied", { migrations: applied });
  markStartup("migrate");
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const services = createServices(database.db, {
    storage,
    logger,
    mailer,
    publicUrl: config.publicUrl,
    imagesBaseUrl: config.imagesBaseUrl,
    linkSecret: config.sessionSecret,
    unsubscribeMailto: config.mailUnsubscribe,
    imageGate: config.images,
  });
  markStartup("services");
  return { config, logger, database, storage, storageMonitor, services, mailer };
}
