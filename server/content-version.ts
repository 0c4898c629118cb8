/**
 * The content version: one number that every write changing what visitors see increments. Whatever is
 * derived from public content (the page cache, ETags, per-version reads such as the menu and settings)
 * is tagged with the version it was made at and is never used once the version has moved on.
 *
 * The number lives in the database (`content_version`, one row), so it survives restarts and, on
 * PostgreSQL, is shared by every app server: a bump is `UPDATE … RETURNING` plus `pg_notify`, and the
 * other servers, LISTENing on a dedicated connection, re-read it at once. While that connection is down
 * (and, as a safety net, now and then while it is up) they poll, so a bump is seen within about a second.
 * On SQLite there is one process; the number in memory is the truth.
 *
 * `current()` is synchronous and cheap: it is asked on every public request.
 */
import { sql } from "kysely";
import type { DatabaseHandle } from "./db/database.ts";
import { errorFields, type Logger } from "./log.ts";

export const CONTENT_VERSION_CHANNEL = "bakery_content_version";
/** While the LISTEN connection is down: how often to read the version instead. */
const POLL_WHILE_DOWN_MS = 500;
/** While it is up: a rare check that would catch a lost notification. */
const POLL_WHILE_LISTENING_MS = 15_000;

export interface ContentVersion {
  /** The latest version this process knows of. */
  current(): number;
  /** Records a write that changed public content; resolves once the new version is in force here. */
  bump(): Promise<number>;
  /** Called with the new version whenever it changes (bumps here or elsewhere). Returns an unsubscribe. */
  onChange(listener: (version: number) => void): () => void;
  /** Resolves once the stored version has been read (and, on PostgreSQL, the listener is up or polling). */
  ready: Promise<void>;
  /** Stops listening and polling. */
  close(): Promise<void>;
}

export interface ContentVersionOptions {
  logger?: Logger;
  /** Tests shorten these; defaults above. */
  pollWhileDownMs?: number;
  pollWhileListeningMs?: number;
}

export function createContentVersion(database: DatabaseHandle, options: ContentVersionOptions = {}): ContentVersion {
  const { db } = database;
  const listeners = new Set<(version: number) => void>();
  let version = 0;
  let closed = false;

  const set = (next: number) => {
    // Versions only grow; a slow read must not take us back.
    if (next <= version) return;
    version = next;
    for (const listener of listeners) listener(version);
  };

  const read = async () => {
    const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
    return Number(row?.version ?? 0);
  };
  let stopListening: (() => Promise<void>) | null = null;
  let poller: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;
  // While the database is down, polls and reconnections fail every few hundred milliseconds: warn about
  // the first failure only (the outage itself is logged by the database handle), again after a success.
  let warned = false;
  const warnOnce = (message: string, error: unknown) => {
    if (warned) return;
    warned = true;
    options.logger?.warn(message, errorFields(error));
  };

  const poll = (everyMs: number) => {
    if (poller) clearInterval(poller);
    poller = setInterval(() => {
      read()
        .then((next) => {
          warned = false;
          set(next);
        })
        .catch((error) => warnOnce("content version poll failed", error));
    }, everyMs);
    poller.unref();
  };

  const listen = async () => {
    if (closed || !database.listen) return;
    try {
      stopListening = await database.listen(
        CONTENT_VERSION_CHANNEL,
        () => {
          read()
            .then(set)
            .catch(() => {});
        },
        (error) => {
          stopListening = null;
          if (closed) return;
          warnOnce("content version listener lost; polling", error);
          poll(options.pollWhileDownMs ?? POLL_WHILE_DOWN_MS);
          retry = setTimeout(listen, 2_000);
          retry.unref();
        },
      );
      if (closed) {
        await stopListening();
        return;
      }
      poll(options.pollWhileListeningMs ?? POLL_WHILE_LISTENING_MS);
      // A bump made while we were not listening.
      set(await read());
      warned = false;
    } catch (error) {
      warnOnce("content version listener failed; polling", error);
      poll(options.pollWhileDownMs ?? POLL_WHILE_DOWN_MS);
      retry = setTimeout(listen, 5_000);
      retry.unref();
    }
  };
  const ready = (async () => {
    set(await read());
    if (database.dialect === "postgres") await listen();
  })();

  return {
    current: () => version,
    ready,

    async bump() {
      if (database.dialect === "postgres") {
        // The notification is delivered when the statement's transaction commits, with the new row visible.
        const result = await sql<{ version: string | number }>`
          with bumped as (update content_version set version = version + 1 where id = 1 returning version)
          select version, pg_notify(${CONTENT_VERSION_CHANNEL}, version::text) from bumped`.execute(db);
        set(Number(result.rows[0]?.version ?? version + 1));
      } else {
        const row = await db
          .updateTable("content_version")
          .set((eb) => ({ version: eb("version", "+", 1) }))
          .where("id", "=", 1)
          .returning("version")
          .executeTakeFirst();
        set(Number(row?.version ?? version + 1));
      }
      return version;
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      closed = true;
      if (poller) clearInterval(poller);
      if (retry) clearTimeout(retry);
      await stopListening?.();
      listeners.clear();
    },
  };
}
