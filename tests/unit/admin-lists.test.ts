/**
 * Pure pieces of the back office: which page numbers the admin pagination shows (spec §9), Laravel's
 * link window, CSV cells that spreadsheets cannot run, and the list-parameter schema (spec §7).
 */
import { describe, expect, it } from "vitest";
import { ADMIN_WINDOW_LIMIT, pageWindow } from "../../app/components/admin/page-window.ts";
import { listQuerySchema } from "../../app/lib/schemas/admin/list.ts";
import { csvCell, toCsv } from "../../server/services/admin/csv.ts";
import { linkWindow, paginate } from "../../server/services/admin/listing.ts";

describe("pageWindow (spec §9)", () => {
  it("shows every page when there are few", () => {
    expect(pageWindow(1, 5, 2)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps `limit` pages each side of the current one, the ends, and ellipses for gaps", () => {
    expect(pageWindow(10, 20, 2)).toEqual([1, "ellipsis", 8, 9, 10, 11, 12, "ellipsis", 20]);
    expect(pageWindow(1, 20, 2)).toEqual([1, 2, 3, "ellipsis", 20]);
    expect(pageWindow(20, 20, 2)).toEqual([1, "ellipsis", 18, 19, 20]);
  });

  it("shows a single missing page instead of an ellipsis", () => {
    expect(pageWindow(4, 20, 1)).toEqual([1, 2, 3, 4, 5, "ellipsis", 20]);
  });

  it("0 means every page, -1 no page numbers", () => {
    expect(pageWindow(3, 7, 0)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(3, 7, -1)).toEqual([]);
  });

  it("uses a wider window in the back office than the public site's 2", () => {
    expect(ADMIN_WINDOW_LIMIT).toBeGreaterThan(2);
    expect(pageWindow(10, 30, ADMIN_WINDOW_LIMIT)).toEqual([1, "ellipsis", 7, 8, 9, 10, 11, 12, 13, "ellipsis", 30]);
  });
});

describe("Laravel paginator", () => {
  it("lists every page link when few and a window with gaps when many", () => {
    expect(linkWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(linkWindow(50, 100)).toEqual([1, 2, null, 47, 48, 49, 50, 51, 52, 53, null, 99, 100]);
  });

  it("builds from/to, page URLs that keep the query, and null URLs at the ends", () => {
    const page = paginate(
      ["a", "b"],
      12,
      { page: 3, per_page: 5 },
      "/api/clients",
      new URLSearchParams("search_global=x&page=3"),
    );
    expect(page).toMatchObject({
      current_page: 3,
      last_page: 3,
      from: 11,
      to: 12,
      total: 12,
      next_page_url: null,
      prev_page_url: "/api/clients?search_global=x&page=2",
      first_page_url: "/api/clients?search_global=x&page=1",
    });
    expect(page.links.at(-1)).toEqual({ url: null, label: "הבא", active: false });
  });
});

describe("CSV export cells", () => {
  it("quotes every cell and doubles quotes", () => {
    expect(csvCell('a "b"')).toBe('"a ""b"""');
    expect(csvCell(null)).toBe('""');
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    for (const value of ["=1+1", "+1", "-1", "@SUM(A1)", "\t=x", "\r=x"]) expect(csvCell(value)).toMatch(/^"'/);
    expect(csvCell("dana@example.co.il")).toBe('"dana@example.co.il"');
  });

  it("starts with a byte-order mark and ends lines with CRLF", () => {
    expect(toCsv(["א"], [["ב"]])).toBe('\uFEFF"א"\r\n"ב"\r\n');
  });
});

describe("list query parameters (spec §7)", () => {
  it("defaults to page 1, created_at descending", () => {
    expect(listQuerySchema.parse({})).toMatchObject({
      page: 1,
      per_page: 15,
      order_column: "created_at",
      order_direction: "desc",
    });
  });

  it("trims and drops empty searches, and refuses nonsense", () => {
    expect(listQuerySchema.parse({ search_title: "  חלה ", search_id: "" })).toMatchObject({ search_title: "חלה" });
    expect(listQuerySchema.parse({ search_title: "  " }).search_title).toBeUndefined();
    for (const bad of [
      { page: "0" },
      { page: "x" },
      { per_page: "101" },
      { search_id: "1 or 1" },
      { order_direction: "up" },
      { order_column: "name;" },
    ]) {
      expect(listQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
