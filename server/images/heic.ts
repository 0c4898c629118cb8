/**
 * HEIC from phones (issue 12): iPhones save photos as HEIF with HEVC-coded pixels, which sharp's bundled
 * libheif cannot decode (it reads the header — size, orientation — and decodes only AV1, i.e. AVIF).
 * `heic-decode` (libheif compiled to WebAssembly, with libde265) decodes the HEVC pixels; the pipeline
 * then treats them like any other upload.
 *
 * The WebAssembly decode is synchronous and slow (a 12 Mpx photo: 3.5–5.2 s on this machine), so it runs
 * in a worker thread of its own: the server keeps answering meanwhile, the decode timeout can stop it
 * (`terminate`), and the decoder's memory (~50 MB for 12 Mpx, never returned by WebAssembly) goes with
 * the worker instead of staying in the server.
 */
import { Worker } from "node:worker_threads";

export interface DecodedHeic {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
}

const WORKER_URL = new URL("./heic-worker.mjs", import.meta.url);

/**
 * Decodes the primary image of a HEIC file into RGBA pixels (libheif applies the file's rotation and
 * mirroring). Rejects for a file it cannot read, and after `timeoutSeconds`. The caller checks the pixel
 * limit from the header first.
 */
export function decodeHeic(input: Buffer, timeoutSeconds: number): Promise<DecodedHeic> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: new Uint8Array(input) });
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      action();
    };
    const timer = setTimeout(() => finish(() => reject(new Error("HEIC decode timeout"))), timeoutSeconds * 1000);
    worker.once("message", (message: { data: Uint8ClampedArray; width: number; height: number }) => {
      const { data, width, height } = message;
      finish(() =>
        resolve({ data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height, channels: 4 }),
      );
    });
    worker.once("error", (error) => finish(() => reject(error)));
    worker.once("exit", (code) => finish(() => reject(new Error(`HEIC decoder exited (${code})`))));
  });
}
