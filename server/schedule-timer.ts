/**
 * Time passing changes what visitors see: a sale starts, a publication ends, a holiday's collection
 * appears on the home page. The page cache and the memoised reads only notice a change of what they read,
 * so this timer touches the scheduled content's tags (`SCHEDULED_TAGS`, server/services/index.ts) at the next
 * scheduled boundary (`services.nextScheduledChange`): the pages of other content stay cached.
 *
 * It replans after every version change (an edit may add, move or remove a boundary) and after it fires.
 * It never fires twice for one boundary: the next plan looks strictly past the last boundary it fired at,
 * even when the timer ran a hair early. On PostgreSQL every app server runs one, so at a boundary each
 * bumps once: a few extra versions, harmless, and no loop (each server then plans past that boundary).
 * Delays longer than setTimeout's limit (~24.8 days) are cut; on waking early it simply plans again.
 */
import type { ContentVersion } from "./content-version.ts";
import { errorFields, type Logger } from "./log.ts";
import type { Clock } from "./services/clock.ts";

/** setTimeout's largest delay. */
const MAX_DELAY_MS = 2_147_483_647;
/** After a failed read of the schedule (database down), try again this much later. */
const RETRY_MS = 60_000;

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref();
    return handle;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface ScheduleTimer {
  /** The boundary the timer waits for, or null. */
  next(): Date | null;
  /** Resolves once the latest plan (or bump) has finished; tests await it. */
  settled(): Promise<void>;
  close(): void;
}

export function startScheduleTimer(deps: {
  nextScheduledChange: (now: Date) => Promise<Date | null>;
  contentVersion: Pick<ContentVersion, "invalidate" | "onChange">;
  /** The tags a boundary changes; every page (`*`) when not given. */
  scheduledTags?: readonly string[];
  clock: Clock;
  logger?: Logger;
  timers?: Timers;
}): ScheduleTimer {
  const timers = deps.timers ?? realTimers;
  let handle: unknown = null;
  let planned: Date | null = null;
  /** The last boundary bumped for: plans look strictly past it. */
  let lastFired = 0;
  let generation = 0;
  /** Version changes seen (each queues a plan). */
  let changes = 0;
  let closed = false;
  let work: Promise<void> = Promise.resolve();

  const arm = (callback: () => void, ms: number) => {
    if (handle !== null) timers.clear(handle);
    handle = timers.set(callback, ms);
  };

  const plan = async () => {
    const mine = ++generation;
    const now = deps.clock();
    let next: Date | null;
    try {
      next = await deps.nextScheduledChange(new Date(Math.max(now.getTime(), lastFired)));
    } catch (error) {
      deps.logger?.warn("schedule timer: reading the schedule failed", errorFields(error));
      if (mine === generation && !closed) arm(() => schedule(plan), RETRY_MS);
      return;
    }
    // A later plan (another version change meanwhile) wins.
    if (mine !== generation || closed) return;
    planned = next;
    if (!next) {
      if (handle !== null) timers.clear(handle);
      handle = null;
      return;
    }
    const boundary = next;
    arm(() => schedule(() => fire(boundary)), Math.min(MAX_DELAY_MS, Math.max(0, boundary.getTime() - now.getTime())));
  };

  const fire = async (boundary: Date) => {
    handle = null;
    if (closed) return;
    // Woken before the boundary (a long delay cut short, or a timer a hair early): plan again.
    if (deps.clock().getTime() < boundary.getTime()) return plan();
    lastFired = boundary.getTime();
    const changesBefore = changes;
    try {
      await deps.contentVersion.invalidate(deps.scheduledTags ?? ["*"], true);
    } catch (error) {
      deps.logger?.warn("schedule timer: bumping the content version failed", errorFields(error));
      lastFired = boundary.getTime() - 1;
      arm(() => schedule(() => fire(boundary)), RETRY_MS);
      return;
    }
    // The bump's onChange has queued the next plan; plan here only if it did not (one read per boundary).
    if (changes === changesBefore) await plan();
  };

  /** Runs steps one after another, so `settled()` covers them all. */
  const schedule = (step: () => Promise<void>) => {
    work = work.then(step, step);
    return work;
  };

  const unsubscribe = deps.contentVersion.onChange(() => {
    changes++;
    void schedule(plan);
  });
  void schedule(plan);

  return {
    next: () => planned,
    settled: async () => {
      // Steps may queue further steps; wait until the chain stops growing.
      let current: Promise<void>;
      do {
        current = work;
        await current;
      } while (current !== work);
    },
    close() {
      closed = true;
      unsubscribe();
      if (handle !== null) timers.clear(handle);
      handle = null;
    },
  };
}
