/**
 * Hebrew-aware product search: normalization and query expansion.
 *
 * WHO USES WHAT
 *  - The public search (engine.ts) uses `normalizeHebrew` as its index's tokenizer, `stemVariants` as its
 *    term processor and `parseSearchQuery` for queries; matching there is by whole word or word start in a
 *    MiniSearch index, with typos forgiven. The LIKE rules below are the admin list's search
 *    (services/admin/products.ts), over the stored `search_text`.
 *
 * WHY THIS DESIGN
 * ---------------
 * Hebrew search has to ignore niqqud and geresh, treat final letters (ך ם ן ף ץ)
 * like their regular forms, see through attached prefix letters (ו ה ב כ ל מ ש)
 * and plural endings, and match parts of words. Neither SQLite nor PostgreSQL
 * can do that the same way out of the box (FTS5 / tsvector have no Hebrew
 * stemmer, collations differ, SQLite's LIKE folds case only for ASCII while
 * PostgreSQL's LIKE is case-sensitive). So ALL language work happens here, in
 * TypeScript, on both sides:
 *
 *  - Write side: `buildSearchDocument` gives per product a precomputed,
 *    normalized `search_text` (name + title + content), which is stored,
 *    and the name alone (`searchName`, for ranking; no longer stored). Every word is followed by those of its
 *    `stemVariants` that are not already substrings of it (e.g. "והחלות" adds
 *    "והחלה" / "החלה" / "חלה"), so a query for the singular finds the plural.
 *  - Read side: `parseSearchQuery` turns the user's text into, per query word,
 *    a small list of normalized variants. A product matches when EVERY query
 *    word has at least one variant v with
 *        search_text LIKE '%' || escapeLike(v) || '%' ESCAPE '\'
 *    (v passed as a bound parameter — search text is data, never SQL), and it
 *    ranks first when the same holds for the name alone.
 *  - Because both strings are already normalized (Hebrew letters without
 *    marks or final forms, lower-case Latin, digits, single spaces), the SQL
 *    is a plain byte/character substring test whose result is identical on
 *    SQLite and PostgreSQL. No collation, no ILIKE, no DB-specific functions.
 *
 * BEHAVIOUR DECISIONS
 *  - Prefix stripping follows Hebrew order loosely: ו only as the first
 *    stripped letter, ה only as the last one, at most 3 letters, and the
 *    remaining stem keeps at least 2 letters.
 *  - Endings (on normalized text, so ם is already מ): "ים" → "";
 *    "ות" → "ה" and ""; a final "ת" (construct state, "עוגת") → "ה".
 *    There is deliberately NO "ה" → "" rule: "עוגה" would otherwise also find
 *    "עוגיה". The singular still finds plurals/construct forms because the
 *    document side stores "עוגות" → "עוגה" and "עוגת" → "עוגה".
 *  - Query "לעוגה" finds "עוגת": the query variant "עוגה" meets the stored
 *    construct-state variant "עוגת" → "עוגה".
 *  - Doubled ו / י inside Hebrew words are collapsed ("עוגייה" = "עוגיה"),
 *    because full and defective spelling (כתיב מלא/חסר) differ exactly there.
 *  - On the query side, DERIVED variants shorter than 3 letters are dropped
 *    (the word the user typed is always kept, however short). A 2-letter
 *    derived variant used as a substring would match almost everything
 *    ("לחם" → "חמ" would find "חמאה", "שמחה"...). Trade-off: "השף" does not
 *    find a bare "שף".
 *
 * LIMITS (accepted)
 *  - Prefix stripping over-matches: a word that merely starts with one of
 *    ו ה ב כ ל מ ש also gets "stripped" variants ("מלון" → "לונ").
 *  - Substring matching over-matches on short queries ("עוג" finds both
 *    cakes and cookies). Ranking is only "name matches first"; there is no
 *    relevance scoring beyond that (the caller may order by name within).
 *  - Not a morphological analyser: no verb/pronoun suffixes, no irregular
 *    plurals (e.g. "ביצה"/"ביצים" meet only via the substring "ביצ"), no
 *    full/defective spelling beyond doubled ו/י.
 *  - Stored documents must be rebuilt when these rules change.
 */

