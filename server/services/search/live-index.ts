/**
 * The product search the site uses: one in-memory index (engine.ts) built from the database's
 * published products and rebuilt when the content version moves (server/content-version.ts).
 *
 * - Built from the database, never from a write's payload: on PostgreSQL each app server learns of a
 *   bump made by another (LISTEN/poll) and rebuilds from the same rows, so every server and both
 *   databases answer alike.
 * - A rebuild starts as soon as the version moves (not on the next search), runs in the background
 *   and never twice at once; bumps that arrive during a rebuild are covered by ONE more rebuild after
 *   it. Each index is tagged with the version read before its rows were: a write during the read makes
 *   it stale at once (the same rule as per-version.ts).
 * - A search waits for an index at least as new as the version it sees, so a product renamed through
 *   the admin API is found by its new name by the next request (the bump happens before the write's
 *   answer leaves). Requests that do not search never wait. If a rebuild fails (database down), the
 *   last good index answers and the failure is logged; with none, the error goes to the caller.
 * - Most bumps change no product (a branch, a sale, settings, the schedule timer): a rebuild first reads a
 *   fingerprint of the published products (count, ids, versions, latest update) and, when it is the one the
 *   index was built from, only re-tags the index with the new version instead of reading and indexing
 *   every product again. Every product write moves the fingerprint: an update bumps the product's
 *   version and updated_at, a create, delete or (un)publish changes the count and the ids.
 * - Until `follow` binds it to a content version (createApp does), each search builds a throw-away
 *   index: correct, for scripts and code outside the app.
 */

import type { CatalogueFilter } from "../../../domain/kashrut.ts";
import type { ContentVersion } from "../../content-version.ts";
import type { DB } from "../../db/database.ts";
import { errorFields, type Logger } from "../../log.ts";
import { PUBLISHED } from "../categories.ts";
import { type Clock, systemClock } from "../clock.ts";
import { KASHRUT_COLUMNS, kashrutFromRow } from "../kashrut.ts";
import { liveAt } from "../windows.ts";
import {
  buildProductIndex,
  type ProductDocument,
  type ProductIndex,
  type SearchHit,
  type Suggestion,
} from "./engine.ts";

export interface ProductSearch {
  /** Every published product matching the visitor's text, best first (ids with scores and tiers). */
  search(text: string): Promise<SearchHit[]>;
  /** At most `limit` (default 8) names for the search box, best first; with `filter`, only products it admits. */
  suggest(text: string, limit?: number, filter?: CatalogueFilter): Promise<Suggestion[]>;
  /** The search with its unmatched words replaced by the closest catalogue words, or null (engine.ts). */
  didYouMean(text: string): Promise<string | null>;
  /**
   * Keeps the index current with this content version (idempotent per version object). `eager: false` rebuilds
   * only when a search asks after a change (the server's thread while render workers serve the pages' searches).
   */
  follow(version: Pick<ContentVersion, "current" | "onChange">, options?: { eager?: boolean }): void;
}

type Built = { version: number; fingerprint: string; index: ProductIndex };

/** The products the index holds; the fingerprint and the documents read the same set. */
const published = (db: DB, clock: Clock) =>
  db.selectFrom("products").where("status", "=", PUBLISHED).where(liveAt(clock()));

/** Changes whenever a published product is added, removed, (un)published or edited. */
async function fingerprintOf(db: DB, clock: Clock): Promise<string> {
  const row = await published(db, clock)
    .select((eb) => [
      eb.fn.countAll().as("count"),
      eb.fn.sum("id").as("ids"),
      eb.fn.sum("version").as("versions"),
      eb.fn.max("updated_at").as("updated"),
    ])
    .executeTakeFirst();
  return row ? `${row.count}:${row.ids}:${row.versions}:${row.updated}` : "";
}

async function loadDocuments(db: DB, clock: Clock): Promise<ProductDocument[]> {
  const rows = await published(db, clock)
    .select(["id", "name", "title", "content", "created_at", ...KASHRUT_COLUMNS])
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    title: r.title,
    content: r.content,
    createdAt: r.created_at,
    kashrut: kashrutFromRow(r),
  }));
}

export function createProductSearch(db: DB, logger?: Logger, clock: Clock = systemClock): ProductSearch {
  let source: Pick<ContentVersion, "current" | "onChange"> | null = null;
  let built: Built | null = null;
  let building: { version: number; promise: Promise<Built> } | null = null;

  const build = async () => buildProductIndex(await loadDocuments(db, clock));

  /** The index for the products as they are now: the current one re-tagged when none of them changed. */
  const indexFor = async (version: number): Promise<Built> => {
    const fingerprint = await fingerprintOf(db, clock);
    if (built && built.fingerprint === fingerprint) return { ...built, version };
    return { version, fingerprint, index: await build() };
  };

  /** Starts a rebuild unless one is running; after it, one more if the version moved meanwhile. */
  function rebuild(): Promise<Built> {
    if (building) return building.promise;
    const version = source!.current();
    const promise = indexFor(version)
      .then((next) => {
        if (!built || built.version <= version) built = next;
        return next;
      })
      .finally(() => {
        building = null;
        if (source && source.current() > version) {
          rebuild().catch((error) => logger?.warn("search index rebuild failed", errorFields(error)));
        }
      });
    building = { version, promise };
    return promise;
  }

  /** An index at least as new as the version now in force. */
  async function fresh(): Promise<ProductIndex> {
    if (!source) return build();
    const wanted = source.current();
    if (built && built.version >= wanted) return built.index;
    try {
      // A rebuild that started before this version was seen may not cover it: then one more.
      let next = await rebuild();
      if (next.version < wanted) next = await rebuild();
      return next.version >= wanted || !built ? next.index : built.index;
    } catch (error) {
      if (!built) throw error;
      logger?.warn("search index rebuild failed; answering from the previous one", errorFields(error));
      return built.index;
    }
  }

  const followed = new WeakSet<object>();
  return {
    async search(text) {
      return (await fresh()).search(text);
    },
    async suggest(text, limit, filter) {
      return (await fresh()).suggest(text, limit, filter);
    },
    async didYouMean(text) {
      return (await fresh()).didYouMean(text);
    },
    follow(version, options) {
      if (followed.has(version)) return;
      followed.add(version);
      source = version;
      built = null;
      if (options?.eager ?? true) {
        version.onChange(() => {
          rebuild().catch((error) => logger?.warn("search index rebuild failed", errorFields(error)));
        });
      }
      // Warm: the first search should not pay for the build.
      rebuild().catch((error) => logger?.warn("search index build failed", errorFields(error)));
    },
  };
}
