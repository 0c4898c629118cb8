/**
 * Diet words in a search (issue 29): "פרווה", "חלבי", "בשרי", "טבעוני", "ללא גלוטן" and their spellings are
 * not text to look for but a question about the product's kashrut and allergens. Fuzzy text matching turned
 * them into their opposite ("פרווה" is one letter from "פרוסה", "טבעוני" from "צבעוניות"), so they are taken
 * out of the text and become the catalogue's filter (domain/kashrut.ts), which reads what staff recorded.
 *
 * - parve / dairy / meat words → `dietary`.
 * - vegan words → parve AND without milk, eggs, fish, crustaceans and molluscs. The catalogue records no
 *   "vegan" fact; this is the strictest reading of what it does record (the page says so, and that honey and
 *   the like are not covered).
 * - "ללא" / "בלי" / "נטול(ת/י)" / "without" + an allergen word, or an allergen word + "free" → without it.
 *   A "without" word followed by anything else stays text ("ללא סוכר" is searched as words).
 *
 * Words are compared after the search's own normalization (hebrew.ts: no niqqud, regular final letters,
 * doubled ו/י collapsed, so "פרווה" = "פרוה"), through the same prefix stripping ("והפרווה", "לטבעונים").
 */
import type { Allergen, CatalogueFilter, Dietary } from "../../../domain/kashrut.ts";
import { normalizeHebrew, stemVariants } from "./hebrew.ts";

/** What one diet word (or phrase) in the search asks for. */
export type DietWord =
  | { kind: "dietary"; dietary: Dietary }
  | { kind: "vegan" }
  | { kind: "without"; allergen: Allergen };

export interface ReadSearch {
  /** The text left for the search index, diet words removed (the rest as typed); empty when nothing is left. */
  text: string;
  /** The filter the diet words ask for (empty when none); null when they contradict each other ("פרווה חלבי"). */
  filter: CatalogueFilter | null;
  /** What each diet word asked for, in the search's order. */
  words: DietWord[];
}

/** What "vegan" is taken to exclude, beyond being parve. */
export const VEGAN_EXCLUDES: readonly Allergen[] = ["milk", "eggs", "fish", "crustaceans", "molluscs"];

const DIETARY_WORDS: Record<Dietary, string[]> = {
  parve: ["פרווה", "פרוה", "פרווא", "parve", "pareve", "parev", "parveh"],
  dairy: ["חלבי", "חלבית", "חלביים", "חלביות", "dairy", "milchig", "milchik"],
  meat: ["בשרי", "בשרית", "בשריים", "בשריות", "meat", "fleishig", "fleishik"],
};
const VEGAN_WORDS = ["טבעוני", "טבעונית", "טבעוניים", "טבעוניות", "טבעונות", "vegan", "vegans"];
const WITHOUT_WORDS = ["ללא", "בלי", "נטול", "נטולת", "נטולי", "נטולות", "without", "no", "non"];
const FREE_WORDS = ["free"];
const ALLERGEN_WORDS: Record<Allergen, string[]> = {
  gluten: ["גלוטן", "gluten"],
  milk: ["חלב", "מוצרי", "dairy", "milk"], // "ללא מוצרי חלב": the second word is skipped, see below
  eggs: ["ביצים", "ביצה", "egg", "eggs"],
  soy: ["סויה", "soy", "soya"],
  peanuts: ["בוטנים", "בוטן", "peanut", "peanuts"],
  tree_nuts: ["אגוזים", "אגוז", "אגוזי", "nut", "nuts"],
  sesame: ["שומשום", "sesame"],
  fish: ["דגים", "דג", "fish"],
  crustaceans: ["סרטנאים", "סרטנים", "crustaceans", "shellfish"],
  molluscs: ["רכיכות", "molluscs", "mollusks"],
  celery: ["סלרי", "celery"],
  mustard: ["חרדל", "mustard"],
  sulphites: ["סולפיטים", "סולפיט", "sulphites", "sulfites"],
  lupin: ["תורמוס", "lupin", "lupine"],
};

