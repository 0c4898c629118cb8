/** The lists' sort (issue 29): the one comparator of every database, and `?sort=` as pages and the cache read it. */
import { describe, expect, it } from "vitest";
import { compareProducts, PRODUCT_SORTS, parseSort, type SortKeys } from "../../domain/catalogue-sort.ts";
import { paramRule } from "../../server/http/page-params.ts";

const row = (id: number, name: string, price: number | null, created_at: string): SortKeys => ({
  id,
  name,
  price,
  created_at,
});
const rows = [
  row(1, "עוגת שמרים", 5200, "2026-01-01T10:00:00.000Z"),
  row(2, "באבקה", null, "2026-03-01T10:00:00.000Z"),
  row(3, "עוגה 10", 1900, "2026-02-01T10:00:00.000Z"),
  row(4, "עוגה 9", 1900, "2026-02-01T10:00:00.000Z"),
  row(5, "אצבעות", 9900, "2026-01-15T10:00:00.000Z"),
];
const order = (sort: Parameters<typeof compareProducts>[0]) => [...rows].sort(compareProducts(sort)).map((r) => r.id);

describe("compareProducts", () => {
  it("orders by price either way, products without a price last, ties newest then higher id", () => {
    expect(order("price_asc")).toEqual([4, 3, 1, 5, 2]);
    expect(order("price_desc")).toEqual([5, 1, 4, 3, 2]);
  });
  it("orders names in Hebrew dictionary order, numbers by value", () => {
    expect(order("name")).toEqual([5, 2, 4, 3, 1]);
  });
  it("orders newest first, the higher id first on the same instant", () => {
    expect(order("newest")).toEqual([2, 4, 3, 5, 1]);
  });
});

describe("?sort=", () => {
  it("the page reads a known value and ignores anything else", () => {
    expect(parseSort("price_asc")).toBe("price_asc");
    for (const value of ["", null, undefined, "PRICE_ASC", "cheapest", "name "])
      expect(parseSort(value)).toBeUndefined();
  });
  it("the cache key keeps the first value when known and drops anything else (never renders uncached)", () => {
    const rule = paramRule(PRODUCT_SORTS);
    expect(rule.normalize(["name"])).toBe("name");
    expect(rule.normalize(["name", "cheapest"])).toBe("name");
    expect(rule.normalize(["cheapest", "name"])).toBe("");
    expect(rule.normalize([""])).toBe("");
  });
});
