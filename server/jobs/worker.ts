/**
 * The background worker: claims work items (server/db/jobs.ts) one at a time and runs the handler of
 * their kind. Every app server may run one; the queue makes sure an item is worked on by one server at a
 * time. A failure is retried with back-off up to `maxAttempts` claims, then the item is left `failed`
 * with its reason, so a broken item (its original file missing) is never retried forever. An item whose
 * claim ended without an answer (its process was killed) is not a failure: it is requeued with the same
 * back-off (growing with each claim, up to an hour) and never left failed for that — one that keeps killing
 * its process is tried at most once an hour, one that met a crash of something else gets done. While the
 * database is down the worker waits and tries again, logging once. `stop()` hands the current item back
 * and returns at once, without waiting for a slow encoder to finish. A handler whose result is a database write
 * makes it through `finish`, in the transaction that takes the item out of the queue: a stop that lands while the
 * write is on its way can then never leave a finished item queued, nor a handed-back item half written.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { ClaimedJob, FinishJob, JobQueue } from "../db/jobs.ts";
import { errorFields, type Logger } from "../log.ts";

export type JobHandler = (job: ClaimedJob, signal: AbortSignal, finish: FinishJob) => Promise<void>;

export interface WorkerOptions {
  queue: JobQueue;
  /** The handler of each kind, in priority order: a due item of an earlier kind is claimed first. */
  handlers: Record<string, JobHandler>;
  logger: Logger;
  /** How long a claim lasts before another server may take the item; renewed while the work goes on. */
  leaseMs?: number;
  /** How often to look for new items when there is nothing to do (items enqueued by other servers). */
  pollMs?: number;
  /** Claims per item, the first one included, before it is left failed. */
  maxAttempts?: number;
  /** Wait before retry `attempt` (1 = after the first failure). */
  retryDelayMs?: (attempt: number) => number;
  /** Told how many items were completed, when the worker runs out of work or every `progressEveryMs`. */
  onCompleted?: (count: number) => void;
  progressEveryMs?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
/** 30 s, 2 min, 8 min, 32 min, then an hour. */
const defaultRetryDelay = (attempt: number) => Math.min(30_000 * 4 ** (attempt - 1), 60 * 60_000);

export interface JobWorker {
  /** Runs until `stop()`. */
  start(): void;
  /** Looks for work now instead of at the next poll (an item was just enqueued here). */
  wake(): void;
  /** Hands the current item back and ends the loop; resolves promptly. */
  stop(): Promise<void>;
  /** Works until no item of its kinds is pending or running anywhere (scripts and tests); returns how many completed. */
  runUntilIdle(): Promise<number>;
  readonly id: string;
}

export function createJobWorker(options: WorkerOptions): JobWorker {
  const { queue, handlers, logger } = options;
  const kinds = Object.keys(handlers);
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const pollMs = options.pollMs ?? 5_000;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const retryDelay = options.retryDelayMs ?? defaultRetryDelay;
  const progressEveryMs = options.progressEveryMs ?? 10_000;

  const stopping = new AbortController();
  let loop: Promise<unknown> | null = null;
  let wakeUp: (() => void) | null = null;
  let unreported = 0;
  let lastReport = Date.now();
  let queueWarned = false;

  const report = (force: boolean) => {
    if (unreported === 0 || (!force && Date.now() - lastReport < progressEveryMs)) return;
    const count = unreported;
    unreported = 0;
    lastReport = Date.now();
    options.onCompleted?.(count);
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopping.signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        stopping.signal.removeEventListener("abort", done);
        resolve();
      }
      wakeUp = done;
      stopping.signal.addEventListener("abort", done);
    });

  /** A queue call that may fail while the database is down: warn once, then null until it works again. */
  const guarded = async <T>(what: string, call: () => Promise<T>): Promise<T | null> => {
    try {
      const result = await call();
      queueWarned = false;
      return result;
    } catch (error) {
      if (!queueWarned) logger.warn(`job queue: ${what} failed`, errorFields(error));
      queueWarned = true;
      return null;
    }
  };

  /** Runs one claimed item to its end: completed, failed (retry or for good), or handed back. */
  const runOne = async (job: ClaimedJob): Promise<boolean> => {
    const fields = { job: job.id, kind: job.kind, key: job.key, attempt: job.attempts };
    const handler = handlers[job.kind];
    if (!handler) {
      logger.error("job failed for good", { ...fields, reason: "unknown job kind" });
      await guarded("fail", () => queue.fail(job, id, "unknown job kind", null));
      return false;
    }
    const heartbeat = setInterval(() => {
      void guarded("lease renewal", () => queue.extend(job, id, leaseMs));
    }, leaseMs / 3);
    heartbeat.unref();
    const stopped = new Promise<"stopped">((resolve) => {
      if (stopping.signal.aborted) resolve("stopped");
      stopping.signal.addEventListener("abort", () => resolve("stopped"), { once: true });
    });
    let finished = false;
    const finish: FinishJob = async (write) => {
      finished = await queue.completeWith(job, id, write);
      return finished;
    };
    try {
      const outcome = await Promise.race([handler(job, stopping.signal, finish).then(() => "done" as const), stopped]);
      if (outcome === "stopped") {
        // Finds nothing to hand back when the handler's finish committed first.
        await guarded("release", () => queue.release(job, id));
        return false;
      }
      if (finished) return true;
      const completed = await guarded("complete", () => queue.complete(job, id));
      if (completed === false) logger.warn("job finished after its lease was taken over", fields);
      return completed === true;
    } catch (error) {
      if (stopping.signal.aborted) {
        await guarded("release", () => queue.release(job, id));
        return false;
      }
      const reason = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= maxAttempts;
      if (final) logger.error("job failed for good", { ...fields, reason });
      else logger.warn("job failed; will retry", { ...fields, reason, retryInMs: retryDelay(job.attempts) });
      await guarded("fail", () => queue.fail(job, id, reason, final ? null : Date.now() + retryDelay(job.attempts)));
      return false;
    } finally {
      clearInterval(heartbeat);
    }
  };

  /** Claims and runs items until none is due; returns how many completed. */
  const drainDue = async (): Promise<number> => {
    let completed = 0;
    const abandoned = await guarded("requeue", () => queue.requeueAbandoned(kinds, retryDelay));
    for (const job of abandoned ?? []) {
      logger.warn("job abandoned by its claimant; will retry", {
        job: job.id,
        kind: job.kind,
        key: job.key,
        attempt: job.attempts,
        claimedBy: job.claimedBy,
        runAfter: job.runAfter,
      });
    }
    while (!stopping.signal.aborted) {
      const job = await guarded("claim", () => queue.claim(kinds, id, leaseMs));
      if (!job) break;
      if (await runOne(job)) {
        completed++;
        unreported++;
        report(false);
      }
    }
    report(true);
    return completed;
  };

  return {
    id,
    start() {
      loop ??= (async () => {
        while (!stopping.signal.aborted) {
          await drainDue();
          await sleep(pollMs);
        }
      })();
    },
    wake() {
      wakeUp?.();
    },
    async stop() {
      stopping.abort();
      await loop;
    },
    async runUntilIdle() {
      let completed = 0;
      while (!stopping.signal.aborted) {
        completed += await drainDue();
        const due = await guarded("look-up", () => queue.nextDue(kinds));
        if (due === null && !queueWarned) break;
        // Items waiting for a retry, or held by another worker: wait for their time.
        await sleep(Math.max(10, Math.min(pollMs, (due ?? Date.now() + pollMs) - Date.now())));
      }
      return completed;
    },
  };
}
