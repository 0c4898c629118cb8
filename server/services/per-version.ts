/**
 * Reads of per-site data (settings, the menu) done once per content version instead of on every request:
 * every page's layout and most loaders ask for them. The content version moves on with every write that
 * changes public content (server/content-version.ts), on this server or another, so a memo tagged with
 * the version is never stale.
 */
import type { ContentVersion } from "../content-version.ts";
import type { Services } from "./index.ts";

/** `load` at most once per content version; a failed load is forgotten (the next call tries again). */
export function oncePerVersion<T>(version: ContentVersion, load: () => Promise<T>): () => Promise<T> {
  let memo: { version: number; value: Promise<T> } | null = null;
  return () => {
    const current = version.current();
    if (memo?.version !== current) {
      // Tagged with the version before the read: a write during the read makes it stale at once.
      const value = load();
      const entry = { version: current, value };
      memo = entry;
      value.catch(() => {
        if (memo === entry) memo = null;
      });
    }
    return memo.value;
  };
}

/** The services, with the site settings and the menu read once per content version. */
export function withPerVersionReads(services: Services, version: ContentVersion): Services {
  return {
    ...services,
    settings: { ...services.settings, get: oncePerVersion(version, () => services.settings.get()) },
    categories: { ...services.categories, menu: oncePerVersion(version, () => services.categories.menu()) },
  };
}
