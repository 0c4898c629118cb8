/**
 * sharp (libvips), loaded on first use: the server answers its first request without it (issue 31: cold start), and
 * configured once when it loads.
 *
 * - `sharp.cache(false)`: libvips keeps the results of recent operations in a process-wide cache (default 50 MB /
 *   100 ops) so that a repeated identical operation can be reused. Every image we process is new, so the cache
 *   never hits and only pins decoded pixel buffers.
 * - `sharp.concurrency(1)`: libvips threads per operation. Several operations already run at once on libuv's
 *   thread pool (an image's outputs are encoded together, server/images/pipeline.ts), which keeps both cores
 *   busy; more threads per operation add per-thread buffers (and glibc malloc arenas) for no speed.
 * How many images are processed at once is bounded above this, by the image gate (server/images/gate.ts).
 */
import type SharpModule from "sharp";

export type SharpFunction = typeof SharpModule;

let loading: Promise<SharpFunction> | undefined;

export function loadSharp(): Promise<SharpFunction> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
