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
 * three-letter Hebrew word is usually another word (לחם / לחמ… / חם).
 */
import MiniSearch, { type Query, type SearchResult } from "minisearch";
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
  /** The first `limit` hits' names, for the search box. */
  suggest(text: string, limit?: number): Suggestion[];
  readonly size: number;
}

const FIELDS = ["name", "title", "content"] as const;
const TIER_ORDER: Record<MatchTier, number> = { name: 0, exact: 1, fuzzy: 2 };

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
        ...(forgiving && variant.length >= MIN_FUZZY_LENGTH
          ? adjacentSwaps(variant).map((swap) => term(swap, false))
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
    storeFields: ["name", "createdAt"],
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
  await mini.addAllAsync([...documents], { chunkSize: BUILD_CHUNK });

  const run = (words: string[][], forgiving: boolean, fields?: string[]): SearchResult[] =>
    mini.search(queryTree(words, forgiving), fields ? { fields } : {});

  function search(text: string): SearchHit[] {
    const words = parseSearchQuery(text).filter((variants) => variants.length > 0);
    if (words.length === 0) return [];
    const inName = new Set(run(words, false, ["name"]).map((r) => r.id as number));
    const exact = new Set(run(words, false).map((r) => r.id as number));
    const hits = run(words, true).map((r) => ({
      id: r.id as number,
      score: r.score,
      tier: (inName.has(r.id) ? "name" : exact.has(r.id) ? "exact" : "fuzzy") as MatchTier,
      createdAt: r.createdAt as string,
    }));
    hits.sort(
      (a, b) =>
        TIER_ORDER[a.tier] - TIER_ORDER[b.tier] ||
        b.score - a.score ||
        (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) ||
        b.id - a.id,
    );
    return hits.map(({ id, score, tier }) => ({ id, score, tier }));
  }

  return {
    search,
    suggest(text, limit = SUGGESTION_LIMIT) {
      return search(text)
        .slice(0, limit)
        .map((hit) => ({ id: hit.id, name: mini.getStoredFields(hit.id)?.name as string }));
    },
    get size() {
      return mini.documentCount;
    },
  };
}
