/**
 * Diet words and approximate results in the public search (issue 29), on SQLite and PostgreSQL, over the demo
 * catalogue: "פרווה" and "טבעוני" are the filter, never text one letter away from "פרוסה" or "צבעוניות" — checked
 * against every product's recorded facts, not against ids; suggestions obey them too; the page says what the
 * words did, marks one-letter-off results as similar after the exact ones and offers "did you mean".
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Paginated, ProductSuggestion, ProductSummary } from "../../domain/contracts/catalogue.ts";
import { heCatalogue } from "../../domain/i18n/catalogue.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

interface Facts {
  id: number;
  name: string;
  dietary: string | null;
  /** What it contains or may contain. */
  risks: string[];
}

for (const factory of testDatabases()) {
  describe(`diet words in the search on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, pages: true });
    const facts = new Map<number, Facts>();

    beforeAll(async () => {
      const rows = await env.database.handle.db
        .selectFrom("products")
        .select(["id", "name", "dietary", "allergens", "may_contain"])
        .where("status", "=", 1)
        .execute();
      for (const r of rows) {
        facts.set(r.id, {
          id: r.id,
          name: r.name,
          dietary: r.dietary,
          risks: [...(JSON.parse(r.allergens) as string[]), ...(JSON.parse(r.may_contain) as string[])],
        });
      }
    }, 180_000);

    /** Every product the API lists for a search, over all pages, with its recorded facts. */
    async function found(search: string): Promise<Facts[]> {
      const out: Facts[] = [];
      let next: string | null = `/api/products?search=${encodeURIComponent(search)}`;
      while (next) {
        const res = await env.t.request(next);
        expect(res.status, next).toBe(200);
        const page = (await res.json()) as Paginated<ProductSummary>;
        out.push(...page.data.map((p) => facts.get(p.id)!));
        next = page.next_page_url;
      }
      return out;
    }
    const page = async (path: string) => {
      const res = await new TestClient(env.t).fetch(path);
      expect(res.status, path).toBe(200);
      return res.text();
    };
    const tiles = (html: string) => [...html.matchAll(/href="\/product\/(\d+)"/g)].map((m) => Number(m[1]));

    it("'פרווה' in every spelling lists every parve product and no dairy one", async () => {
      const parve = [...facts.values()].filter((p) => p.dietary === "parve").map((p) => p.id);
      expect(parve.length).toBeGreaterThan(0);
      for (const word of ["פרווה", "פרוה", "parve"]) {
        const results = await found(word);
        expect(
          results.filter((p) => p.dietary !== "parve").map((p) => p.name),
          word,
        ).toEqual([]);
        expect(results.map((p) => p.id).sort(), word).toEqual(parve.sort());
      }
      // Even the "פרוסה" products the typo tolerance used to bring are not there, unless they are parve.
      const cakeParve = await found("עוגה פרווה");
      expect(cakeParve.length).toBeGreaterThan(0);
      expect(cakeParve.every((p) => p.dietary === "parve")).toBe(true);
    });

    it("'טבעוני' lists no product with milk, eggs or fish (nor traces) and no dairy one", async () => {
      const results = await found("טבעוני");
      expect(results.length).toBeGreaterThan(0);
      for (const p of results) {
        expect(p.dietary, p.name).toBe("parve");
        expect(
          p.risks.filter((r) => ["milk", "eggs", "fish"].includes(r)),
          p.name,
        ).toEqual([]);
      }
    });

    it("'ללא גלוטן' and 'חלבי' filter too", async () => {
      for (const p of await found("ללא גלוטן")) expect(p.risks, p.name).not.toContain("gluten");
      const dairy = await found("חלבי");
      expect(dairy.length).toBeGreaterThan(0);
      expect(dairy.every((p) => p.dietary === "dairy")).toBe(true);
    });

    it("suggestions obey diet words", async () => {
      for (const q of ["פרווה", "עוגה פרווה", "טבעוני"]) {
        const res = await env.t.request(`/api/products/suggest?q=${encodeURIComponent(q)}`);
        expect(res.status).toBe(200);
        const { data } = (await res.json()) as { data: ProductSuggestion[] };
        expect(data.length, q).toBeGreaterThan(0);
        for (const s of data) expect(facts.get(s.id)!.dietary, `${q}: ${s.name}`).toBe("parve");
      }
    });

    it("the page says the word is a filter; contradicting words or filters show nothing, with the reason", async () => {
      const html = await page(`/products?search=${encodeURIComponent("פרווה")}`);
      expect(html).toContain('data-testid="diet-note"');
      expect(html).toContain(heCatalogue.products.dietDietary("פרווה"));
      for (const id of tiles(html)) expect(facts.get(id)!.dietary).toBe("parve");
      const vegan = await page(`/products?search=${encodeURIComponent("טבעוני")}`);
      expect(vegan).toContain(heCatalogue.products.dietVegan);

      const clash = await page(`/products?search=${encodeURIComponent("פרווה")}&dietary=dairy`);
      expect(clash).toContain(heCatalogue.products.dietContradiction);
      expect(tiles(clash)).toEqual([]);
      expect(await found("פרווה חלבי")).toEqual([]);
    });

    it("marks one-letter-off results as similar, after the exact ones, and offers what the visitor meant", async () => {
      // "עגה" (a missing ו): only similar results, the cakes, and "did you mean עוגה".
      const cakes = await page(`/products?search=${encodeURIComponent("עגה")}`);
      expect(cakes).toContain(heCatalogue.products.noExact("עגה"));
      expect(cakes).toContain(heCatalogue.products.similarHeading);
      expect(cakes).toMatch(/href="\/products\?search=%D7%A2%D7%95%D7%92%D7%94"[^>]*>«עוגה»/);
      const shown = tiles(cakes).map((id) => facts.get(id)!.name);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.filter((name) => name.startsWith("עוגת")).length).toBeGreaterThan(shown.length / 2);

      // An exact search with a few one-letter-off matches: exact tiles first, then the similar section.
      const html = await page(`/products?search=${encodeURIComponent("פרוסה")}`);
      const similarAt = html.indexOf('id="similar-heading"');
      expect(similarAt).toBeGreaterThan(0);
      const before = tiles(html.slice(0, similarAt));
      const after = tiles(html.slice(similarAt));
      expect(before.length).toBeGreaterThan(0);
      expect(after.length).toBeGreaterThan(0);
      expect(html).not.toContain(heCatalogue.products.noExact("פרוסה"));
    });
  });
}
