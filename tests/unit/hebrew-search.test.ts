import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import {
  buildSearchDocument,
  escapeLike,
  MAX_QUERY_WORD_LENGTH,
  MAX_QUERY_WORDS,
  normalizeHebrew,
  parseSearchQuery,
  stemVariants,
} from "../../server/services/search/hebrew.ts";

type Fields = { name: string; title?: string | null; content?: string | null };

/** Emulates SQL `text LIKE pattern ESCAPE '\'` (case-sensitive, like PostgreSQL). */
function like(text: string, pattern: string): boolean {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "\\") {
      i++;
      source += (pattern[i] ?? "").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    } else if (c === "%") source += "[\\s\\S]*";
    else if (c === "_") source += "[\\s\\S]";
    else source += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "u").test(text);
}

/** The SQL semantics: every query word has a variant that occurs in the column. */
function matchesColumn(column: string, query: string): boolean {
  const words = parseSearchQuery(query);
  if (words.length === 0) return false;
  return words.every((variants) => variants.some((v) => like(column, `%${escapeLike(v)}%`)));
}

function matches(doc: Fields | string, query: string): boolean {
  const fields = typeof doc === "string" ? { name: doc } : doc;
  return matchesColumn(buildSearchDocument(fields).searchText, query);
}

/** Search over a list: matching products, name matches first (stable). */
function search(products: Fields[], query: string): string[] {
  const hits = products
    .map((p) => ({ p, doc: buildSearchDocument(p) }))
    .filter(({ doc }) => matchesColumn(doc.searchText, query));
  const rank = (doc: { searchName: string }) => (matchesColumn(doc.searchName, query) ? 0 : 1);
  return hits.sort((a, b) => rank(a.doc) - rank(b.doc)).map(({ p }) => p.name);
}

describe("normalizeHebrew", () => {
  it("strips niqqud, dagesh, shin dots and cantillation", () => {
    expect(normalizeHebrew("חַלָּה")).toBe("חלה");
    expect(normalizeHebrew("שׁוֹקוֹלָד")).toBe("שוקולד");
    expect(normalizeHebrew("בְּרֵאשִׁ֖ית")).toBe("בראשית");
  });

  it("decomposes Hebrew presentation forms", () => {
    // U+FB2A SHIN WITH SHIN DOT, U+FB35 VAV WITH DAGESH, U+FB4B VAV WITH HOLAM
    expect(normalizeHebrew("\uFB2A\uFB35\uFB4Bק")).toBe("שוק");
  });

  it("removes geresh and gershayim, Hebrew and ASCII", () => {
    expect(normalizeHebrew("צ'יפס")).toBe("ציפס");
    expect(normalizeHebrew("צ׳יפס")).toBe("ציפס");
    expect(normalizeHebrew("צ’יפס")).toBe("ציפס");
    expect(normalizeHebrew('בד"צ')).toBe("בדצ");
    expect(normalizeHebrew("בד״ץ")).toBe("בדצ");
  });

  it("maps final letters to regular forms", () => {
    expect(normalizeHebrew("ךםןףץ")).toBe("כמנפצ");
    expect(normalizeHebrew("עוגות גבינה מתוקות בטעם תפוז")).toBe("עוגות גבינה מתוקות בטעמ תפוז");
  });

  it("turns maqaf, Hebrew punctuation and ASCII punctuation into spaces", () => {
    expect(normalizeHebrew("בית־לחם")).toBe("בית לחמ");
    expect(normalizeHebrew("חלה, מתוקה! (ללא-גלוטן)")).toBe("חלה מתוקה ללא גלוטנ");
    expect(normalizeHebrew("סוף׃פסוק׀פסק")).toBe("סופ פסוק פסק");
  });

  it("removes bidi control and zero-width characters", () => {
    const dirty = "\u200Fחלה\u200E \u202Bעוגה\u202C \u2067שוקו\u2069\u200D\uFEFF";
    expect(normalizeHebrew(dirty)).toBe("חלה עוגה שוקו");
  });

  it("lower-cases Latin, strips Latin accents, keeps digits", () => {
    expect(normalizeHebrew("Brownie BROWNIE brownie")).toBe("brownie brownie brownie");
    expect(normalizeHebrew("Crème Brûlée")).toBe("creme brulee");
    expect(normalizeHebrew('עוגה 12 ס"מ ב-3 שכבות')).toBe("עוגה 12 סמ ב 3 שכבות");
    expect(normalizeHebrew("１２")).toBe("12");
  });

  it("collapses doubled vav/yod (full vs defective spelling)", () => {
    expect(normalizeHebrew("עוגייה")).toBe(normalizeHebrew("עוגיה"));
    expect(normalizeHebrew("וופל")).toBe("ופל");
  });

  it("collapses whitespace and handles empty input", () => {
    expect(normalizeHebrew("  חלה \n\t עוגה  ")).toBe("חלה עוגה");
    expect(normalizeHebrew("")).toBe("");
    expect(normalizeHebrew("׳״-,. \u200F")).toBe("");
  });

  it("normalizes SQL-ish input into harmless words", () => {
    expect(normalizeHebrew("' OR 1=1 --")).toBe("or 1 1");
    expect(normalizeHebrew("'; DROP TABLE products; --")).toBe("drop table products");
  });
});

