/** Shared start-up steps for the server and the command-line scripts: config, database, services. */
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { waitForDatabase } from "./db/wait.ts";
import { createLocalStorage } from "./images/storage.ts";
import { createLogger } from "./log.ts";
import { createServices } from "./services/index.ts";

/** `waitForDatabase`: the server waits for a database that is not reachable yet; scripts fail at once. */
export async function bootstrap(options: { migrate?: boolean; waitForDatabase?: boolean } = {}) {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = openDatabase(config.databaseUrl, { logger });
  if (options.waitForDatabase) await waitForDatabase(database, logger);
  const applied = options.migrate === false ? [] : await migrateToLatest(database);
  if (applied.length) logger.info("migrations applied", { migrations: applied });
  const storage = createLocalStorage(config.uploadsDir);
  const services = createServices(database.db, { storage, logger });
  return { config, logger, database, storage, services };
}
