/**
 * Pure pieces of the back office: the admin pagination window (spec §9) and list paginator, CSV cells that
 * spreadsheets cannot run, and the list-parameter schema (spec §7).
 */

import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ADMIN_WINDOW_LIMIT, ListFooter } from "../../app/components/admin/list.tsx";
import type { AdminList } from "../../app/components/admin/use-admin-list.ts";
import { Pagination, pageItems } from "../../app/components/ui/pagination.tsx";
import { listQuerySchema } from "../../domain/schemas/admin/list.ts";
import { csvCell, toCsv } from "../../server/services/admin/csv.ts";
import { paginate } from "../../server/services/admin/listing.ts";

/** The page numbers and gaps a rendered pagination bar shows, e.g. [1, "…", 9, 10, 11, "…", 30]. */
function shownPages(html: string): (number | "…")[] {
  const nav = html.slice(html.indexOf("<nav"), html.indexOf("</nav>"));
  return [...nav.matchAll(/<li[^>]*>(.*?)<\/li>/g)]
    .map(([, inner]) => inner!.replace(/<span class="sr-only">.*?<\/span>/g, "").replace(/<[^>]+>/g, ""))
    .filter((text) => text === "…" || /^\d+$/.test(text))
    .map((text) => (text === "…" ? "…" : Number(text)));
}

const META = {
  current_page: 10,
  last_page: 30,
  per_page: 20,
  total: 600,
  from: 181,
  to: 200,
  first_page_url: "/api/admin/products?page=1",
  next_page_url: "/api/admin/products?page=11",
  prev_page_url: "/api/admin/products?page=9",
};

describe("admin pagination (spec §9)", () => {
  it("shows three pages each side of the current one, wider than the public site's 2", () => {
    expect(ADMIN_WINDOW_LIMIT).toBe(3);
    expect(pageItems(10, 30, ADMIN_WINDOW_LIMIT)).toEqual([1, "…", 7, 8, 9, 10, 11, 12, 13, "…", 30]);
    // What the admin lists' footer renders…
    const list = {
      page: { ...META, data: [], links: [] },
      loading: false,
      error: null,
      params: new URLSearchParams("page=10"),
      query: "page=10",
      update: () => {},
      reload: () => {},
      reloadFirstPage: () => {},
    } as unknown as AdminList<{ id: number }>;
    const admin = shownPages(
      renderToString(
        createElement(
          MemoryRouter,
          { initialEntries: ["/admin/products?page=10"] },
          createElement(ListFooter, { list }),
        ),
      ),
    );
    expect(admin).toEqual([1, "…", 7, 8, 9, 10, 11, 12, 13, "…", 30]);
    // …against the public site's bar (its window of 2 is also checked in the browser: e2e/products.test.ts).
    const site = shownPages(
      renderToString(createElement(MemoryRouter, null, createElement(Pagination, { meta: META }))),
    );
    expect(site).toEqual([1, "…", 8, 9, 10, 11, 12, "…", 30]);
  });

  it("wraps a list page in the paginator JSON, keeping the list's parameters in the page URLs", () => {
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
