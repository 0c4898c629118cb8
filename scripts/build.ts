/**
 * `npm run build`: the site (React Router's client and server builds → build/), then the islands' build
 * (vite.islands.config.ts: the public pages' island loader and its chunks, beside the client build — ADR 013).
 * The tests build through here too (tests/support/site-build.ts).
 */
import { spawnSync } from "node:child_process";

const steps: [string, string[]][] = [
  ["react-router build", ["node_modules/@react-router/dev/bin.cjs", "build"]],
  ["islands build", ["node_modules/vite/bin/vite.js", "build", "-c", "vite.islands.config.ts", "--logLevel", "warn"]],
];

for (const [name, args] of steps) {
  const result = spawnSync(process.execPath, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`${name} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}
