/**
 * Hebrew product search through the public API, on SQLite and PostgreSQL: niqqud, geresh, final
 * letters, attached prefixes, plural endings, parts of words, name/title/content, name matches first,
 * every word required, published products only, and search text that is data, never SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paginated, ProductSummary } from "../../domain/contracts/catalogue.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";

const PRODUCTS = [
  { key: "chocolateCake", name: "עוגת שוקולד", title: "שכבות של קרם עשיר", content: "נאפית בכל בוקר." },
  { key: "butterCookies", name: "עוגיות חמאה", title: "פריכות ורכות", content: "מתכון של סבתא." },
  { key: "challah", name: "חלה מתוקה", title: "קלועה ביד", content: "עם צימוקים ושומשום." },
  { key: "focaccia", name: "פוקאצ'ה רוזמרין", title: "בצק אוורירי", content: "שמן זית ומלח גס." },
  { key: "croissant", name: "קרואסון שקדים", title: "שכבות של חמאה", content: "ממולא בקרם שקדים." },
  // Mentions cake only in its content, and is newer than the cake: ranking must still put the cake first.
  { key: "coffee", name: "קפה הפוך", title: "משקה חם", content: "הכי טעים ליד עוגה טובה." },
  { key: "hidden", name: "עוגת גבינה סודית", title: "עוד לא מוכנה", content: "לא לפרסום.", status: 0 },
] as const;

type Key = (typeof PRODUCTS)[number]["key"];

for (const factory of testDatabases()) {
  describe(`Hebrew search on ${factory.name}`, () => {
    let database: TestDatabase;
    let t: TestApp;
    const ids = new Map<Key, number>();
    const keyOf = (id: number) => [...ids].find(([, v]) => v === id)?.[0];

    async function search(text: string): Promise<Key[]> {
      const res = await t.request(`/api/products?search=${encodeURIComponent(text)}`);
      expect(res.status, text).toBe(200);
      const body = (await res.json()) as Paginated<ProductSummary>;
      return body.data.map((p) => keyOf(p.id)!);
    }

    beforeAll(async () => {
      database = await factory.create();
      t = createTestApp(database);
      for (const [index, p] of PRODUCTS.entries()) {
        const id = await t.services.products.create(
          {
            name: p.name,
            title: p.title,
            content: p.content,
            serial_id: 1000 + index,
            status: "status" in p ? p.status : 1,
          },
          { sizes: [{ name: "יחידה", price: 1000 }] },
        );
        // Distinct, increasing creation times: later rows are "newer".
        const at = new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString();
        await database.handle.db.updateTable("products").set({ created_at: at }).where("id", "=", id).execute();
        ids.set(p.key, id);
      }
    });
    afterAll(async () => {
      t?.dispose();
      await database?.dispose();
    });

    it("ignores niqqud and geresh", async () => {
      expect(await search("עוּגַת שׁוֹקוֹלָד")).toEqual(["chocolateCake"]);
      expect(await search("פוקאצה")).toEqual(["focaccia"]);
      expect(await search("פוקאצ׳ה")).toEqual(["focaccia"]);
      expect(await search("פוקאצ’ה")).toEqual(["focaccia"]);
    });

    it("treats final letters as regular ones", async () => {
      expect(await search("קרואסונ")).toEqual(["croissant"]);
      expect(await search("שקדימ")).toEqual(["croissant"]);
      expect(await search("רוזמרינ")).toEqual(["focaccia"]);
    });

    it("finds words behind attached prefixes", async () => {
      expect(await search("והחלה")).toEqual(["challah"]);
      expect(await search("בקרואסון")).toEqual(["croissant"]);
      expect(await search("לפוקאצ'ה")).toEqual(["focaccia"]);
      expect(await search("מהשוקולד")).toEqual(["chocolateCake"]);
      expect(await search("כשקדים")).toEqual(["croissant"]);
    });

    it("finds singular and plural forms", async () => {
      expect(await search("חלות")).toEqual(["challah"]);
      expect(await search("עוגות שוקולד")).toEqual(["chocolateCake"]);
      expect(await search("שקד")).toEqual(["croissant"]);
      expect(await search("עוגיה")).toEqual(["butterCookies"]);
    });

    it("matches any part of a word, in name, title or content", async () => {
      expect(await search("שוקו")).toEqual(["chocolateCake"]);
      expect(await search("קלועה")).toEqual(["challah"]);
      expect(await search("צימוקים")).toEqual(["challah"]);
      expect(await search("זית")).toEqual(["focaccia"]);
    });

    it("ranks name matches first, then newest", async () => {
      // "עוגה": the cake's name (construct state עוגת), the coffee's content. Coffee is newer.
      expect(await search("עוגה")).toEqual(["chocolateCake", "coffee"]);
      // "חמאה": the cookies' name, the croissant's title (newer).
      expect(await search("חמאה")).toEqual(["butterCookies", "croissant"]);
    });

    it("requires every word", async () => {
      expect(await search("עוגה שוקולד")).toEqual(["chocolateCake"]);
      expect(await search("עוגה גבינה")).toEqual([]);
    });

    it("never shows unpublished products", async () => {
      expect(await search("סודית")).toEqual([]);
      expect(await search("גבינה")).toEqual([]);
    });

    it("treats search text as data: quotes, wildcards and SQL find nothing and break nothing", async () => {
      for (const text of ["' OR 1=1 --", "%", "_", "\\", "%' UNION SELECT * FROM users --", "a%b", "?!"]) {
        expect(await search(text), text).toEqual([]);
      }
      // An empty term is no search at all: every published product.
      const all = await t.request("/api/products?search=");
      expect(((await all.json()) as Paginated<ProductSummary>).total).toBe(PRODUCTS.length - 1);
      const long = await t.request(`/api/products?search=${encodeURIComponent("עוגה ".repeat(2000))}`);
      expect(long.status).toBe(200);
    });
  });
}
