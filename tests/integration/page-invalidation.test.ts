/**
 * Only what changed (issue 27): a write makes stale exactly the cached pages that read what it changed
 * (server/cache-tags.ts, domain/entities.ts, server/services/read-tags.ts). An edit of one product shows at once
 * on its page, its category and the home page while other products' pages and /about stay hits; a withdrawal is
 * never served again; an image's AVIF variants touch only its owner's pages; floods of filter and search
 * addresses stay in their own share of the cache. On PostgreSQL the tags travel to a second server by
 * notification, and a lost or malformed notification flushes rather than leaves a page stale.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ALLERGENS } from "../../domain/kashrut.ts";
import { createBackgroundWorker } from "../../server/jobs/background.ts";
import { createLogger } from "../../server/log.ts";
import { AVIF_JOB } from "../../server/services/images.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { testDatabases } from "../support/database.ts";
import { formWith, pngImage } from "../support/images.ts";
import { loadServerBuild } from "../support/page-build.ts";
import { suiteApp } from "../support/suite-app.ts";

const get = (t: Pick<TestApp, "request">, path: string) => t.request(path);
const cacheOf = async (t: Pick<TestApp, "request">, path: string) => (await get(t, path)).headers.get("x-cache");
/** Asks for `path` until it is kept (the second answer of a kept page is a hit). */
async function warm(t: Pick<TestApp, "request">, ...paths: string[]) {
  for (const path of paths) {
    await get(t, path);
    expect(await cacheOf(t, path), path).toBe("hit");
  }
}

