/**
 * The hash of what a cached test artefact is made of (the site build, a seeded template): every file under
 * the given entries, path and content, in a stable order. A change to any of them gives another hash.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

function filesUnder(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  // React Router's generated types are not part of the build.
  if (path.basename(entry) === ".react-router") return [];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

/** The hex SHA-256 of `prefix` and of every file under `entries` (files or folders). */
export function inputsHash(entries: readonly string[], prefix = ""): string {
  const hash = createHash("sha256").update(prefix);
  for (const file of entries.flatMap(filesUnder)) hash.update(file).update("\0").update(readFileSync(file));
  return hash.digest("hex");
}
