/**
 * The forgiving product index (server/services/search/engine.ts) and its live copy that follows the
 * content version (live-index.ts): typo cases, exact-before-fuzzy ranking, the Hebrew normaliser as
 * tokenizer and term processor, and one rebuild per version that never runs twice at once (and none when
 * no product changed).
 */
import { describe, expect, it, vi } from "vitest";
import type { CatalogueFilter } from "../../domain/kashrut.ts";
import type { DB } from "../../server/db/database.ts";
import {
  adjacentSwaps,
  buildProductIndex,
  MIN_FUZZY_LENGTH,
  type ProductDocument,
} from "../../server/services/search/engine.ts";
import { createProductSearch } from "../../server/services/search/live-index.ts";

const DOCS: ProductDocument[] = [
  { id: 1, name: "עוגת גבינה", title: "אפויה", content: "גבינה לבנה." },
  { id: 2, name: "קרואסון חמאה", title: "שכבות", content: "נאפה כל בוקר." },
  { id: 3, name: "עוגת שוקולד", title: "שכבות של קרם", content: "עשירה." },
  { id: 4, name: "פיתה", title: "מהטאבון", content: "רכה." },
  { id: 5, name: "פיצה", title: "משולש", content: "רוטב עגבניות." },
  { id: 6, name: "קפה", title: "משקה", content: "הכי טעים ליד עוגה." },
  { id: 7, name: "עוגיות טחינה", title: "פריכות", content: "עם שומשום." },
].map((d, i) => ({ ...d, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }));

const index = await buildProductIndex(DOCS);
const ids = (text: string) => index.search(text).map((hit) => hit.id);

describe("typo search", () => {
  it("finds the issue's two examples", () => {
    expect(ids("עוגת גבנה")).toEqual([1]); // one letter missing
    expect(ids("קוראסון")).toEqual([2]); // two neighbours swapped
  });

  it("forgives one letter extra or substituted, also behind a prefix or with niqqud", () => {
    expect(ids("קרואססון")).toEqual([2]);
    expect(ids("שוקולט")).toEqual([3]);
    expect(ids("וְהַקּוֹרָאסוֹן")).toEqual([2]);
    expect(ids("טחינע")).toEqual([7]);
  });

  it("does not forgive two letters off, nor anything in words shorter than MIN_FUZZY_LENGTH", () => {
    expect(ids("קוראסונן")).toEqual([]);
    expect(MIN_FUZZY_LENGTH).toBe(4);
    expect(ids("קפא")).toEqual([]);
  });

  it("gives every swap of neighbouring letters once", () => {
    expect(adjacentSwaps("אבג")).toEqual(["באג", "אגב"]);
    expect(adjacentSwaps("אאב")).toEqual(["אבא"]);
  });
});

describe("ranking", () => {
  it("puts exact matches before one-letter-off ones, whatever their scores", () => {
    expect(ids("פיתה")).toEqual([4, 5]);
    expect(ids("פיצה")).toEqual([5, 4]);
    const hits = index.search("פיתה");
    expect(hits.map((h) => h.tier)).toEqual(["name", "fuzzy"]);
  });

  it("puts name matches before title and content matches", () => {
    const hits = index.search("עוגה");
    expect(hits.slice(0, 2).map((h) => h.tier)).toEqual(["name", "name"]);
    expect(hits.slice(0, 2).map((h) => h.id)).toEqual(expect.arrayContaining([1, 3]));
    expect(hits[2]).toMatchObject({ id: 6, tier: "exact" });
    // The cookies (עוגיות → עוגיה) are one letter off "עוגה".
    expect(hits[3]).toMatchObject({ id: 7, tier: "fuzzy" });
  });

  it("requires every word", () => {
    expect(ids("עוגה שוקולד")).toEqual([3]);
    expect(ids("פיתה שוקולד")).toEqual([]);
  });
});

