/**
 * The forgiving product index: MiniSearch over published products, with the Hebrew normaliser
 * (hebrew.ts) as its tokenizer and term processor. Pure: built from documents, knows no database
 * (live-index.ts keeps one built from the database and current with the content version).
 *
 * Indexing: `normalizeHebrew` splits a field into words (no niqqud, no final letters, lower-case
 * Latin); `stemVariants` turns each word into the word plus its prefix-stripped and
 * plural/construct forms, all indexed (MiniSearch accepts several terms per word).
 *
 * Querying: the visitor's text becomes, per word, its variants (`parseSearchQuery`); a product must
 * match EVERY word (AND) through ANY of its variants (OR). Three passes over the same query tree:
 *   1. exact in the name   — every word in the product's name, whole or as the start of a word;
 *   2. exact anywhere      — the same over name, title and content;
 *   3. forgiving           — also one letter off: missing, extra or substituted (Levenshtein 1,
 *                            MiniSearch's fuzzy search) or two neighbours swapped (the swaps of the
 *                            word are looked up as exact terms, since Levenshtein counts a swap as 2).
 * A hit's tier is the first pass that found it, and tiers never mix: every exact match ranks before
 * every typo match, whatever the scores. Within a tier: MiniSearch's BM25 score (the name weighs
 * more), then newest, then highest id — deterministic, so both databases give the same order.
 *
 * Typos are forgiven only in words of at least MIN_FUZZY_LENGTH letters: one letter off a
 * three-letter Hebrew word is usually another word (לחם / לחמ… / חם). A three-letter Hebrew word may
 * still miss the ו or י that full spelling adds (כתיב חסר: "עגה" for "עוגה"): the forgiving pass tries
 * it with one of them inserted.
 *
 * Suggestions (the search box, while the visitor types) read the last word as unfinished: products
 * whose words START with what was typed come first (in the name, then anywhere); then words whose
 * start is one slip away ("שוקל" → שוקולד), the cheapest slip only (a missing ו/י before any other);
 * typo matches of whole words only when nothing starts with what was typed.
 *
 * "Did you mean": when a search has only typo matches, `didYouMean` rewrites each word that matches
 * nothing as the catalogue's most common word one slip away, in the spelling the catalogue uses.
 */
import MiniSearch, { type Query, type SearchResult } from "minisearch";
import { type CatalogueFilter, matchesFilter, type ProductKashrut } from "../../../domain/kashrut.ts";
import { SUGGESTION_LIMIT } from "../../../domain/search.ts";
import { normalizeHebrew, parseSearchQuery, stemVariants } from "./hebrew.ts";

/** Words shorter than this (after normalization) must be spelled right. */
export const MIN_FUZZY_LENGTH = 4;
/** A word (or variant) this long or longer also matches the start of longer words ("שוקו" → שוקולד). */
export const MIN_PREFIX_LENGTH = 2;

export interface ProductDocument {
  id: number;
  name: string;
  title: string;
  content: string;
  /** ISO timestamp: the newer product wins a tie. */
  createdAt: string;
  /** What the catalogue's filter reads (suggestions for a search with diet words); none: matches no filter. */
  kashrut?: Pick<ProductKashrut, "dietary" | "allergens" | "may_contain">;
}

export type MatchTier = "name" | "exact" | "fuzzy";

export interface SearchHit {
  id: number;
  score: number;
  tier: MatchTier;
}

export interface Suggestion {
  id: number;
  name: string;
}

export interface ProductIndex {
  /** Every matching product, best first. Empty for a query with no searchable word. */
  search(text: string): SearchHit[];
  /**
   * Names for the search box, best first, at most `limit`. With `filter`, only products it admits; with
   * a filter and no searchable word, the newest such products.
   */
  suggest(text: string, limit?: number, filter?: CatalogueFilter): Suggestion[];
  /** The text with each word that matches nothing replaced by the closest catalogue word; null if none is. */
  didYouMean(text: string): string | null;
  readonly size: number;
}

const FIELDS = ["name", "title", "content"] as const;

/** The document side: every word of a field and its stem variants. */
function tokenize(text: string): string[] {
  const words = normalizeHebrew(text);
  return words ? words.split(" ") : [];
}

