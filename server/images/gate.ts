/**
 * The image gate (issue 31): at most `concurrency` images are decoded and encoded at once per process; further
 * uploads wait in a queue of at most `queue` places, for at most `maxWaitMs`; an upload that finds the queue full
 * (or waits too long) is refused with `ImagesBusyError` (the API's Hebrew 503 with Retry-After). What one image in
 * flight costs in memory is bounded by the pipeline (40 Mpx input limit, 2400 px master, libvips' cache off, one
 * libvips thread per operation: server/images/sharp.ts), so the gate bounds the resident memory of image work:
 * docs/operations.md, "Image processing and memory", has the figures.
 *
 * Background work (AVIF encoding, the demo images of a first start) takes a slot like an upload but is never
 * refused: it waits as long as it must, beside the queue's places.
 */

/** Uploads beyond the gate's queue, or waiting longer than it allows. */
export class ImagesBusyError extends Error {
  constructor() {
    super("image processing busy");
    this.name = "ImagesBusyError";
  }
}

export interface ImageGateOptions {
  /** Images processed at once. */
  concurrency: number;
  /** Uploads that may wait for a slot; 0 refuses whatever finds every slot taken. */
  queue: number;
  /** The longest an upload waits for a slot before it is refused. */
  maxWaitMs: number;
}

/** IMAGE_CONCURRENCY and IMAGE_QUEUE when unset (docs/operations.md has the memory they give). */
export const DEFAULT_IMAGE_GATE = { concurrency: 2, queue: 8 } as const;

/** An upload waits at most this long for a slot: well within the server's 120 s request timeout. */
export const MAX_WAIT_MS = 60_000;

interface Waiter {
  background: boolean;
  start: () => void;
  timer?: ReturnType<typeof setTimeout>;
}

export function createImageGate(options: ImageGateOptions) {
  let active = 0;
  const waiting: Waiter[] = [];
  const waitingUploads = () => waiting.filter((w) => !w.background).length;

  function release() {
    active--;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      active++;
      next.start();
    }
  }

  function acquire(background: boolean): Promise<void> {
    if (active < options.concurrency && waiting.length === 0) {
      active++;
      return Promise.resolve();
    }
    if (!background && waitingUploads() >= options.queue) return Promise.reject(new ImagesBusyError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { background, start: resolve };
      if (!background) {
        waiter.timer = setTimeout(() => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          reject(new ImagesBusyError());
        }, options.maxWaitMs);
      }
      waiting.push(waiter);
    });
  }

  return {
    options,
    /** Runs `work` in a slot, after waiting for one; uploads are refused with ImagesBusyError when the queue is full. */
    async run<T>(work: () => Promise<T>, { background = false }: { background?: boolean } = {}): Promise<T> {
      await acquire(background);
      try {
        return await work();
      } finally {
        release();
      }
    },
    /** True when an upload arriving now would be refused (checked before its body is read). */
    full(): boolean {
      return active >= options.concurrency && waitingUploads() >= options.queue;
    },
    stats() {
      return { active, waiting: waiting.length };
    },
  };
}

export type ImageGate = ReturnType<typeof createImageGate>;