/** Maximum number of words taken from a query. */
export const MAX_QUERY_WORDS = 8;
/** Maximum length (in UTF-16 units, after normalization) of one query word. */
export const MAX_QUERY_WORD_LENGTH = 64;
/** Raw query input is cut to this many characters before normalizing. */
export const MAX_QUERY_INPUT_LENGTH = 1024;
/** A stem never gets shorter than this when stripping prefixes or endings. */
export const MIN_STEM_LENGTH = 2;
/** Derived (not typed) query variants shorter than this are dropped. */
export const MIN_QUERY_VARIANT_LENGTH = 3;
/** At most this many prefix letters are stripped from a word. */
export const MAX_PREFIX_LETTERS = 3;

const FINAL_TO_REGULAR: Readonly<Record<string, string>> = {
  ך: "כ",
  ם: "מ",
  ן: "נ",
  ף: "פ",
  ץ: "צ",
};

const PREFIX_LETTERS = new Set(["ו", "ה", "ב", "כ", "ל", "מ", "ש"]);

/** Yiddish ligatures (not decomposed by NFKD). */
const LIGATURES: Readonly<Record<string, string>> = {
  "\u05F0": "וו",
  "\u05F1": "וי",
  "\u05F2": "יי",
};

// Hebrew punctuation inside the U+0591–U+05C7 block: maqaf, paseq, sof pasuq,
// nun hafukha. These separate words. Everything else in the block is a mark.
const HEBREW_PUNCTUATION = /[\u05BE\u05C0\u05C3\u05C6]/g;
// Niqqud, cantillation, dagesh, shin/sin dots, etc. (and any combining mark
// left by NFKD, e.g. Latin accents: "crème" → "creme").
const MARKS = /[\u0591-\u05C7\p{M}]/gu;
// Geresh / gershayim and the ASCII / typographic quotes used in their place.
// Removed (not replaced by a space) so "צ'יפס" = "ציפס" and "צה״ל" = "צהל".
const GERESH_AND_QUOTES = /[\u05F3\u05F4'"`\u00B4\u2018\u2019\u201B\u201C\u201D\u201F\u2032\u2033]/g;
// Format characters: bidi controls (U+200E/F, U+202A–E, U+2066–9, U+061C),
// zero-width (non-)joiners, BOM, soft hyphen, ...
const FORMAT_CHARS = /\p{Cf}/gu;
const LIGATURE_CHARS = /[\u05F0-\u05F2]/g;
const FINAL_LETTERS = /[ךםןףץ]/g;
const NOT_WORD_CHAR = /[^\p{L}\p{N}]+/gu;
const DOUBLED_VAV_YOD = /([וי])\1+/g;
const HEBREW_WORD = /^[\u05D0-\u05EA]+$/;

/**
 * Normalizes free text for search: returns lower-case, space-separated words
 * made of Hebrew letters (no marks, no final forms), other letters and digits.
 */
export function normalizeHebrew(text: string): string {
  if (!text) return "";
  return (
    text
      // Presentation forms (שּׁ, ﬠ, ﭏ), full-width digits, ligatures → plain.
      .normalize("NFKD")
      .toLowerCase()
      .replace(LIGATURE_CHARS, (c) => LIGATURES[c] ?? c)
      .replace(HEBREW_PUNCTUATION, " ")
      .replace(MARKS, "")
      .replace(GERESH_AND_QUOTES, "")
      .replace(FORMAT_CHARS, "")
      .replace(FINAL_LETTERS, (c) => FINAL_TO_REGULAR[c] ?? c)
      .replace(NOT_WORD_CHAR, " ")
      .replace(DOUBLED_VAV_YOD, "$1")
      .trim()
  );
}

/** Ending variants of one (already prefix-stripped) Hebrew stem. */
function endingVariants(stem: string): string[] {
  const out: string[] = [];
  const base = stem.slice(0, -2);
  if (stem.endsWith("ימ") && base.length >= MIN_STEM_LENGTH) {
    out.push(base); // בורקסימ → בורקס
  } else if (stem.endsWith("ות") && base.length >= MIN_STEM_LENGTH) {
    out.push(`${base}ה`, base); // עוגות → עוגה, עוג
  } else if (stem.endsWith("ת") && stem.length - 1 >= MIN_STEM_LENGTH) {
    out.push(`${stem.slice(0, -1)}ה`); // עוגת → עוגה
  }
  return out;
}

/**
 * Variants of one normalized word, most specific (longest) first: the word,
 * its prefix-stripped forms, and plural/construct ending swaps of each.
 * Non-Hebrew words (Latin, digits, mixed) are returned unchanged.
 */
export function stemVariants(word: string): string[] {
  if (!word) return [];
  if (!HEBREW_WORD.test(word)) return [word];

  const stems = [word];
  for (let i = 0; i < MAX_PREFIX_LETTERS && i < word.length; i++) {
    const letter = word[i] as string;
    if (!PREFIX_LETTERS.has(letter)) break;
    if (letter === "ו" && i > 0) break; // ו only as the first prefix
    if (word.length - (i + 1) < MIN_STEM_LENGTH) break;
    stems.push(word.slice(i + 1));
    if (letter === "ה") break; // ה only as the last prefix
  }

  const variants: string[] = [];
  for (const stem of stems) variants.push(stem, ...endingVariants(stem));

  // Deduplicate, then longest first (stable, so equal lengths keep order).
  return [...new Set(variants)].sort((a, b) => b.length - a.length);
}

/** Words of a field followed by their variants that add new substrings. */
function expandWords(text: string, seen: Set<string>, out: string[]): void {
  for (const word of normalizeHebrew(text).split(" ")) {
    if (!word) continue;
    // Variants that are substrings of the word (stripped prefixes, removed
    // endings) can never change a substring match, so only swaps are stored.
    for (const variant of stemVariants(word)) {
      if (seen.has(variant)) continue;
      if (variant !== word && word.includes(variant)) continue;
      seen.add(variant);
      out.push(variant);
    }
  }
}

/**
 * Builds the stored search columns for a product.
 * - searchName: the normalized name, expanded like searchText, so that
 *   "name matches" (ranking) uses exactly the same rule as "text matches".
 * - searchText: normalized name + title + content, expanded.
 * Matching is substring-based, so duplicates are dropped and word order
 * carries no meaning.
 */
export function buildSearchDocument(fields: { name: string; title?: string | null; content?: string | null }): {
  searchName: string;
  searchText: string;
} {
  const nameWords: string[] = [];
  const seen = new Set<string>();
  expandWords(fields.name, seen, nameWords);
  const textWords = [...nameWords];
  expandWords(fields.title ?? "", seen, textWords);
  expandWords(fields.content ?? "", seen, textWords);
  return { searchName: nameWords.join(" "), searchText: textWords.join(" ") };
}

/**
 * Parses a user query into per-word variant lists. A document matches when
 * every inner list has at least one entry that is a substring of its
 * searchText. Returns [] for an empty/meaningless query (caller decides
 * whether that means "no results" or "everything").
 */
export function parseSearchQuery(query: string): string[][] {
  const words = normalizeHebrew(query.slice(0, MAX_QUERY_INPUT_LENGTH))
    .split(" ")
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_QUERY_WORD_LENGTH));
  const unique = [...new Set(words)].slice(0, MAX_QUERY_WORDS);
  return unique.map((word) => stemVariants(word).filter((v) => v === word || v.length >= MIN_QUERY_VARIANT_LENGTH));
}

/** Escapes \ % _ so the value is literal inside LIKE ... ESCAPE '\'. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, "\\$&");
}
