/**
 * The start-up `npm start` (server/main.ts) and `npm run dev` (server/dev.ts) share: bootstrap, the demo
 * content on a first start, the content version read; then `createApp` over those parts with what each
 * server adds (its build, page cache, rate rules…).
 */
import { type AppDeps, createApp } from "./app.ts";
import { bootstrap } from "./bootstrap.ts";
import { createContentVersion } from "./content-version.ts";
import { seedIfEmpty } from "./db/seed/index.ts";
import { markStartup } from "./startup-timing.ts";

type Started = "config" | "database" | "services" | "storage" | "storageMonitor" | "logger" | "contentVersion";

export async function startSite(options: { waitForDatabase?: boolean } = {}) {
  const parts = await bootstrap(options);
  const { config, logger, database, storage, storageMonitor, services } = parts;
  const seed = await seedIfEmpty(database, services, { logger, config });
  markStartup("seed");
  const contentVersion = createContentVersion(database, { logger });
  await contentVersion.ready;
  markStartup("contentVersion");
  return {
    ...parts,
    seed,
    contentVersion,
    /** The Hono app over the started parts. */
    createApp: (deps: Omit<AppDeps, Started>) =>
      createApp({ config, database, services, storage, storageMonitor, logger, contentVersion, ...deps }),
  };
}