describe("the Hebrew normaliser as tokenizer and term processor", () => {
  it("indexes normalized words with their prefix-stripped and plural forms", () => {
    expect(ids("עוגות")).toContain(1); // plural query, construct-state name
    expect(ids("בפיתה")).toEqual([4, 5]); // attached prefix (and the pizza, one letter off)
    expect(ids("קרואסונים")).toEqual([2]); // plural ending
    expect(ids("עוּגַת")).toEqual(expect.arrayContaining([1, 3])); // niqqud
    expect(ids("קרואסונ")).toEqual([2]); // final letter written as a regular one
  });

  it("matches the start of a word as the visitor types", () => {
    expect(ids("קרוא")).toEqual([2]);
    expect(index.suggest("עוג").map((s) => s.name)).toEqual(
      expect.arrayContaining(["עוגת גבינה", "עוגת שוקולד", "עוגיות טחינה"]),
    );
  });

  it("finds nothing for text without a searchable word", () => {
    expect(ids("?!")).toEqual([]);
    expect(ids("")).toEqual([]);
  });

  it("suggests at most the limit, best first", () => {
    expect(index.suggest("עוגה", 2)).toHaveLength(2);
    expect(index.suggest("קוראסון")).toEqual([{ id: 2, name: "קרואסון חמאה" }]);
  });
});

/**
 * A fake database: the documents' `selectFrom(...)...execute()` answers the current rows and counts the
 * reads; the fingerprint's `executeTakeFirst()` answers `fingerprint()` (by default, the rows themselves).
 */
function fakeDb(rows: () => ProductDocument[], fingerprint = () => JSON.stringify(rows())) {
  const state = { reads: 0, fingerprints: 0, gate: null as Promise<void> | null };
  const chain = {
    select: () => chain,
    where: () => chain,
    orderBy: () => chain,
    async execute() {
      state.reads += 1;
      if (state.gate) await state.gate;
      return rows().map((d) => ({ ...d, created_at: d.createdAt }));
    },
    async executeTakeFirst() {
      state.fingerprints += 1;
      return { count: fingerprint(), ids: 0, versions: 0, updated: "" };
    },
  };
  return { db: { selectFrom: () => chain } as unknown as DB, state };
}

