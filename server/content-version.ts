/**
 * The content version: one number that every write changing what visitors see increments, and the message
 * that tells every app server which public content the write changed (its cache tags, server/cache-tags.ts).
 *
 * The number lives in the database (`content_version`, one row), so it survives restarts and, on
 * PostgreSQL, is shared by every app server: a change is `UPDATE … RETURNING` plus `pg_notify` with the new
 * number and the tags, and the other servers, LISTENing on a dedicated connection, forget just those tags. A
 * server that misses a notification never serves what it would have forgotten: a number it has not heard of —
 * a gap in the notifications that lasts (`GAP_GRACE_MS`), or a higher number found by the poll — and a
 * malformed message are treated as a change of everything (`*`, a full flush). While the LISTEN connection is
 * down the number is polled every 500 ms (every second while it is up), so another server's write is seen
 * within about a second either way. On SQLite there is one process; the number in memory is the truth.
 *
 * `current()` is synchronous and cheap: it is asked on every public request.
 */
import { sql } from "kysely";
import { createTagClock, type TagClock } from "./cache-tags.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { errorFields, type Logger } from "./log.ts";

export const CONTENT_VERSION_CHANNEL = "bakery_content_version";
/** While the LISTEN connection is down: how often to read the version instead. */
const POLL_WHILE_DOWN_MS = 500;
/** While it is up: a check that catches a lost last notification. */
const POLL_WHILE_LISTENING_MS = 1_000;
/** How long a missing number among the notifications may stay missing (reordered delivery) before a full flush. */
const GAP_GRACE_MS = 1_000;
/** pg_notify's payload limit is 8000 bytes; a change naming more tags than fit is sent as `*`. */
const MAX_PAYLOAD = 7_000;

