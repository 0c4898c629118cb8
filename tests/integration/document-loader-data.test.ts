/**
 * A public page's document does not hydrate (ADR 013), so React Router has nothing to encode for the browser: its
 * loaders' data reaches React unenumerable and the hydration encoding React Router starts for every document
 * (before the entry can leave it out) holds no product, category or setting
 * (server/http/document-loader-data.ts). The page itself, its `.data` answer and a session page keep all their data.
 */
import type { EntryContext, ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { unenumerable } from "../../server/http/document-loader-data.ts";
import { testDatabases } from "../support/database.ts";
import { loadServerBuild } from "../support/page-build.ts";
import { suiteApp } from "../support/suite-app.ts";

describe("unenumerable loader data", () => {
  it("reads by name as before while an encoder walking its keys sees an empty object", () => {
    const data = { products: [{ id: 1, name: "חלה" }], settings: { brandName: "מאפיית" } };
    const hidden = unenumerable(data);
    expect(hidden.products[0]?.name).toBe("חלה");
    expect(hidden.settings).toBe(data.settings);
    expect("settings" in hidden).toBe(true);
    const { products } = hidden;
    expect(products).toBe(data.products);
    expect(Object.keys(hidden)).toEqual([]);
    expect(JSON.stringify(hidden)).toBe("{}");
  });

  it("leaves what is not a plain object as it is (a Response, an array, null)", () => {
    const response = new Response(null, { status: 302 });
    expect(unenumerable(response)).toBe(response);
    const list = [1, 2];
    expect(unenumerable(list)).toBe(list);
    expect(unenumerable(null)).toBeNull();
  });
});

/** The build with its entry noting the hydration encoding React Router made for each document. */
function recordingHandoff(build: ServerBuild, encoded: Map<string, Promise<string>>): ServerBuild {
  const handleRequest = build.entry.module.default;
  const spied: typeof handleRequest = (request, status, headers, context: EntryContext, load) => {
    const stream = context.serverHandoffStream;
    if (!stream) return handleRequest(request, status, headers, context, load);
    // One copy read here, the other left to the page (a session page streams it into its document).
    const [mine, page] = stream.tee();
    encoded.set(new URL(request.url).pathname, new Response(mine).text());
    return handleRequest(request, status, headers, { ...context, serverHandoffStream: page }, load);
  };
  return { ...build, entry: { ...build.entry, module: { ...build.entry.module, default: spied } } };
}

for (const factory of testDatabases()) {
  describe(`a public document's loader data on ${factory.name}`, () => {
    const encoded = new Map<string, Promise<string>>();
    const env = suiteApp(factory, {
      seeded: true,
      app: async () => ({ build: recordingHandoff(await loadServerBuild(), encoded) }),
    });

    it("renders the page with its data, and React Router encodes none of it", async () => {
      const product = (await env.t.services.catalogue.products({ page: 1, perPage: 1, path: "/products" }))!.data[0]!;
      const res = await env.t.request(`/product/${product.id}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(product.name);
      const handoff = await encoded.get(`/product/${product.id}`);
      expect(handoff).toBeDefined();
      expect(handoff).not.toContain(product.name);
      // The routes' keys only: root, the site's layout and the product page, each an empty object.
      expect(handoff!.length).toBeLessThan(300);
    });

    it("answers the page's .data with its data (React Router's single fetch)", async () => {
      const product = (await env.t.services.catalogue.products({ page: 1, perPage: 1, path: "/products" }))!.data[0]!;
      const res = await env.t.request(`/product/${product.id}.data`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(product.name);
    });

    it("encodes a session page's data for its hydration", async () => {
      const res = await env.t.request("/login");
      expect(res.status).toBe(200);
      await res.text();
      const handoff = await encoded.get("/login");
      expect(handoff).toBeDefined();
      expect(handoff!.length).toBeGreaterThan(300);
    });
  });
}
