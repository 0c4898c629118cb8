/**
 * Scheduled publishing of products and categories (issue 30 §5), over each database, with an injected clock and
 * fake timers (no sleeps): a product published from a date in the future is on no public page, list, search,
 * category page or sitemap (its page and API 404) until the schedule timer fires at that moment — which bumps
 * the content version, so the page cache, the per-version reads and the search index notice — and is gone again
 * once its "hide after" has come. A category likewise (the category lists the menus are built from, its page, the
 * sitemap). The admin API lists both throughout with their state; bad windows are Hebrew 422s; a client that
 * leaves the window out (the spec's) keeps it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminCategory, AdminProduct } from "../../domain/contracts/admin.ts";
import { heAdmin } from "../../domain/i18n/admin.ts";
import type { Timers } from "../../server/schedule-timer.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

for (const factory of testDatabases()) {
  describe(`scheduled products and categories on ${factory.name}`, () => {
    // Sunday 20 December 2026, 10:00 in Jerusalem (UTC+2): no other boundary until Tu BiShvat's collection.
    let now = new Date("2026-12-20T08:00:00Z");
    const pending = new Map<number, () => void>();
    let nextId = 0;
    const timers: Timers = {
      set: (callback) => {
        pending.set(++nextId, callback);
        return nextId;
      },
      clear: (handle) => pending.delete(handle as number),
    };
    const env = suiteApp(factory, {
      seeded: true,
      pages: true,
      app: { clock: () => now, timers },
      clients: { admin: "admin" },
    });

    /** Moves the clock to `instant` and lets the armed timer fire, as it would at that moment. */
    const travelTo = async (instant: string) => {
      await env.t.scheduleTimer!.settled();
      expect(env.t.scheduleTimer!.next()?.toISOString()).toBe(instant);
      now = new Date(instant);
      expect(pending.size).toBe(1);
      const [[id, callback]] = [...pending.entries()] as [[number, () => void]];
      pending.delete(id);
      callback();
      await env.t.scheduleTimer!.settled();
    };
    const visitor = async (path: string) => {
      const res = await new TestClient(env.t).fetch(path);
      return { status: res.status, text: await res.text(), cache: res.headers.get("x-cache") };
    };
    const apiIds = async (path: string) =>
      ((JSON.parse((await visitor(path)).text) as { data: { id: number }[] }).data ?? []).map((r) => r.id);

    let categoryId = 0;
    beforeAll(async () => {
      await env.t.scheduleTimer!.settled();
      const main = await env.database.handle.db
        .selectFrom("categories")
        .select("id")
        .where("is_main", "=", 1)
        .where("status", "=", 1)
        .orderBy("position")
        .executeTakeFirstOrThrow();
      categoryId = main.id;
    }, 120_000);

    it("a product published from a future date shows nowhere until the timer fires then, and goes at its 'hide after'", async () => {
      const name = "סופגניית ריבת חלב מתוזמנת";
      const res = await env.admin.fetch("/api/admin/products", {
        method: "POST",
        json: {
          name,
          title: "לחנוכה הבא",
          serial_id: 772_001,
          status: 1,
          starts_at: "2026-12-22T08:00", // Jerusalem wall clock (UTC+2 in December)
          ends_at: "2026-12-24T08:00:00+02:00",
        },
      });
      expect(res.status).toBe(201);
      const product = ((await res.json()) as { data: AdminProduct }).data;
      expect(product).toMatchObject({
        starts_at: "2026-12-22T06:00:00.000Z",
        ends_at: "2026-12-24T06:00:00.000Z",
        schedule: "scheduled",
      });
      const id = product.id;
      await env.admin.fetch(`/api/admin/product/${id}/category`, {
        method: "POST",
        json: { categories: [categoryId] },
      });

      // Cached before the boundary: must not outlive it.
      expect((await visitor("/products")).status).toBe(200);
      expect((await visitor("/products")).cache).toBe("hit");

      const hidden = async () => {
        expect((await visitor(`/product/${id}`)).status).toBe(404);
        expect((await visitor(`/api/product/${id}`)).status).toBe(404);
        expect((await visitor(`/product/${id}/review`)).status).toBe(404);
        expect((await visitor("/products")).text).not.toContain(name);
        expect((await visitor(`/categories/${categoryId}`)).text).not.toContain(name);
        expect(await apiIds(`/api/products?search=${encodeURIComponent("סופגניית ריבת חלב")}`)).not.toContain(id);
        expect((await visitor("/sitemap.xml")).text).not.toContain(`/product/${id}<`);
      };
      await hidden();
      const listed = (await (await env.admin.fetch(`/api/admin/products?search_id=${id}`)).json()) as {
        data: { id: number; schedule: string }[];
      };
      expect(listed.data).toEqual([expect.objectContaining({ id, schedule: "scheduled" })]);

      const version = env.t.contentVersion.current();
      await travelTo("2026-12-22T06:00:00.000Z");
      expect(env.t.contentVersion.current()).toBeGreaterThan(version);
      const grid = await visitor("/products");
      expect(grid.cache).toBe("miss");
      expect(grid.text).toContain(name);
      expect((await visitor(`/product/${id}`)).status).toBe(200);
      expect((await visitor(`/api/product/${id}`)).status).toBe(200);
      expect((await visitor(`/categories/${categoryId}`)).text).toContain(name);
      expect(await apiIds(`/api/products?search=${encodeURIComponent("סופגניית ריבת חלב")}`)).toContain(id);
      expect((await visitor("/sitemap.xml")).text).toContain(`/product/${id}<`);

      // A client that sends the spec's fields only keeps the window.
      const spec = await env.admin.fetch(`/api/admin/products/${id}`, {
        method: "PUT",
        json: { name, title: "לחנוכה הבא", serial_id: 772_001, status: 1 },
      });
      expect(spec.status).toBe(200);
      expect(((await spec.json()) as { data: AdminProduct }).data).toMatchObject({
        ends_at: "2026-12-24T06:00:00.000Z",
        schedule: "active",
      });

      await travelTo("2026-12-24T06:00:00.000Z");
      await hidden();
      const ended = (await (await env.admin.fetch(`/api/admin/products/${id}`)).json()) as { data: AdminProduct };
      expect(ended.data.schedule).toBe("ended");
    });

    it("a category published from a future date is off the category lists, its page and the sitemap until then", async () => {
      const name = "קולקציית טו בשבט מתוזמנת";
      const res = await env.admin.fetch("/api/admin/categories", {
        method: "POST",
        json: { name, status: 1, is_main: true, starts_at: "2026-12-26T20:00", ends_at: "" },
      });
      expect(res.status).toBe(201);
      const category = ((await res.json()) as { data: AdminCategory }).data;
      expect(category).toMatchObject({ starts_at: "2026-12-26T18:00:00.000Z", ends_at: null, schedule: "scheduled" });
      const id = category.id;

      expect(await apiIds("/api/categories")).not.toContain(id);
      expect(await apiIds("/api/all_categories")).not.toContain(id);
      expect((await visitor(`/categories/${id}`)).status).toBe(404);
      expect((await visitor("/categories")).text).not.toContain(name);
      expect((await visitor("/sitemap.xml")).text).not.toContain(`/categories/${id}<`);

      await travelTo("2026-12-26T18:00:00.000Z");
      expect(await apiIds("/api/categories")).toContain(id);
      expect((await visitor(`/categories/${id}`)).status).toBe(200);
      expect((await visitor("/categories")).text).toContain(name);
      expect((await visitor("/sitemap.xml")).text).toContain(`/categories/${id}<`);
      const listed = (await (await env.admin.fetch(`/api/admin/categories/${id}`)).json()) as { data: AdminCategory };
      expect(listed.data.schedule).toBe("active");
    });

    it("refuses a 'hide after' at or before 'publish from', and a date that is not one, in Hebrew", async () => {
      for (const [endpoint, base] of [
        ["/api/admin/products", { name: "עוגה", title: "עוגה", serial_id: 772_099, status: 1 }],
        ["/api/admin/categories", { name: "קטגוריה", status: 1, is_main: true }],
      ] as const) {
        const backwards = await env.admin.fetch(endpoint, {
          method: "POST",
          json: { ...base, starts_at: "2027-01-05T10:00", ends_at: "2027-01-05T09:00" },
        });
        expect(backwards.status).toBe(422);
        const errors = ((await backwards.json()) as { errors: Record<string, string[]> }).errors;
        expect(errors.ends_at).toEqual([heAdmin.validation.endsBeforeStarts]);
        const garbage = await env.admin.fetch(endpoint, { method: "POST", json: { ...base, starts_at: "מחר" } });
        expect(garbage.status).toBe(422);
        expect(((await garbage.json()) as { errors: Record<string, string[]> }).errors.starts_at?.[0]).toMatch(
          /[\u0590-\u05FF]/,
        );
      }
    });
  });
}