export interface ContentVersion {
  /** The latest version this process knows of. */
  current(): number;
  /** What each cached thing was made from, and what changed since (server/cache-tags.ts). */
  tags: TagClock;
  /**
   * Records a write that changed the public content carrying `tags` (`hard`: a withdrawal); resolves once the
   * change is in force here. The other servers hear of it within about a second.
   */
  invalidate(tags: readonly string[], hard: boolean): Promise<number>;
  /** A change of everything (`*`): first-start demo images, scripts. */
  bump(): Promise<number>;
  /** Called with the new version whenever it changes (changes here or elsewhere). Returns an unsubscribe. */
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

/** A notification's payload: the version a change made, whether it withdrew something, and its tags. */
interface ChangeMessage {
  v: number;
  h: boolean;
  t: string[];
}

/** The payload after its version (`"h":…,"t":[…]}`), which the database completes with the number it assigns. */
function encodeTail(hard: boolean, changed: readonly string[]): string {
  const tail = JSON.stringify({ h: hard, t: changed }).slice(1);
  return tail.length <= MAX_PAYLOAD ? tail : JSON.stringify({ h: true, t: ["*"] }).slice(1);
}

/** The change a payload describes, or null when it is not one (then everything is treated as changed). */
export function decodeChange(payload: string): ChangeMessage | null {
  try {
    const value = JSON.parse(payload) as Partial<ChangeMessage>;
    if (
      typeof value?.v === "number" &&
      Number.isSafeInteger(value.v) &&
      typeof value.h === "boolean" &&
      Array.isArray(value.t) &&
      value.t.length <= 1_000 &&
      value.t.every((tag) => typeof tag === "string" && tag.length > 0 && tag.length <= 100)
    ) {
      return { v: value.v, h: value.h, t: value.t };
    }
  } catch {
    // Not JSON: handled below.
  }
  return null;
}

export function createContentVersion(database: DatabaseHandle, options: ContentVersionOptions = {}): ContentVersion {
  const { db } = database;
  const tags = createTagClock();
  const listeners = new Set<(version: number) => void>();
  /** The highest version known. */
  let version = 0;
  /** Every version up to this one has been applied here. */
  let contiguous = 0;
  /** Versions above `contiguous` applied here (a notification that arrived before an earlier one). */
  const appliedAbove = new Set<number>();
  /** Since when a version below the highest applied one has been missing. */
  let gapSince: number | null = null;
  let closed = false;

  const announce = (next: number) => {
    if (next <= version) return;
    version = next;
    for (const listener of listeners) listener(version);
  };

  /** Everything made before now is stale: the numbers up to `next` are all accounted for. */
  const flushTo = (next: number, reason: string) => {
    if (version > 0 || next > 0) options.logger?.debug?.("page caches flushed", { reason, version: next });
    tags.invalidate(["*"], true);
    contiguous = Math.max(contiguous, next);
    appliedAbove.clear();
    gapSince = null;
    behindSince = null;
    announce(next);
  };

  /** A change with number `v`, made here or heard of; applied once. */
  const apply = (v: number, changed: readonly string[], hard: boolean) => {
    if (v <= contiguous || appliedAbove.has(v)) return;
    tags.invalidate(changed, hard);
    appliedAbove.add(v);
    while (appliedAbove.delete(contiguous + 1)) contiguous++;
    gapSince = appliedAbove.size === 0 ? null : (gapSince ?? Date.now());
    announce(v);
  };

  const read = async () => {
    const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
    return Number(row?.version ?? 0);
  };
  /** Since when the stored number has been ahead of every notification heard. */
  let behindSince: number | null = null;
  /**
   * The poll's check: a stored number no notification announced, or a missing number among them, that is still
   * so after a moment (a notification may be on its way) means one was lost. `now`: no grace (a reconnect).
   */
  const catchUp = (stored: number, now = false) => {
    const at = Date.now();
    if (stored > version) {
      behindSince ??= at;
      if (now || at - behindSince >= GAP_GRACE_MS) flushTo(stored, "missed a change");
      return;
    }
    behindSince = null;
    if (gapSince !== null && at - gapSince >= GAP_GRACE_MS) flushTo(version, "lost notification");
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
        .then((stored) => {
          warned = false;
          catchUp(stored);
        })
        .catch((error) => warnOnce("content version poll failed", error));
    }, everyMs);
    poller.unref();
  };

  const onNotify = (payload: string) => {
    const change = decodeChange(payload);
    if (!change) {
      options.logger?.warn("malformed content change message; flushing the page cache", { length: payload.length });
      read()
        .then((stored) => flushTo(Math.max(stored, version), "malformed message"))
        .catch(() => flushTo(version, "malformed message"));
      return;
    }
    apply(change.v, change.t, change.h);
  };

  const listen = async () => {
    if (closed || !database.listen) return;
    try {
      stopListening = await database.listen(CONTENT_VERSION_CHANNEL, onNotify, (error) => {
        stopListening = null;
        if (closed) return;
        warnOnce("content version listener lost; polling", error);
        poll(options.pollWhileDownMs ?? POLL_WHILE_DOWN_MS);
        retry = setTimeout(listen, 2_000);
        retry.unref();
      });
      if (closed) {
        await stopListening();
        return;
      }
      poll(options.pollWhileListeningMs ?? POLL_WHILE_LISTENING_MS);
      // A change made while we were not listening.
      catchUp(await read(), true);
      warned = false;
    } catch (error) {
      warnOnce("content version listener failed; polling", error);
      poll(options.pollWhileDownMs ?? POLL_WHILE_DOWN_MS);
      retry = setTimeout(listen, 5_000);
      retry.unref();
    }
  };
  const ready = (async () => {
    const stored = await read();
    version = stored;
    contiguous = stored;
    if (database.dialect === "postgres") await listen();
  })();
  // Awaited by the server's start (start-site.ts); a version closed, or a database closed, before its first read
  // (a test's app torn down at once) must not leave that read's failure unhandled.
  ready.catch(() => {});

  async function invalidate(changed: readonly string[], hard: boolean): Promise<number> {
    if (changed.length === 0) return version;
    try {
      return await store(changed, hard);
    } catch (error) {
      // Not recorded (the database is down): this server forgets the pages all the same; the others had no
      // write to miss, since it failed there too, or will catch up through their polls.
      tags.invalidate(changed, hard);
      throw error;
    }
  }

  async function store(changed: readonly string[], hard: boolean): Promise<number> {
    let next: number;
    if (database.dialect === "postgres") {
      // One statement increments the number and sends it with the tags: the notification is delivered when it
      // commits, with the new row visible, so no server reads the number without its message on the way.
      const tail = encodeTail(hard, changed);
      const result = await sql<{ version: string | number }>`
        with bumped as (update content_version set version = version + 1 where id = 1 returning version)
        select version, pg_notify(${CONTENT_VERSION_CHANNEL}, '{"v":' || version::text || ',' || ${tail})
        from bumped`.execute(db);
      next = Number(result.rows[0]?.version ?? version + 1);
      apply(next, changed, hard);
    } else {
      const row = await db
        .updateTable("content_version")
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .where("id", "=", 1)
        .returning("version")
        .executeTakeFirst();
      next = Number(row?.version ?? version + 1);
      apply(next, changed, hard);
    }
    return next;
  }

  return {
    current: () => version,
    tags,
    ready,
    invalidate,
    bump: () => invalidate(["*"], true),

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