describe("stemVariants", () => {
  it("strips prefix sequences, ו first and ה last", () => {
    const v = stemVariants("ושהחלות");
    expect(v[0]).toBe("ושהחלות");
    expect(v).toEqual(expect.arrayContaining(["שהחלות", "החלות", "חלות", "חלה", "חל"]));
    // ה ends the prefix chain, so "לות" is never produced.
    expect(v).not.toContain("לות");
  });

  it("keeps a stem of at least 2 letters", () => {
    expect(stemVariants("בו")).toEqual(["בו"]);
    expect(stemVariants("לחמ")).toEqual(["לחמ", "חמ"]);
    for (const v of stemVariants("ובלה")) expect(v.length).toBeGreaterThan(1);
  });

  it("handles plural and construct endings", () => {
    expect(stemVariants("בורקסימ")).toContain("בורקס");
    expect(stemVariants("עוגות")).toEqual(expect.arrayContaining(["עוגות", "עוגה", "עוג"]));
    expect(stemVariants("עוגת")).toContain("עוגה");
    // No feminine "ה" → "" rule.
    expect(stemVariants("עוגה")).toEqual(["עוגה"]);
  });

  it("is deduplicated and ordered from most to least specific", () => {
    const v = stemVariants("ולעוגות");
    expect(new Set(v).size).toBe(v.length);
    for (let i = 1; i < v.length; i++) {
      expect((v[i - 1] as string).length).toBeGreaterThanOrEqual((v[i] as string).length);
    }
  });

  it("leaves non-Hebrew words alone", () => {
    expect(stemVariants("brownies")).toEqual(["brownies"]);
    expect(stemVariants("12")).toEqual(["12"]);
    expect(stemVariants("")).toEqual([]);
  });
});

describe("buildSearchDocument", () => {
  it("normalizes the name and covers name, title and content", () => {
    const doc = buildSearchDocument({
      name: "חַלָּה מתוקה",
      title: "לשבת",
      content: "עם שומשום",
    });
    expect(doc.searchName).toBe("חלה מתוקה");
    expect(doc.searchText.startsWith("חלה מתוקה")).toBe(true);
    for (const w of ["לשבת", "שומשומ"]) expect(doc.searchText).toContain(w);
  });

  it("adds ending swaps after each word, skipping redundant substrings", () => {
    const doc = buildSearchDocument({ name: "והחלות" });
    expect(doc.searchText.split(" ")).toEqual(["והחלות", "והחלה", "החלה", "חלה"]);
    expect(buildSearchDocument({ name: "עוגת גבינה" }).searchName).toBe("עוגת עוגה גבינה");
  });

  it("accepts missing title and content", () => {
    expect(buildSearchDocument({ name: "בורקס", title: null })).toEqual({
      searchName: "בורקס",
      searchText: "בורקס",
    });
  });
});

describe("parseSearchQuery", () => {
  it("returns one variant list per word", () => {
    expect(parseSearchQuery("עוגות גבינה")).toEqual([stemVariants("עוגות"), ["גבינה"]]);
  });

  it("ignores empty input and punctuation-only input", () => {
    expect(parseSearchQuery("")).toEqual([]);
    expect(parseSearchQuery("  ,. ׳ ")).toEqual([]);
  });

  it("drops derived variants shorter than 3 letters but keeps typed words", () => {
    expect(parseSearchQuery("לחם")).toEqual([["לחמ"]]);
    expect(parseSearchQuery("ב")).toEqual([["ב"]]);
    expect(parseSearchQuery("חל")).toEqual([["חל"]]);
  });

  it("caps the number and length of words and deduplicates", () => {
    const many = Array.from({ length: 20 }, (_, i) => `מילה${i}`).join(" ");
    expect(parseSearchQuery(many)).toHaveLength(MAX_QUERY_WORDS);
    const [long] = parseSearchQuery("א".repeat(500));
    expect(long?.[0]).toHaveLength(MAX_QUERY_WORD_LENGTH);
    expect(parseSearchQuery("חלה חַלָּה חלה")).toEqual([["חלה"]]);
  });

  it("turns SQL-ish input into plain words", () => {
    expect(parseSearchQuery("' OR 1=1 --")).toEqual([["or"], ["1"]]);
  });
});

