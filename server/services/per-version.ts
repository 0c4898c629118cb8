/**
 * Reads of per-site data done once per content version instead of on every request: every page's layout
 * asks for the settings and the menu, and the home page for its tiles. The content version moves on with
 * every write that changes public content (server/content-version.ts), on this server or another, so a
 * memo tagged with the version is never stale. Reads that also depend on the clock (a branch's "open
 * now") are tagged with the minute too, the same granularity the page cache uses for those pages.
 *
 * The memoised values are shared by concurrent requests: callers treat them as read-only.
 */
import type { ContentVersion } from "../content-version.ts";
import type { Services } from "./index.ts";

/** `load` at most once per tag; a failed load is forgotten (the next call tries again). */
function oncePerTag<T>(tag: () => string, load: () => Promise<T>): () => Promise<T> {
  let memo: { tag: string; value: Promise<T> } | null = null;
  return () => {
    const current = tag();
    if (memo?.tag !== current) {
      // Tagged before the read: a write during the read makes it stale at once.
      const value = load();
      const entry = { tag: current, value };
      memo = entry;
      value.catch(() => {
        if (memo === entry) memo = null;
      });
    }
    return memo.value;
  };
}

/** `load` at most once per content version. */
export function oncePerVersion<T>(version: ContentVersion, load: () => Promise<T>): () => Promise<T> {
  return oncePerTag(() => String(version.current()), load);
}

/** `load` at most once per content version and clock minute. */
export function oncePerVersionAndMinute<T>(
  version: ContentVersion,
  load: () => Promise<T>,
  now: () => number = Date.now,
): () => Promise<T> {
  return oncePerTag(() => `${version.current()}:${Math.floor(now() / 60_000)}`, load);
}

/** The services, with the per-site reads of the public pages memoised per content version. */
export function withPerVersionReads(services: Services, version: ContentVersion): Services {
  const perVersion = <T>(load: () => Promise<T>) => oncePerVersion(version, load);
  // One memo per calendar length the pages ask for (a handful of constants in the code).
  const branchLists = new Map<number, () => ReturnType<Services["branches"]["list"]>>();
  const branchList = (days: number) => {
    let memo = branchLists.get(days);
    if (!memo) {
      memo = oncePerVersionAndMinute(version, () => services.branches.list(days ? { days } : undefined));
      branchLists.set(days, memo);
    }
    return memo();
  };
  return {
    ...services,
    settings: { ...services.settings, get: perVersion(() => services.settings.get()) },
    categories: { ...services.categories, menu: perVersion(() => services.categories.menu()) },
    catalogue: {
      ...services.catalogue,
      homeCategories: perVersion(() => services.catalogue.homeCategories()),
      // Only the default size is memoised; another limit reads through.
      homeProducts: (() => {
        const memo = perVersion(() => services.catalogue.homeProducts());
        return (limit?: number) => (limit === undefined ? memo() : services.catalogue.homeProducts(limit));
      })(),
    },
    // Dated and seasonal content depends on the clock too; the schedule timer bumps the version at each
    // boundary (server/schedule-timer.ts), so a memo per version is never out of date.
    seasonal: { ...services.seasonal, featured: perVersion(() => services.seasonal.featured()) },
    sales: { ...services.sales, home: perVersion(() => services.sales.home()) },
    publications: { ...services.publications, home: perVersion(() => services.publications.home()) },
    branches: {
      ...services.branches,
      // "Open now" is judged per minute; a read at a given moment reads through.
      list: (options) => (options?.now ? services.branches.list(options) : branchList(options?.days ?? 0)),
    },
  };
}
