import { describe, expect, it } from "vitest";
import { pageItems, withPage } from "../../app/components/ui/pagination.tsx";
import { linkWindow, MAX_PAGE, pageUrl, paginate, parsePage } from "../../domain/pagination.ts";

describe("parsePage (Laravel's rule)", () => {
  it("accepts positive integers and falls back to 1 for anything else", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage(" 7 ")).toBe(7);
    expect(parsePage(2)).toBe(2);
    for (const bad of [undefined, null, "", "0", "-1", "1.5", "abc", "2abc", "0x10", "1e3", "9".repeat(20)]) {
      expect(parsePage(bad), String(bad)).toBe(1);
    }
    expect(parsePage("99999999")).toBe(MAX_PAGE);
  });
});

describe("pageUrl", () => {
  it("keeps filters, drops empty ones and any earlier page, and puts page last", () => {
    expect(pageUrl("/products", { search: "עוגה", category: undefined, page: "9" }, 2)).toBe(
      `/products?search=${encodeURIComponent("עוגה").replace(/%20/g, "+")}&page=2`,
    );
    expect(pageUrl("/api/products", new URLSearchParams("a=1&page=3&b="), 4)).toBe("/api/products?a=1&page=4");
    expect(pageUrl("/x", undefined, 1)).toBe("/x?page=1");
  });
});

describe("linkWindow (Laravel's UrlWindow, 3 on each side)", () => {
  it("lists every page when there are few", () => {
    expect(linkWindow(1, 1)).toEqual([1]);
    expect(linkWindow(2, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(linkWindow(5, 13)).toHaveLength(13);
  });
  it("slides with gaps when there are many", () => {
    expect(linkWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "...", 19, 20]);
    expect(linkWindow(10, 20)).toEqual([1, 2, "...", 7, 8, 9, 10, 11, 12, 13, "...", 19, 20]);
    expect(linkWindow(20, 20)).toEqual([1, 2, "...", 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
});

describe("paginate", () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => i);
  it("builds the Laravel paginator JSON for a middle page", () => {
    const page = paginate(rows(12), { total: 40, page: 2, perPage: 12, path: "/products", query: { search: "a" } });
    expect(page).toMatchObject({
      current_page: 2,
      last_page: 4,
      per_page: 12,
      total: 40,
      from: 13,
      to: 24,
      path: "/products",
      first_page_url: "/products?search=a&page=1",
      last_page_url: "/products?search=a&page=4",
      prev_page_url: "/products?search=a&page=1",
      next_page_url: "/products?search=a&page=3",
    });
    expect(page.links.map((l) => l.label)).toEqual(["הקודם", "1", "2", "3", "4", "הבא"]);
    expect(page.links.filter((l) => l.active).map((l) => l.label)).toEqual(["2"]);
  });
  it("has no previous on the first page, no next on the last, and empty bounds past the end", () => {
    const first = paginate(rows(5), { total: 5, page: 1, perPage: 12, path: "/p" });
    expect([first.prev_page_url, first.next_page_url, first.last_page, first.from, first.to]).toEqual([
      null,
      null,
      1,
      1,
      5,
    ]);
    const empty = paginate([], { total: 0, page: 1, perPage: 12, path: "/p" });
    expect([empty.last_page, empty.from, empty.to, empty.next_page_url]).toEqual([1, null, null, null]);
    const past = paginate([], { total: 30, page: 9, perPage: 12, path: "/p" });
    expect([past.from, past.to, past.next_page_url, past.prev_page_url]).toEqual([null, null, null, "/p?page=3"]);
  });
});

describe("pageItems (the public page window)", () => {
  it("shows first, last, two on each side, single missing pages and … for longer gaps", () => {
    expect(pageItems(1, 1, 2)).toEqual([1]);
    expect(pageItems(1, 6, 2)).toEqual([1, 2, 3, "…", 6]);
    expect(pageItems(3, 6, 2)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageItems(6, 6, 2)).toEqual([1, "…", 4, 5, 6]);
    expect(pageItems(5, 6, 2)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageItems(10, 20, 2)).toEqual([1, "…", 8, 9, 10, 11, 12, "…", 20]);
    expect(pageItems(4, 20, 2)).toEqual([1, 2, 3, 4, 5, 6, "…", 20]);
  });
  it("shows every page with 0 and none with -1", () => {
    expect(pageItems(3, 5, 0)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(3, 5, -1)).toEqual([]);
  });
});

describe("withPage", () => {
  it("replaces the page parameter and keeps the rest", () => {
    expect(withPage("/products?search=x&page=1", 3)).toBe("/products?search=x&page=3");
    expect(withPage("/products", 2)).toBe("/products?page=2");
    expect(withPage("https://example.co.il/api/products?page=1", 5)).toBe("https://example.co.il/api/products?page=5");
  });
});
