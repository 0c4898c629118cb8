/**
 * Kashrut and allergens per product, certificates per branch (issue 11), on SQLite and PostgreSQL: the API
 * fields, the 422s, `?dietary=`/`?without=` with search, category and paging on the API and the page (a GET
 * form without JavaScript, the page-cache key), the admin writes, and certificate expiry on the public site,
 * the dashboard and the page cache (the day after a certificate's last day). Issue 29: a product whose
 * allergens are not stated claims nothing (API, page, JSON-LD, filters), and the migration that made it so.
 */
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { certificateToday, formatDay } from "../../domain/certificates.ts";
import type { AdminBranch, AdminProduct, DashboardData } from "../../domain/contracts/admin.ts";
import type { Paginated, ProductDetail, ProductSummary } from "../../domain/contracts/catalogue.ts";
import type { Branch } from "../../domain/contracts/content.ts";
import { addDays } from "../../domain/hours/time.ts";
import { heKashrut } from "../../domain/i18n/kashrut.ts";
import { ALLERGENS, type CatalogueFilter, matchesFilter } from "../../domain/kashrut.ts";
import allergenStatusMigration from "../../server/db/migrations/022-allergen-status.ts";
import { allergenCodes, dietaryOf } from "../../server/services/kashrut.ts";
import { TestClient } from "../support/client.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

const HEBREW = /[\u0590-\u05FF]/;

