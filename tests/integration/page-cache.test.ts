/**
 * Public pages from cache (issue 10): anonymous public GETs set no cookie and are cacheable (ETag from
 * the page's content, 304), kept in the in-process page cache (X-Cache), invalidated by every admin
 * write of a record visitors see (and by none of a record they do not); the form pages and login keep their XSRF flow with and without JavaScript; `.data` requests
 * behave like documents; unknown query parameters are never kept. On PostgreSQL, two app servers on one
 * database: a write through one reaches the other by its notification. (Which pages a write touches:
 * page-invalidation.test.ts.)
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../support/app.ts";
import { createThroughApi } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { formWith, pngImage } from "../support/images.ts";
import { loadServerBuild } from "../support/page-build.ts";
import { suiteApp } from "../support/suite-app.ts";

type Json = Record<string, unknown>;
const PUBLIC_CACHE_CONTROL = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/;

/** A visitor without cookies (a browser's first visit, a crawler, a CDN). */
const anonymous = (t: TestApp, path: string, headers: Record<string, string> = {}) => t.request(path, { headers });

for (const factory of testDatabases()) {
  describe(`public pages from cache on ${factory.name}`, () => {
    const env = suiteApp(factory, { pages: true, clients: { admin: "admin" } });
    let build: Awaited<ReturnType<typeof loadServerBuild>>;
    const ids = { product: 0, category: 0, branch: 0, sale: 0, publication: 0 };

    beforeAll(async () => {
      build = await loadServerBuild();
      const post = (path: string, json: Json) => env.admin.fetch(path, { method: "POST", json });
      ids.category = await createThroughApi(env.admin, "/api/admin/categories", {
        name: "עוגות",
        status: 1,
        is_main: 1,
      });
      ids.product = await createThroughApi(env.admin, "/api/admin/products", {
        name: "עוגת גבינה",
        title: "עוגת גבינה אפויה",
        content: "עוגה קרמית",
        serial_id: 900_001,
        status: 1,
        visibility_home_page: true,
      });
      await post(`/api/admin/product/${ids.product}/category`, { categories: [ids.category] });
      ids.branch = await createThroughApi(env.admin, "/api/admin/branches", {
        name: "סניף גאולה",
        address: "רחוב מלכי ישראל 5, ירושלים",
        phone: "02-5000000",
        opening_hours: [],
      });
      ids.sale = await createThroughApi(env.admin, "/api/admin/sales", {
        name: "מבצע חנוכה",
        content: "סופגניות",
        visibility_home_page: "1",
      });
      ids.publication = await createThroughApi(env.admin, "/api/admin/publications", {
        name: "פתחנו סניף",
        content: "בגאולה",
        visibility_home_page: "1",
      });
    }, 120_000);

    it("answers an anonymous GET of a public page without cookies, cacheable, and the second GET from the cache", async () => {
      for (const path of ["/", `/product/${ids.product}`, `/categories/${ids.category}`, "/products", "/branches"]) {
        const first = await anonymous(env.t, path);
        expect(first.status, path).toBe(200);
        expect(first.headers.getSetCookie(), path).toEqual([]);
        expect(first.headers.get("cache-control"), path).toMatch(PUBLIC_CACHE_CONTROL);
        expect(first.headers.get("etag"), path).toMatch(/^W\/"[^"]+"$/);
        expect(first.headers.get("vary"), path).toBe("Accept-Encoding");
        const html = await first.text();
        expect(html, path).toContain("<html");
        const second = await anonymous(env.t, path);
        expect(second.headers.get("x-cache"), path).toBe("hit");
        expect(second.headers.getSetCookie(), path).toEqual([]);
        expect(await second.text(), path).toBe(html);
      }
    });

    it("keeps a signed-in visitor's public page cookie-free and shared (nothing of the session in it)", async () => {
      const path = `/product/${ids.product}`;
      await anonymous(env.t, path);
      const res = await env.admin.fetch(path);
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get("x-cache")).toBe("hit");
      expect(await res.text()).not.toContain(env.admin.xsrfToken);
    });

    it("sends the Brotli or gzip copy it keeps, the same page as the identity bytes", async () => {
      const path = `/categories/${ids.category}`;
      const plain = await (await anonymous(env.t, path)).text();
      const br = await anonymous(env.t, path, { "Accept-Encoding": "gzip, deflate, br" });
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
      const gz = await anonymous(env.t, path, { "Accept-Encoding": "gzip" });
      expect(gz.headers.get("content-encoding")).toBe("gzip");
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    });

    it("answers a matching If-None-Match with 304, and a changed page after a write with 200", async () => {
      const path = `/product/${ids.product}`;
      const etag = (await anonymous(env.t, path)).headers.get("etag")!;
      const notModified = await anonymous(env.t, path, { "If-None-Match": etag });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.getSetCookie()).toEqual([]);
      expect(await notModified.text()).toBe("");
      // The validator is the page's content: another page's does not confirm this one.
      const homeEtag = (await anonymous(env.t, "/")).headers.get("etag")!;
      expect(homeEtag).not.toBe(etag);
      expect((await anonymous(env.t, "/categories", { "If-None-Match": homeEtag })).status).toBe(200);
      const put = await env.admin.fetch(`/api/admin/products/${ids.product}`, {
        method: "PUT",
        json: {
          name: "עוגת גבינה",
          title: "עוגת גבינה אפויה",
          content: "עוגה קרמית מאוד",
          serial_id: 900_001,
          status: 1,
        },
      });
      expect(put.status).toBe(200);
      const changed = await anonymous(env.t, path, { "If-None-Match": etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(etag);
      expect(await changed.text()).toContain("עוגה קרמית מאוד");
    });

    it("serves .data requests (client navigation) by the same rules", async () => {
      const path = `/product/${ids.product}.data?_routes=routes/site/product`;
      const first = await anonymous(env.t, path);
      expect(first.status).toBe(200);
      expect(first.headers.getSetCookie()).toEqual([]);
      expect(first.headers.get("cache-control")).toMatch(PUBLIC_CACHE_CONTROL);
      const body = await first.text();
      expect(body).toContain("עוגת גבינה");
      const second = await anonymous(env.t, path);
      expect(second.headers.get("x-cache")).toBe("hit");
      expect(await second.text()).toBe(body);
      expect((await anonymous(env.t, path, { "If-None-Match": second.headers.get("etag")! })).status).toBe(304);
      const home = await anonymous(env.t, "/_.data");
      expect(home.status).toBe(200);
      expect(home.headers.getSetCookie()).toEqual([]);
      expect((await anonymous(env.t, "/_.data")).headers.get("x-cache")).toBe("hit");
    });

    it("keeps branch pages (open now, the coming days) for at most a minute", async () => {
      for (const path of ["/branches", `/branches/${ids.branch}`]) {
        await anonymous(env.t, path);
        expect((await anonymous(env.t, path)).headers.get("x-cache"), path).toBe("hit");
        vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
        try {
          expect((await anonymous(env.t, path)).headers.get("x-cache"), path).toBe("miss");
        } finally {
          vi.useRealTimers();
        }
      }
    });

    it("renders a burst of requests for an uncached page once", async () => {
      // Ten visitors ask at once for a page nobody asked for yet. (A page an edit made stale: page-invalidation.test.ts.)
      const burst = await Promise.all(Array.from({ length: 10 }, () => anonymous(env.t, "/thankYou?from=club")));
      const states = burst.map((r) => r.headers.get("x-cache"));
      expect(states.filter((s) => s === "miss")).toHaveLength(1);
      expect(states.filter((s) => s === "hit")).toHaveLength(9);
      const bodies = await Promise.all(burst.map((r) => r.text()));
      expect(new Set(bodies).size).toBe(1);
    });

    // About 40 renders: minutes on a loaded machine, not a hang.
    it("never keeps pages asked for with unknown query parameters, so they cannot grow or empty the cache", {
      timeout: 120_000,
    }, async () => {
      const path = `/product/${ids.product}`;
      await anonymous(env.t, path);
      expect((await anonymous(env.t, path)).headers.get("x-cache")).toBe("hit");
      for (let i = 0; i < 30; i++) {
        const res = await anonymous(env.t, `/?x=${Math.random().toString(36).slice(2)}`);
        expect(res.status).toBe(200);
        expect(res.headers.getSetCookie()).toEqual([]);
      }
      // A shared link's tracking parameters are not part of the page: `/` as kept, from the first request.
      const home = await anonymous(env.t, "/");
      const shared = await anonymous(env.t, "/?utm_source=whatsapp&utm_campaign=hanukkah&fbclid=IwAR0abc");
      expect(shared.headers.get("x-cache")).toBe("hit");
      expect(shared.headers.get("etag")).toBe(home.headers.get("etag"));
      // …but with any other unknown parameter the page is rendered for itself.
      const mixed = "/?utm_source=whatsapp&x=1";
      await anonymous(env.t, mixed);
      expect((await anonymous(env.t, mixed)).headers.get("x-cache")).toBe("miss");
      // Repeated and invalid known parameters are not kept either.
      for (const query of ["/products?page=1&page=2", "/products?page=01", "/PRODUCTS"]) {
        await anonymous(env.t, query);
        expect((await anonymous(env.t, query)).headers.get("x-cache"), query).toBe("miss");
      }
      // Search text is kept (in its own share of the cache), its spaces folded as the search reads them.
      await anonymous(env.t, "/products?search=%20%D7%97%D7%9C%D7%94%20%20%D7%A7%D7%9C%D7%95%D7%A2%D7%94");
      expect(
        (await anonymous(env.t, "/products?search=%D7%97%D7%9C%D7%94+%D7%A7%D7%9C%D7%95%D7%A2%D7%94")).headers.get(
          "x-cache",
        ),
      ).toBe("hit");
      // Known parameters in any order are one page.
      await anonymous(env.t, `/products?page=1&category=${ids.category}`);
      expect((await anonymous(env.t, `/products?category=${ids.category}&page=1`)).headers.get("x-cache")).toBe("hit");
      // What was cached before the flood is still there.
      expect((await anonymous(env.t, path)).headers.get("x-cache")).toBe("hit");
    });

    it("does not keep not-found pages or redirects, and sets no cookie on them", async () => {
      for (const path of ["/product/999999", "/no-such-page", "/products?page=999"]) {
        const first = await anonymous(env.t, path);
        expect([302, 404], path).toContain(first.status);
        expect(first.headers.getSetCookie(), path).toEqual([]);
        expect(first.headers.get("etag"), path).toBeNull();
        expect((await anonymous(env.t, path)).headers.get("x-cache"), path).toBe("miss");
      }
    });

    describe("every admin write shows on the next GET", () => {
      const put = (path: string, json: Json) => env.admin.fetch(path, { method: "PUT", json });
      const showsAfter = async (page: string, write: () => Promise<Response>, text: string) => {
        await anonymous(env.t, page);
        expect((await anonymous(env.t, page)).headers.get("x-cache")).toBe("hit");
        const res = await write();
        expect(res.status, await res.clone().text()).toBeLessThan(300);
        const next = await anonymous(env.t, page);
        expect(next.headers.get("x-cache")).toBe("miss");
        expect(await next.text()).toContain(text);
      };

      it("a product", () =>
        showsAfter(
          `/product/${ids.product}`,
          () =>
            put(`/api/admin/products/${ids.product}`, {
              name: "עוגת גבינה ופירות",
              title: "עוגת גבינה אפויה",
              serial_id: 900_001,
              status: 1,
            }),
          "עוגת גבינה ופירות",
        ));

      it("a category (and the menu of every page)", async () => {
        await showsAfter(
          `/categories/${ids.category}`,
          () => put(`/api/admin/categories/${ids.category}`, { name: "עוגות חגיגיות", status: 1, is_main: 1 }),
          "עוגות חגיגיות",
        );
        expect(await (await anonymous(env.t, "/about")).text()).toContain("עוגות חגיגיות");
      });

      it("a branch", () =>
        showsAfter(
          `/branches/${ids.branch}`,
          () =>
            put(`/api/admin/branches/${ids.branch}`, {
              name: "סניף גאולה החדש",
              address: "רחוב מלכי ישראל 7, ירושלים",
              phone: "02-5000000",
              opening_hours: [],
            }),
          "סניף גאולה החדש",
        ));

      it("a sale", () =>
        showsAfter(
          `/sale/${ids.sale}`,
          () =>
            put(`/api/admin/sales/${ids.sale}`, {
              name: "מבצע פורים",
              content: "אוזני המן",
              visibility_home_page: "1",
            }),
          "מבצע פורים",
        ));

      it("a publication", () =>
        showsAfter(
          "/news",
          () =>
            put(`/api/admin/publications/${ids.publication}`, {
              name: "פתחנו סניף חדש",
              content: "בגאולה",
              visibility_home_page: "1",
            }),
          "פתחנו סניף חדש",
        ));

      it("the site settings", async () => {
        const current = ((await (await env.admin.fetch("/api/admin/settings")).json()) as { data: Json }).data;
        await showsAfter(
          "/",
          () => put("/api/admin/settings", { ...current, brand_name: "מאפיית הגבעה" }),
          "מאפיית הגבעה",
        );
      });

      it("an image", async () => {
        const page = `/product/${ids.product}`;
        const png = await pngImage(320, 200);
        let uploaded = "";
        await showsAfter(
          page,
          async () => {
            const res = await env.admin.fetch("/api/admin/images", {
              method: "POST",
              body: formWith({ id: String(ids.product), type: "product" }, [
                { field: "files[]", bytes: png, name: "cake.png", type: "image/png" },
              ]),
            });
            const data = ((await res.clone().json()) as { data: { id: number }[] }).data;
            uploaded = `/${data[0]!.id}/`;
            return res;
          },
          "/uploads/products/",
        );
        expect(uploaded).not.toBe("");
      });

      it("but not a contact request or a club sign-up, which no visitor sees", async () => {
        await anonymous(env.t, "/categories");
        const visitor = new TestClient(env.t);
        const res = await visitor.fetch("/api/contact", {
          method: "POST",
          json: { name: "דנה", email: "dana@example.co.il", phone: "050-1234567", message: "שלום, יש לכם חלות?" },
        });
        expect(res.status).toBeLessThan(300);
        expect((await anonymous(env.t, "/categories")).headers.get("x-cache")).toBe("hit");
      });

      it("nor staff handling a contact request or a club member, which no visitor sees", async () => {
        const visitor = new TestClient(env.t);
        const sent = await visitor.fetch("/api/contact", {
          method: "POST",
          json: { name: "נועה", email: "noa@example.co.il", phone: "050-7654321", message: "יש לכם עוגת יום הולדת?" },
        });
        expect(sent.status).toBeLessThan(300);
        const inbox = (await (await env.admin.fetch("/api/admin/contact-requests")).json()) as {
          data: { id: number }[];
        };
        const request = inbox.data[0]!;
        await anonymous(env.t, "/categories");
        expect((await anonymous(env.t, "/categories")).headers.get("x-cache")).toBe("hit");
        const handled = await put(`/api/admin/contact-requests/${request.id}`, { handled: true });
        expect(handled.status, await handled.clone().text()).toBeLessThan(300);
        expect((await anonymous(env.t, "/categories")).headers.get("x-cache")).toBe("hit");
        const removed = await env.admin.fetch(`/api/admin/contact-requests/${request.id}`, { method: "DELETE" });
        expect(removed.status, await removed.clone().text()).toBeLessThan(300);
        expect((await anonymous(env.t, "/categories")).headers.get("x-cache")).toBe("hit");
      });
    });

    describe("forms keep their XSRF token", () => {
      const tokenField = (html: string) => /name="_token" value="([^"]*)"/.exec(html)?.[1];

      for (const [path, fields] of [
        ["/contactUs", { name: "דנה כהן", phone: "050-1234567", message: "יש לכם חלות?" }],
        ["/club", { consent: "on" }],
      ] as const) {
        it(`${path} without JavaScript: the page sets the cookies and embeds the token; a post checks it`, async () => {
          const visitor = new TestClient(env.t);
          const page = await visitor.fetch(path);
          expect(page.status).toBe(200);
          expect(page.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual(
            expect.arrayContaining(["bakery_sid", "XSRF-TOKEN"]),
          );
          expect(page.headers.get("cache-control")).toBe("private, no-cache");
          expect(page.headers.get("x-cache")).toBeNull();
          const token = tokenField(await page.text());
          expect(token).toBe(visitor.xsrfToken);
          const form = (extra: Record<string, string>) =>
            new URLSearchParams({ email: `nojs-${Math.random()}@example.co.il`, ...fields, ...extra }).toString();
          const headers = { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" };
          const refused = await visitor.fetch(path, { method: "POST", body: form({}), headers, xsrf: false });
          expect(refused.status).toBe(419);
          const accepted = await visitor.fetch(path, {
            method: "POST",
            body: form({ _token: token! }),
            headers,
            xsrf: false,
          });
          expect(accepted.status).toBe(302);
          expect(accepted.headers.get("location")).toMatch(/^\/thankYou/);
        });

        it(`${path} with JavaScript: the .data request after a cached page sets the cookies; the post checks the token`, async () => {
          const visitor = new TestClient(env.t);
          // The visitor arrives on a cached public page (no cookie) and navigates to the form.
          await visitor.fetch("/");
          expect(visitor.cookies.size).toBe(0);
          const data = await visitor.fetch(`${path}.data?_routes=routes/site/${path === "/club" ? "club" : "contact"}`);
          expect(data.status).toBe(200);
          expect(visitor.xsrfToken).toBeDefined();
          expect(await data.text()).toContain(visitor.xsrfToken);
          const body = (extra: Record<string, string>) =>
            new URLSearchParams({ email: `js-${Math.random()}@example.co.il`, ...fields, ...extra }).toString();
          const headers = { "Content-Type": "application/x-www-form-urlencoded" };
          const refused = await visitor.fetch(`${path}.data`, {
            method: "POST",
            body: body({ _token: "wrong" }),
            headers,
            xsrf: false,
          });
          expect(refused.status).toBe(419);
          const accepted = await visitor.fetch(`${path}.data`, {
            method: "POST",
            body: body({ _token: visitor.xsrfToken! }),
            headers,
            xsrf: false,
          });
          expect(accepted.status).toBeLessThan(300);
        });
      }

      it("login: the page and its .data set the cookies and carry the token; the JSON login echoes it", async () => {
        const visitor = new TestClient(env.t);
        const page = await visitor.fetch("/login");
        expect(page.headers.getSetCookie().length).toBeGreaterThan(0);
        expect(tokenField(await page.text())).toBe(visitor.xsrfToken);
        const navigating = new TestClient(env.t);
        await navigating.fetch("/login.data?_routes=routes/login");
        expect(navigating.xsrfToken).toBeDefined();
        const email = "cashier@example.co.il";
        const password = "pass-cashier-1234";
        await env.t.services.users.createOrReset({ name: "קופאית", email, password, role: "editor" });
        const refused = await navigating.fetch("/login", { method: "POST", json: { email, password }, xsrf: false });
        expect(refused.status).toBe(419);
        const res = await navigating.fetch("/login", { method: "POST", json: { email, password, remember: false } });
        expect(res.status).toBe(200);
      });

      it("the spec's client: GET /api/user without a token gets the XSRF cookie to echo", async () => {
        const visitor = new TestClient(env.t);
        const res = await visitor.fetch("/api/user");
        expect(res.headers.getSetCookie().map((c) => c.split("=")[0])).toContain("XSRF-TOKEN");
      });
    });

    it("with the page cache off (PAGE_CACHE=0) answers the same headers, rendered every time", async () => {
      const uncached = createTestApp(env.database, { build, pageCache: { enabled: false, maxBytes: 0 } });
      try {
        await uncached.contentVersion.ready;
        const first = await anonymous(uncached, "/");
        expect(first.headers.getSetCookie()).toEqual([]);
        expect(first.headers.get("cache-control")).toMatch(PUBLIC_CACHE_CONTROL);
        const second = await anonymous(uncached, "/", { "Accept-Encoding": "gzip" });
        expect(second.headers.get("x-cache")).toBe("miss");
        expect(second.headers.get("content-encoding")).toBe("gzip");
        expect((await anonymous(uncached, "/", { "If-None-Match": first.headers.get("etag")! })).status).toBe(304);
      } finally {
        uncached.dispose();
      }
    });

    if (factory.name === "postgres") {
      it("two app servers on one database: a write through one shows through the other by its notification", async () => {
        const otherDatabase = { ...env.database, handle: env.database.openAnother!() };
        // It polls rarely: the change can reach it in time only by the notification.
        const other = createTestApp(otherDatabase, { build, contentVersion: { pollWhileListeningMs: 600_000 } });
        try {
          await other.contentVersion.ready;
          const page = `/product/${ids.product}`;
          await anonymous(other, page);
          expect((await anonymous(other, page)).headers.get("x-cache")).toBe("hit");
          const name = `עוגת גבינה ${Date.now()}`;
          const res = await env.admin.fetch(`/api/admin/products/${ids.product}`, {
            method: "PUT",
            json: { name, title: "עוגת גבינה אפויה", serial_id: 900_001, status: 1 },
          });
          expect(res.status).toBe(200);
          await expect.poll(async () => (await anonymous(other, page)).text()).toContain(name);
        } finally {
          other.dispose();
        }
      });
    }
  });
}
