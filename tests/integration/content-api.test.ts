/**
 * Public content API (spec §7) on each database: branches, sales and publications, their
 * `{ data: … }` shapes, published-only visibility, ordering and 404s for bad or hidden ids.
 */
import { describe, expect, it } from "vitest";
import {
  branches as seedBranches,
  publications as seedPublications,
  sales as seedSales,
} from "../../server/db/seed/content.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

type Json = Record<string, unknown> & { data: unknown; message?: string };

for (const factory of testDatabases()) {
  describe(`content API on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true });
    const get = async (path: string) => {
      const res = await env.t.request(path);
      return { status: res.status, type: res.headers.get("content-type") ?? "", body: (await res.json()) as Json };
    };

    it("GET /api/branches answers { data: [...] } (the client reads response.data.data)", async () => {
      const { status, type, body } = await get("/api/branches");
      expect(status).toBe(200);
      expect(type).toContain("application/json");
      const list = body.data as Record<string, unknown>[];
      expect(Array.isArray(list)).toBe(true);
      expect(list.map((b) => b.name)).toEqual(seedBranches.map((b) => b.name));
      const first = list[0]!;
      expect(Object.keys(first)).toEqual(
        expect.arrayContaining([
          "id",
          "name",
          "mainImage",
          "location",
          "address",
          "content",
          "email",
          "phone",
          "opening_hours",
        ]),
      );
      // Phone keeps its leading 0; hours are structured, Sunday first.
      expect(first.phone).toMatch(/^0\d/);
      expect(first.opening_hours).toEqual(seedBranches[0]!.openingHours);
      expect((first.mainImage as { url: string }).url).toMatch(/^\/uploads\/.+\.jpg$/);
      expect(first.latitude).toBeCloseTo(seedBranches[0]!.latitude, 4);
      expect(first.accessibility).toBe(seedBranches[0]!.accessibility);
    });

    it("GET /api/branches/{id} answers one branch; unknown and malformed ids are 404 with a Hebrew message", async () => {
      const { body: list } = await get("/api/branches");
      const id = (list.data as { id: number }[])[1]!.id;
      const one = await get(`/api/branches/${id}`);
      expect(one.status).toBe(200);
      expect((one.body.data as { id: number; name: string }).name).toBe(seedBranches[1]!.name);
      for (const bad of ["999999", "abc", "0", "-1", "1.5", "99999999999999999999"]) {
        const res = await get(`/api/branches/${bad}`);
        expect(res.status, bad).toBe(404);
        expect(res.body.message).toMatch(/[\u0590-\u05FF]/);
      }
    });

    for (const [path, table, seed] of [
      ["sale", "sales", seedSales],
      ["publication", "publications", seedPublications],
    ] as const) {
      it(`GET /api/${path} lists published items newest first; /api/${path}-home/ only the home ones`, async () => {
        const all = await get(`/api/${path}`);
        expect(all.status).toBe(200);
        const names = (all.body.data as { name: string }[]).map((p) => p.name);
        // The seed spreads creation dates one day apart in list order: newest is the last one.
        expect(names).toEqual([...seed].reverse().map((p) => p.name));
        const item = (all.body.data as Record<string, unknown>[])[0]!;
        expect(Object.keys(item)).toEqual(expect.arrayContaining(["id", "name", "content", "mainImage"]));

        for (const url of [`/api/${path}-home/`, `/api/${path}-home`]) {
          const home = await get(url);
          expect(home.status, url).toBe(200);
          expect((home.body.data as { name: string }[]).map((p) => p.name).sort()).toEqual(
            seed
              .filter((p) => p.showOnHome)
              .map((p) => p.name)
              .sort(),
          );
        }
      });

      it(`GET /api/${path}/{id} answers one item; a hidden (unpublished) item disappears everywhere`, async () => {
        const all = await get(`/api/${path}`);
        const target = (all.body.data as { id: number; name: string }[])[0]!;
        const one = await get(`/api/${path}/${target.id}`);
        expect(one.status).toBe(200);
        expect((one.body.data as { name: string }).name).toBe(target.name);

        await env.database.handle.db.updateTable(table).set({ status: 0 }).where("id", "=", target.id).execute();
        try {
          expect((await get(`/api/${path}/${target.id}`)).status).toBe(404);
          const after = await get(`/api/${path}`);
          expect((after.body.data as { id: number }[]).some((p) => p.id === target.id)).toBe(false);
          const home = await get(`/api/${path}-home/`);
          expect((home.body.data as { id: number }[]).some((p) => p.id === target.id)).toBe(false);
        } finally {
          await env.database.handle.db.updateTable(table).set({ status: 1 }).where("id", "=", target.id).execute();
        }
        expect((await get(`/api/${path}/abc`)).status).toBe(404);
      });
    }
  });
}
