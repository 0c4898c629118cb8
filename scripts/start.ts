/**
 * `npm start`: build the site if the build is missing or older than the sources, then run the server.
 * (Migrations and first-start demo content happen in server/main.ts.)
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { enableCompileCache } from "node:module";
import path from "node:path";
import { markStartup } from "../server/startup-timing.ts";

markStartup("entry");

// The build's last step writes the islands' manifest (scripts/build.ts).
const BUILD_MARKER = "build/client/.vite/islands-manifest.json";
const SOURCES = [
  "app",
  "domain",
  "public",
  "vite.config.ts",
  "vite.islands.config.ts",
  "vite.precompress.ts",
  "react-router.config.ts",
  "package-lock.json",
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Sources changed since the last build: rebuilding…" : "No build yet: building the site…");
  const result = spawnSync(process.execPath, ["scripts/build.ts"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

markStartup("buildCheck");
process.env.NODE_ENV ??= "production";
// Node's compile cache (issue 31, cold start): the server's TypeScript modules with their types stripped and V8's
// code for them and for the build, kept on disk, so a start after the first skips most of the module graph's
// parsing and compiling (~1 s of the ~2 s it took). Kept beside the dependencies, which the same user installs;
// NODE_COMPILE_CACHE names another folder. A cache that cannot be written only makes starts slower.
enableCompileCache(process.env.NODE_COMPILE_CACHE || path.resolve("node_modules/.cache/node-compile-cache"));
await import("../server/main.ts");