for (const factory of testDatabases()) {
  describe(`page invalidation on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, pages: true, clients: { admin: "admin" } });
    /** A product on the home page with a category page that lists it, and another product. */
    const pick = { product: 0, name: "", title: "", serial: 0, category: 0, other: 0 };

    beforeAll(async () => {
      // The products the home page shows, in its order.
      const homeHtml = await (await get(env.t, "/")).text();
      const home = [...new Set([...homeHtml.matchAll(/href="\/product\/(\d+)"/g)].map((m) => Number(m[1])))].map(
        (id) => ({ id }),
      );
      for (const tile of home) {
        const detail = await env.t.services.catalogue.product(tile.id);
        for (const category of detail?.category ?? []) {
          const html = await (await get(env.t, `/categories/${category.id}`)).text();
          if (detail && html.includes(detail.name)) {
            Object.assign(pick, {
              product: tile.id,
              name: detail.name,
              title: detail.title,
              serial: Number(detail.serial_id),
              category: category.id,
            });
            break;
          }
        }
        if (pick.product) break;
      }
      expect(pick.product).toBeGreaterThan(0);
      // Another product whose page does not show this one (a page lists similar products), nor this one it.
      const mine = await (await get(env.t, `/product/${pick.product}`)).text();
      const all = await env.t.services.catalogue.products({ page: 1, perPage: 100, path: "/api/products" });
      for (const candidate of all?.data ?? []) {
        if (candidate.id === pick.product || mine.includes(`/product/${candidate.id}"`)) continue;
        const theirs = await (await get(env.t, `/product/${candidate.id}`)).text();
        if (!theirs.includes(`/product/${pick.product}"`)) {
          pick.other = candidate.id;
          break;
        }
      }
      expect(pick.other).toBeGreaterThan(0);
    }, 120_000);

    const putProduct = (json: Record<string, unknown>) =>
      env.admin.fetch(`/api/admin/products/${pick.product}`, {
        method: "PUT",
        json: { name: pick.name, title: pick.title, serial_id: pick.serial, status: 1, ...json },
      });

    it("an edit of one product shows at once where it is shown; other products' pages and /about stay hits", async () => {
      const where = [`/product/${pick.product}`, `/categories/${pick.category}`, "/"];
      await warm(env.t, ...where, `/product/${pick.other}`, "/about", "/branches");
      const renamed = `${pick.name} חגיגית`;
      expect((await putProduct({ name: renamed })).status).toBe(200);
      for (const path of where) {
        const page = await get(env.t, path);
        expect(page.headers.get("x-cache"), path).toBe("miss");
        expect(await page.text(), path).toContain(renamed);
      }
      expect(await cacheOf(env.t, `/product/${pick.other}`)).toBe("hit");
      expect(await cacheOf(env.t, "/about")).toBe("hit");
      pick.name = renamed;
    });

    /** A search (a word of the other product's name) that finds the other product and not this one. */
    async function searchWithoutPick(t: Pick<TestApp, "request">): Promise<string> {
      const otherName = (await env.t.services.catalogue.product(pick.other))!.name;
      for (const word of otherName.split(/\s+/).filter((w) => w.length >= 3)) {
        const path = `/products?search=${encodeURIComponent(word)}`;
        const html = await (await get(t, path)).text();
        if (html.includes(`/product/${pick.other}"`) && !html.includes(`/product/${pick.product}"`)) return path;
      }
      throw new Error(`no word of "${otherName}" finds it without product ${pick.product}`);
    }

    it("a rename re-renders the searches whose results it changes; the others are confirmed and stay hits", async () => {
      // A search finding the other product but not this one, and one finding nothing yet.
      const unaffected = await searchWithoutPick(env.t);
      const newWord = "זנגביליה";
      const found = `/products?search=${encodeURIComponent(newWord)}`;
      await warm(env.t, unaffected, found, `${unaffected}&sort=price_asc`);
      expect(await (await get(env.t, found)).text()).not.toContain(`/product/${pick.product}"`);
      const before = await (await get(env.t, unaffected)).text();

      const renamed = `${pick.name} ${newWord}`;
      expect((await putProduct({ name: renamed })).status).toBe(200);
      // Its results changed: rendered again, and the product is found by its new word.
      const now = await get(env.t, found);
      expect(now.headers.get("x-cache")).toBe("miss");
      expect(await now.text()).toContain(`/product/${pick.product}"`);
      // Its results did not: the kept page is confirmed (the same bytes), not rendered.
      const kept = await get(env.t, unaffected);
      expect(kept.headers.get("x-cache")).toBe("hit");
      expect(await kept.text()).toBe(before);
      expect(await cacheOf(env.t, `${unaffected}&sort=price_asc`)).toBe("hit");
      // Its product's own page is not a search page: rendered again, with the new name.
      expect(await cacheOf(env.t, `/product/${pick.other}`)).toBe("hit");
      // Renamed back, the search finds nothing again, at once.
      expect((await putProduct({ name: pick.name })).status).toBe(200);
      expect(await (await get(env.t, found)).text()).not.toContain(`/product/${pick.product}"`);
    });

    it("requests arriving while an edited page re-renders get the new page or, for a moment, the previous copy", async () => {
      const page = `/product/${pick.product}`;
      await warm(env.t, page);
      const before = pick.name;
      const renamed = `${before} מיוחדת`;
      expect((await putProduct({ name: renamed })).status).toBe(200);
      const answers = await Promise.all(Array.from({ length: 6 }, () => get(env.t, page)));
      for (const answer of answers) {
        const html = await answer.text();
        if (answer.headers.get("x-cache") === "stale") expect(html).toContain(before);
        else expect(html).toContain(renamed);
      }
      const settled = await get(env.t, page);
      expect(await settled.text()).toContain(renamed);
      pick.name = renamed;
    });

    it("a withdrawal is never served again: hidden → 404 at once, even to requests racing the render", async () => {
      const page = `/product/${pick.product}`;
      await warm(env.t, page, `/categories/${pick.category}`, "/about");
      expect((await putProduct({ status: 0 })).status).toBe(200);
      const answers = await Promise.all(Array.from({ length: 6 }, () => get(env.t, page)));
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
      expect(await (await get(env.t, `/categories/${pick.category}`)).text()).not.toContain(pick.name);
      expect(await cacheOf(env.t, "/about")).toBe("hit");
      expect((await putProduct({ status: 1 })).status).toBe(200);
      expect((await get(env.t, page)).status).toBe(200);
    });

    it("an image's AVIF variants touch only the pages of its owner", { timeout: 120_000 }, async () => {
      const uploaded = await env.admin.fetch("/api/admin/images", {
        method: "POST",
        body: formWith({ id: String(pick.other), type: "product" }, [
          { field: "files[]", bytes: await pngImage(320, 200), name: "cake.png", type: "image/png" },
        ]),
      });
      expect(uploaded.status, await uploaded.clone().text()).toBeLessThan(300);
      const image = ((await uploaded.json()) as { data: { id: number }[] }).data[0]!;
      // Only this image's encoding is left in the queue (the demo images' would take minutes here).
      await env.database.handle.db
        .deleteFrom("jobs")
        .where("kind", "=", AVIF_JOB)
        .where("key", "!=", String(image.id))
        .execute();
      await warm(env.t, `/product/${pick.other}`, `/product/${pick.product}`, "/about");
      const changed: string[] = [];
      const worker = createBackgroundWorker(env.database.handle, env.t.services, createLogger("silent"), {
        onPagesChanged: (tag) => changed.push(tag),
      });
      expect(await worker.runUntilIdle()).toBeGreaterThan(0);
      expect([...new Set(changed)]).toEqual([`product:${pick.other}`]);
      await env.t.contentVersion.invalidate(changed, false);
      const owner = await get(env.t, `/product/${pick.other}`);
      expect(owner.headers.get("x-cache")).toBe("miss");
      expect(await owner.text()).toContain(".avif");
      expect(await cacheOf(env.t, `/product/${pick.product}`)).toBe("hit");
      expect(await cacheOf(env.t, "/about")).toBe("hit");
    });

    it("floods of distinct filter and search addresses leave the home and category pages cached", {
      timeout: 180_000,
    }, async () => {
      // A cache so small that either flood alone would fill it several times over.
      const small = createTestApp(env.database, {
        build: await loadServerBuild(),
        pageCache: { enabled: true, maxBytes: 1024 * 1024 },
      });
      // The home page is kept per minute (its "open now" line): the wall clock stands still for this test, so a
      // slow flood crossing a minute's boundary cannot turn its check into a miss.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
      try {
        await warm(small, "/", `/categories/${pick.category}`);
        for (let i = 0; i < 12; i++) {
          const subset = ALLERGENS.filter((_, bit) => ((i + 1) >> bit) & 1);
          expect((await get(small, `/products?without=${subset.join(",")}`)).status).toBe(200);
          expect((await get(small, `/products?search=${encodeURIComponent(`עוגה ${i}`)}`)).status).toBe(200);
        }
        expect(await cacheOf(small, "/")).toBe("hit");
        expect(await cacheOf(small, `/categories/${pick.category}`)).toBe("hit");
        // Search pages are kept too (each text normalised: spaces folded).
        await get(small, "/products?search=%D7%A2%D7%95%D7%92%D7%94%20%20%D7%A9%D7%95%D7%A7%D7%95%D7%9C%D7%93");
        expect(
          await cacheOf(small, "/products?search=%D7%A2%D7%95%D7%92%D7%94+%D7%A9%D7%95%D7%A7%D7%95%D7%9C%D7%93"),
        ).toBe("hit");
      } finally {
        vi.useRealTimers();
        small.dispose();
      }
    });

    it("staff handling a contact request touches no page; a settings change touches every page", async () => {
      await warm(env.t, "/", "/about");
      const current = ((await (await env.admin.fetch("/api/admin/settings")).json()) as { data: object }).data;
      const saved = await env.admin.fetch("/api/admin/settings", {
        method: "PUT",
        json: { ...current, brand_name: "מאפיית שקד הירושלמית" },
      });
      expect(saved.status).toBe(200);
      expect(await cacheOf(env.t, "/")).toBe("miss");
      expect(await cacheOf(env.t, "/about")).toBe("miss");
    });

    if (factory.name === "postgres") {
      describe("a second server on the same database", () => {
        let other: TestApp;
        beforeAll(async () => {
          // It polls rarely: what it learns in time, it learns from the notification with the tags.
          other = createTestApp(
            { ...env.database, handle: env.database.openAnother!() },
            { build: await loadServerBuild(), contentVersion: { pollWhileListeningMs: 600_000 } },
          );
          await other.contentVersion.ready;
          return () => other.dispose();
        });

        it("hears which pages an edit touched: the product's page changes, /about stays a hit", async () => {
          const page = `/product/${pick.product}`;
          await warm(other, page, "/about");
          const renamed = `${pick.name} ביתית`;
          expect((await putProduct({ name: renamed })).status).toBe(200);
          await expect.poll(async () => (await get(other, page)).text()).toContain(renamed);
          expect(await cacheOf(other, "/about")).toBe("hit");
          pick.name = renamed;
          expect((await putProduct({ status: 0 })).status).toBe(200);
          await expect.poll(async () => (await get(other, page)).status).toBe(404);
          expect((await putProduct({ status: 1 })).status).toBe(200);
          await expect.poll(async () => (await get(other, page)).status).toBe(200);
        });

        it("hears a rename: the search it changes shows the product, the one it does not is confirmed", async () => {
          const unaffected = await searchWithoutPick(other);
          const found = `/products?search=${encodeURIComponent("גלקסיה")}`;
          await warm(other, unaffected, found);
          const before = await (await get(other, unaffected)).text();
          expect((await putProduct({ name: `${pick.name} גלקסיה` })).status).toBe(200);
          try {
            await expect.poll(async () => (await get(other, found)).text()).toContain(`/product/${pick.product}"`);
            const kept = await get(other, unaffected);
            expect(kept.headers.get("x-cache")).toBe("hit");
            expect(await kept.text()).toBe(before);
          } finally {
            expect((await putProduct({ name: pick.name })).status).toBe(200);
          }
        });

        it("a malformed notification flushes its page cache", async () => {
          await warm(other, "/about");
          await sql`select pg_notify('bakery_content_version', 'not a change')`.execute(env.database.handle.db);
          await expect.poll(() => cacheOf(other, "/about")).toBe("miss");
        });
      });

      it("a change whose notification was lost is found by the poll, and flushes rather than serves stale", async () => {
        const polling = createTestApp(
          { ...env.database, handle: env.database.openAnother!() },
          { build: await loadServerBuild(), contentVersion: { pollWhileListeningMs: 100 } },
        );
        try {
          await polling.contentVersion.ready;
          await warm(polling, "/about");
          // A write elsewhere whose notification never arrived: the number moved, no message said what changed.
          await sql`update content_version set version = version + 1 where id = 1`.execute(env.database.handle.db);
          await expect.poll(() => cacheOf(polling, "/about")).toBe("miss");
        } finally {
          polling.dispose();
        }
      });
    }
  });
}
