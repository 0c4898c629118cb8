import { readFileSync } from "node:fs";

/** Where the islands' build (vite.islands.config.ts) writes its manifest, next to the client build. */
const MANIFEST = new URL("../client/.vite/islands-manifest.json", import.meta.url);
const ENTRY = "app/islands/loader.ts";

let built: string | null | undefined;

/**
 * The address of the island loader (app/islands/loader.ts), the one script of a public page (ADR 013): the
 * source itself under the development server, the hashed file of the islands' build in production. Null when
 * that build is missing — the pages then work as plain HTML, and tests/integration/home-bundle.test.ts fails.
 */
export function islandLoaderUrl(): string | null {
  if (import.meta.env.DEV) return `/${ENTRY}`;
  if (built === undefined) {
    try {
      const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Record<string, { file: string }>;
      built = manifest[ENTRY] ? `/${manifest[ENTRY].file}` : null;
    } catch {
      built = null;
    }
    if (built === null) console.error(`The islands' build is missing (${MANIFEST.pathname}): run npm run build.`);
  }
  return built;
}