/**
 * Each word with two neighbouring letters swapped ("קוראסונ" → "קרואסונ", …). Levenshtein calls a
 * swap two edits; the visitor made one slip.
 */
export function adjacentSwaps(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < word.length - 1; i++) {
    if (word[i] === word[i + 1]) continue;
    out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return [...out];
}

/**
 * A three-letter Hebrew word with a ו or י inserted inside ("עגה" → "עוגה", "עיגה", "עגוה", "עגיה"): the
 * letters defective spelling leaves out.
 */
export function matresInsertions(word: string): string[] {
  if (word.length !== MIN_FUZZY_LENGTH - 1 || !HEBREW_WORD.test(word)) return [];
  const out = new Set<string>();
  for (let i = 1; i < word.length; i++) {
    for (const letter of MATRES) out.add(word.slice(0, i) + letter + word.slice(i));
  }
  return [...out];
}

const MATRES = ["ו", "י"];
const HEBREW_WORD = /^[\u05D0-\u05EA]+$/;

/**
 * The cost of turning `typed` into `word` with one slip: 0 for none, 1 for a missing or extra ו/י, 2 for any
 * other letter missing, extra or substituted, or two neighbours swapped; Infinity for more.
 */
export function slipCost(typed: string, word: string): number {
  if (typed === word) return 0;
  const [a, b] = [typed.length, word.length];
  if (a === b) {
    let first = -1;
    for (let i = 0; i < a; i++) {
      if (typed[i] === word[i]) continue;
      if (first >= 0) {
        // A second difference: only a swap of these two neighbours is one slip.
        const swapped = i === first + 1 && typed[first] === word[i] && typed[i] === word[first];
        return swapped && typed.slice(i + 1) === word.slice(i + 1) ? 2 : Number.POSITIVE_INFINITY;
      }
      first = i;
    }
    return 2;
  }
  if (Math.abs(a - b) !== 1) return Number.POSITIVE_INFINITY;
  const [short, long] = a < b ? [typed, word] : [word, typed];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.slice(i) !== long.slice(i + 1)) return Number.POSITIVE_INFINITY;
  return MATRES.includes(long[i] as string) ? 1 : 2;
}

/** A leaf of the query tree: one normalized term with its own prefix/fuzzy settings. */
function term(value: string, forgiving: boolean, fuzzy = forgiving && value.length >= MIN_FUZZY_LENGTH): Query {
  return { queries: [value], prefix: value.length >= MIN_PREFIX_LENGTH, fuzzy: fuzzy ? 1 : false };
}

/** Every word (AND) through any of its variants (OR); the forgiving tree adds typos and swaps. */
function queryTree(words: string[][], forgiving: boolean): Query {
  return {
    combineWith: "AND",
    queries: words.map((variants) => ({
      combineWith: "OR",
      queries: variants.flatMap((variant) => [
        term(variant, forgiving),
        ...(forgiving
          ? [...(variant.length >= MIN_FUZZY_LENGTH ? adjacentSwaps(variant) : []), ...matresInsertions(variant)].map(
              (slip) => term(slip, false),
            )
          : []),
      ]),
    })),
  };
}

/** Documents are added this many at a time, yielding to the event loop in between. */
const BUILD_CHUNK = 20;

/**
 * Builds the index in chunks (MiniSearch's `addAllAsync`), so a rebuild never holds the event loop
 * for long: requests keep being answered while a large catalogue is indexed.
 */
