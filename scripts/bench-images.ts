/**
 * Times the image pipeline on a 1200×900 photo-like image (gradients + noise), to back the
 * encoder settings with figures. Run: ./node_modules/.bin/node scripts/bench-images.ts [runs]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { AVIF_OPTIONS, encodeAvifVariants, ingestImage, variantWidthsFor } from "../server/images/pipeline.ts";
import { createLocalStorage } from "../server/images/storage.ts";

const WIDTH = 1200;
const HEIGHT = 900;
const RUNS = Number(process.argv[2] ?? 5);

/** Smooth gradients (sky/crust-like) plus per-pixel noise and some blocky texture, as JPEG. */
async function photoLike(): Promise<Buffer> {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const n = (random() - 0.5) * 40;
      const blob = Math.sin(x / 37) * Math.cos(y / 23) * 40;
      data[i] = Math.max(0, Math.min(255, 200 * (x / WIDTH) + 40 + n + blob));
      data[i + 1] = Math.max(0, Math.min(255, 150 * (y / HEIGHT) + 60 + n));
      data[i + 2] = Math.max(0, Math.min(255, 90 + 80 * Math.sin((x + y) / 150) + n - blob));
    }
  }
  return sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .blur(0.6)
    .jpeg({ quality: 90 })
    .toBuffer();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await fn();
  return [performance.now() - started, result];
}

const dir = await mkdtemp(path.join(tmpdir(), "bench-images-"));
try {
  const storage = createLocalStorage(dir);
  const input = await photoLike();
  console.log(
    `input: ${WIDTH}×${HEIGHT} JPEG, ${(input.length / 1024).toFixed(0)} KB; ${availableParallelism()} CPUs; ` +
      `sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, aom ${sharp.versions.aom}; ` +
      `sharp.concurrency()=${sharp.concurrency()}; ${RUNS} runs (median, ms per image)`,
  );

  await ingestImage(storage, input, { directory: "warmup" }); // load codecs once

  const ingestTimes: number[] = [];
  const images = [];
  for (let i = 0; i < RUNS; i++) {
    const [ms, image] = await time(() => ingestImage(storage, input, { directory: "bench" }));
    ingestTimes.push(ms);
    images.push(image);
  }
  const first = images[0]!;
  console.log(
    `ingestImage (master + WebP ${variantWidthsFor(first.width).join("/")} + JPEG fallback): ${median(ingestTimes).toFixed(0)} ms`,
  );

  const avifTimes: number[] = [];
  for (const image of images) {
    const [ms] = await time(() => encodeAvifVariants(storage, image));
    avifTimes.push(ms);
  }
  console.log(
    `encodeAvifVariants (quality ${AVIF_OPTIONS.quality}, effort ${AVIF_OPTIONS.effort}, as configured): ${median(avifTimes).toFixed(0)} ms`,
  );

  // The same AVIF work at other efforts, for comparison (same widths, from the same master).
  const master = (await storage.read(`${first.key}/original.webp`))!;
  const widths = variantWidthsFor(first.width);
  for (const effort of [0, 1, 2, 3, 4, 5]) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      // Sequential, like encodeAvifVariants.
      const [ms, total] = await time(async () => {
        let sum = 0;
        for (const width of widths) {
          const out = await sharp(master).resize({ width }).avif({ quality: AVIF_OPTIONS.quality, effort }).toBuffer();
          sum += out.length;
        }
        return sum;
      });
      times.push(ms);
      bytes = total;
    }
    console.log(
      `  avif effort ${effort}: ${median(times).toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KB for ${widths.join("/")}`,
    );
  }

  const webpBytes = await Promise.all(
    first.variants.filter((v) => v.format === "webp").map(async (v) => (await storage.read(v.key))!.length),
  );
  console.log(`  webp (q78, effort 4): ${(webpBytes.reduce((a, b) => a + b, 0) / 1024).toFixed(0)} KB`);

  const seedImages = 120;
  console.log(
    `estimate for a ${seedImages}-image seed: ingest ≈ ${((median(ingestTimes) * seedImages) / 1000).toFixed(1)} s, ` +
      `AVIF in background ≈ ${((median(avifTimes) * seedImages) / 1000).toFixed(1)} s`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
