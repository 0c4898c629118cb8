/**
 * What the home page makes a browser download before it is interactive (issue 10, docs/performance.md):
 * its initial JavaScript — the client entry and the root, layout and home route modules with their imports,
 * as React Router's manifest lists them for the modulepreload links — holds neither the catalogue pages'
 * components nor the back office's code or strings; its HTML has no closed welcome dialog, and its
 * hydration data carries only what the page shows.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { heAdmin } from "../../domain/i18n/admin.ts";
import { heCatalogue } from "../../domain/i18n/catalogue.ts";
import { heContent } from "../../domain/i18n/content.ts";
import { heHours } from "../../domain/i18n/hours.ts";
import { heKashrut } from "../../domain/i18n/kashrut.ts";
import { heSeasonal } from "../../domain/i18n/seasonal.ts";
import { he } from "../../domain/i18n/site.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { loadServerBuild } from "../support/page-build.ts";
import { suiteApp } from "../support/suite-app.ts";

const CLIENT_DIR = "build/client";

/** The files of the modules a route needs at once (its module and its static imports). */
function routeFiles(build: Awaited<ReturnType<typeof loadServerBuild>>, ids: string[]): Set<string> {
  const { assets } = build;
  const files = new Set<string>([assets.entry.module, ...assets.entry.imports]);
  for (const id of ids) {
    const route = assets.routes[id];
    if (!route) throw new Error(`route ${id} is not in the build`);
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

const read = (file: string) => readFileSync(path.join(CLIENT_DIR, file), "utf8");

/** The one client file that contains `marker`. */
function fileWith(marker: string): string {
  const hits = readdirSync(path.join(CLIENT_DIR, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => `/assets/${name}`)
    .filter((file) => read(file).includes(marker));
  expect(hits, marker).toHaveLength(1);
  return hits[0]!;
}

/** Every string of a nested strings object (functions are left out). */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

describe("the home page's initial JavaScript", () => {
  let build: Awaited<ReturnType<typeof loadServerBuild>>;
  let home: Set<string>;
  beforeAll(async () => {
    build = await loadServerBuild();
    home = routeFiles(build, ["root", "routes/site/layout", "routes/site/home"]);
  });

  it("leaves out the catalogue pages' components, which those pages load", () => {
    const catalogue = fileWith("data-dietary");
    expect(home.has(catalogue)).toBe(false);
    expect(routeFiles(build, ["routes/site/products"]).has(catalogue)).toBe(true);
  });

  it("holds no back-office code or strings", () => {
    const text = [...home].map(read).join("\n");
    // The back office's words that no public string contains ("הקטגוריות" is in "לכל הקטגוריות"; "נגישות הסניף"
    // is a branch page's heading too).
    const publicText = [he, heContent, heCatalogue, heKashrut, heHours, heSeasonal].flatMap(stringsOf).join("\n");
    const adminOnly = stringsOf(heAdmin).filter((s) => s.length >= 8 && !publicText.includes(s));
    expect(adminOnly.length).toBeGreaterThan(50);
    expect(adminOnly.filter((s) => text.includes(s))).toEqual([]);
    for (const [id, route] of Object.entries(build.assets.routes)) {
      if (id.startsWith("routes/admin/")) expect(home.has(route!.module), id).toBe(false);
    }
  });
});

for (const factory of testDatabases()) {
  describe(`the home page's hydration data on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, pages: true });
    let html: string;
    /** The home route's own data, as a client-side navigation fetches it (turbo-stream). */
    let data: string;
    let build: Awaited<ReturnType<typeof loadServerBuild>>;
    beforeAll(async () => {
      build = await loadServerBuild();
      const client = new TestClient(env.t);
      const res = await client.fetch("/");
      expect(res.status).toBe(200);
      html = await res.text();
      const dataRes = await client.fetch("/_.data?_routes=routes%2Fsite%2Fhome");
      expect(dataRes.status).toBe(200);
      data = await dataRes.text();
    }, 120_000);

    it("names its modules only in the script that loads them after the page has loaded", () => {
      expect(html).not.toContain('<link rel="modulepreload"');
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      const deferred =
        /<script nonce="([^"]+)" type="text\/x-deferred-module" id="rr-deferred-hydration">([^<]*)<\/script>/.exec(
          html,
        );
      expect(deferred).not.toBeNull();
      // React Router's own module script, unchanged: the route modules and then the client entry.
      expect(deferred![2]).toContain(`import(${JSON.stringify(build.assets.entry.module)})`);
      expect(deferred![2]).toContain(build.assets.routes["routes/site/home"]!.module);
      // The loader runs at `load`, carries the same nonce and preloads the entry's imports.
      const loader = html.slice(html.indexOf('rr-deferred-hydration")'), html.lastIndexOf("</body>"));
      expect(loader).toContain('addEventListener("load"');
      for (const file of build.assets.entry.imports) expect(loader).toContain(JSON.stringify(file).slice(1, -1));
      expect(html).toContain(`<script nonce="${deferred![1]}">(function(){`);
    });

    it("renders no closed welcome dialog into the HTML", () => {
      expect(html).not.toContain("<dialog");
    });

    it("carries the tiles' names and pictures, not the products' prices and details nor a second copy of the settings", () => {
      expect(data).toContain('"routes/site/home"');
      expect(data).toContain('"mainImage"');
      // The settings the page shows come from the layout's data.
      for (const key of ["settings", "price_from", "dietary", "firstDay", "path"]) {
        expect(data, key).not.toContain(`"${key}"`);
      }
    });
  });
}