export async function buildProductIndex(documents: Iterable<ProductDocument>): Promise<ProductIndex> {
  // Words repeat across products (and in long descriptions): stem each distinct word once per build.
  const stems = new Map<string, string[]>();
  const mini = new MiniSearch<ProductDocument>({
    fields: [...FIELDS],
    tokenize,
    processTerm: (word) => {
      let variants = stems.get(word);
      if (!variants) {
        variants = stemVariants(word);
        stems.set(word, variants);
      }
      return variants;
    },
    searchOptions: {
      boost: { name: 3, title: 1.5 },
      // The query is normalized and expanded by us: each leaf is one term, taken as it is.
      tokenize: (text) => [text],
      processTerm: (text) => text,
    },
  });
  const all = [...documents];
  await mini.addAllAsync(all, { chunkSize: BUILD_CHUNK });
  const vocabulary = await vocabularyOf(all);
  const byId = new Map(all.map((d) => [d.id, d]));

  const run = (words: string[][], forgiving: boolean, fields?: string[]): SearchResult[] =>
    mini.search(queryTree(words, forgiving), fields ? { fields } : {});
  const ids = (results: SearchResult[]) => new Set(results.map((r) => r.id as number));
  const queryWords = (text: string) => parseSearchQuery(text).filter((variants) => variants.length > 0);

  /** Hits in tier order, then score, newest, highest id: deterministic on both databases. */
  function ranked(results: SearchResult[], tierOf: (id: number) => number): SearchHit[] {
    return results
      .map((r) => ({ id: r.id as number, score: r.score, order: tierOf(r.id as number) }))
      .sort(
        (a, b) =>
          a.order - b.order ||
          b.score - a.score ||
          newestFirst(byId.get(a.id)?.createdAt ?? "", byId.get(b.id)?.createdAt ?? "") ||
          b.id - a.id,
      )
      .map(({ id, score, order }) => ({ id, score, tier: order === 0 ? "name" : order === 1 ? "exact" : "fuzzy" }));
  }

  function search(text: string): SearchHit[] {
    const words = queryWords(text);
    if (words.length === 0) return [];
    const inName = ids(run(words, false, ["name"]));
    const exact = ids(run(words, false));
    return ranked(run(words, true), (id) => (inName.has(id) ? 0 : exact.has(id) ? 1 : 2));
  }

  /**
   * What a typed word most likely meant, the cheapest slip only: catalogue words that are one slip away
   * (`whole`) or whose start is (`starts`, the word being typed still), and the word with a ו/י inserted
   * where that finds products ("עגות" → עוגות). Cost as `slipCost`; a completion costs half a slip more
   * than a whole word at the same distance.
   */
  /** How the catalogue writes a word, or the most common catalogue word it starts ("שוקול" → שוקולד). */
  function shownAs(word: string): string {
    const own = vocabulary.get(word);
    if (own) return own.surface;
    let best: { surface: string; docs: number } | undefined;
    for (const [other, entry] of vocabulary) {
      if (other.startsWith(word) && (!best || entry.docs > best.docs)) best = entry;
    }
    return best?.surface ?? withFinalLetter(word);
  }

  function slips(typed: string): { cost: number; words: { term: string; shown: string }[] } {
    let best = { cost: Number.POSITIVE_INFINITY, words: [] as { term: string; shown: string }[] };
    const offer = (cost: number, term: string, shown: string) => {
      // Three-letter words forgive only a missing ו/י, as in search().
      if (!Number.isFinite(cost) || (typed.length < MIN_FUZZY_LENGTH && cost > 1)) return;
      if (cost < best.cost) best = { cost, words: [{ term, shown }] };
      else if (cost === best.cost && !best.words.some((w) => w.term === term)) best.words.push({ term, shown });
    };
    if (typed.length < MIN_FUZZY_LENGTH - 1) return best;
    for (const [word, entry] of vocabulary) {
      if (word.startsWith(typed)) continue;
      offer(slipCost(typed, word), word, entry.surface);
      for (const length of [typed.length - 1, typed.length, typed.length + 1]) {
        if (length >= MIN_FUZZY_LENGTH - 1 && length < word.length) {
          offer(slipCost(typed, word.slice(0, length)) + 0.5, word, entry.surface);
        }
      }
    }
    if (HEBREW_WORD.test(typed)) {
      for (let i = 1; i < typed.length; i++) {
        for (const letter of MATRES) {
          const fuller = typed.slice(0, i) + letter + typed.slice(i);
          if (run([stemVariants(fuller)], false).length === 0) continue;
          offer(1, fuller, shownAs(fuller));
        }
      }
    }
    // Most common first: "did you mean" takes the first.
    best.words.sort((a, b) => (vocabulary.get(b.term)?.docs ?? 0) - (vocabulary.get(a.term)?.docs ?? 0));
    return best;
  }

  function suggest(text: string, limit = SUGGESTION_LIMIT, filter?: CatalogueFilter): Suggestion[] {
    const admits = (id: number) => {
      if (!filter) return true;
      const kashrut = byId.get(id)?.kashrut;
      return kashrut !== undefined && matchesFilter(kashrut, filter);
    };
    const words = queryWords(text);
    let hits: SearchHit[];
    if (words.length === 0) {
      if (!filter) return [];
      hits = all
        .filter((d) => admits(d.id))
        .sort((a, b) => newestFirst(a.createdAt, b.createdAt) || b.id - a.id)
        .map((d) => ({ id: d.id, score: 0, tier: "exact" }));
    } else {
      const last = normalizeHebrew(text).split(" ").at(-1) ?? "";
      const slipped = slips(last).words.flatMap(({ term }) => stemVariants(term));
      const withSlips = slipped.length ? [...words.slice(0, -1), [...new Set(slipped)]] : null;
      const tiers = [
        ids(run(words, false, ["name"])),
        ids(run(words, false)),
        withSlips ? ids(run(withSlips, false, ["name"])) : new Set<number>(),
        withSlips ? ids(run(withSlips, false)) : new Set<number>(),
      ];
      const starts = new Set(tiers.flatMap((tier) => [...tier]));
      const tierOf = (id: number) => tiers.findIndex((tier) => tier.has(id));
      const results = starts.size
        ? [...run(words, false), ...(withSlips ? run(withSlips, false) : [])]
        : run(words, true);
      const unique = new Map(results.map((r) => [r.id as number, r]));
      // ranked() names tiers 0/1/2; here the order alone matters.
      hits = ranked([...unique.values()], (id) => (starts.size ? tierOf(id) : 0));
    }
    return hits
      .filter((hit) => admits(hit.id))
      .slice(0, limit)
      .map((hit) => ({ id: hit.id, name: byId.get(hit.id)?.name ?? "" }));
  }

  function didYouMean(text: string): string | null {
    let changed = false;
    const out = text
      .trim()
      .split(/\s+/)
      .map((typed) => {
        const normalized = normalizeHebrew(typed);
        if (!normalized || normalized.includes(" ")) return typed;
        const variants = queryWords(normalized)[0];
        if (!variants || run([variants], false).length > 0) return typed;
        const best = slips(normalized).words[0];
        if (!best) return typed;
        changed = true;
        return best.shown;
      });
    return changed ? out.join(" ") : null;
  }

  return {
    search,
    suggest,
    didYouMean,
    get size() {
      return mini.documentCount;
    },
  };
}

