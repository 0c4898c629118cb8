import { describe, expect, it } from "vitest";
import { sanitizeRecord, sanitizeText } from "../../domain/text.ts";

describe("sanitizeText", () => {
  it("removes bidi overrides and isolates that could reorder Hebrew text", () => {
    expect(sanitizeText("שלום\u202Eםלוע\u202C")).toBe("שלוםםלוע");
    expect(sanitizeText("\u2066abc\u2069 עוגה")).toBe("abc עוגה");
  });
  it("removes control characters but keeps newlines and tabs", () => {
    expect(sanitizeText("a\u0000b\u0007c\nd\te\r\n")).toBe("abc\nd\te\r\n");
  });
  it("removes C1 controls, bidi marks, zero-width and separator characters (issue 14), keeping emoji joiners", () => {
    expect(sanitizeText("a\u0085b\u009Bc\u200Fd\u200Ee\u061Cf\u200Bg\u2028h\u2029i\uFEFFj\u00ADk")).toBe("abcdefghijk");
    expect(sanitizeText("👩\u200D🍳")).toBe("👩\u200D🍳");
  });
  it("cleans strings nested in arrays and objects", () => {
    expect(sanitizeRecord({ sizes: [{ name: "x\u200By" }], n: 1 })).toEqual({ sizes: [{ name: "xy" }], n: 1 });
  });
  it("keeps niqqud and ordinary punctuation", () => {
    expect(sanitizeText("חַלָּה, 'קלועה' (גדולה)!")).toBe("חַלָּה, 'קלועה' (גדולה)!".normalize("NFC"));
  });
  it("cleans every string of a record and leaves other values alone", () => {
    expect(sanitizeRecord({ name: "x\u202Ey", remember: true, n: 3 })).toEqual({ name: "xy", remember: true, n: 3 });
  });
});
