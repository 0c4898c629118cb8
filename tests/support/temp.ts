/**
 * Temporary folders for tests that are always removed: each is tracked here, and the suites' setup
 * (tests/support/cleanup.ts, the e2e global setup) removes what a test left behind — also after a failure.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dirs = new Set<string>();

/** A new folder under the system's temporary directory, named `prefix…`. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  dirs.delete(dir);
}

export function removeAllTempDirs(): void {
  for (const dir of [...dirs]) removeTempDir(dir);
}

// A worker that ends without running its hooks (a crash, a timeout) still cleans up.
process.once("exit", removeAllTempDirs);
