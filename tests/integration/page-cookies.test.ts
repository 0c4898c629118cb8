/**
 * A first visit to a page with a form (contact, club, login) must issue the session and XSRF cookies:
 * those forms carry the session's token in `_token`, and without the cookies every post would answer 419.
 * Every other public page is the same for every visitor: no cookies, cacheable (page-cache.test.ts).
 */
import { describe, expect, it } from "vitest";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

for (const factory of testDatabases()) {
  describe(`page responses on ${factory.name}`, () => {
    const env = suiteApp(factory, { pages: true });

    it("a first visit to a form page sets the session and XSRF cookies, and the page embeds the same token", async () => {
      const client = new TestClient(env.t);
      const res = await client.fetch("/contactUs");
      expect(res.status).toBe(200);
      const cookies = res.headers.getSetCookie().map((c) => c.split("=")[0]);
      expect(cookies).toEqual(expect.arrayContaining(["bakery_sid", "XSRF-TOKEN"]));
      // The page's loader hands the token to its form (CsrfField); it is the cookie's token.
      const html = await res.text();
      expect(html).toContain(client.xsrfToken);
      // Security headers set by middleware survive too.
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
    });

    it("a first visit to any other public page sets no cookie and carries no token", async () => {
      const client = new TestClient(env.t);
      const res = await client.fetch("/about");
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await res.text()).not.toContain('name="_token"');
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toMatch(/^public, /);
    });
  });
}
