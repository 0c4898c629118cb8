/**
 * Renders never block staff (issue 27 part 5): public pages the page cache does not hold are rendered by worker
 * threads (server/http/render-pool.ts), each over its own read-only handle on the database, while the app's thread
 * keeps the cache, the admin API and the writes. Proved by the pool's counters, by what the pages show after an
 * edit (the workers' memoised reads and search index follow the app's changes), by stopping workers (the pages are
 * still served, the pool starts new ones), by ordering (a save sent after a flood of misses is answered before
 * most of them), and by the 503 a save gets past the admin write limit. Counts and order, not wall-clock limits:
 * the file passes beside `stress-ng --cpu 2`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { heApi } from "../../domain/i18n/api.ts";
import type { RenderPool } from "../../server/http/render-pool.ts";
import type { TestApp } from "../support/app.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

const WORKERS = 2;

const get = (t: Pick<TestApp, "request">, path: string) => t.request(path);

for (const factory of testDatabases()) {
  describe(`render workers on ${factory.name}`, () => {
    const env = suiteApp(factory, {
      seeded: true,
      pages: true,
      clients: { admin: "admin" },
      app: () => ({ renderWorkers: WORKERS, adminWriteLimit: 2 }),
    });
    const pool = () => env.t.app.renderPool as RenderPool;
    const products: { id: number; name: string; title: string; serial: number }[] = [];

    beforeAll(async () => {
      await pool().whenReady();
      const page = await env.t.services.catalogue.products({ page: 1, perPage: 100, path: "/api/products" });
      for (const product of page?.data ?? []) {
        const detail = await env.t.services.catalogue.product(product.id);
        if (detail) {
          products.push({ id: detail.id, name: detail.name, title: detail.title, serial: Number(detail.serial_id) });
        }
      }
      expect(products.length).toBeGreaterThan(20);
    }, 120_000);

    const save = (product: (typeof products)[number], name: string) =>
      env.admin.fetch(`/api/admin/products/${product.id}`, {
        method: "PUT",
        json: { name, title: product.title, serial_id: product.serial, status: 1 },
      });

    it("a cache miss is rendered by a worker, and kept: the next request is a hit no worker sees", async () => {
      const before = pool().stats();
      expect(before).toMatchObject({ size: WORKERS, ready: WORKERS });
      const miss = await get(env.t, "/about");
      expect(miss.status).toBe(200);
      expect(miss.headers.get("x-cache")).toBe("miss");
      expect(await miss.text()).toContain('dir="rtl"');
      const after = pool().stats();
      expect(after.rendered).toBe(before.rendered + 1);
      expect(after.unavailable).toBe(before.unavailable);

      const hit = await get(env.t, "/about");
      expect(hit.headers.get("x-cache")).toBe("hit");
      expect(pool().stats().rendered).toBe(after.rendered);
      // `.data` requests and uncached addresses (an unknown parameter) are rendered by the workers too.
      expect((await get(env.t, "/about.data")).status).toBe(200);
      expect((await get(env.t, "/about?x=whatsapp")).headers.get("x-cache")).toBe("miss");
      expect(pool().stats().rendered).toBe(after.rendered + 2);
    });

    it("an edit shows at once on pages a worker renders: its product page, its search, the lists", async () => {
      const product = products[0]!;
      const page = `/product/${product.id}`;
      await get(env.t, page);
      expect((await get(env.t, page)).headers.get("x-cache")).toBe("hit");
      const renamed = `${product.name} חגיגי`;
      expect((await save(product, renamed)).status).toBe(200);

      const rendered = pool().stats().rendered;
      const fresh = await get(env.t, page);
      expect(await fresh.text()).toContain(renamed);
      // The worker's search index follows the version the app's thread forwarded before the render.
      const search = await (await get(env.t, `/products?search=${encodeURIComponent(renamed)}`)).text();
      expect(search).toContain(`/product/${product.id}"`);
      expect(search).toContain(renamed);
      expect(pool().stats().rendered).toBeGreaterThanOrEqual(rendered + 2);
      // The server's own index (the JSON API's), rebuilt only when a search asks after the change, finds it too.
      const api = (await (await get(env.t, `/api/products?search=${encodeURIComponent(renamed)}`)).json()) as {
        data: { id: number }[];
      };
      expect(api.data.map((item) => item.id)).toContain(product.id);
      expect((await save(product, product.name)).status).toBe(200);
      expect(await (await get(env.t, page)).text()).not.toContain(renamed);
    });

    it("a search a rename leaves unchanged is confirmed by a worker, not rendered; one it changes is rendered", async () => {
      const renamedOne = products[1]!;
      // A search that finds another product, not this one (a word of the other's name).
      let unaffected = "";
      for (const other of products.filter((p) => p.id !== renamedOne.id)) {
        for (const word of other.name.split(/\s+/).filter((w) => w.length >= 3)) {
          const path = `/products?search=${encodeURIComponent(word)}`;
          const html = await (await get(env.t, path)).text();
          if (html.includes(`/product/${other.id}"`) && !html.includes(`/product/${renamedOne.id}"`)) unaffected = path;
          if (unaffected) break;
        }
        if (unaffected) break;
      }
      expect(unaffected).not.toBe("");
      const newWord = "קינמוניה";
      const found = `/products?search=${encodeURIComponent(newWord)}`;
      for (const path of [unaffected, found]) await get(env.t, path);
      const before = await get(env.t, unaffected);
      expect(before.headers.get("x-cache")).toBe("hit");
      const html = await before.text();
      expect(html).not.toContain(`/product/${renamedOne.id}"`);

      expect((await save(renamedOne, `${renamedOne.name} ${newWord}`)).status).toBe(200);
      const { rendered, verified } = pool().stats();
      const kept = await get(env.t, unaffected);
      expect(kept.headers.get("x-cache")).toBe("hit");
      expect(await kept.text()).toBe(html);
      expect(pool().stats()).toMatchObject({ rendered, verified: verified + 1 });
      const now = await get(env.t, found);
      expect(now.headers.get("x-cache")).toBe("miss");
      expect(await now.text()).toContain(`/product/${renamedOne.id}"`);
      expect(pool().stats()).toMatchObject({ rendered: rendered + 1, verified: verified + 2 });
      expect((await save(renamedOne, renamedOne.name)).status).toBe(200);
    });

    it("a render a worker began before a write is answered but not kept as fresh after it", async () => {
      const product = products[2]!;
      const page = `/product/${product.id}`;
      const answer = get(env.t, page);
      // The render is on its way to a worker (its answer cannot be handled before this loop yields).
      while (pool().stats().inFlight === 0) await new Promise((resolve) => setImmediate(resolve));
      env.t.contentVersion.tags.invalidate([`product:${product.id}`], false);
      const first = await answer;
      expect(first.status).toBe(200);
      expect(first.headers.get("x-cache")).toBe("miss");
      expect((await get(env.t, page)).headers.get("x-cache")).toBe("miss");
      expect((await get(env.t, page)).headers.get("x-cache")).toBe("hit");
    });

    it("a stopped worker's renders are served all the same, and the pool starts another", async () => {
      const flood = products.slice(0, 12).map((product) => `/product/${product.id}?x=stop-${product.id}`);
      const started = pool().stats();
      const answers = Promise.all(flood.map((path) => get(env.t, path)));
      // Stop every worker while renders are in flight: those are rendered on the app's thread.
      while (pool().stats().inFlight === 0) await new Promise((resolve) => setImmediate(resolve));
      await Promise.all(
        pool()
          .workers()
          .map((worker) => worker.terminate()),
      );
      const done = await answers;
      for (const [i, answer] of done.entries()) {
        expect(answer.status).toBe(200);
        expect(await answer.text()).toContain(products[i]!.name);
      }
      // While none is ready, a miss is rendered here.
      const meanwhile = await get(env.t, "/about?x=meanwhile");
      expect(meanwhile.status).toBe(200);
      await expect.poll(() => pool().stats().ready).toBe(WORKERS);
      const stats = pool().stats();
      expect(stats.restarts).toBeGreaterThanOrEqual(started.restarts + WORKERS);
      // Each render was answered by a worker, or lost with it, or found none ready: the last two rendered here.
      const accounted = (s: typeof stats) => s.rendered + s.lost + s.unavailable;
      expect(accounted(stats) - accounted(started)).toBe(flood.length + 1);
      expect(stats.lost + stats.unavailable).toBeGreaterThan(started.lost + started.unavailable);
      const rendered = stats.rendered;
      expect((await get(env.t, "/about?x=again")).status).toBe(200);
      expect(pool().stats().rendered).toBe(rendered + 1);
    });

    it("a save sent after a flood of misses is answered before the workers have rendered half of them", async () => {
      const flood = [
        ...products.map((product) => `/product/${product.id}?x=flood`),
        ...products.map((product) => `/products?search=${encodeURIComponent(product.name.split(" ")[0]!)}&utm=1`),
      ];
      const before = pool().stats();
      const misses = flood.map(async (path) => (await get(env.t, path)).status);
      const saved = await save(products[1]!, `${products[1]!.name} (חג)`);
      // Renders on the app's thread made the save wait for about half of the flood (measured: 49 % of its time,
      // 4.5 % with the workers).
      const renderedAtSave = pool().stats().rendered - before.rendered;
      expect(saved.status).toBe(200);
      expect((await Promise.all(misses)).every((status) => status === 200)).toBe(true);
      expect(pool().stats().rendered - before.rendered).toBe(flood.length);
      expect(renderedAtSave).toBeLessThan(flood.length / 2);
      expect((await save(products[1]!, products[1]!.name)).status).toBe(200);
    });

    it("a save past the admin write limit is answered 503 in Hebrew with Retry-After, the others are kept", async () => {
      const products_ = env.t.services.admin.products;
      const update = products_.update;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let waiting = 0;
      products_.update = async (...args: Parameters<typeof update>) => {
        waiting++;
        await gate;
        return update(...args);
      };
      try {
        const [a, b, c] = products;
        const held = [save(a!, a!.name), save(b!, b!.name)];
        await expect.poll(() => waiting).toBe(2);
        const refused = await save(c!, `${c!.name} נדחה`);
        expect(refused.status).toBe(503);
        expect(refused.headers.get("retry-after")).toBe("2");
        expect((await refused.json()).message).toBe(heApi.writesBusy);
        release();
        expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200]);
        expect(await env.t.services.catalogue.product(c!.id)).toMatchObject({ name: c!.name });
        expect((await save(c!, c!.name)).status).toBe(200);
      } finally {
        products_.update = update;
        release();
      }
    });
  });
}
