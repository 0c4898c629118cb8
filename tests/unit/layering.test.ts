/**
 * The direction of imports (docs/architecture.md, ADR 002): `domain/` is the code browser and server share and
 * imports only zod and itself; `server/` never imports `app/`; `app/` reaches `server/` only as types, in the
 * one module that types React Router's load context. Anything else would bundle server code into the pages
 * (or make the API depend on the UI), so the suite fails on it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

interface ImportLine {
  file: string;
  /** Resolved path relative to the repository root, or the bare package name. */
  target: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

/** Static imports, re-exports and dynamic imports of one file. */
function importsOf(file: string, source: string): ImportLine[] {
  const lines: ImportLine[] = [];
  const pattern =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
  for (const match of source.matchAll(pattern)) {
    const spec = match[3] ?? match[4] ?? "";
    const target = spec.startsWith(".") ? path.relative(ROOT, path.resolve(path.dirname(file), spec)) : spec;
    lines.push({ file: path.relative(ROOT, file), target, typeOnly: Boolean(match[2]) });
  }
  return lines;
}

function importsUnder(folder: string): ImportLine[] {
  return sourceFiles(path.join(ROOT, folder)).flatMap((file) => importsOf(file, readFileSync(file, "utf8")));
}

const describeImport = (i: ImportLine) => `${i.file} → ${i.target}${i.typeOnly ? " (type)" : ""}`;

describe("layering", () => {
  it("reads the import lines it judges (including type-only and dynamic imports)", () => {
    const sample = [
      'import { he } from "../../domain/i18n/site.ts";',
      'import type { Services } from "../../server/services/index.ts";',
      'export { x } from "./x.ts";',
      'const m = await import("../../server/main.ts");',
    ].join("\n");
    const found = importsOf(path.join(ROOT, "app/lib/sample.ts"), sample);
    expect(found.map((i) => [i.target, i.typeOnly])).toEqual([
      ["domain/i18n/site.ts", false],
      ["server/services/index.ts", true],
      ["app/lib/x.ts", false],
      ["server/main.ts", false],
    ]);
  });

  it("domain/ imports only zod, the allowed pure libraries and domain/", () => {
    // Pure third-party libraries allowed in domain/ (ADR 002): @hebcal/core, the Hebrew calendar of the hours engine.
    const allowed = new Set(["zod", "@hebcal/core"]);
    const bad = importsUnder("domain").filter((i) => !(allowed.has(i.target) || i.target.startsWith("domain/")));
    expect(bad.map(describeImport)).toEqual([]);
  });

  it("server/ never imports app/", () => {
    const bad = importsUnder("server").filter((i) => i.target.startsWith("app/"));
    expect(bad.map(describeImport)).toEqual([]);
  });

  it("app/ imports server/ only as types, and only in app/lib/context.ts", () => {
    const bad = importsUnder("app").filter(
      (i) => i.target.startsWith("server/") && !(i.typeOnly && i.file === "app/lib/context.ts"),
    );
    expect(bad.map(describeImport)).toEqual([]);
  });
});