const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/**
 * Every whole word of the catalogue (normalized) with how it is written there and in how many products,
 * for suggestions and "did you mean". Built in chunks like the index.
 */
async function vocabularyOf(documents: ProductDocument[]): Promise<Map<string, { surface: string; docs: number }>> {
  const vocabulary = new Map<string, { surface: string; docs: number }>();
  for (let i = 0; i < documents.length; i++) {
    if (i > 0 && i % BUILD_CHUNK === 0) await new Promise((resolve) => setImmediate(resolve));
    const d = documents[i] as ProductDocument;
    const seen = new Set<string>();
    for (const raw of `${d.name} ${d.title} ${d.content}`.split(/\s+/)) {
      const surface = raw.replace(EDGE_PUNCTUATION, "");
      const word = normalizeHebrew(surface);
      if (!word || word.includes(" ") || seen.has(word)) continue;
      seen.add(word);
      const entry = vocabulary.get(word);
      if (entry) entry.docs += 1;
      else vocabulary.set(word, { surface, docs: 1 });
    }
  }
  return vocabulary;
}

const FINAL_FORMS: Record<string, string> = { כ: "ך", מ: "ם", נ: "ן", פ: "ף", צ: "ץ" };
/** A normalized Hebrew word as it is written: its last letter in final form. */
const withFinalLetter = (word: string) => word.slice(0, -1) + (FINAL_FORMS[word.at(-1) ?? ""] ?? word.at(-1) ?? "");

/** Punctuation around a word ("בוקר." / "(חדש)"); a geresh inside stays ("פוקאצ'ה"). */
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
