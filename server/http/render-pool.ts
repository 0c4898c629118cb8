/**
 * The render pool (issue 27 part 5, decision 014): public pages the page cache does not hold are rendered by worker
 * threads (render-worker.ts), so the server's thread — which answers cache hits, the admin API and every write —
 * never waits for a render, and the machine's other cores do the rendering.
 *
 * - The server's thread keeps the page cache (single flight, stale-while-revalidate, the stamps): a render sent
 *   here is awaited inside the cache's tag collector, and the tags the worker read are recorded there, stamped as
 *   of the moment the render was sent. A write recorded after that makes the page stale, so a render that began
 *   before a write is never kept as fresh after it (page-cache.ts).
 * - Every change the tag clock records and every content version is forwarded to every worker, in order, before
 *   any later render: a worker's memoised reads and search index are never older than what the server's thread
 *   knows (render-worker.ts).
 * - A render goes to the ready worker with the fewest renders in flight, at most `concurrency` each (the others wait
 *   here, in order). With no worker ready (starting, or all
 *   gone) `render` returns null and the caller renders on its own thread; a worker that dies (or hangs past
 *   `renderTimeoutMs`, and is stopped) fails its renders with `WorkerLostError`, which the caller renders on its
 *   own thread too. A worker that exits is started again, at once the first time and then with a growing delay
 *   while it keeps failing before it is ready (a missing build, a database it cannot open).
 */
import { Worker } from "node:worker_threads";
import type { ReadCheck } from "../cache-tags.ts";
import type { AppConfig } from "../config.ts";
import type { ContentVersion } from "../content-version.ts";
import { errorFields, type Logger } from "../log.ts";
import type { RenderedPage } from "./page-cache.ts";

/** What a worker is started with (structured-cloned). */
export interface RenderWorkerData {
  /** build/server/index.js: imported by the worker as server/main.ts imports it. */
  buildFile: string;
  mode: "production" | "development";
  /** Its own handle on the server's database (read-only). */
  database: { url: string; schema?: string; poolSize?: number };
  storage: Pick<AppConfig, "s3" | "uploadsDir">;
  imagesBaseUrl?: string;
  publicUrl: string;
  /** SESSION_SECRET (the services sign links with it). */
  linkSecret?: string;
  logLevel: AppConfig["logLevel"];
  /** The content version when the worker was started. */
  version: number;
}

export type ToWorker =
  | { t: "render"; id: number; path: string; whole: boolean; nonce: string; now: number; v: number }
  /** Calls these verifiable reads again (server/services/read-tags.ts): do they return the same? */
  | { t: "verify"; id: number; checks: readonly ReadCheck[]; now: number; v: number }
  | { t: "change"; tags: readonly string[]; hard: boolean }
  | { t: "version"; v: number };

export type FromWorker =
  | { t: "ready" }
  | {
      t: "done";
      id: number;
      status: number;
      headers: [string, string][];
      body: ArrayBuffer;
      offset: number;
      length: number;
      /** The tags of its reads that are not verifiable, and its verifiable reads (server/cache-tags.ts `readsOf`). */
      tags: string[];
      checks: ReadCheck[];
      /** `etagOf` the page (page-cache.ts), hashed here rather than on the server's thread. */
      etag: string;
      /** The worker's database handle finds the database down / its pool full (http/faults.ts). */
      down: boolean;
      busy: boolean;
    }
  | { t: "verified"; id: number; same: boolean }
  | { t: "failed"; id: number; error: string };

export interface RenderJob {
  /** The path and query to render (the cache key, or the request's own address). */
  path: string;
  wholeDocument: boolean;
  nonce: string;
}

export interface RemoteRender {
  page: RenderedPage;
  /** What the render read (server/cache-tags.ts): tags, and verifiable reads with their tags. */
  tags: string[];
  checks: ReadCheck[];
  /** The pool slot of the worker that rendered it. */
  worker: number;
}

/** A worker died or was stopped with the render in flight: render it elsewhere. */
export class WorkerLostError extends Error {}

export interface RenderPoolStats {
  size: number;
  ready: number;
  /** Renders answered by a worker. */
  rendered: number;
  /** Verifications answered by a worker (a kept page's verifiable reads called again: page-cache.ts). */
  verified: number;
  /** Renders a worker lost (it exited or was stopped): the caller rendered them on its own thread. */
  lost: number;
  /** Renders asked for while no worker was ready: the caller rendered them on its own thread. */
  unavailable: number;
  /** Workers started again after one exited. */
  restarts: number;
  /** Renders a worker is doing, and renders waiting for one. */
  inFlight: number;
  queued: number;
}

