/**
 * Hebrew product search through the public API, on SQLite and PostgreSQL: niqqud, geresh, final
 * letters, attached prefixes, plural endings, parts of words, name/title/content, name matches first,
 * every word required, published products only, and search text that is data, never SQL. Then the
 * forgiving part (issue 11): one letter missing, extra, substituted or swapped, ranked after exact
 * matches, with paging and the category filter; the suggestions API; and the index rebuilt after an
 * admin edit.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "../../domain/contracts/admin.ts";
import type { Paginated, ProductSuggestion, ProductSummary } from "../../domain/contracts/catalogue.ts";
import { createTestApp } from "../support/app.ts";
import { loginAs } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

const PRODUCTS = [
  { key: "chocolateCake", name: "עוגת שוקולד", title: "שכבות של קרם עשיר", content: "נאפית בכל בוקר." },
  { key: "butterCookies", name: "עוגיות חמאה", title: "פריכות ורכות", content: "מתכון של סבתא." },
  { key: "challah", name: "חלה מתוקה", title: "קלועה ביד", content: "עם צימוקים ושומשום." },
  { key: "focaccia", name: "פוקאצ'ה רוזמרין", title: "בצק אוורירי", content: "שמן זית ומלח גס." },
  { key: "croissant", name: "קרואסון שקדים", title: "שכבות של חמאה", content: "ממולא בקרם שקדים." },
  // Mentions cake only in its content, and is newer than the cake: ranking must still put the cake first.
  { key: "coffee", name: "קפה הפוך", title: "משקה חם", content: "הכי טעים ליד עוגה טובה." },
  { key: "hidden", name: "עוגת גבינה סודית", title: "עוד לא מוכנה", content: "לא לפרסום.", status: 0 },
  { key: "cheesecake", name: "עוגת גבינה", title: "אפויה", content: "גבינה לבנה וקרם." },
  { key: "pita", name: "פיתה", title: "מהטאבון", content: "חמה ורכה." },
  { key: "pizza", name: "פיצה", title: "משולש", content: "רוטב עגבניות." },
] as const;

type Key = (typeof PRODUCTS)[number]["key"];

for (const factory of testDatabases()) {
  describe(`Hebrew search on ${factory.name}`, () => {
    const env = suiteApp(factory);
    const ids = new Map<Key, number>();
    const keyOf = (id: number) => [...ids].find(([, v]) => v === id)?.[0];

    async function search(text: string): Promise<Key[]> {
      const res = await env.t.request(`/api/products?search=${encodeURIComponent(text)}`);
      expect(res.status, text).toBe(200);
      const body = (await res.json()) as Paginated<ProductSummary>;
      return body.data.map((p) => keyOf(p.id)!);
    }

    beforeAll(async () => {
      for (const [index, p] of PRODUCTS.entries()) {
        const id = await env.t.services.products.create(
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
        await env.database.handle.db.updateTable("products").set({ created_at: at }).where("id", "=", id).execute();
        ids.set(p.key, id);
      }
      // Written through the services, not the API: announce the change as every public write does.
      await env.t.contentVersion.bump();
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
      // The cookies by their own word; the cakes follow as one-letter-off matches (עוגיה / עוגה).
      expect(await search("עוגיה")).toEqual(["butterCookies", "cheesecake", "chocolateCake", "coffee"]);
    });

    it("matches the start of a word, in name, title or content", async () => {
      expect(await search("שוקו")).toEqual(["chocolateCake"]);
      expect(await search("קלועה")).toEqual(["challah"]);
      expect(await search("צימוקים")).toEqual(["challah"]);
      expect(await search("זית")).toEqual(["focaccia"]);
    });

    it("ranks name matches first, then newest", async () => {
      // "עוגה": the cakes' names (construct state עוגת), the coffee's content (newer), then the cookies,
      // one letter off (עוגיות → עוגיה).
      const cake = await search("עוגה");
      expect(cake.slice(0, 2).sort()).toEqual(["cheesecake", "chocolateCake"]);
      expect(cake.slice(2)).toEqual(["coffee", "butterCookies"]);
      // "חמאה": the cookies' name, the croissant's title (newer), then the pita's "חמה", one letter off.
      expect(await search("חמאה")).toEqual(["butterCookies", "croissant", "pita"]);
    });

    it("requires every word", async () => {
      expect(await search("עוגה שוקולד")).toEqual(["chocolateCake"]);
      expect(await search("עוגה גבינה")).toEqual(["cheesecake"]);
      expect(await search("עוגה רוזמרין")).toEqual([]);
    });

    it("never shows unpublished products", async () => {
      expect(await search("סודית")).toEqual([]);
      expect(await search("גבינה")).toEqual(["cheesecake"]);
    });

    it("forgives one letter missing, extra, substituted or swapped", async () => {
      expect(await search("עוגת גבנה")).toEqual(["cheesecake"]); // missing
      expect(await search("קוראסון")).toEqual(["croissant"]); // swapped
      expect(await search("קרואסונן")).toEqual(["croissant"]); // extra
      expect(await search("רוזמרים")).toEqual(["focaccia"]); // substituted (final mem for nun)
      expect(await search("שוקולט")).toEqual(["chocolateCake"]); // substituted
      expect(await search("בקוראסון")).toEqual(["croissant"]); // swapped, behind a prefix
      // Short words must be spelled right: one letter off a three-letter word is another word.
      expect(await search("זיט")).toEqual([]);
    });

    it("ranks exact matches before one-letter-off ones", async () => {
      expect(await search("פיתה")).toEqual(["pita", "pizza"]);
      expect(await search("פיצה")).toEqual(["pizza", "pita"]);
    });

    it("pages and filters the forgiving results like any others", async () => {
      const res = await env.t.request(`/api/products?search=${encodeURIComponent("עוגיה")}&page=2`);
      const page = (await res.json()) as Paginated<ProductSummary>;
      expect(page).toMatchObject({ current_page: 2, per_page: 12, total: 4, last_page: 1 });
      expect(page.data).toEqual([]);
      expect(page.first_page_url).toContain(`search=${encodeURIComponent("עוגיה")}`);
      // A category with one of the matches: only it is left.
      const { id: category } = await env.t.services.admin.categories.create({
        name: "עוגות",
        information: "",
        status: 1,
        is_main: true,
        parent_id: null,
        visibility_home_page: false,
        position: 0,
        holiday: null,
        holiday_lead_days: 14,
      });
      await env.database.handle.db
        .insertInto("category_product")
        .values({ category_id: category, product_id: ids.get("chocolateCake")! })
        .execute();
      await env.t.contentVersion.bump();
      const filtered = await env.t.request(`/api/products?search=${encodeURIComponent("עוגיה")}&category=${category}`);
      const body = (await filtered.json()) as Paginated<ProductSummary>;
      expect(body.data.map((p) => keyOf(p.id))).toEqual(["chocolateCake"]);
      expect(body.total).toBe(1);
    });

    it("suggests at most 8 names for the search box, and 422 for blank or too long text", async () => {
      const res = await env.t.request(`/api/products/suggest?q=${encodeURIComponent("קוראס")}`);
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: ProductSuggestion[] };
      expect(data).toEqual([
        { id: ids.get("croissant"), name: "קרואסון שקדים", url: `/product/${ids.get("croissant")}` },
      ]);
      // Prefixes of what is being typed, best first.
      const typing = (await (await env.t.request(`/api/products/suggest?q=${encodeURIComponent("עוג")}`)).json()) as {
        data: ProductSuggestion[];
      };
      expect(typing.data.length).toBeGreaterThanOrEqual(3);
      expect(typing.data.length).toBeLessThanOrEqual(8);
      expect(typing.data.map((s) => s.name)).toContain("עוגיות חמאה");
      expect(typing.data.map((s) => s.name)).not.toContain("עוגת גבינה סודית");
      // Punctuation only: nothing to suggest, not an error.
      const nothing = await env.t.request(`/api/products/suggest?q=${encodeURIComponent("?!")}`);
      expect(await nothing.json()).toEqual({ data: [] });
      for (const bad of ["", "q=", `q=${encodeURIComponent("   ")}`, `q=${"א".repeat(201)}`]) {
        const refused = await env.t.request(`/api/products/suggest?${bad}`);
        expect(refused.status, bad).toBe(422);
        const error = (await refused.json()) as { message: string; errors: Record<string, string[]> };
        expect(error.errors.q?.[0], bad).toMatch(/[\u0590-\u05FF]/);
      }
    });

    it("finds a product renamed through the admin API by its new name at once", async () => {
      const admin = new TestClient(env.t);
      await loginAs(admin, env.t.services, "admin");
      const id = ids.get("focaccia")!;
      const current = ((await (await admin.fetch(`/api/admin/products/${id}`)).json()) as { data: AdminProduct }).data;
      const res = await admin.fetch(`/api/admin/products/${id}`, {
        method: "PUT",
        json: {
          name: "לחמניית זעתר",
          title: current.title,
          content: current.content,
          serial_id: current.serial_id,
          status: current.status,
          visibility_home_page: current.visibility_home_page,
        },
      });
      expect(res.status).toBe(200);
      // The very next requests, with no wait: the new name (and a typo of it) finds it, the old one does not.
      expect(await search("זעתר")).toEqual(["focaccia"]);
      expect(await search("לחמנית זתער")).toEqual(["focaccia"]);
      const suggested = (await (
        await env.t.request(`/api/products/suggest?q=${encodeURIComponent("לחמני")}`)
      ).json()) as {
        data: ProductSuggestion[];
      };
      expect(suggested.data.map((s) => s.name)).toEqual(["לחמניית זעתר"]);
      expect(await search("פוקאצ'ה")).toEqual([]);
    });

    it.runIf(factory.name === "postgres")(
      "another app server rebuilds from the database when it learns of the bump",
      async () => {
        // A second server over the same database, with its own index and its own LISTEN connection.
        const other = createTestApp(env.database);
        try {
          const found = async (text: string) => {
            const res = await other.request(`/api/products/suggest?q=${encodeURIComponent(text)}`);
            return ((await res.json()) as { data: ProductSuggestion[] }).data.map((s) => s.name);
          };
          await other.contentVersion.ready;
          expect(await found("לחמניית זעתר")).toEqual(["לחמניית זעתר"]);
          const admin = new TestClient(env.t);
          await loginAs(admin, env.t.services, "admin");
          const id = ids.get("pita")!;
          const current = ((await (await admin.fetch(`/api/admin/products/${id}`)).json()) as { data: AdminProduct })
            .data;
          const res = await admin.fetch(`/api/admin/products/${id}`, {
            method: "PUT",
            json: {
              name: "פיתה עיראקית",
              title: current.title,
              content: current.content,
              serial_id: current.serial_id,
              status: current.status,
              visibility_home_page: current.visibility_home_page,
            },
          });
          expect(res.status).toBe(200);
          // The other server hears of it through NOTIFY (or its poll) and answers from rebuilt rows.
          await expect.poll(() => found("עיראקית"), { timeout: 10_000 }).toEqual(["פיתה עיראקית"]);
        } finally {
          other.dispose();
        }
      },
    );

    it("treats search text as data: quotes, wildcards and SQL find nothing and break nothing", async () => {
      for (const text of ["' OR 1=1 --", "%", "_", "\\", "%' UNION SELECT * FROM users --", "a%b", "?!"]) {
        expect(await search(text), text).toEqual([]);
      }
      // An empty term is no search at all: every published product.
      const all = await env.t.request("/api/products?search=");
      expect(((await all.json()) as Paginated<ProductSummary>).total).toBe(PRODUCTS.length - 1);
      const long = await env.t.request(`/api/products?search=${encodeURIComponent("עוגה ".repeat(2000))}`);
      expect(long.status).toBe(200);
    });
  });
}
