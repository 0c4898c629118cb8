/**
 * Reads of per-site data done once instead of on every request: every page's layout asks for the settings, the
 * menu and which branches take pre-orders, the home page for its tiles, product pages for the kashrut
 * certificates. Each memo is made in a tag collector (server/cache-tags.ts) and kept while nothing it read has
 * changed — on this server or another (server/content-version.ts) — so a memo is never
 * stale, and an edit of one product does not throw away the settings. A render that uses a memo inherits its
 * tags, so the page is stale when the memo is. Reads that also depend on the clock (a branch's "open now") are
 * kept per minute too, the same granularity the page cache uses for those pages.
 *
 * The memoised values are shared by concurrent requests: callers treat them as read-only.
 */
import { certificateToday } from "../../domain/certificates.ts";
import { readStamp, type TagClock, type TagStamp } from "../cache-tags.ts";
import type { ContentVersion } from "../content-version.ts";
import type { Services } from "./index.ts";

/** `load` at most once while what it read is unchanged and `period` the same; a failed load is forgotten. */
export function memoised<T>(
  clock: TagClock,
  load: () => Promise<T>,
  period: () => string = () => "",
): () => Promise<T> {
  let memo: { period: string; result: Promise<{ value: T; stamp: TagStamp }>; stamp: TagStamp | null } | null = null;
  return async () => {
    const current = period();
    if (!memo || memo.period !== current || (memo.stamp && clock.staleness(memo.stamp) !== "fresh")) {
      const entry: NonNullable<typeof memo> = { period: current, result: clock.collect(load), stamp: null };
      memo = entry;
      entry.result.then(
        (done) => {
          entry.stamp = done.stamp;
        },
        () => {
          if (memo === entry) memo = null;
        },
      );
    }
    const { value, stamp } = await memo.result;
    readStamp(stamp);
    return value;
  };
}

/** The clock minute, for reads that depend on it. */
const minuteOf = (now: () => number) => () => String(Math.floor(now() / 60_000));
/** The Jerusalem calendar day certificates are judged on, for the kashrut claims. */
const certificateDayOf = (now: () => number) => () => certificateToday(new Date(now()));

/** The services, with the per-site reads of the public pages memoised while what they read is unchanged. */
export function withPerVersionReads(
  services: Services,
  version: Pick<ContentVersion, "tags">,
  // Read through Date each time (not Date.now as it was at start-up), so a test that moves the clock moves it here.
  now: () => number = () => Date.now(),
): Services {
  const once = <T>(load: () => Promise<T>) => memoised(version.tags, load);
  // One memo per calendar length the pages ask for (a handful of constants in the code).
  const branchLists = new Map<number, () => ReturnType<Services["branches"]["list"]>>();
  const branchList = (days: number) => {
    let memo = branchLists.get(days);
    if (!memo) {
      memo = memoised(version.tags, () => services.branches.list(days ? { days } : undefined), minuteOf(now));
      branchLists.set(days, memo);
    }
    return memo();
  };
  const certificates = memoised(
    version.tags,
    () => services.branches.certificates(new Date(now())),
    certificateDayOf(now),
  );
  return {
    ...services,
    settings: { ...services.settings, get: once(() => services.settings.get()) },
    // Which branches take pre-orders: every public page's layout asks (its order links).
    preorders: { ...services.preorders, branches: once(() => services.preorders.branches()) },
    categories: { ...services.categories, menu: once(() => services.categories.menu()) },
    catalogue: {
      ...services.catalogue,
      homeCategories: once(() => services.catalogue.homeCategories()),
      // Only the default size is memoised; another limit reads through.
      homeProducts: (() => {
        const memo = once(() => services.catalogue.homeProducts());
        return (limit?: number) => (limit === undefined ? memo() : services.catalogue.homeProducts(limit));
      })(),
    },
    // Dated and seasonal content depends on the clock too; the schedule timer touches its tags at each
    // boundary (server/schedule-timer.ts), so a memo is never out of date.
    seasonal: { ...services.seasonal, featured: once(() => services.seasonal.featured()) },
    sales: { ...services.sales, home: once(() => services.sales.home()) },
    publications: { ...services.publications, home: once(() => services.publications.home()) },
    branches: {
      ...services.branches,
      // "Open now" is judged per minute; a read at a given moment reads through.
      list: (options) => (options?.now ? services.branches.list(options) : branchList(options?.days ?? 0)),
      // The kashrut claims of product pages and /about, judged per calendar day; a read at a given moment reads
      // through.
      certificates: (at) => (at ? services.branches.certificates(at) : certificates()),
    },
  };
}
