/**
 * Writes the two font files a page needs for its first paint (app/fonts/), cut out of
 * @fontsource-variable/heebo with the weight axis limited to the weights the site uses (400–800):
 *   - heebo-hebrew-400-800.woff2: the Hebrew subset, every code point fontsource gives it;
 *   - heebo-latin-basic-400-800.woff2: printable ASCII and the common typographic marks (LATIN_BASIC) — the
 *     spaces, digits and punctuation every Hebrew page shows between its Hebrew words, and the letters of
 *     the e-mail addresses in every footer.
 * Accented Latin letters and rarer marks keep fontsource's full Latin file under the complementary
 * unicode-range (LATIN_REST), fetched only by a page that shows them. The two preloaded files went from
 * 42 KB to 22.7 KB (docs/performance.md, "Fonts").
 *
 *   node scripts/subset-font.ts       # after upgrading @fontsource-variable/heebo; prints the CSS ranges
 *
 * tests/unit/font-subset.test.ts checks that the committed files are what this produces and that app/app.css
 * gives each face these ranges.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

type Ranges = [number, number][];

const fontsource = (file: string) => fileURLToPath(import.meta.resolve(`@fontsource-variable/heebo/files/${file}`));

/** The weights the site's classes use (font-normal … font-extrabold); the files carry only this span. */
export const WEIGHTS = { min: 400, max: 800 };

/** fontsource's own unicode-range of its Hebrew file (kept whole). */
export const HEBREW: Ranges = [
  [0x307, 0x308],
  [0x590, 0x5ff],
  [0x200c, 0x2010],
  [0x20aa, 0x20aa],
  [0x25cc, 0x25cc],
  [0xfb1d, 0xfb4f],
];

/** fontsource's unicode-range of its Latin file. */
const LATIN: Ranges = [
  [0x0, 0xff],
  [0x131, 0x131],
  [0x152, 0x153],
  [0x2bb, 0x2bc],
  [0x2c6, 0x2c6],
  [0x2da, 0x2da],
  [0x2dc, 0x2dc],
  [0x304, 0x304],
  [0x308, 0x308],
  [0x329, 0x329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/**
 * Printable ASCII (space, digits, punctuation, the letters of e-mail addresses and brand names); no-break space,
 * © « » ° · ×; dashes, quotes, bullet, ellipsis, ‹ › (the breadcrumbs). Checked against the characters the
 * public pages show (docs/performance.md, "Fonts").
 */
export const LATIN_BASIC: Ranges = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa9, 0xa9],
  [0xab, 0xab],
  [0xb0, 0xb0],
  [0xb7, 0xb7],
  [0xbb, 0xbb],
  [0xd7, 0xd7],
  [0x2011, 0x2027],
  [0x2039, 0x203a],
];

/** Code points of `ranges` not in `minus`, as ranges again. */
function without(ranges: Ranges, minus: Ranges): Ranges {
  const taken = (n: number) => minus.some(([from, to]) => n >= from && n <= to);
  const out: Ranges = [];
  for (const [from, to] of ranges) {
    for (let n = from; n <= to; n++) {
      if (taken(n)) continue;
      const last = out[out.length - 1];
      if (last && last[1] === n - 1) last[1] = n;
      else out.push([n, n]);
    }
  }
  return out;
}

/** The Latin letters and every other Latin code point: fontsource's full file, not preloaded. */
export const LATIN_REST: Ranges = without(LATIN, LATIN_BASIC);

/** The ranges as CSS writes them in `unicode-range`. */
export function cssUnicodeRange(ranges: Ranges): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(", ");
}

const characters = (ranges: Ranges) =>
  ranges
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
    .join("");

/** The generated files: where each goes, and how it is made. */
export const SUBSETS = [
  { target: "app/fonts/heebo-hebrew-400-800.woff2", source: "heebo-hebrew-wght-normal.woff2", ranges: HEBREW },
  { target: "app/fonts/heebo-latin-basic-400-800.woff2", source: "heebo-latin-wght-normal.woff2", ranges: LATIN_BASIC },
] as const;

export function makeSubset(subset: (typeof SUBSETS)[number]): Promise<Buffer> {
  return subsetFont(readFileSync(fontsource(subset.source)), characters(subset.ranges), {
    targetFormat: "woff2",
    variationAxes: { wght: WEIGHTS },
  });
}

if (import.meta.main) {
  for (const subset of SUBSETS) {
    const font = await makeSubset(subset);
    writeFileSync(subset.target, font);
    console.log(`${subset.target}: ${font.length} bytes (from ${readFileSync(fontsource(subset.source)).length})`);
    console.log(`  unicode-range: ${cssUnicodeRange(subset.ranges)}`);
  }
  console.log(`fontsource's Latin file keeps: ${cssUnicodeRange(LATIN_REST)}`);
}
