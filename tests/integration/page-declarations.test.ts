/**
 * Every page declares how it is served next to its loader (domain/page-policy.ts: its route module's
 * `handle.page`), and the server reads the declarations from the production build (server/http/public-pages.ts).
 * A page route without one must not start; the declarations must say what the site promises: form pages
 * with the session, the back office with the session, the rest the same for every visitor.
 */
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { pagePolicies } from "../../server/http/public-pages.ts";
import { loadServerBuild } from "../support/page-build.ts";

let build: ServerBuild;
beforeAll(async () => {
  build = await loadServerBuild();
});

/** The build with one route module's `handle` taken away. */
function withoutHandle(id: string): ServerBuild {
  const route = build.routes[id]!;
  const { handle: _dropped, ...module } = route.module;
  return { ...build, routes: { ...build.routes, [id]: { ...route, module } } };
}

describe("page declarations", () => {
  it("every page route of the build has one (its own, or a session route above it)", () => {
    const policies = pagePolicies(build);
    const parents = new Set(Object.values(build.routes).map((r) => r?.parentId));
    const leaves = Object.keys(build.routes).filter((id) => !parents.has(id));
    expect(leaves.length).toBeGreaterThan(20);
    for (const id of leaves) expect(policies.get(id), id).toBeDefined();
  });

  it("a page route without a declaration stops the server, naming the route", () => {
    expect(() => pagePolicies(withoutHandle("routes/site/about"))).toThrow(/routes\/site\/about/);
    expect(() => pagePolicies(withoutHandle("routes/site/contact"))).toThrow(/routes\/site\/contact/);
  });

  it("admin screens are session pages through their layout's declaration alone", () => {
    const policies = pagePolicies(build);
    const admin = Object.keys(build.routes).filter((id) => id.startsWith("routes/admin/"));
    expect(admin.length).toBeGreaterThan(10);
    for (const id of admin) expect(policies.get(id)?.kind, id).toBe("session");
    expect(() => pagePolicies(withoutHandle("routes/admin/layout"))).toThrow(/routes\/admin\//);
  });

  it("pages with a form, and the login, are rendered with the session; catalogue pages are kept", () => {
    const policies = pagePolicies(build);
    const kind = (id: string) => policies.get(id)?.kind;
    for (const id of [
      "routes/login",
      "routes/site/contact",
      "routes/site/club",
      "routes/site/club-confirm",
      "routes/site/club-unsubscribe",
      "routes/site/product-review",
    ]) {
      expect(kind(id), id).toBe("session");
    }
    for (const id of ["routes/site/home", "routes/site/product", "routes/site/category", "routes/site/products"]) {
      expect(kind(id), id).toBe("cached");
    }
    expect(kind("routes/site/catch-all")).toBe("public");
  });
});
