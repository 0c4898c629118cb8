/**
 * Public pages are HTML with islands (issue 32, ADR 013): their documents carry no React Router runtime and no
 * hydration data, only the island loader — a small script without React or back-office code — and their islands'
 * props, serialised so that no product text can end its script element. Session pages still hydrate.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { heAdmin } from "../../domain/i18n/admin.ts";
import { heCatalogue } from "../../domain/i18n/catalogue.ts";
import { heContent } from "../../domain/i18n/content.ts";
import { heHours } from "../../domain/i18n/hours.ts";
import { heKashrut } from "../../domain/i18n/kashrut.ts";
import { hePreorders } from "../../domain/i18n/preorders.ts";
import { heSeasonal } from "../../domain/i18n/seasonal.ts";
import { he } from "../../domain/i18n/site.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

const CLIENT_DIR = "build/client";
const manifest = () =>
  JSON.parse(readFileSync(path.join(CLIENT_DIR, ".vite/islands-manifest.json"), "utf8")) as Record<
    string,
    { file: string; imports?: string[]; dynamicImports?: string[] }
  >;
const LOADER = "app/islands/loader.ts";

/** Every string of a nested strings object (functions are left out). */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

/** The props of each island in a page, by island name, parsed as the loader parses them. */
function islandsOf(html: string): { name: string; load: string; props: unknown }[] {
  return [...html.matchAll(/<div data-island="([^"]+)" data-load="([^"]+)" data-props="([^"]+)"/g)].map((m) => {
    const script = new RegExp(`<script type="application/json" id="${m[3]}">([^<]*)</script>`).exec(html);
    expect(script, m[3]).not.toBeNull();
    return { name: m[1]!, load: m[2]!, props: JSON.parse(script![1]!) };
  });
}

describe("the island loader", () => {
  it("is the islands' build entry: small, without React, statically importing nothing", () => {
    const entry = manifest()[LOADER];
    expect(entry).toBeDefined();
    const code = readFileSync(path.join(CLIENT_DIR, entry!.file));
    expect(gzipSync(code, { level: 9 }).length).toBeLessThan(3 * 1024);
    expect(entry!.imports ?? []).toEqual([]);
    expect(code.toString()).not.toContain("react.transitional.element");
    expect(entry!.dynamicImports).toContain("app/islands/header.client.ts");
  });

  it("holds no back-office code or strings, nor the pages' own strings; nor does any chunk it can load", () => {
    const chunks = manifest();
    const text = readFileSync(path.join(CLIENT_DIR, chunks[LOADER]!.file), "utf8");
    const publicText = [he, heContent, heCatalogue, heKashrut, heHours, heSeasonal, hePreorders]
      .flatMap(stringsOf)
      .join("\n");
    const adminOnly = stringsOf(heAdmin).filter((s) => s.length >= 8 && !publicText.includes(s));
    expect(adminOnly.length).toBeGreaterThan(50);
    expect(adminOnly.filter((s) => text.includes(s))).toEqual([]);
    expect(stringsOf(he).filter((s) => s.length >= 8 && text.includes(s))).toEqual([]);
    // Every island module and what it imports: the header brings the public strings, never the back office's.
    const reachable = new Set<string>();
    const visit = (key: string) => {
      if (reachable.has(key)) return;
      reachable.add(key);
      for (const next of [...(chunks[key]?.imports ?? []), ...(chunks[key]?.dynamicImports ?? [])]) visit(next);
    };
    visit(LOADER);
    expect(reachable.size).toBeGreaterThan(5);
    for (const key of reachable) {
      const chunk = readFileSync(path.join(CLIENT_DIR, chunks[key]!.file), "utf8");
      expect(
        adminOnly.filter((s) => chunk.includes(s)),
        key,
      ).toEqual([]);
    }
  });
});