const normalized = (words: string[]) => new Set(words.map((w) => normalizeHebrew(w)));
const dietaryByWord = new Map<string, Dietary>(
  (Object.entries(DIETARY_WORDS) as [Dietary, string[]][]).flatMap(([dietary, words]) =>
    [...normalized(words)].map((w) => [w, dietary] as const),
  ),
);
const veganWords = normalized(VEGAN_WORDS);
const withoutWords = normalized(WITHOUT_WORDS);
const freeWords = normalized(FREE_WORDS);
const allergenByWord = new Map<string, Allergen>(
  (Object.entries(ALLERGEN_WORDS) as [Allergen, string[]][]).flatMap(([allergen, words]) =>
    [...normalized(words)].map((w) => [w, allergen] as const),
  ),
);
/** "מוצרי" only counts before "חלב" ("ללא מוצרי חלב"). */
const DAIRY_PRODUCTS = normalizeHebrew("מוצרי");
const MILK = normalizeHebrew("חלב");

/** The word itself, then its prefix-stripped and ending forms ("והפרווה" → "פרוה"). */
const forms = (word: string) => [word, ...stemVariants(word)];
const lookup = <T>(table: Map<string, T>, word: string): T | undefined => {
  for (const form of forms(word)) {
    const hit = table.get(form);
    if (hit !== undefined) return hit;
  }
  return undefined;
};
const isIn = (set: Set<string>, word: string) => forms(word).some((form) => set.has(form));

/** An allergen named at `at` ("חלב", "מוצרי חלב"): the code and how many words it took. */
function allergenAt(words: string[], at: number): { allergen: Allergen; length: number } | null {
  const word = words[at];
  if (word === undefined) return null;
  if (word === DAIRY_PRODUCTS) return words[at + 1] === MILK ? { allergen: "milk", length: 2 } : null;
  const allergen = lookup(allergenByWord, word);
  return allergen ? { allergen, length: 1 } : null;
}

/** Splits a search into the diet words (as a filter) and the text left for the index. */
export function readDietWords(search: string): ReadSearch {
  // Each normalized word with the visitor's spelling, when the word was typed alone ("לחם", not "לחמ").
  const typed = search.split(/\s+/).flatMap((token) => {
    const normalized = normalizeHebrew(token).split(" ").filter(Boolean);
    return normalized.map((word) => (normalized.length === 1 ? token : word));
  });
  const words = typed.map((token) => normalizeHebrew(token));
  const rest: string[] = [];
  const found: DietWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    // Phrases first: "dairy free" is about milk, not a dairy product.
    const after = isIn(withoutWords, word) ? allergenAt(words, i + 1) : null;
    const before = after ? null : allergenAt(words, i);
    const phrase = after
      ? { allergen: after.allergen, length: after.length + 1 }
      : before && freeWords.has(words[i + before.length] ?? "")
        ? { allergen: before.allergen, length: before.length + 1 }
        : null;
    if (phrase) {
      found.push({ kind: "without", allergen: phrase.allergen });
      i += phrase.length - 1;
      continue;
    }
    const dietary = lookup(dietaryByWord, word);
    if (dietary) found.push({ kind: "dietary", dietary });
    else if (isIn(veganWords, word)) found.push({ kind: "vegan" });
    else rest.push(typed[i] as string);
  }
  return { text: rest.join(" "), filter: filterOf(found), words: found };
}

/** The filter the words ask for: null when they name two different dietary kinds (nothing is both). */
function filterOf(words: DietWord[]): CatalogueFilter | null {
  const without = new Set<Allergen>();
  const kinds = new Set<Dietary>();
  for (const meaning of words) {
    if (meaning.kind === "dietary") kinds.add(meaning.dietary);
    else if (meaning.kind === "vegan") {
      kinds.add("parve");
      for (const code of VEGAN_EXCLUDES) without.add(code);
    } else without.add(meaning.allergen);
  }
  if (kinds.size > 1) return null;
  const [dietary] = kinds;
  return { ...(dietary ? { dietary } : {}), without: [...without].sort() };
}