export interface RenderPoolOptions {
  /** Workers to run; 0: none (every render on the server's thread). */
  size: number;
  worker: Omit<RenderWorkerData, "version">;
  /** The server's content version: its changes and numbers are forwarded to every worker. */
  contentVersion: Pick<ContentVersion, "tags" | "current" | "onChange">;
  /** "Now" sent with each render (the services' clock); the system clock when absent. */
  clock?: () => Date;
  logger: Logger;
  /** A render unanswered after this long stops its worker (its renders are rendered elsewhere). */
  renderTimeoutMs?: number;
  /** Renders in flight per worker (more wait in the pool's queue); 4 by default. */
  concurrency?: number;
}

const RENDER_TIMEOUT_MS = 30_000;
/**
 * Renders in flight per worker: enough to overlap a render's database waits (PostgreSQL) and the messages' trips,
 * few enough that a worker's own connections (4) serve them without a render queueing into the pool's timeout.
 */
const DEFAULT_CONCURRENCY = 4;
const FIRST_RESTART_DELAY_MS = 200;
const MAX_RESTART_DELAY_MS = 30_000;
/** After a reply saying the database's pool was full, the pool is reported busy this long (as database.ts does). */
const BUSY_MEMORY_MS = 5_000;
const WORKER_URL = new URL("./render-worker.ts", import.meta.url);

type Answer = Extract<FromWorker, { t: "done" } | { t: "verified" }>;

