/**
 * Which public content a cached thing was made from, and whether it changed since.
 *
 * A render (and each memoised read: server/services/per-version.ts) runs in a collector (`collectTags`); the
 * services' public reads name what they read (`readTags`, declared per read in server/services/read-tags.ts):
 * `product:61` for one product, `product` for any product, `products` for which products a list holds, `menu`,
 * `settings`… A write names what it changed (domain/entities.ts, `cacheTags`), and `TagClock.invalidate`
 * records the change: whatever read one of those tags before the change is stale from then on, and nothing else.
 *
 * A stamp is cheap to check: the clock counts changes (`seq`); each tag remembers the last change that touched it;
 * a stamp holds, per tag, the count when it was read, and is stale when any of its tags changed later. (Per tag,
 * not one count for the whole page: a memoised read made earlier brings its tags with the count they were read
 * at, and the page's own reads keep theirs.) A change is *soft*
 * (an edit: the previous copy may be served for a moment while a new one renders) or *hard* (a withdrawal: an
 * unpublished, deleted or hidden record — never served again). `*` (a full flush: a lost notification, a
 * malformed one, an unknown record) makes everything made before it hard-stale.
 *
 * A read can also be *verifiable* (`readChecked`): it is kept with its call and a hash of its result, and a page
 * stale (soft) only through tags that verifiable reads alone declared can be confirmed by calling them again — the
 * same results make the same page, so it is re-stamped instead of rendered (`restamp`; page-cache.ts). A rename
 * makes every search page stale through `search`, though most searches still find what they found.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** What a cached thing was made from: the tags it read, each with the clock's change count when it was read. */
export interface TagStamp {
  /** The earliest count of the work and of what it read: a full flush after it makes the whole thing stale. */
  at: number;
  tags: readonly string[];
  /** `seqs[i]`: the count when `tags[i]` was read (the earliest, when it was read more than once). */
  seqs: readonly number[];
  /** The verifiable reads the work made (`readChecked`), when there were any. */
  checks?: readonly ReadCheck[];
  /** The tags only verifiable reads declared: a change of these alone can be confirmed by `checks`. */
  checkedOnly?: readonly string[];
}

/**
 * A verifiable read: which service method was called with what (structured-clonable: it travels to and from render
 * workers), the tags it declared, and a hash of what it returned (`resultHash`, server/services/read-tags.ts).
 */
export interface ReadCheck {
  service: string;
  method: string;
  args: readonly unknown[];
  tags: readonly string[];
  hash: string;
}

export type Staleness = "fresh" | "soft" | "hard";

interface LastChange {
  seq: number;
  /** The last hard change of this tag (0: none). */
  hardSeq: number;
}

interface Collector {
  /** Tag → the count when it was first read. */
  tags: Map<string, number>;
  /** Tags some read that is not verifiable declared. */
  unchecked: Set<string>;
  checks: ReadCheck[];
  /** The count when the work began: what its own reads are stamped with. */
  seq: number;
}

const collectors = new AsyncLocalStorage<Collector>();

/** Records that the current render or memoised read used content carrying these tags. Outside one: nothing. */
export function readTags(...tags: string[]): void {
  const collector = collectors.getStore();
  if (!collector) return;
  for (const tag of tags) {
    if (!collector.tags.has(tag)) collector.tags.set(tag, collector.seq);
    collector.unchecked.add(tag);
  }
}

/** Whether a render or memoised read is collecting what it reads (a verifiable read's hash is worth computing). */
export const collecting = (): boolean => collectors.getStore() !== undefined;

/** Records a verifiable read (its tags, its call and its result's hash). Outside a collector: nothing. */
export function readChecked(check: ReadCheck): void {
  const collector = collectors.getStore();
  if (!collector) return;
  for (const tag of check.tags) if (!collector.tags.has(tag)) collector.tags.set(tag, collector.seq);
  collector.checks.push(check);
}

/** What a stamp's work read, in the form `readTags` and `readChecked` take (a render worker sends it back). */
export function readsOf(stamp: TagStamp): { tags: string[]; checks: ReadCheck[] } {
  const checkedOnly = new Set(stamp.checkedOnly);
  return { tags: stamp.tags.filter((tag) => !checkedOnly.has(tag)), checks: [...(stamp.checks ?? [])] };
}

