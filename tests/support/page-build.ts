/**
 * The React Router server build for integration tests: the production build (build/server/index.js),
 * made once per run and only when its sources changed (tests/support/site-build.ts, from the integration
 * global setup), imported by Node itself (vitest.config.ts keeps it external), so pages and their actions
 * are tested over a real database as they are served — without compiling the app again in every file.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { BUILD_ENTRY } from "./site-build.ts";

let shared: Promise<ServerBuild> | undefined;

/** The server build (imported on the first call of a file; the build itself exists already). */
export function loadServerBuild(): Promise<ServerBuild> {
  shared ??= import(pathToFileURL(path.resolve(BUILD_ENTRY)).href) as Promise<ServerBuild>;
  return shared;
}
