/**
 * `npm run db:seed`: loads the demo content into an empty database.
 * `npm run db:seed -- --reset` first deletes all catalogue content (and its images), keeping accounts.
 */
import { bootstrap } from "../server/bootstrap.ts";
import { ensureDemoAdmin, seedDemoContent } from "../server/db/seed/index.ts";
import { createBackgroundWorker } from "../server/jobs/background.ts";

const reset = process.argv.includes("--reset");
const { config, database, services, logger } = await bootstrap();
const { db } = database;

const existing = await db
  .selectFrom("categories")
  .select((eb) => eb.fn.countAll<number>().as("n"))
  .executeTakeFirstOrThrow();
if (Number(existing.n) > 0 && !reset) {
  console.error(
    "The database already has content. Run `npm run db:seed -- --reset` to replace it with the demo content.",
  );
  await database.close();
  process.exit(1);
}
if (reset) {
  const images = await db.selectFrom("images").select("id").execute();
  for (const image of images) await services.images.remove(image.id);
  for (const table of [
    "category_product",
    "sizes",
    "tags",
    "products",
    "categories",
    "branches",
    "sales",
    "publications",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}
const started = performance.now();
const result = await seedDemoContent(database, services);
await ensureDemoAdmin(services, config, logger);
logger.info("demo content loaded", { ...result, ms: Math.round(performance.now() - started) });
await services.images.enqueueMissingAvif();
const avif = await createBackgroundWorker(database, services, logger).runUntilIdle();
logger.info("avif variants ready", { images: avif });
await database.close();
