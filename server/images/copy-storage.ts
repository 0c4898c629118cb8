/**
 * Copies every image file from one storage to another (a local uploads folder into a bucket, a backup's
 * uploads back into the configured storage). Keys are never rewritten with other bytes, so a key the
 * target already holds is skipped: running it again copies nothing twice.
 */
import type { ImageStorage } from "./storage.ts";

export interface CopyResult {
  /** Files in the source. */
  total: number;
  copied: number;
  /** Already in the target. */
  skipped: number;
}

export async function copyStorage(
  from: ImageStorage,
  to: ImageStorage,
  options: { concurrency?: number; onProgress?: (result: CopyResult) => void } = {},
): Promise<CopyResult> {
  const present = new Set<string>();
  for await (const key of to.list()) present.add(key);
  const keys: string[] = [];
  for await (const key of from.list()) keys.push(key);
  const result: CopyResult = { total: keys.length, copied: 0, skipped: 0 };
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      if (present.has(key)) {
        result.skipped++;
        continue;
      }
      const data = await from.read(key);
      if (data === null) {
        // Removed meanwhile: nothing to copy.
        result.total--;
        continue;
      }
      await to.put(key, data);
      result.copied++;
      if (result.copied % 100 === 0) options.onProgress?.(result);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return result;
}

export interface VerifyResult {
  /** Files of the source whose bytes were compared with the target's. */
  compared: number;
  /** Keys whose bytes in the target differ from the source's, or that the target lacks. */
  differing: string[];
}

/** Compares every file of `from` with the same key in `to`, byte for byte (after a copyStorage). */
export async function verifyStorage(
  from: ImageStorage,
  to: ImageStorage,
  options: { concurrency?: number } = {},
): Promise<VerifyResult> {
  const keys: string[] = [];
  for await (const key of from.list()) keys.push(key);
  const result: VerifyResult = { compared: 0, differing: [] };
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const source = await from.read(key);
      // Removed meanwhile: nothing to compare.
      if (source === null) continue;
      const target = await to.read(key);
      if (target === null || !target.equals(source)) result.differing.push(key);
      result.compared++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return result;
}
