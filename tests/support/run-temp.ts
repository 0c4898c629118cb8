/**
 * One temporary folder per test run and project: the global setups point TMPDIR at it, so everything the
 * run writes to the system's temporary directory — tempDir() folders, the servers' and scripts' files,
 * Chromium's profiles and Playwright's artifacts, s3rver's buckets — lands inside, and the teardown removes
 * it whole. Nothing is left in /tmp, not even after a crashed worker or a killed child process.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Sets TMPDIR (inherited by the workers and their children) and returns the teardown that removes it. */
export function runTempDir(project: string): () => void {
  const previous = process.env.TMPDIR;
  const dir = mkdtempSync(path.join(tmpdir(), `bakery-${project}-run-`));
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(dir, { recursive: true, force: true });
  };
}
