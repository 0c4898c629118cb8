/**
 * The production build (`npm run build`, scripts/build.ts → build/) that every suite needing pages uses: integration
 * imports its server bundle in-process, e2e and cluster run server/main.ts on it. It is made once and
 * reused while nothing it is built from has changed: build/.test-inputs holds a hash of those inputs,
 * written after a build made here. Called from the suites' global setups (one process at a time).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { BUILD_INPUTS, runBuild } from "../../scripts/build.ts";
import { inputsHash } from "./input-hash.ts";

export const BUILD_ENTRY = "build/server/index.js";
const STAMP = "build/.test-inputs";

/** Builds unless build/ is the build of the current sources. Returns whether it built. */
export function ensureSiteBuild(): boolean {
  const current = inputsHash(BUILD_INPUTS);
  if (existsSync(BUILD_ENTRY) && existsSync(STAMP) && readFileSync(STAMP, "utf8") === current) return false;
  console.info("Building the site for the tests (npm run build)…");
  // Vitest sets NODE_ENV=test, which would give a development build of React (other markup, no production
  // optimisations): the tests must run what `npm start` serves.
  const status = runBuild({ quiet: true, env: { ...process.env, NODE_ENV: "production" } });
  if (status !== 0) throw new Error(`npm run build failed (exit ${status})`);
  writeFileSync(STAMP, current);
  return true;
}