interface Pending {
  settle(answer: Answer, slot: Slot): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** A render or a verification waiting for a worker. */
interface Queued {
  /** The message to send, given its id and the content version when it is sent. */
  message(id: number, v: number): ToWorker;
  /** What it is about, for the log (the page's path). */
  about: string;
  settle(answer: Answer, slot: Slot): void;
  reject(error: Error): void;
}

interface Slot {
  index: number;
  worker: Worker | null;
  ready: boolean;
  pending: Map<number, Pending>;
  /** Exits since the worker was last ready. */
  failures: number;
  restart: NodeJS.Timeout | null;
}

export function createRenderPool(options: RenderPoolOptions) {
  const { logger, contentVersion } = options;
  const clock = options.clock ?? (() => new Date());
  const timeoutMs = options.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
  const slots: Slot[] = Array.from({ length: Math.max(0, options.size) }, (_, index) => ({
    index,
    worker: null,
    ready: false,
    pending: new Map(),
    failures: 0,
    restart: null,
  }));
  const counts = { rendered: 0, verified: 0, lost: 0, unavailable: 0, restarts: 0 };
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  /** Renders waiting for a worker with room. */
  const queue: Queued[] = [];
  let nextId = 1;
  let closed = false;
  let down = false;
  let busyAt = 0;

  const broadcast = (message: ToWorker) => {
    for (const slot of slots) slot.worker?.postMessage(message);
  };
  const stopChanges = contentVersion.tags.onInvalidate((tags, hard) => broadcast({ t: "change", tags, hard }));
  const stopVersions = contentVersion.onChange((v) => broadcast({ t: "version", v }));

  function settle(slot: Slot, message: FromWorker) {
    if (message.t === "ready") {
      slot.ready = true;
      slot.failures = 0;
      logger.debug("render worker ready", { worker: slot.index });
      pump();
      return;
    }
    const pending = slot.pending.get(message.id);
    if (!pending) return;
    slot.pending.delete(message.id);
    clearTimeout(pending.timer);
    pump();
    if (message.t === "failed") {
      pending.reject(new Error(`render worker: ${message.error}`));
      return;
    }
    pending.settle(message, slot);
  }

  /** Sends queued renders to the least busy ready workers, each up to `concurrency` in flight. */
  function pump() {
    while (queue.length) {
      let best: Slot | null = null;
      for (const slot of slots) {
        if (!slot.ready || !slot.worker || slot.pending.size >= concurrency) continue;
        if (!best || slot.pending.size < best.pending.size) best = slot;
      }
      if (!best) return;
      dispatch(best, queue.shift()!);
    }
  }

  function dispatch(slot: Slot, queued: Queued) {
    const worker = slot.worker!;
    const id = nextId++;
    const timer = setTimeout(() => {
      logger.error("render worker did not answer; stopping it", { worker: slot.index, path: queued.about, timeoutMs });
      void worker.terminate();
    }, timeoutMs);
    timer.unref();
    slot.pending.set(id, { settle: queued.settle, reject: queued.reject, timer });
    worker.postMessage(queued.message(id, contentVersion.current()));
  }

  /** Queues work for the workers; null when none is ready (the caller does it on its own thread). */
  function enqueue<T>(about: string, message: Queued["message"], answer: (answer: Answer, slot: Slot) => T) {
    if (!slots.some((slot) => slot.ready && slot.worker)) return null;
    return new Promise<T>((resolve, reject) => {
      const settle = (reply: Answer, slot: Slot) => {
        try {
          resolve(answer(reply, slot));
        } catch (error) {
          reject(error as Error);
        }
      };
      queue.push({ about, message, settle, reject });
      pump();
    });
  }

  /** With no worker ready any more, the queued renders are the caller's to do. */
  function releaseQueue(reason: string) {
    if (slots.some((slot) => slot.ready && slot.worker)) return;
    for (const queued of queue.splice(0)) {
      counts.lost++;
      queued.reject(new WorkerLostError(reason));
    }
  }

  function start(slot: Slot) {
    slot.restart = null;
    if (closed) return;
    const data: RenderWorkerData = { ...options.worker, version: contentVersion.current() };
    const worker = new Worker(WORKER_URL, {
      workerData: data,
      // A worker's heap is its own; its pages are small, its caches the memoised reads and the search index.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    // Workers never keep the process alive: the server's shutdown closes the pool, tests may forget to.
    worker.unref();
    slot.worker = worker;
    slot.ready = false;
    worker.on("message", (message: FromWorker) => settle(slot, message));
    worker.on("error", (error) => logger.error("render worker failed", { worker: slot.index, ...errorFields(error) }));
    worker.on("exit", (code) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      slot.ready = false;
      const lost = [...slot.pending.values()];
      slot.pending.clear();
      for (const pending of lost) {
        clearTimeout(pending.timer);
        counts.lost++;
        pending.reject(new WorkerLostError(`render worker ${slot.index} exited (${code})`));
      }
      releaseQueue(`render worker ${slot.index} exited (${code})`);
      if (closed) return;
      slot.failures++;
      const delay =
        slot.failures <= 1 ? 0 : Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (slot.failures - 2));
      logger.warn("render worker exited; starting another", {
        worker: slot.index,
        code,
        inFlight: lost.length,
        delayMs: delay,
      });
      counts.restarts++;
      slot.restart = setTimeout(() => start(slot), delay);
      slot.restart.unref();
    });
  }
  for (const slot of slots) start(slot);

  return {
    /**
     * Sends `job` to the least busy ready worker; null when none is ready (render it on this thread). Rejects with
     * `WorkerLostError` when the worker is lost before it answers.
     */
    render(job: RenderJob): Promise<RemoteRender> | null {
      // The services' "now" when the render was asked for (the cache key's minute and day were taken then).
      const now = clock().getTime();
      const remote = enqueue(
        job.path,
        (id, v) => ({ t: "render", id, path: job.path, whole: job.wholeDocument, nonce: job.nonce, now, v }),
        (message, slot): RemoteRender => {
          if (message.t !== "done") throw new Error(`render worker answered a render with ${message.t}`);
          counts.rendered++;
          down = message.down;
          if (message.busy) busyAt = Date.now();
          return {
            page: {
              status: message.status,
              headers: message.headers,
              body: new Uint8Array(message.body, message.offset, message.length),
              nonce: job.nonce,
              etag: message.etag,
            },
            tags: message.tags,
            checks: message.checks,
            worker: slot.index,
          };
        },
      );
      if (!remote && slots.length) counts.unavailable++;
      return remote;
    },

    /**
     * Whether these verifiable reads return what they did (page-cache.ts), asked of a worker: its search index and
     * memoised reads already follow every change recorded before this call. Null when no worker is ready.
     */
    verify(checks: readonly ReadCheck[]): Promise<boolean> | null {
      const now = clock().getTime();
      return enqueue(
        "verify",
        (id, v) => ({ t: "verify", id, checks, now, v }),
        (message) => {
          counts.verified++;
          return message.t === "verified" && message.same;
        },
      );
    },

    /** The last render a worker answered found the database down (http/faults.ts turns its 500 into a 503). */
    databaseDown: () => down,
    /** A worker's render met a full database pool lately. */
    databaseBusy: () => busyAt > 0 && Date.now() - busyAt < BUSY_MEMORY_MS,

    stats(): RenderPoolStats {
      return {
        size: slots.length,
        ready: slots.filter((slot) => slot.ready).length,
        ...counts,
        inFlight: slots.reduce((sum, slot) => sum + slot.pending.size, 0),
        queued: queue.length,
      };
    },

    /** The running workers (tests stop one to see the pool recover). */
    workers(): Worker[] {
      return slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));
    },

    /** Resolves once every worker is ready (tests; start-up does not wait: renders fall back meanwhile). */
    async whenReady(timeoutMs = 60_000): Promise<void> {
      const until = Date.now() + timeoutMs;
      while (slots.some((slot) => !slot.ready)) {
        if (Date.now() > until) throw new Error("render workers not ready");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },

    async close(): Promise<void> {
      closed = true;
      stopChanges();
      stopVersions();
      await Promise.all(
        slots.map(async (slot) => {
          if (slot.restart) clearTimeout(slot.restart);
          const worker = slot.worker;
          if (worker) await worker.terminate();
          slot.worker = null;
          slot.ready = false;
        }),
      );
      for (const queued of queue.splice(0)) queued.reject(new WorkerLostError("render pool closed"));
    },
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;
