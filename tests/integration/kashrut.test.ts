/**
 * Kashrut and allergens per product, certificates per branch (issue 11), on SQLite and PostgreSQL: the API
 * fields, the 422s, `?dietary=`/`?without=` with search, category and paging on the API and the page (a GET
 * form without JavaScript, the page-cache key), the admin writes, and certificate expiry on the public site,
 * the dashboard and the page cache (the day after a certificate's last day).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { certificateToday, formatDay } from "../../domain/certificates.ts";
import type { AdminBranch, AdminProduct, DashboardData } from "../../domain/contracts/admin.ts";
import type { Paginated, ProductDetail, ProductSummary } from "../../domain/contracts/catalogue.ts";
import type { Branch } from "../../domain/contracts/content.ts";
import { addDays } from "../../domain/hours/time.ts";
import { heKashrut } from "../../domain/i18n/kashrut.ts";
import { type CatalogueFilter, matchesFilter } from "../../domain/kashrut.ts";
import { allergenCodes, dietaryOf } from "../../server/services/kashrut.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

const HEBREW = /[\u0590-\u05FF]/;

for (const factory of testDatabases()) {
  describe(`kashrut and allergens on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, pages: true, clients: { admin: "admin" } });
    /** Every published product's facts, read from the database: the expected results of each filter. */
    let published: { id: number; name: string; dietary: string | null; allergens: string[]; may_contain: string[] }[];

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
            {
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
        .select(["id", "name", "dietary", "allergens", "may_contain"])
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
        expect(((await cleared.json()) as { data: AdminProduct }).data).toMatchObject({ dietary: null, allergens: [] });
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
        expect(html).toMatch(/<form(?=[^>]*method="get")(?=[^>]*action="\/products")[^>]*data-testid="product-filter"/);
        expect(html).toMatch(/<input(?=[^>]*name="without")(?=[^>]*value="sesame")[^>]*checked=""/);
        expect(html).toMatch(/<input(?=[^>]*name="dietary")(?=[^>]*value="parve")[^>]*checked=""/);
        expect(html).not.toMatch(/<input(?=[^>]*name="without")(?=[^>]*value="eggs")[^>]*checked=""/);
        // Page links keep the filter: a filter whose products fill more than one page of 12 (sesame alone does).
        expect(expected({ without: ["sesame"] }).length).toBeGreaterThan(12);
        const paged = await (await visitor.fetch("/products?without=sesame")).text();
        expect(paged).toMatch(/href="\/products\?[^"]*without=sesame[^"]*page=2"/);
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
