/**
 * The font files a page preloads are what scripts/subset-font.ts makes from the installed fontsource package,
 * and app/app.css gives each Heebo face the unicode-range the script cut it to (docs/performance.md, "Fonts").
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cssUnicodeRange, HEBREW, LATIN_BASIC, LATIN_REST, makeSubset, SUBSETS } from "../../scripts/subset-font.ts";

/** Each @font-face of app.css as its file name and unicode-range, with whitespace normalised. */
function faces(): Map<string, string> {
  const css = readFileSync("app/app.css", "utf8");
  const out = new Map<string, string>();
  for (const [, body] of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const file = /url\("[^"]*\/([^/"]+)"\)/.exec(body!)?.[1];
    const range = /unicode-range:([^;]*);/.exec(body!)?.[1];
    if (file && range) out.set(file, range.replace(/\s+/g, " ").trim());
  }
  return out;
}

describe("the site font's subsets", () => {
  for (const subset of SUBSETS) {
    it(`${subset.target} is what scripts/subset-font.ts makes`, async () => {
      const made = await makeSubset(subset);
      expect(made.equals(readFileSync(subset.target))).toBe(true);
    });
  }

  it("app.css gives the Hebrew, basic-Latin and full-Latin faces the script's ranges, which do not overlap", () => {
    const byFile = faces();
    // One font only when every face has the same descriptors but unicode-range (app.css explains).
    const css = readFileSync("app/app.css", "utf8");
    const weights = [...css.matchAll(/@font-face\s*{[^}]*font-weight:\s*([^;]*);/g)].map((m) => m[1]);
    expect(weights).toHaveLength(byFile.size);
    expect(new Set(weights)).toEqual(new Set(["400 800"]));
    expect(byFile.get("heebo-hebrew-400-800.woff2")).toBe(cssUnicodeRange(HEBREW));
    expect(byFile.get("heebo-latin-basic-400-800.woff2")).toBe(cssUnicodeRange(LATIN_BASIC));
    expect(byFile.get("heebo-latin-wght-normal.woff2")).toBe(cssUnicodeRange(LATIN_REST));
    const inRest = (n: number) => LATIN_REST.some(([from, to]) => n >= from && n <= to);
    for (const [from, to] of LATIN_BASIC) {
      for (let n = from; n <= to; n++) expect(inRest(n), n.toString(16)).toBe(false);
    }
    // Digits, the space and an e-mail address's letters are in the preloaded file; accented letters are not.
    const inBasic = (c: string) =>
      LATIN_BASIC.some(([from, to]) => c.codePointAt(0)! >= from && c.codePointAt(0)! <= to);
    expect([..."0123456789 .,:-–()info@example.co.il"].every(inBasic)).toBe(true);
    expect([..."éü"].some(inBasic)).toBe(false);
  });
});
