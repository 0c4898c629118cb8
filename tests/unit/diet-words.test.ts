/**
 * Diet words in a search (issue 29, server/services/search/diet-words.ts): kashrut and allergen words with
 * their spellings and prefixes become the catalogue's filter instead of text; anything else stays text.
 */
import { describe, expect, it } from "vitest";
import { mergeFilters } from "../../domain/kashrut.ts";
import { readDietWords, VEGAN_EXCLUDES } from "../../server/services/search/diet-words.ts";

describe("diet words", () => {
  it("reads parve, dairy and meat in their spellings as the dietary filter, leaving no text", () => {
    for (const word of ["פרווה", "פרוה", "פַּרְוֶה", "והפרווה", "parve", "Pareve"]) {
      expect(readDietWords(word), word).toEqual({
        text: "",
        filter: { dietary: "parve", without: [] },
        words: [{ kind: "dietary", dietary: "parve" }],
      });
    }
    for (const word of ["חלבי", "חלבית", "חלביים", "dairy"])
      expect(readDietWords(word).filter).toEqual({ dietary: "dairy", without: [] });
    for (const word of ["בשרי", "בשריות", "meat"])
      expect(readDietWords(word).filter).toEqual({ dietary: "meat", without: [] });
  });

  it("keeps the other words as text", () => {
    expect(readDietWords("עוגה פרווה")).toMatchObject({ text: "עוגה", filter: { dietary: "parve" } });
    // Not diet words: milk chocolate, halva, "without sugar" (sugar is no allergen), a near miss.
    expect(readDietWords("שוקולד חלב")).toMatchObject({ text: "שוקולד חלב", words: [] });
    expect(readDietWords("חלבה").words).toEqual([]);
    expect(readDietWords("ללא סוכר")).toMatchObject({ text: "ללא סוכר", words: [] });
    expect(readDietWords("פרוסה").words).toEqual([]);
  });

  it("reads vegan as parve without milk, eggs and fish", () => {
    for (const word of ["טבעוני", "טבעונית", "לטבעונים", "vegan"]) {
      expect(readDietWords(word).filter, word).toEqual({ dietary: "parve", without: [...VEGAN_EXCLUDES].sort() });
    }
    expect(VEGAN_EXCLUDES).toEqual(expect.arrayContaining(["milk", "eggs", "fish"]));
  });

  it("reads 'without X' and 'X free' as the allergen filter", () => {
    for (const phrase of ["ללא גלוטן", "נטול גלוטן", "בלי גלוטן", "gluten-free", "gluten free"]) {
      expect(readDietWords(phrase), phrase).toMatchObject({ text: "", filter: { without: ["gluten"] } });
    }
    expect(readDietWords("עוגה ללא ביצים").filter).toEqual({ without: ["eggs"] });
    expect(readDietWords("ללא מוצרי חלב").filter).toEqual({ without: ["milk"] });
    // "dairy free" is about milk, not a dairy product.
    expect(readDietWords("dairy free").filter).toEqual({ without: ["milk"] });
    expect(readDietWords("טבעוני ללא גלוטן").filter?.without).toContain("gluten");
  });

  it("gives no filter for contradicting kinds, and merges with the page's filter", () => {
    expect(readDietWords("פרווה חלבי").filter).toBeNull();
    expect(mergeFilters({ dietary: "dairy", without: [] }, { dietary: "parve", without: [] })).toBeNull();
    expect(mergeFilters({ without: ["sesame"] }, { dietary: "parve", without: ["eggs", "sesame"] })).toEqual({
      dietary: "parve",
      without: ["eggs", "sesame"],
    });
  });
});
