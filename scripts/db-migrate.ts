/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (also done at every start). */
import { bootstrap } from "../server/bootstrap.ts";

const { database, logger } = await bootstrap({ checkStorage: false });
logger.info("database is up to date", { database: database.dialect });
await database.close();
