/**
 * Prints the initial JavaScript of the home page from the production build (entry + root, layout and
 * home route modules with their imports), raw and gzipped. Run after `npm run build`:
 *   node scripts/client-js-size.ts
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";

const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
const manifest = build.assets;
const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
for (const id of ["root", "routes/site/layout", "routes/site/home"]) {
  const route = manifest.routes[id];
  if (!route) throw new Error(`route ${id} is not in the build`);
  if (route.module) files.add(route.module);
  for (const file of route.imports ?? []) files.add(file);
}
let raw = 0;
let gzipped = 0;
for (const file of files) {
  const bytes = readFileSync(path.join("build/client", file));
  raw += bytes.length;
  gzipped += gzipSync(bytes, { level: 9 }).length;
}
console.log(
  `home page initial JS: ${files.size} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzipped / 1024).toFixed(1)} KB gzipped`,
);