for (const factory of testDatabases()) {
  describe(`kashrut and allergens on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, pages: true, clients: { admin: "admin" } });
    /** Every published product's facts, read from the database: the expected results of each filter. */
    let published: {
      id: number;
      name: string;
      dietary: string | null;
      allergen_status: string;
      allergens: string[];
      may_contain: string[];
    }[];

    const json = async <T>(path: string, status = 200): Promise<T> => {
      const res = await env.t.request(path);
      expect(res.status, path).toBe(status);
      return (await res.json()) as T;
    };
    /** Every page of an API listing. */
    const allPages = async (path: string): Promise<ProductSummary[]> => {
      const items: ProductSummary[] = [];
      let next: string | null = path;
      while (next) {
        const page: Paginated<ProductSummary> = await json(next);
        items.push(...page.data);
        next = page.next_page_url;
      }
      return items;
    };
    const expected = (filter: CatalogueFilter, ids?: Set<number>) =>
      published
        .filter((p) => (ids ? ids.has(p.id) : true))
        .filter((p) =>
          matchesFilter(
            p.allergen_status === "not_stated"
              ? { dietary: dietaryOf(p.dietary), allergens: null, may_contain: null }
              : {
                  dietary: dietaryOf(p.dietary),
                  allergens: allergenCodes(JSON.stringify(p.allergens)),
                  may_contain: allergenCodes(JSON.stringify(p.may_contain)),
                },
            filter,
          ),
        )
        .map((p) => p.id)
        .sort((a, b) => a - b);
    const ids = (items: { id: number }[]) => items.map((p) => p.id).sort((a, b) => a - b);

    beforeAll(async () => {
      const rows = await env.database.handle.db
        .selectFrom("products")
        .select(["id", "name", "dietary", "allergen_status", "allergens", "may_contain"])
        .where("status", "=", 1)
        .execute();
      published = rows.map((r) => ({
        ...r,
        allergens: JSON.parse(r.allergens) as string[],
        may_contain: JSON.parse(r.may_contain) as string[],
      }));
    }, 180_000);
    afterEach(() => {
      vi.useRealTimers();
    });

    describe("API fields", () => {
      it("a product carries its dietary kind, flags, allergens and traces; tiles carry the dietary kind", async () => {
        const challah = published.find((p) => p.name === "חלה קלועה")!;
        const { data } = await json<{ data: ProductDetail }>(`/api/product/${challah.id}`);
        expect(data).toMatchObject({
          dietary: "parve",
          pas_yisrael: true,
          chalav_yisrael: false,
          kosher_for_passover: false,
          allergens: ["gluten", "eggs"],
          may_contain: ["sesame"],
        });
        const page = await json<Paginated<ProductSummary>>("/api/products");
        for (const tile of page.data) expect(["parve", "dairy", "meat"]).toContain(tile.dietary);
      });

      it("the admin API writes them, keeps them when a client leaves them out, and clears dietary with ''", async () => {
        const payload = {
          name: "עוגיות בוטנים",
          title: "עוגיות חמאת בוטנים",
          serial_id: 777_001,
          status: 1,
          dietary: "dairy",
          chalav_yisrael: true,
          allergens: "peanuts,gluten,milk",
          may_contain: ["sesame"],
        };
        const created = await env.admin.fetch("/api/admin/products", { method: "POST", json: payload });
        expect(created.status).toBe(201);
        const product = ((await created.json()) as { data: AdminProduct }).data;
        expect(product).toMatchObject({
          dietary: "dairy",
          chalav_yisrael: true,
          pas_yisrael: false,
          allergens: ["gluten", "milk", "peanuts"],
          may_contain: ["sesame"],
        });
        // A client that knows only the spec's fields.
        const { dietary: _d, chalav_yisrael: _c, allergens: _a, may_contain: _m, ...specOnly } = payload;
        const kept = await env.admin.fetch(`/api/admin/products/${product.id}`, {
          method: "PUT",
          json: { ...specOnly, title: "עוגיות בוטנים פריכות" },
        });
        expect(kept.status).toBe(200);
        expect(((await kept.json()) as { data: AdminProduct }).data).toMatchObject({
          title: "עוגיות בוטנים פריכות",
          dietary: "dairy",
          allergens: ["gluten", "milk", "peanuts"],
        });
        const cleared = await env.admin.fetch(`/api/admin/products/${product.id}`, {
          method: "PUT",
          json: { ...specOnly, dietary: "", allergens: [] },
        });
        // An empty list is not "contains none" (issue 29): without `allergen_status: "none"` it is "not stated".
        expect(((await cleared.json()) as { data: AdminProduct }).data).toMatchObject({
          dietary: null,
          allergen_status: "not_stated",
          allergens: null,
          may_contain: null,
        });
        await env.admin.fetch(`/api/admin/products/${product.id}`, { method: "DELETE" });
      });
    });

    describe("422s", () => {
      it("the admin API refuses unknown allergen codes and dietary values with Hebrew messages per field", async () => {
        const res = await env.admin.fetch("/api/admin/products", {
          method: "POST",
          json: {
            name: "x",
            title: "x",
            serial_id: 777_002,
            dietary: "vegan",
            allergens: ["nuts"],
            may_contain: "gluten,shellfish",
          },
        });
        expect(res.status).toBe(422);
        const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
        expect(body.errors.dietary).toEqual([heKashrut.validation.dietary]);
        expect(body.errors.allergens?.[0]).toContain("nuts");
        expect(body.errors.may_contain?.[0]).toContain("shellfish");
        for (const list of Object.values(body.errors)) expect(list[0]).toMatch(HEBREW);
      });

      it("GET /api/products refuses unknown filter values (the page ignores them)", async () => {
        const bad = await env.t.request("/api/products?dietary=vegan&without=sesame,nuts");
        expect(bad.status).toBe(422);
        const body = (await bad.json()) as { errors: Record<string, string[]> };
        expect(body.errors.dietary).toEqual([heKashrut.unknownDietary]);
        expect(body.errors.without).toEqual([heKashrut.unknownAllergens("nuts")]);
      });
    });

    describe("filters on the API", () => {
      it("dietary and without follow the rule of domain/kashrut.ts (contains or may contain) over every page", async () => {
        for (const [query, filter] of [
          ["dietary=parve", { dietary: "parve", without: [] }],
          ["dietary=dairy", { dietary: "dairy", without: [] }],
          ["without=sesame,tree_nuts", { without: ["sesame", "tree_nuts"] }],
          ["dietary=parve&without=eggs", { dietary: "parve", without: ["eggs"] }],
          ["without=peanuts&without=milk", { without: ["milk", "peanuts"] }],
        ] as [string, CatalogueFilter][]) {
          const found = await allPages(`/api/products?${query}`);
          expect(ids(found), query).toEqual(expected(filter));
          expect(found.length, query).toBeGreaterThan(0);
        }
      });

      it("combines with search, category and paging; the paginator's links keep the filter", async () => {
        const parveChallot = await allPages(`/api/products?search=${encodeURIComponent("חלה")}&dietary=parve`);
        expect(parveChallot.length).toBeGreaterThan(0);
        for (const p of parveChallot) expect(p.dietary).toBe("parve");
        expect(parveChallot.some((p) => p.name === "חלה קלועה")).toBe(true);

        const category = await env.database.handle.db
          .selectFrom("categories")
          .select("id")
          .where("name", "=", "עוגות גבינה")
          .executeTakeFirstOrThrow();
        const inCategory = await env.database.handle.db
          .selectFrom("category_product")
          .select("product_id")
          .where("category_id", "=", category.id)
          .execute();
        const scope = new Set(inCategory.map((r) => r.product_id));
        const cheesecakes = await allPages(`/api/products?category=${category.id}&without=eggs`);
        expect(ids(cheesecakes)).toEqual(expected({ without: ["eggs"] }, scope));

        const first = await json<Paginated<ProductSummary>>("/api/products?without=sesame");
        expect(first.last_page).toBeGreaterThan(1);
        expect(first.next_page_url).toContain("without=sesame");
        expect(first.links.filter((l) => l.url).every((l) => l.url!.includes("without=sesame"))).toBe(true);
        const second = await json<Paginated<ProductSummary>>(first.next_page_url!);
        expect(second.current_page).toBe(2);
        expect(second.total).toBe(first.total);
      });
    });

    describe("the page, without JavaScript", () => {
      it("reads the GET form's repeated checkboxes, shows only matching tiles, keeps the filter in page links", async () => {
        const visitor = new TestClient(env.t);
        const res = await visitor.fetch("/products?dietary=parve&without=tree_nuts&without=sesame");
        expect(res.status).toBe(200);
        const html = await res.text();
        const shown = [...html.matchAll(/href="\/product\/(\d+)"/g)].map((m) => Number(m[1]));
        const allowed = new Set(expected({ dietary: "parve", without: ["sesame", "tree_nuts"] }));
        expect(shown.length).toBeGreaterThan(0);
        for (const id of shown) expect(allowed.has(id), String(id)).toBe(true);
        // The form shows what is chosen; a plain GET form with named fields.
        expect(html).toMatch(
          /<form(?=[^>]*method="get")(?=[^>]*action="\/products#results")[^>]*data-testid="product-filter"/,
        );
        expect(html).toMatch(/<input(?=[^>]*name="without")(?=[^>]*value="sesame")[^>]*checked=""/);
        expect(html).toMatch(/<input(?=[^>]*name="dietary")(?=[^>]*value="parve")[^>]*checked=""/);
        expect(html).not.toMatch(/<input(?=[^>]*name="without")(?=[^>]*value="eggs")[^>]*checked=""/);
        // Page links keep the filter and land on the results, as the forms do (issue 29): a filter whose products
        // fill more than one page of 12 (sesame alone does). The plain list's links stay ?page=N.
        expect(expected({ without: ["sesame"] }).length).toBeGreaterThan(12);
        const paged = await (await visitor.fetch("/products?without=sesame")).text();
        expect(paged).toMatch(/href="\/products\?[^"]*without=sesame[^"]*page=2#results"/);
        const plain = await (await visitor.fetch("/products")).text();
        expect(plain).toMatch(/href="\/products\?page=2"/);
      });

      it("one page-cache entry for every spelling; unknown codes ignored (no 500)", async () => {
        const visitor = new TestClient(env.t);
        const a = await visitor.fetch("/products?without=tree_nuts&without=sesame&dietary=parve");
        expect(a.status).toBe(200);
        const b = await visitor.fetch("/products?dietary=PARVE&without=sesame,tree_nuts,bogus");
        expect(b.status).toBe(200);
        expect(b.headers.get("x-cache")).toBe("hit");
        const unknown = await visitor.fetch("/products?without=bogus&dietary=vegan");
        expect(unknown.status).toBe(200);
        const plain = await visitor.fetch("/products");
        expect(plain.headers.get("x-cache")).toBe("hit");
        // Nothing chosen: the unknown values were dropped, not half-applied.
        expect(await unknown.text()).not.toMatch(/<input(?=[^>]*name="without")[^>]*checked=""/);
      });
    });

    describe("allergens not stated (issue 29)", () => {
      /** The page's `Product` JSON-LD. */
      const productJsonLd = (html: string) =>
        [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
          .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
          .find((item) => item["@type"] === "Product");
      const create = async (fields: Record<string, unknown>) => {
        const res = await env.admin.fetch("/api/admin/products", { method: "POST", json: { status: 1, ...fields } });
        expect(res.status).toBe(201);
        return ((await res.json()) as { data: AdminProduct }).data;
      };
      /** The product's id among the API's results for its own name, with this filter. */
      const foundWith = async (product: AdminProduct, filter: string) => {
        const found = await allPages(`/api/products?search=${encodeURIComponent(product.name)}&${filter}`);
        return found.some((p) => p.id === product.id);
      };

      it("a new product with no decision never claims to be free of anything: API, page, JSON-LD, filters", async () => {
        // A client of the spec's fields only, as the review's staff member did it: no allergen box ticked.
        const product = await create({ name: "עוגת תפוחים כפרית", title: "עוגת תפוחים", serial_id: 777_101 });
        expect(product).toMatchObject({ allergen_status: "not_stated", allergens: null, may_contain: null });
        const { data } = await json<{ data: ProductDetail }>(`/api/product/${product.id}`);
        expect(data).toMatchObject({ allergen_status: "not_stated", allergens: null, may_contain: null });

        const html = await (await new TestClient(env.t).fetch(`/product/${product.id}`)).text();
        expect(html).toContain(heKashrut.allergensNotStated);
        expect(html).not.toContain(heKashrut.containsNone);
        const description = String(productJsonLd(html)?.description);
        expect(description).toContain(heKashrut.notStatedSentence);
        expect(description).not.toContain(heKashrut.containsNone);

        // Found by its name, but never "without" any allergen — on the API and on the page.
        expect(await foundWith(product, "dietary=")).toBe(true);
        for (const code of ALLERGENS) expect(await foundWith(product, `without=${code}`), code).toBe(false);
        const page = await (
          await new TestClient(env.t).fetch(`/products?search=${encodeURIComponent(product.name)}&without=lupin`)
        ).text();
        expect(page).not.toContain(`href="/product/${product.id}"`);
        await env.admin.fetch(`/api/admin/products/${product.id}`, { method: "DELETE" });
      });

      it("'contains none' only by explicit choice, which the page, JSON-LD and filters then follow", async () => {
        const product = await create({
          name: "סוכריות פירות",
          title: "סוכריות",
          serial_id: 777_102,
          allergen_status: "none",
          may_contain: ["tree_nuts"],
        });
        expect(product).toMatchObject({ allergen_status: "none", allergens: [], may_contain: ["tree_nuts"] });
        const html = await (await new TestClient(env.t).fetch(`/product/${product.id}`)).text();
        expect(html).toContain(heKashrut.containsNone);
        expect(html).not.toContain(heKashrut.allergensNotStated);
        expect(String(productJsonLd(html)?.description)).toContain(heKashrut.containsNone);
        expect(await foundWith(product, "without=gluten")).toBe(true);
        expect(await foundWith(product, "without=tree_nuts")).toBe(false); // may contain traces

        // Going back to "not stated" clears the lists, and the filters drop it again.
        const res = await env.admin.fetch(`/api/admin/products/${product.id}`, {
          method: "PUT",
          json: {
            name: product.name,
            title: product.title,
            serial_id: 777_102,
            status: 1,
            allergen_status: "not_stated",
          },
        });
        expect(((await res.json()) as { data: AdminProduct }).data).toMatchObject({
          allergens: null,
          may_contain: null,
        });
        expect(await foundWith(product, "without=gluten")).toBe(false);
        await env.admin.fetch(`/api/admin/products/${product.id}`, { method: "DELETE" });
      });

      it("refuses a decision its lists contradict, an empty 'listed' and an unknown status, in Hebrew", async () => {
        const base = { name: "x", title: "x", serial_id: 777_103 };
        const errorsOf = async (fields: Record<string, unknown>) => {
          const res = await env.admin.fetch("/api/admin/products", { method: "POST", json: { ...base, ...fields } });
          expect(res.status, JSON.stringify(fields)).toBe(422);
          return ((await res.json()) as { errors: Record<string, string[]> }).errors;
        };
        const v = heKashrut.validation;
        expect((await errorsOf({ allergen_status: "listed", allergens: [] })).allergens).toEqual([
          v.allergensListedEmpty,
        ]);
        expect((await errorsOf({ allergen_status: "listed" })).allergens).toEqual([v.allergensListedEmpty]);
        expect((await errorsOf({ allergen_status: "none", allergens: ["gluten"] })).allergens).toEqual([
          v.allergensNoneContradiction,
        ]);
        expect((await errorsOf({ allergen_status: "not_stated", may_contain: "sesame" })).may_contain).toEqual([
          v.allergensNotStatedContradiction,
        ]);
        expect((await errorsOf({ allergen_status: "maybe" })).allergen_status).toEqual([v.allergenStatus]);
        // The product form sends "" until staff choose.
        expect((await errorsOf({ allergen_status: "" })).allergen_status).toEqual([v.allergenStatus]);
      });

      it("every demo product carries its recipe's decision", () => {
        expect(published.length).toBeGreaterThan(0);
        for (const p of published) expect(p.allergen_status, p.name).toBe("listed");
      });
    });

    describe("certificates", () => {
      const branches = async () =>
        env.database.handle.db
          .selectFrom("branches")
          .select(["id", "name"])
          .orderBy("position")
          .orderBy("id")
          .execute();
      const setValidUntil = async (id: number, date: string | null) =>
        env.database.handle.db
          .updateTable("branches")
          .set({ kashrut_valid_until: date })
          .where("id", "=", id)
          .execute();

      it("an expired certificate is not claimed; the dashboard warns 30 days ahead and lists expired ones", async () => {
        const today = certificateToday();
        const [a, b, c] = await branches();
        await setValidUntil(a!.id, addDays(today, -1));
        await setValidUntil(b!.id, today);
        await setValidUntil(c!.id, addDays(today, 90));

        const expired = (await json<{ data: Branch }>(`/api/branches/${a!.id}`)).data;
        expect(expired.kashrut_certificate).toBeNull();
        const lastDay = (await json<{ data: Branch }>(`/api/branches/${b!.id}`)).data;
        expect(lastDay.kashrut_certificate).toMatchObject({
          valid_until: today,
          authority: expect.stringMatching(HEBREW),
        });
        expect(lastDay.kashrut_certificate?.scan?.url).toMatch(/^\/uploads\//);

        const page = await (await new TestClient(env.t).fetch(`/branches/${a!.id}`)).text();
        expect(page).toContain(heKashrut.certificate.none);
        const valid = await (await new TestClient(env.t).fetch(`/branches/${c!.id}`)).text();
        expect(valid).toContain(formatDay(addDays(today, 90)));

        const panel = (await (await env.admin.fetch("/api/admin/dashboard")).json()) as { data: DashboardData };
        const alerts = panel.data.certificateAlerts ?? [];
        expect(alerts.find((x) => x.branch_id === a!.id)).toMatchObject({ state: "expired", days_left: -1 });
        expect(alerts.find((x) => x.branch_id === b!.id)).toMatchObject({ state: "expiring", days_left: 0 });
        expect(alerts.some((x) => x.branch_id === c!.id)).toBe(false);
        const list = (await (await env.admin.fetch("/api/admin/branches")).json()) as { data: AdminBranch[] };
        expect(list.data.find((x) => x.id === a!.id)?.kashrut_state).toBe("expired");
      });

      it("the admin form's payload: a date needs an authority; a bad date is a Hebrew 422", async () => {
        const [first] = await branches();
        const current = (
          (await (await env.admin.fetch(`/api/admin/branches/${first!.id}`)).json()) as { data: AdminBranch }
        ).data;
        const base = { name: current.name, opening_hours: current.opening_hours, hours_rules: current.hours_rules };
        const bad = await env.admin.fetch(`/api/admin/branches/${first!.id}`, {
          method: "PUT",
          json: { ...base, kashrut_authority: "", kashrut_valid_until: "2027-02-30" },
        });
        expect(bad.status).toBe(422);
        const errors = ((await bad.json()) as { errors: Record<string, string[]> }).errors;
        expect(errors.kashrut_valid_until).toEqual([heKashrut.validation.certificateDate]);
        const saved = await env.admin.fetch(`/api/admin/branches/${first!.id}`, {
          method: "PUT",
          json: {
            ...base,
            kashrut_authority: "בד״ץ העדה החרדית",
            kashrut_certificate_number: "77",
            kashrut_valid_until: "2099-12-31",
          },
        });
        expect(saved.status).toBe(200);
        expect(((await saved.json()) as { data: AdminBranch }).data).toMatchObject({
          kashrut_authority: "בד״ץ העדה החרדית",
          kashrut_valid_until: "2099-12-31",
          kashrut_state: "valid",
        });
      });

      it("the page cache stops claiming kashrut the day after the last certificate's last day", async () => {
        const today = certificateToday();
        for (const branch of await branches()) await setValidUntil(branch.id, today);
        const product = published.find((p) => p.name === "חלה קלועה")!;
        const visitor = new TestClient(env.t);
        const before = await visitor.fetch(`/product/${product.id}`);
        const html = await before.text();
        expect(html).toContain("https://schema.org/KosherDiet");
        const about = await (await visitor.fetch("/about")).text();
        expect(about).toContain('data-testid="about-certificates"');
        expect(about).not.toContain(heKashrut.certificate.aboutNone);
        expect((await visitor.fetch(`/product/${product.id}`)).headers.get("x-cache")).toBe("hit");

        // No write happens at midnight: only the clock moves (Date only; timers stay real).
        vi.useFakeTimers({ toFake: ["Date"], now: new Date(`${addDays(today, 1)}T09:00:00+02:00`) });
        const after = await visitor.fetch(`/product/${product.id}`);
        expect(after.headers.get("x-cache")).toBe("miss");
        expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
        const afterHtml = await after.text();
        expect(afterHtml).not.toContain("KosherDiet");
        expect(afterHtml).toContain(heKashrut.allergensHeading);
        expect(await (await visitor.fetch("/about")).text()).toContain(heKashrut.certificate.aboutNone);
      });
    });
  });
}

for (const factory of testDatabases()) {
  describe(`allergen status migration on ${factory.name}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await factory.create();
    }, 180_000);
    afterAll(async () => {
      await database?.dispose();
    });

    it("keeps listed allergens as a decision and makes every other product 'not stated' (issue 29)", async () => {
      const db = database.handle.db;
      const migration = allergenStatusMigration();
      await migration.down(db as never);
      const at = new Date().toISOString();
      const base = { content: "", search_name: "", search_text: "", created_at: at, updated_at: at };
      // Rows as they were before the decision existed: ticked boxes, traces only, or nothing at all.
      const rows = [
        { name: "עם אלרגנים", serial_id: 7_180_001, allergens: '["gluten"]', may_contain: "[]" },
        { name: "רק עקבות", serial_id: 7_180_002, allergens: "[]", may_contain: '["sesame"]' },
        { name: "בלי סימון", serial_id: 7_180_003, allergens: "[]", may_contain: "[]" },
      ];
      for (const row of rows) {
        await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
          .insertInto("products")
          .values({ ...base, ...row, title: row.name })
          .execute();
      }
      await migration.up(db as never);
      const after = await db
        .selectFrom("products")
        .select(["name", "allergen_status", "may_contain"])
        .where("serial_id", ">=", 7_180_001)
        .orderBy("serial_id")
        .execute();
      expect(after.map((r) => r.allergen_status)).toEqual(["listed", "not_stated", "not_stated"]);
      // The lists themselves are kept.
      expect(after[1]?.may_contain).toBe('["sesame"]');
    });
  });
}