/**
 * Adds what an earlier piece of work was made from to the current one (a render using a memoised read): its
 * tags with the counts they were read at, so a change between that read and this work is not missed.
 */
export function readStamp(stamp: TagStamp): void {
  const collector = collectors.getStore();
  if (!collector) return;
  stamp.tags.forEach((tag, i) => {
    const seq = stamp.seqs[i]!;
    const known = collector.tags.get(tag);
    if (known === undefined || seq < known) collector.tags.set(tag, seq);
    // A memoised read is confirmed by its own stamp, never by calling it again here.
    collector.unchecked.add(tag);
  });
}

export interface TagClock {
  /** Runs `work`, collecting the tags its reads name; returns its result and its stamp. */
  collect<T>(work: () => Promise<T>): Promise<{ value: T; stamp: TagStamp }>;
  /** Whether something made with `stamp` is still current. */
  staleness(stamp: TagStamp): Staleness;
  /**
   * The checks that would confirm a soft-stale `stamp` — its verifiable reads, when every tag that changed since is
   * one only they declared — or null (not soft-stale, or a change they cannot vouch for).
   */
  confirmable(stamp: TagStamp): readonly ReadCheck[] | null;
  /**
   * `stamp` as if its work had been done at count `seq` — the count before its checks were called again and gave
   * the same results (its `at` is kept: a full flush since then still makes it stale).
   */
  restamp(stamp: TagStamp, seq: number): TagStamp;
  /** Records a change of `tags` (`*`: everything); `hard` for a withdrawal. Listeners hear it. */
  invalidate(tags: readonly string[], hard: boolean): void;
  /** Called after every change. Returns an unsubscribe. */
  onInvalidate(listener: (tags: readonly string[], hard: boolean) => void): () => void;
  /** The change count (tests, stats). */
  seq(): number;
}

export function createTagClock(): TagClock {
  let seq = 0;
  /** The last full flush. */
  let flushedAt = 0;
  const last = new Map<string, LastChange>();
  const listeners = new Set<(tags: readonly string[], hard: boolean) => void>();

  return {
    async collect(work) {
      const collector: Collector = { tags: new Map(), unchecked: new Set(), checks: [], seq };
      const value = await collectors.run(collector, work);
      const tags = [...collector.tags.keys()];
      const seqs = [...collector.tags.values()];
      const stamp: TagStamp = { at: Math.min(collector.seq, ...seqs), tags, seqs };
      if (collector.checks.length) {
        stamp.checks = collector.checks;
        stamp.checkedOnly = tags.filter((tag) => !collector.unchecked.has(tag));
      }
      return { value, stamp };
    },

    staleness(stamp) {
      if (flushedAt > stamp.at) return "hard";
      let result: Staleness = "fresh";
      for (let i = 0; i < stamp.tags.length; i++) {
        const read = stamp.seqs[i]!;
        const change = last.get(stamp.tags[i]!);
        if (!change || change.seq <= read) continue;
        if (change.hardSeq > read) return "hard";
        result = "soft";
      }
      return result;
    },

    confirmable(stamp) {
      if (!stamp.checks?.length || flushedAt > stamp.at) return null;
      const checkedOnly = new Set(stamp.checkedOnly);
      let stale = false;
      for (let i = 0; i < stamp.tags.length; i++) {
        const change = last.get(stamp.tags[i]!);
        if (!change || change.seq <= stamp.seqs[i]!) continue;
        if (change.hardSeq > stamp.seqs[i]! || !checkedOnly.has(stamp.tags[i]!)) return null;
        stale = true;
      }
      return stale ? stamp.checks : null;
    },

    restamp(stamp, at) {
      return { ...stamp, seqs: stamp.seqs.map((read) => Math.max(read, at)) };
    },

    invalidate(tags, hard) {
      if (tags.length === 0) return;
      seq++;
      // `any` is what a read nobody declared carries: every change touches it.
      for (const tag of [...tags, "any"]) {
        if (tag === "*") {
          flushedAt = seq;
          continue;
        }
        const previous = last.get(tag);
        last.set(tag, { seq, hardSeq: hard ? seq : (previous?.hardSeq ?? 0) });
      }
      for (const listener of listeners) listener(tags, hard);
    },

    onInvalidate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    seq: () => seq,
  };
}
