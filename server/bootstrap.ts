/** Shared start-up steps for the server and the command-line scripts: config, database, storage, services. */
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createImageStorage, openImageStorage } from "./images/open-storage.ts";
import { createLogger } from "./log.ts";
import { createServices } from "./services/index.ts";

/** `checkStorage: false` for commands that never touch images (they start even while the bucket is away). */
export async function bootstrap(options: { migrate?: boolean; checkStorage?: boolean } = {}) {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // Before the database: a bad storage setting is reported without touching it.
  const storage = options.checkStorage === false ? createImageStorage(config) : await openImageStorage(config);
  const database = openDatabase(config.databaseUrl);
  const applied = options.migrate === false ? [] : await migrateToLatest(database);
  if (applied.length) logger.info("migrations applied", { migrations: applied });
  const services = createServices(database.db, { storage, logger, imagesBaseUrl: config.imagesBaseUrl });
  return { config, logger, database, storage, services };
}
