/** Shared start-up steps for the server and the command-line scripts: config, database, services. */
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createLocalStorage } from "./images/storage.ts";
import { createLogger } from "./log.ts";
import { createMailer } from "./mail/mailer.ts";
import { createServices } from "./services/index.ts";

export async function bootstrap(options: { migrate?: boolean } = {}) {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = openDatabase(config.databaseUrl);
  const applied = options.migrate === false ? [] : await migrateToLatest(database);
  if (applied.length) logger.info("migrations applied", { migrations: applied });
  const storage = createLocalStorage(config.uploadsDir);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const services = createServices(database.db, { storage, logger, mailer, publicUrl: config.publicUrl });
  return { config, logger, database, storage, services, mailer };
}