function fakeVersion() {
  let version = 1;
  const listeners = new Set<(v: number) => void>();
  return {
    current: () => version,
    onChange(listener: (v: number) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    bump() {
      version += 1;
      for (const listener of listeners) listener(version);
    },
  };
}

/** A live index over `rows`, following a fake content version. */
function following(rows: () => ProductDocument[]) {
  const { db, state } = fakeDb(rows);
  const version = fakeVersion();
  const search = createProductSearch(db);
  search.follow(version);
  return { state, version, search };
}

describe("the live index", () => {
  it("answers a search after a bump from the new rows, rebuilding once per version", async () => {
    let rows = DOCS;
    const { db, state } = fakeDb(() => rows);
    const version = fakeVersion();
    const search = createProductSearch(db);
    search.follow(version);
    search.follow(version); // idempotent
    expect((await search.search("פיתה")).map((h) => h.id)).toEqual([4, 5]);
    expect(state.reads).toBe(1);
    // Many searches, no bump: no rebuild.
    await Promise.all([search.search("עוגה"), search.suggest("פיצה"), search.search("קפה")]);
    expect(state.reads).toBe(1);

    rows = DOCS.map((d) => (d.id === 4 ? { ...d, name: "לאפה" } : d));
    version.bump();
    expect((await search.search("לאפה"))[0]).toMatchObject({ id: 4, tier: "name" });
    expect(state.reads).toBe(2);
  });

  it("never runs two rebuilds at once; bumps during one are covered by one more", async () => {
    let rows = DOCS;
    const { db, state } = fakeDb(() => rows);
    const version = fakeVersion();
    const search = createProductSearch(db);
    let open!: () => void;
    state.gate = new Promise((resolve) => {
      open = resolve;
    });
    search.follow(version); // read 1 starts and waits at the gate
    await vi.waitUntil(() => state.reads === 1);
    rows = DOCS.map((d) => (d.id === 6 ? { ...d, name: "קפה הפוך" } : d));
    version.bump();
    version.bump();
    version.bump();
    const pending = search.search("פיתה");
    expect(state.reads).toBe(1);
    state.gate = null;
    open();
    expect((await pending).map((h) => h.id)).toEqual([4, 5]);
    // The build started at version 1 did not cover version 4: exactly one more ran.
    expect(state.reads).toBe(2);
    await search.search("פיתה");
    expect(state.reads).toBe(2);
  });

  it("answers from the previous index when a rebuild fails, and tries again on the next bump", async () => {
    let fail = false;
    const version = fakeVersion();
    // Every bump here is a product edit: the fingerprint moves with the version.
    const { db, state } = fakeDb(
      () => {
        if (fail) throw new Error("database down");
        return DOCS;
      },
      () => String(version.current()),
    );
    const search = createProductSearch(db);
    search.follow(version);
    expect((await search.search("פיתה")).length).toBe(2);
    fail = true;
    version.bump();
    expect((await search.search("פיתה")).length).toBe(2);
    fail = false;
    version.bump();
    expect((await search.search("פיתה")).length).toBe(2);
    expect(state.reads).toBeGreaterThanOrEqual(3);
  });

  it("a bump that changed no product re-tags the index without reading or indexing the products again", async () => {
    let rows = DOCS;
    const { state, version, search } = following(() => rows);
    expect((await search.search("פיתה")).map((h) => h.id)).toEqual([4, 5]);
    expect(state).toMatchObject({ reads: 1, fingerprints: 1 });

    // A branch, a sale or the settings changed: the fingerprint is the same, the products are not read.
    version.bump();
    version.bump();
    expect((await search.search("פיתה")).map((h) => h.id)).toEqual([4, 5]);
    expect(state.reads).toBe(1);
    expect(state.fingerprints).toBeGreaterThanOrEqual(2);

    // A product changed: read and indexed again.
    rows = DOCS.map((d) => (d.id === 4 ? { ...d, name: "לאפה" } : d));
    version.bump();
    expect((await search.search("לאפה"))[0]).toMatchObject({ id: 4, tier: "name" });
    expect(state.reads).toBe(2);
  });
});

const catalogue = await buildProductIndex(
  [
    { id: 1, name: "עוגת שוקולד", title: "שכבות", content: "קרם שוקולד." },
    { id: 2, name: "קרואסון שוקולד", title: "חמאה", content: "נאפה כל בוקר." },
    { id: 3, name: "עוגיות שיבולת שועל", title: "פריכות", content: "צימוקים." },
    { id: 4, name: "חלה מקמח מלא", title: "קלועה", content: "לשבת." },
    { id: 5, name: "עוגת גבינה", title: "אפויה", content: "גבינה לבנה." },
    { id: 6, name: "בייגל עגול", title: "שומשום", content: "ירושלמי." },
  ].map((d, i) => ({
    ...d,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    kashrut: { dietary: i % 2 ? ("parve" as const) : ("dairy" as const), allergens: [], may_contain: [] },
  })),
);
const names = (text: string, filter?: CatalogueFilter) => catalogue.suggest(text, 8, filter).map((s) => s.name);

describe("suggestions, similar results and 'did you mean' (issue 29)", () => {
  it("suggests words that start like the typed one, the cheapest slip only ('שוקל' → שוקולד, not שועל)", () => {
    expect(names("שוקל").sort()).toEqual(["עוגת שוקולד", "קרואסון שוקולד"].sort());
    // Exact starts first, and then no typo matches at all.
    expect(names("עוג").sort()).toEqual(["עוגיות שיבולת שועל", "עוגת גבינה", "עוגת שוקולד"].sort());
  });

  it("finds cakes for a defective spelling, singular or plural ('עגה', 'עגות'), marked as similar", () => {
    expect(
      catalogue
        .search("עגה")
        .map((h) => h.id)
        .sort(),
    ).toEqual([1, 5]);
    expect(catalogue.search("עגה").every((h) => h.tier === "fuzzy")).toBe(true);
    expect(catalogue.search("עגות").map((h) => h.id)).toEqual(expect.arrayContaining([1, 5]));
    expect(names("עגה").sort()).toEqual(["עוגת גבינה", "עוגת שוקולד"].sort());
  });

  it("says what the visitor probably meant, in the catalogue's spelling", () => {
    expect(catalogue.didYouMean("עוגת גבנה")).toBe("עוגת גבינה");
    expect(catalogue.didYouMean("שוקל")).toBe("שוקולד");
    expect(catalogue.didYouMean("עגה")).toBe("עוגה");
    expect(catalogue.didYouMean("עוגת שוקולד")).toBeNull();
    expect(catalogue.didYouMean("זזזזזז")).toBeNull();
  });

  it("filters suggestions by the diet words' filter, also with no text (newest first)", () => {
    const dairy = names("עוגת", { dietary: "dairy", without: [] });
    expect(dairy.slice(0, 2).sort()).toEqual(["עוגת גבינה", "עוגת שוקולד"].sort());
    expect(dairy).not.toContain("קרואסון שוקולד");
    expect(names("", { dietary: "parve", without: [] })).toEqual(["בייגל עגול", "חלה מקמח מלא", "קרואסון שוקולד"]);
    expect(names("")).toEqual([]);
  });
});
