/**
 * The production build (`npm run build`, scripts/build.ts → build/) that every suite needing pages uses: integration
 * imports its server bundle in-process, e2e and cluster run server/main.ts on it. It is made once and
 * reused while nothing it is built from has changed: build/.test-inputs holds a hash of those inputs,
 * written after a build made here. Called from the suites' global setups (one process at a time).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { inputsHash } from "./input-hash.ts";

export const BUILD_ENTRY = "build/server/index.js";
const STAMP = "build/.test-inputs";
/** What the build is made of (app/ reaches server/ only as types: tests/unit/layering.test.ts). */
const INPUTS = [
  "app",
  "domain",
  "public",
  "vite.config.ts",
  "vite.islands.config.ts",
  "vite.precompress.ts",
  "scripts/build.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
];

/** Builds unless build/ is the build of the current sources. Returns whether it built. */
export function ensureSiteBuild(): boolean {
  const current = inputsHash(INPUTS);
  if (existsSync(BUILD_ENTRY) && existsSync(STAMP) && readFileSync(STAMP, "utf8") === current) return false;
  console.info("Building the site for the tests (npm run build)…");
  // Vitest sets NODE_ENV=test, which would give a development build of React (other markup, no production
  // optimisations): the tests must run what `npm start` serves.
  const result = spawnSync(process.execPath, ["scripts/build.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
  writeFileSync(STAMP, current);
  return true;
}