describe("escapeLike", () => {
  it("escapes backslash, percent and underscore", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
    expect(escapeLike("חלה")).toBe("חלה");
  });

  it("makes wildcards literal", () => {
    expect(like("100% חמאה", `%${escapeLike("0%")}%`)).toBe(true);
    expect(like("100 חמאה", `%${escapeLike("0%")}%`)).toBe(false);
    expect(like("a_b", `%${escapeLike("_")}%`)).toBe(true);
    expect(like("ab", `%${escapeLike("_")}%`)).toBe(false);
  });

  it("behaves the same in real SQLite (LIKE ... ESCAPE '\\')", () => {
    const db = new DatabaseSync(":memory:");
    try {
      const stmt = db.prepare("SELECT ? LIKE '%' || ? || '%' ESCAPE '\\' AS hit");
      const cases: [string, string][] = [
        ["100% חמאה", "0%"],
        ["100 חמאה", "0%"],
        ["a_b", "_"],
        ["ab", "_"],
        ["c:\\x", "\\"],
        [buildSearchDocument({ name: "והחלות" }).searchText, "חלה"],
        [buildSearchDocument({ name: "Brownie" }).searchText, "brownie"],
      ];
      for (const [text, value] of cases) {
        const row = stmt.get(text, escapeLike(value)) as { hit: number };
        expect(Boolean(row.hit)).toBe(like(text, `%${escapeLike(value)}%`));
      }
    } finally {
      db.close();
    }
  });
});

/** Each case: a stored text and a query that must find it. */
const FINDS: Record<string, [string, string][]> = {
  "ignores niqqud on either side": [
    ["חלה", "חַלָּה"],
    ["חַלָּה", "חלה"],
  ],
  "ignores geresh": [
    ["צ'יפס", "צ׳יפס"],
    ["צ׳יפס", "ציפס"],
    ["ציפס", "צ'יפס"],
  ],
  "treats final letters as regular letters": [
    ["עוגות גבינה", "גבינ"],
    ["לחם", "לחמ"],
    ["לחמניות", "לחם"],
  ],
  "finds words behind prefix letters": [
    ["והחלות", "חלה"],
    ["עוגה בשוקולד", "שוקולד"],
    ["שוקולד", "בשוקולד"],
    ["חלות לשבת", "ושבת"],
    // Decision: "לעוגה" finds the construct state "עוגת" (stored as עוגת + עוגה).
    ["עוגת גבינה", "לעוגה"],
  ],
  "matches plurals both ways": [
    ["בורקסים", "בורקס"],
    ["בורקס", "בורקסים"],
    ["עוגות", "עוגה"],
    ["עוגה", "עוגות"],
    ["חלות", "חלה"],
    ["עוגיות", "עוגייה"],
  ],
  "matches any part of a word": [
    ["שוקולד מריר", "שוקו"],
    ["רוגלך", "גלך"],
  ],
};

describe("matching (SQL semantics)", () => {
  for (const [name, cases] of Object.entries(FINDS)) {
    it(name, () => {
      for (const [text, query] of cases) expect(matches(text, query), `${text} ← ${query}`).toBe(true);
    });
  }

  it("requires every query word (AND), in any order and field", () => {
    const doc = { name: "עוגת גבינה", title: "אפויה", content: "עם פירורים" };
    expect(matches(doc, "פירורים גבינה")).toBe(true);
    expect(matches(doc, "אפויה")).toBe(true);
    expect(matches(doc, "גבינה שוקולד")).toBe(false);
  });

  it("matches Latin case-insensitively", () => {
    expect(matches("Brownie", "brownie")).toBe(true);
    expect(matches("brownie", "BROWNIE")).toBe(true);
    expect(matches("Brownies שוקולד", "brown")).toBe(true);
  });

  it("ignores bidi control characters", () => {
    expect(matches("\u202Bעוגת\u202C Brownie\u200E", "\u200Fעוגת brownie")).toBe(true);
  });

  it("does not over-match through short derived stems", () => {
    // "לחם" must not expand to the substring "חמ".
    expect(matches("חמאה", "לחם")).toBe(false);
    expect(matches("עוגיה", "עוגה")).toBe(false);
    expect(matches("עוגה", "חלה")).toBe(false);
  });

  it("treats SQL-ish and wildcard input as plain text", () => {
    expect(matches("חלה", "' OR 1=1 --")).toBe(false);
    expect(matches("הנחה 1 ל 1", "' OR 1=1 --")).toBe(false);
    expect(matches("חלה", "%")).toBe(false);
    expect(matches("חלה", "_")).toBe(false);
    expect(matches("עוגה 100% חמאה", "100%")).toBe(true);
  });

  it("ranks name matches before title/content matches", () => {
    const products: Fields[] = [
      { name: "עוגת שמרים", content: "עם הרבה שוקולד" },
      { name: "חלה", title: "מתוקה" },
      { name: "עוגיות שוקולד צ'יפס" },
      { name: "בראוניז", title: "Brownie בשוקולד מריר" },
    ];
    expect(search(products, "שוקולד")).toEqual(["עוגיות שוקולד צ'יפס", "עוגת שמרים", "בראוניז"]);
  });
});
