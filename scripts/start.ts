/**
 * `npm start`: build the site if the build is missing or older than the sources, then run the server.
 * (Migrations and first-start demo content happen in server/main.ts.)
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { enableCompileCache } from "node:module";
import path from "node:path";
import { markStartup } from "../server/startup-timing.ts";
import { BUILD_INPUTS, BUILD_MARKER, runBuild } from "./build.ts";

markStartup("entry");

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0;
const sourcesAt = Math.max(...BUILD_INPUTS.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Sources changed since the last build: rebuilding…" : "No build yet: building the site…");
  const status = runBuild();
  if (status !== 0) process.exit(status);
}

markStartup("buildCheck");
process.env.NODE_ENV ??= "production";
// Node's compile cache (issue 31, cold start): the server's TypeScript modules with their types stripped and V8's
// code for them and for the build, kept on disk, so a start after the first skips most of the module graph's
// parsing and compiling (~1 s of the ~2 s it took). Kept beside the dependencies, which the same user installs;
// NODE_COMPILE_CACHE names another folder. A cache that cannot be written only makes starts slower.
enableCompileCache(process.env.NODE_COMPILE_CACHE || path.resolve("node_modules/.cache/node-compile-cache"));
await import("../server/main.ts");