for (const factory of testDatabases()) {
  describe(`public pages as HTML with islands on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, pages: true, clients: { admin: "admin" } });
    let product = 0;
    beforeAll(async () => {
      const home = await (await env.t.request("/")).text();
      product = Number(/href="\/product\/(\d+)"/.exec(home)?.[1]);
      expect(product).toBeGreaterThan(0);
    }, 120_000);

    const pages = () => ["/", "/categories", "/products", `/product/${product}`, "/branches", "/about"];

    it("carry no React Router runtime, hydration data or module preloads: one module script, the loader", async () => {
      const loader = `/${manifest()[LOADER]!.file}`;
      for (const page of pages()) {
        const res = await env.t.request(page);
        expect(res.status, page).toBe(200);
        const html = await res.text();
        expect(html, page).not.toContain("__reactRouterContext");
        expect(html, page).not.toContain("modulepreload");
        expect(html, page).not.toContain("entry.client");
        const modules = [...html.matchAll(/<script type="module" src="([^"]+)" nonce="([^"]+)"/g)];
        expect(
          modules.map((m) => m[1]),
          page,
        ).toEqual([loader]);
        // The loader carries the nonce the page's CSP names.
        expect(res.headers.get("content-security-policy"), page).toContain(`'nonce-${modules[0]![2]}'`);
        expect(html.match(/<script\b/g)?.length, page).toBe(
          // The loader, the speculation rules, the islands' props and the page's JSON-LD: nothing else.
          2 + islandsOf(html).length + (html.match(/application\/ld\+json/g)?.length ?? 0),
        );
      }
    });

    it("render their islands with their props: the header everywhere, the welcome dialog closed on the home page", async () => {
      const home = await (await env.t.request("/")).text();
      const islands = islandsOf(home);
      expect(islands.map((i) => i.name).sort()).toEqual(["chat-button", "header", "welcome-dialog"]);
      const header = islands.find((i) => i.name === "header")!;
      expect(header.load).toBe("interaction");
      // Only what the header shows of the settings travels.
      expect(Object.keys((header.props as { settings: object }).settings).sort()).toEqual([
        "brandName",
        "orderUrl",
        "tagline",
        "whatsappNumber",
      ]);
      expect((header.props as { pathname: string }).pathname).toBe("/");
      expect(home).toMatch(/<dialog aria-labelledby="welcome-title"/);
      expect(home).not.toMatch(/<dialog[^>]* open/);
      const productPage = await (await env.t.request(`/product/${product}`)).text();
      expect(islandsOf(productPage).map((i) => i.name)).toEqual(
        expect.arrayContaining(["header", "gallery", "preorder-form"]),
      );
    });

    it("keep a product's text inside its island's props: no </script> breakout, no markup", async () => {
      const detail = await env.t.services.catalogue.product(product);
      const hostile = `${detail!.name} </script><script>window.__owned=1</script><!-- \u2028 & <b>`;
      const put = await env.admin.fetch(`/api/admin/products/${product}`, {
        method: "PUT",
        json: { name: hostile, title: detail!.title, serial_id: Number(detail!.serial_id), status: 1 },
      });
      expect(put.status).toBe(200);
      try {
        const html = await (await env.t.request(`/product/${product}`)).text();
        expect(html).not.toContain("<script>window.__owned");
        const gallery = islandsOf(html).find((i) => i.name === "gallery");
        expect(gallery).toBeDefined();
        // As the catalogue keeps it (the product's page shows that text too).
        const saved = (await env.t.services.catalogue.product(product))!.name;
        expect(saved).toContain("</script><script>window.__owned=1</script>");
        expect((gallery!.props as { name: string }).name).toBe(saved);
      } finally {
        await env.admin.fetch(`/api/admin/products/${product}`, {
          method: "PUT",
          json: { name: detail!.name, title: detail!.title, serial_id: Number(detail!.serial_id), status: 1 },
        });
      }
    });

    it("let the browser prefetch public pages on hover, never a session page, the back office or the API", async () => {
      const res = await env.t.request("/");
      const html = await res.text();
      const rules = /<script type="speculationrules" nonce="([^"]+)">([^<]*)<\/script>/.exec(html);
      expect(rules).not.toBeNull();
      expect(res.headers.get("content-security-policy")).toContain(`'nonce-${rules![1]}'`);
      const [rule] = JSON.parse(rules![2]!).prefetch as { where: unknown; eagerness: string }[];
      expect(rule!.eagerness).toBe("moderate");
      // The rule's document condition, evaluated as the browser does, with URL patterns.
      type Where = { and?: Where[]; or?: Where[]; not?: Where; href_matches?: string };
      const matches = (where: Where, url: URL): boolean =>
        where.and
          ? where.and.every((w) => matches(w, url))
          : where.or
            ? where.or.some((w) => matches(w, url))
            : where.not
              ? !matches(where.not, url)
              : new URLPattern(where.href_matches!, url.origin).test(url);
      const prefetched = (path: string) => matches(rule!.where as Where, new URL(path, "http://localhost"));
      for (const path of [
        "/",
        "/products?search=חלה",
        `/product/${product}`,
        "/categories/3",
        "/branches/1",
        "/about",
      ]) {
        expect(prefetched(path), path).toBe(true);
      }
      for (const path of ["/contactUs", "/club", "/club/confirm?token=x", "/order", "/order/12?t=abc", "/login"]) {
        expect(prefetched(path), path).toBe(false);
      }
      for (const path of [
        `/product/${product}/review`,
        "/admin",
        "/admin/products",
        "/api/products",
        "/uploads/a.jpg",
      ]) {
        expect(prefetched(path), path).toBe(false);
      }
    });

    it("leave session pages hydrating the whole document", async () => {
      const html = await (await env.t.request("/contactUs")).text();
      expect(html).toContain("__reactRouterContext");
      expect(html).not.toContain("data-island=");
      expect(html).not.toContain(`<script type="module" src="/${manifest()[LOADER]!.file}"`);
    });
  });
}
