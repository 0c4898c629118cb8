/**
 * `npm run build`: the site (React Router's client and server builds → build/), then the islands' build
 * (vite.islands.config.ts: the public pages' island loader and its chunks, beside the client build — ADR 013).
 * `npm start` (scripts/start.ts) and the tests (tests/support/site-build.ts) build through here too, when the
 * build is older than what it is made of.
 */
import { spawnSync } from "node:child_process";

/** What the build is made of (app/ reaches server/ only as types: tests/unit/layering.test.ts). */
export const BUILD_INPUTS = [
  "app",
  "domain",
  "public",
  "vite.config.ts",
  "vite.islands.config.ts",
  "vite.precompress.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
  "scripts/build.ts",
];

/** The build's last output (the islands' manifest): a build is whole when this is newer than its inputs. */
export const BUILD_MARKER = "build/client/.vite/islands-manifest.json";

const STEPS: [string, string[]][] = [
  ["react-router build", ["node_modules/@react-router/dev/bin.cjs", "build"]],
  ["islands build", ["node_modules/vite/bin/vite.js", "build", "-c", "vite.islands.config.ts", "--logLevel", "warn"]],
];

/** Runs the build's steps; the exit status of the first that fails, or 0. */
export function runBuild(options: { quiet?: boolean; env?: NodeJS.ProcessEnv } = {}): number {
  for (const [name, args] of STEPS) {
    const result = spawnSync(process.execPath, args, {
      stdio: options.quiet ? ["ignore", "ignore", "inherit"] : "inherit",
      env: options.env ?? process.env,
    });
    if (result.status !== 0) {
      console.error(`${name} failed (exit ${result.status})`);
      return result.status ?? 1;
    }
  }
  return 0;
}

if (import.meta.main) process.exit(runBuild());
