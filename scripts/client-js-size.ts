/**
 * Prints the JavaScript of the public pages from the production build (ADR 013): the island loader — the one
 * script every public page loads — and each island's module with the chunks it imports (React and React DOM
 * come in one shared chunk with the first React island), raw and gzip -9, read from the islands' manifest.
 * What a page actually requests, before and after interaction, is measured in a browser by `npm run bench`.
 * Run after `npm run build`:
 *   node scripts/client-js-size.ts
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

const CLIENT = "build/client";
const manifest = JSON.parse(readFileSync(path.join(CLIENT, ".vite/islands-manifest.json"), "utf8")) as Record<
  string,
  Chunk
>;

function size(file: string): { raw: number; gzip: number } {
  const bytes = readFileSync(path.join(CLIENT, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** The chunk and everything it imports statically, each file once. */
function closure(key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the islands' manifest`);
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows: Record<string, string | number>[] = [];
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry || chunk.isDynamicEntry);
entries.sort(([, a], [, b]) => Number(Boolean(b.isEntry)) - Number(Boolean(a.isEntry)));
for (const [key, chunk] of entries) {
  const own = size(chunk.file);
  const files = closure(key);
  let gzip = 0;
  for (const file of files) gzip += size(file).gzip;
  rows.push({
    module: chunk.src ?? key,
    when: chunk.isEntry ? "every public page" : "with its island",
    file: chunk.file,
    raw: kb(own.raw),
    gzip: kb(own.gzip),
    "with imports, gzip": kb(gzip),
    files: files.size,
  });
}
for (const [key, chunk] of Object.entries(manifest)) {
  if (chunk.isEntry || chunk.isDynamicEntry) continue;
  const own = size(chunk.file);
  rows.push({ module: key, when: "shared chunk", file: chunk.file, raw: kb(own.raw), gzip: kb(own.gzip) });
}
console.table(rows);
