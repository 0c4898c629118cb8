/**
 * Accounts, sessions and hardening (issue 3), on every test database: XSRF, session rotation and
 * logout, login rate limits, body limits, malformed JSON, wrong methods, open redirects, headers.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_CONCURRENT_VERIFICATIONS } from "../../server/auth/login-guard.ts";
import { openDatabase } from "../../server/db/database.ts";
import { createDatabaseStore, createMemoryStore, RATE_RULES, type RateRules } from "../../server/http/rate-limit.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { loginAs } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";
import { rowCount } from "../support/rows.ts";

const SQL_INJECTIONS = ["' OR '1'='1", "admin@example.co.il'--", '"; DROP TABLE users; --', "1; SELECT pg_sleep(5)"];

function cookieLine(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

/** A staff account made directly through the service (no login, so no counters touched). */
async function staff(t: TestApp, role: "admin" | "editor" = "admin") {
  const email = `owner-${Math.random().toString(36).slice(2, 8)}@example.co.il`;
  const password = "the-real-password-123";
  await t.services.users.createOrReset({ name: "בעלת המאפייה", email, password, role });
  return { email, password };
}

/** A browser at `address` (the test app trusts X-Forwarded-For when made with `trustProxy`). */
function from(address: string, client: TestClient) {
  return (path: string, init: Parameters<TestClient["fetch"]>[1] = {}) =>
    client.fetch(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": address },
    });
}

for (const factory of testDatabases()) {
  describe(`security on ${factory.name}`, () => {
    let database: TestDatabase;
    let t: TestApp;
    let client: TestClient;

    beforeAll(async () => {
      database = await factory.create();
    });
    beforeEach(async () => {
      // A fresh app per test, and no rate-limit counters left from the previous one.
      await database.handle.db.deleteFrom("rate_limits").execute();
      t = createTestApp(database);
      client = new TestClient(t);
    });
    afterAll(async () => {
      await database?.dispose();
    });

    describe("cross-site request forgery", () => {
      it("issues an XSRF-TOKEN cookie readable by script and an HttpOnly session cookie", async () => {
        const res = await client.fetch("/api/abilities");
        const xsrf = cookieLine(res, "XSRF-TOKEN");
        const sid = cookieLine(res, "bakery_sid");
        expect(xsrf).toMatch(/SameSite=Lax/i);
        expect(xsrf).not.toMatch(/HttpOnly/i);
        expect(sid).toMatch(/HttpOnly/i);
        expect(sid).toMatch(/SameSite=Lax/i);
        expect(sid).toMatch(/Path=\//);
      });

      it("refuses a POST without the token, with a wrong token and with another session's token (419)", async () => {
        await client.fetch("/api/abilities");
        const other = new TestClient(t);
        await other.fetch("/api/abilities");
        const body = { email: "a@b.co", password: "x" };
        const missing = await client.fetch("/login", { method: "POST", json: body, xsrf: false });
        expect(missing.status).toBe(419);
        expect((await missing.json()).message).toMatch(/[\u0590-\u05FF]/);
        const wrong = await client.fetch("/login", { method: "POST", json: body, headers: { "X-XSRF-TOKEN": "nope" } });
        expect(wrong.status).toBe(419);
        const foreign = await client.fetch("/login", {
          method: "POST",
          json: body,
          headers: { "X-XSRF-TOKEN": other.xsrfToken! },
        });
        expect(foreign.status).toBe(419);
        const right = await client.fetch("/login", { method: "POST", json: body });
        expect(right.status).toBe(422);
      });

      it("accepts the token as a _token form field for posts without JavaScript", async () => {
        await client.fetch("/api/abilities");
        const res = await client.postForm("/login", { email: "nobody@example.co.il", password: "wrong-password" });
        expect(res.status).toBe(303);
        expect(res.headers.get("location")).toBe("/login?error=credentials");
      });

      it("shows a browser posting a stale form a Hebrew page instead of JSON", async () => {
        await client.fetch("/api/abilities");
        const res = await client.postForm(
          "/login",
          { email: "a@b.co", password: "x", _token: "stale" },
          { headers: { Accept: "text/html" } },
        );
        expect(res.status).toBe(419);
        expect(res.headers.get("content-type")).toMatch(/text\/html/);
        const html = await res.text();
        expect(html).toContain('dir="rtl"');
        expect(html).toContain("תוקף הדף פג");
      });

      it("changes nothing on GET: a signed-in GET /logout or GET on a delete-only path keeps the session and the data", async () => {
        await loginAs(client, t.services, "admin");
        const sid = client.cookies.get("bakery_sid");
        const logout = await client.fetch("/logout");
        expect([404, 405]).toContain(logout.status);
        expect(client.cookies.get("bakery_sid")).toBe(sid);
        expect((await client.fetch("/api/user")).status).toBe(200);
        const created = await client.fetch("/api/admin/categories", {
          method: "POST",
          json: { name: "נשארת", status: 1 },
        });
        const { data } = await created.json();
        const get = await client.fetch(`/api/admin/categories/${data.id}`);
        expect(get.status).toBe(200);
        expect((await client.fetch(`/api/admin/sizes/${data.id}`)).status).toBe(405);
        expect((await client.fetch(`/api/admin/categories/${data.id}`)).status).toBe(200);
      });
    });

    describe("login and sessions", () => {
      it("rotates the session id at login and gives a new XSRF token", async () => {
        await client.fetch("/api/abilities");
        const before = client.cookies.get("bakery_sid");
        const tokenBefore = client.xsrfToken;
        await loginAs(client, t.services, "admin");
        expect(client.cookies.get("bakery_sid")).not.toBe(before);
        expect(client.xsrfToken).not.toBe(tokenBefore);
        const me = await client.fetch("/api/user");
        expect(me.status).toBe(200);
        expect((await me.json()).data).toMatchObject({ role: "admin" });
      });

      it("answers 401 to the old cookie after logout", async () => {
        await loginAs(client, t.services, "editor");
        const oldSid = client.cookies.get("bakery_sid")!;
        const out = await client.fetch("/logout", { method: "POST" });
        expect(out.status).toBe(200);
        expect((await client.fetch("/api/user")).status).toBe(401);
        const replay = new TestClient(t);
        replay.cookies.set("bakery_sid", oldSid);
        expect((await replay.fetch("/api/user")).status).toBe(401);
      });

      it("ends a session after the idle timeout and after the absolute timeout", async () => {
        const { db } = database.handle;
        await loginAs(client, t.services, "admin");
        expect((await client.fetch("/api/user")).status).toBe(200);
        const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000).toISOString();
        await db.updateTable("sessions").set({ last_seen_at: threeHoursAgo }).execute();
        expect((await client.fetch("/api/user")).status).toBe(401);

        const other = new TestClient(t);
        await loginAs(other, t.services, "admin");
        await db
          .updateTable("sessions")
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .execute();
        expect((await other.fetch("/api/user")).status).toBe(401);
      });

      it("gives the same field error for an unknown e-mail and a wrong password", async () => {
        const { email } = await loginAs(new TestClient(t), t.services, "admin");
        const unknown = await client.fetch("/login", {
          method: "POST",
          json: { email: "ghost@example.co.il", password: "whatever-123" },
        });
        const wrong = await client.fetch("/login", { method: "POST", json: { email, password: "whatever-123" } });
        expect(unknown.status).toBe(422);
        expect(wrong.status).toBe(422);
        expect(await unknown.json()).toEqual(await wrong.json());
      });

      it("treats SQL injection strings as plain data wherever they reach SQL (login, search, lists, stored text)", async () => {
        // Login: addresses with quotes that pass the e-mail check, so the user lookup runs with them.
        const quoted = "o'hara@example.co.il";
        await t.services.users.createOrReset({
          name: "או'הרה",
          email: quoted,
          password: "password-o-hara",
          role: "editor",
        });
        const authenticate = t.services.auth.authenticate;
        let lookups = 0;
        t.services.auth.authenticate = (e, p) => {
          lookups++;
          return authenticate(e, p);
        };
        for (const email of ["x'--@example.co.il", "o'hara@example.co.il'--", "O'HARA@example.co.il"]) {
          const res = await client.fetch("/login", { method: "POST", json: { email, password: "' OR '1'='1" } });
          expect(res.status, email).toBe(422);
        }
        expect(lookups).toBeGreaterThanOrEqual(2);
        expect((await client.fetch("/api/user")).status).toBe(401);
        const real = await client.fetch("/login", {
          method: "POST",
          json: { email: quoted, password: "password-o-hara" },
        });
        expect(real.status).toBe(200);
        await client.fetch("/logout", { method: "POST" });

        // Search, list filters and stored text: the payloads go into queries as bound values.
        await loginAs(client, t.services, "admin");
        const count = (table: "users" | "categories") => rowCount(database.handle.db, table);
        const users = await count("users");
        for (const payload of [...SQL_INJECTIONS, "%' OR 1=1 --", "_%", "'; SELECT pg_sleep(5); --"]) {
          const q = encodeURIComponent(payload);
          const search = await client.fetch(`/api/products?search=${q}`);
          expect(search.status, payload).toBe(200);
          expect((await search.json()).data).toEqual([]);
          const list = await client.fetch(
            `/api/admin/products?search_global=${q}&search_title=${q}&search_content=${q}`,
          );
          expect(list.status, payload).toBe(200);
          expect((await list.json()).total).toBe(0);
          const stored = await client.fetch("/api/admin/categories", {
            method: "POST",
            json: { name: payload, status: 1 },
          });
          expect(stored.status, payload).toBe(201);
          const { data } = await stored.json();
          const back = await client.fetch(`/api/admin/categories/${data.id}`);
          expect((await back.json()).data.name).toBe(payload.trim());
        }
        expect(await count("users")).toBe(users);
      });

      it("refuses the 11th failed login within a minute with 429 and Retry-After", async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) {
          const res = await client.fetch("/login", {
            method: "POST",
            json: { email: "victim@example.co.il", password: `guess-${i}` },
          });
          statuses.push(res.status);
          if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        }
        expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
        expect(statuses[10]).toBe(429);
      });

      it("never follows an open redirect after a form login", async () => {
        const { email, password } = await loginAs(new TestClient(t), t.services, "admin");
        for (const next of [
          "https://evil.example",
          "//evil.example",
          "/\\evil.example",
          "javascript:alert(1)",
          "/admin/../../x",
        ]) {
          const c = new TestClient(t);
          await c.fetch("/api/abilities");
          const res = await c.postForm("/login", { email, password, next });
          expect(res.status).toBe(303);
          expect(res.headers.get("location")).toBe("/admin/panel");
        }
      });

      it("ignores unknown fields such as role in the login body", async () => {
        const { email, password } = await loginAs(new TestClient(t), t.services, "editor");
        const res = await client.fetch("/login", { method: "POST", json: { email, password, role: "admin", id: 1 } });
        expect(res.status).toBe(200);
        expect((await (await client.fetch("/api/user")).json()).data.role).toBe("editor");
      });

      it("lists abilities by role", async () => {
        expect((await (await client.fetch("/api/abilities")).json()).data).toEqual([]);
        await loginAs(client, t.services, "editor");
        const rules = (await (await client.fetch("/api/abilities")).json()).data as {
          action: string;
          subject: string;
        }[];
        expect(rules).toContainEqual({ action: "manage", subject: "Product" });
        expect(rules.some((r) => r.subject === "Client" || r.subject === "all")).toBe(false);
      });
    });

    describe("hardening", () => {
      it("answers malformed JSON with 400 and no stack trace", async () => {
        const res = await client.fetch("/login", {
          method: "POST",
          body: "{not json",
          headers: { "Content-Type": "application/json" },
        });
        expect(res.status).toBe(400);
        const text = await res.text();
        expect(text).not.toMatch(/at .*\.ts:\d+/);
        expect(JSON.parse(text).message).toMatch(/[\u0590-\u05FF]/);
      });

      it("answers an oversized body with 413", async () => {
        const res = await client.fetch("/login", {
          method: "POST",
          body: JSON.stringify({ email: "a@b.co", password: "x".repeat(2 * 1024 * 1024) }),
          headers: { "Content-Type": "application/json" },
        });
        expect(res.status).toBe(413);
      });

      it("answers a wrong method on a known API path with 405 and Allow", async () => {
        const res = await client.fetch("/api/user", { method: "DELETE" });
        expect(res.status).toBe(405);
        expect(res.headers.get("allow")).toContain("GET");
      });

      it("sends a visitor without a session from an admin page to the home page", async () => {
        for (const path of ["/admin", "/admin/panel", "/admin/products"]) {
          const res = await client.fetch(path);
          expect(res.status).toBe(302);
          expect(res.headers.get("location")).toBe("/");
        }
      });

      it("sends the security headers", async () => {
        const res = await client.fetch("/api/abilities");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
        expect(res.headers.get("permissions-policy")).toContain("camera=()");
        expect(res.headers.get("x-frame-options")).toBe("DENY");
      });

      it("survives concurrent writes through HTTP without a 500", async () => {
        await loginAs(client, t.services, "admin");
        const before = (await (await client.fetch("/api/admin/categories?per_page=100")).json()).total as number;
        const writes = Array.from({ length: 24 }, (_, i) =>
          i % 3 === 2
            ? client.fetch("/api/admin/settings", { method: "PUT", json: { brand_name: `מאפייה ${i}` } })
            : client.fetch("/api/admin/categories", { method: "POST", json: { name: `מקביל ${i}`, status: 1 } }),
        );
        const statuses = (await Promise.all(writes)).map((r) => r.status);
        expect(statuses.filter((s) => s >= 300)).toEqual([]);
        const after = (await (await client.fetch("/api/admin/categories?per_page=100")).json()).total as number;
        expect(after).toBe(before + 16);
      });
    });

    describe("attack suite (issue 14)", () => {
      it("finding 1: the rate-limit stores count concurrent hits atomically (each caller gets its own new count)", async () => {
        for (const store of [createMemoryStore(), createDatabaseStore(database.handle.db)]) {
          const rule = { limit: 10, windowMs: 60 * 60_000 };
          const hits = await Promise.all(Array.from({ length: 40 }, () => store.hit("atomic-test", rule)));
          expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
          expect(hits.filter((h) => h.allowed)).toHaveLength(10);
          await store.reset("atomic-test");
        }
      });

      it("finding 1: a burst across a window boundary is not let through twice (sliding-window estimate)", async () => {
        const rule = { limit: 10, windowMs: 60_000 };
        const boundary = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
        try {
          for (const store of [createMemoryStore(), createDatabaseStore(database.handle.db)]) {
            vi.useFakeTimers({ toFake: ["Date"] });
            vi.setSystemTime(boundary - 1_000);
            const before = await Promise.all(Array.from({ length: 10 }, () => store.hit("boundary-test", rule)));
            expect(before.every((h) => h.allowed)).toBe(true);
            vi.setSystemTime(boundary + 500);
            const after = await store.hit("boundary-test", rule);
            expect(after.allowed).toBe(false);
            expect(after.retryAfter).toBeGreaterThan(0);
            expect(after.retryAfter).toBeLessThanOrEqual(60);
            // A window later the old burst no longer counts.
            vi.setSystemTime(boundary + 60_000 + 500);
            expect((await store.hit("boundary-test", rule)).allowed).toBe(true);
            vi.useRealTimers();
            await store.reset("boundary-test");
          }
        } finally {
          vi.useRealTimers();
        }
      });

      it("finding 1: a burst of 100 simultaneous guesses gets no more password checks than the limit; the real password sent last is refused; the site keeps answering", async () => {
        t = createTestApp(database, { rateRules: RATE_RULES });
        const { email, password } = await staff(t);
        const attacker = new TestClient(t);
        await attacker.fetch("/api/user");
        const authenticate = t.services.auth.authenticate;
        let checks = 0;
        let inFlight = 0;
        let maxInFlight = 0;
        t.services.auth.authenticate = async (e, p) => {
          checks++;
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          try {
            return await authenticate(e, p);
          } finally {
            inFlight--;
          }
        };
        const burst = Array.from({ length: 100 }, (_, i) =>
          attacker.fetch("/login", { method: "POST", json: { email, password: i === 99 ? password : `guess-${i}` } }),
        );
        const visitor = new TestClient(t).fetch("/api/categories");
        const responses = await Promise.all(burst);
        expect(checks).toBeLessThanOrEqual(RATE_RULES.loginAttempts.limit);
        expect(maxInFlight).toBeLessThanOrEqual(MAX_CONCURRENT_VERIFICATIONS);
        expect(responses.filter((r) => r.status === 200)).toEqual([]);
        expect(responses[99]!.status).toBe(429);
        expect(Number(responses[99]!.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await responses[99]!.json()).message).toMatch(/[\u0590-\u05FF]/);
        // Scrypt work never queues up behind the burst: a page of the site still answers.
        expect((await visitor).status).toBe(200);
        expect((await attacker.fetch("/api/user")).status).toBe(401);
      });

      it("finding 2: wrong passwords for the owner's e-mail from other addresses do not refuse her from a third one", async () => {
        t = createTestApp(database, { rateRules: RATE_RULES, trustProxy: true });
        const { email, password } = await staff(t);
        for (let i = 0; i < 12; i++) {
          const res = await from(`203.0.113.${i + 1}`, new TestClient(t))("/login", {
            method: "POST",
            json: { email, password: `guess-${i}` },
          });
          expect(res.status).toBe(422);
        }
        const owner = from("198.51.100.7", new TestClient(t));
        expect((await owner("/login", { method: "POST", json: { email, password } })).status).toBe(200);
      });

      it("finding 2: past the per-account ceiling a new address and browser is refused, but a browser or an address that signed in before is not", async () => {
        const rules: RateRules = { ...RATE_RULES, loginAccount: { limit: 5, windowMs: 60 * 60_000 } };
        t = createTestApp(database, { rateRules: rules, trustProxy: true });
        const { email, password } = await staff(t);
        const ownerBrowser = new TestClient(t);
        expect(
          (await from("198.51.100.1", ownerBrowser)("/login", { method: "POST", json: { email, password } })).status,
        ).toBe(200);
        await from("198.51.100.1", ownerBrowser)("/logout", { method: "POST" });

        const statuses: number[] = [];
        for (let i = 0; i < 10; i++) {
          const res = await from(`203.0.113.${i + 1}`, new TestClient(t))("/login", {
            method: "POST",
            json: { email, password: `guess-${i}` },
          });
          statuses.push(res.status);
        }
        expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);

        const stranger = await from("192.0.2.50", new TestClient(t))("/login", {
          method: "POST",
          json: { email, password },
        });
        expect(stranger.status).toBe(429);
        // The owner's own browser, now on another network (the known-device cookie).
        expect(
          (await from("192.0.2.60", ownerBrowser)("/login", { method: "POST", json: { email, password } })).status,
        ).toBe(200);
        // A fresh browser at the address she signed in from before.
        expect(
          (await from("198.51.100.1", new TestClient(t))("/login", { method: "POST", json: { email, password } }))
            .status,
        ).toBe(200);
      });

      it("finding 2: failures of one account-and-address pair meet a growing delay; a correct password clears it", async () => {
        const rules: RateRules = {
          ...RATE_RULES,
          loginPairMinute: { limit: 3, windowMs: 60_000 },
          loginPairQuarter: { limit: 5, windowMs: 24 * 60 * 60_000 },
        };
        t = createTestApp(database, { rateRules: rules, trustProxy: true });
        const { email, password } = await staff(t);
        const browser = from("198.51.100.9", new TestClient(t));
        const attempt = (p: string) => browser("/login", { method: "POST", json: { email, password: p } });
        expect([(await attempt("a")).status, (await attempt("b")).status, (await attempt("c")).status]).toEqual([
          422, 422, 422,
        ]);
        const fourth = await attempt(password);
        expect(fourth.status).toBe(429);
        expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(Number(fourth.headers.get("retry-after"))).toBeLessThanOrEqual(60);
        // The longer tier counts on: its window is a day, so its wait is longer than the minute's.
        await database.handle.db.deleteFrom("rate_limits").execute();
        t = createTestApp(database, {
          rateRules: { ...rules, loginPairMinute: { limit: 100, windowMs: 60_000 } },
          trustProxy: true,
        });
        const again = from("198.51.100.9", new TestClient(t));
        const tries: number[] = [];
        for (let i = 0; i < 6; i++)
          tries.push((await again("/login", { method: "POST", json: { email, password: `x${i}` } })).status);
        expect(tries).toEqual([422, 422, 422, 422, 422, 429]);
        // A correct password from a fresh pair clears that pair's count.
        const other = from("198.51.100.10", new TestClient(t));
        for (let i = 0; i < 4; i++) await other("/login", { method: "POST", json: { email, password: `y${i}` } });
        expect((await other("/login", { method: "POST", json: { email, password } })).status).toBe(200);
        await other("/logout", { method: "POST" });
        const afterReset: number[] = [];
        for (let i = 0; i < 5; i++)
          afterReset.push((await other("/login", { method: "POST", json: { email, password: `z${i}` } })).status);
        expect(afterReset).toEqual([422, 422, 422, 422, 422]);
      });

      it("finding 5: a refused cross-site POST (419) sets no cookie, so the owner stays signed in", async () => {
        await loginAs(client, t.services, "admin");
        // SameSite=Lax: a cross-site form POST arrives without the session cookie…
        const anonymous = await t.request("/logout", {
          method: "POST",
          body: new URLSearchParams({ x: "1" }),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        });
        expect(anonymous.status).toBe(419);
        expect(anonymous.headers.getSetCookie()).toEqual([]);
        // …and one that does carry it, without the token, is refused without touching it either.
        const withCookie = await client.fetch("/logout", { method: "POST", xsrf: false });
        expect(withCookie.status).toBe(419);
        expect(withCookie.headers.getSetCookie()).toEqual([]);
        expect((await client.fetch("/api/user")).status).toBe(200);
      });

      it("also seen: a client-chosen anonymous session id is replaced, and its XSRF token is never handed out", async () => {
        const chosen = "A".repeat(43);
        client.cookies.set("bakery_sid", chosen);
        const res = await client.fetch("/api/abilities");
        expect(client.cookies.get("bakery_sid")).not.toBe(chosen);
        expect(cookieLine(res, "bakery_sid")).toBeDefined();
        const forged = new TestClient(t);
        forged.cookies.set("bakery_sid", `${chosen}.${"B".repeat(22)}`);
        await forged.fetch("/api/abilities");
        expect(forged.cookies.get("bakery_sid")).not.toBe(`${chosen}.${"B".repeat(22)}`);
        // The server-issued one is kept from request to request.
        const issued = client.cookies.get("bakery_sid");
        const again = await client.fetch("/api/abilities");
        expect(cookieLine(again, "bakery_sid")).toBeUndefined();
        expect(client.cookies.get("bakery_sid")).toBe(issued);
      });

      it("also seen: over HTTPS the session cookie carries the __Host- prefix; on http://localhost it keeps its plain name", async () => {
        const plain = await client.fetch("/api/abilities");
        expect(cookieLine(plain, "bakery_sid")).toBeDefined();
        const secure = createTestApp(database, { secureCookies: true });
        const browser = new TestClient(secure);
        const res = await browser.fetch("/api/abilities");
        const sid = cookieLine(res, "__Host-bakery_sid");
        expect(sid).toMatch(/; Secure/i);
        expect(sid).toMatch(/Path=\//);
        expect(sid).not.toMatch(/Domain=/i);
        expect(cookieLine(res, "bakery_sid")).toBeUndefined();
        // The spec's XSRF-TOKEN keeps its name (the admin client reads it).
        expect(cookieLine(res, "XSRF-TOKEN")).toMatch(/; Secure/i);
        await loginAs(browser, secure.services, "editor");
        expect((await browser.fetch("/api/user")).status).toBe(200);
        expect(browser.cookies.has("__Host-bakery_known")).toBe(true);
      });

      it("finding 3: a 100 MB anonymous multipart upload is refused without its body being read", async () => {
        const size = 100 * 1024 * 1024;
        const boundary = "----attack";
        for (const label of ["no token", "a token but no signed-in session"]) {
          const visitor = new TestClient(t);
          await visitor.fetch("/api/user");
          let pulled = 0;
          const chunk = new TextEncoder().encode(`--${boundary}\r\n${"x".repeat(64 * 1024 - 20)}\r\n`);
          const body = new ReadableStream<Uint8Array>({
            pull(controller) {
              if (pulled >= size) return controller.close();
              pulled += chunk.byteLength;
              controller.enqueue(chunk);
            },
          });
          const res = await t.request("/api/admin/images", {
            method: "POST",
            body,
            duplex: "half",
            headers: {
              "Content-Type": `multipart/form-data; boundary=${boundary}`,
              "Content-Length": String(size),
              Cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
              ...(label === "no token" ? {} : { "X-XSRF-TOKEN": visitor.xsrfToken! }),
            },
          } as RequestInit);
          expect(res.status, label).toBe(label === "no token" ? 419 : 401);
          expect(pulled, label).toBeLessThan(1024 * 1024);
          await body.cancel().catch(() => {});
        }
      });

      it("finding 3: JSON and multipart bodies are judged by the header alone; _token counts only in a urlencoded form", async () => {
        await client.fetch("/api/user");
        const token = client.xsrfToken!;
        const json = await client.fetch("/login", {
          method: "POST",
          body: JSON.stringify({ email: "a@b.co", password: "x", _token: token }),
          headers: { "Content-Type": "application/json" },
          xsrf: false,
        });
        expect(json.status).toBe(419);
        const multipart = new FormData();
        multipart.set("email", "nobody@example.co.il");
        multipart.set("password", "x");
        multipart.set("_token", token);
        expect((await client.fetch("/login", { method: "POST", body: multipart, xsrf: false })).status).toBe(419);
        const form = await client.postForm("/login", { email: "nobody@example.co.il", password: "x", _token: token });
        expect(form.status).toBe(303);
      });

      it("finding 4: resetting a password without a role never changes an existing account's role or name", async () => {
        const email = `reset-${Math.random().toString(36).slice(2, 8)}@example.co.il`;
        await t.services.users.createOrReset({ name: "עורך", email, password: "password-1234", role: "editor" });
        const reset = await t.services.users.createOrReset({ email, password: "another-password-1" });
        expect(reset).toMatchObject({ created: false, role: "editor" });
        const row = await database.handle.db
          .selectFrom("users")
          .select(["role", "name"])
          .where("email", "=", email)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ role: "editor", name: "עורך" });
        const fresh = await t.services.users.createOrReset({ email: `new-${email}`, password: "password-1234" });
        expect(fresh).toMatchObject({ created: true, role: "admin" });
      });

      it("finding 6: order_column=constructor, __proto__ or toString is a 422 on every admin list, never a 500", async () => {
        await loginAs(client, t.services, "admin");
        const lists = [
          "/api/admin/products",
          "/api/admin/categories",
          "/api/admin/sales",
          "/api/admin/publications",
          "/api/admin/branches",
          "/api/clients",
          "/api/admin/contact-requests",
        ];
        for (const list of lists) {
          for (const column of ["constructor", "__proto__", "tostring", "hasownproperty"]) {
            const res = await client.fetch(`${list}?order_column=${column}`);
            expect(res.status, `${list} ${column}`).toBe(422);
            expect((await res.json()).errors.order_column[0]).toMatch(/[\u0590-\u05FF]/);
          }
        }
      });

      it("finding 9: invisible and control characters are stripped from admin text, nested fields included", async () => {
        await loginAs(client, t.services, "admin");
        const dirty = "עוגה\u0085\u009B\u200F\u200E\u061C\u200B\u2028\u2029\u00AD\u2060\uFEFF טעימה";
        const res = await client.fetch("/api/admin/categories", {
          method: "POST",
          json: { name: dirty, status: 1 },
        });
        expect(res.status).toBe(201);
        const { data } = await res.json();
        expect(data.name).toBe("עוגה טעימה");
        // An emoji sequence keeps its joiner.
        const chef = await client.fetch("/api/admin/categories", {
          method: "POST",
          json: { name: "שף 👩\u200D🍳", status: 1 },
        });
        expect((await chef.json()).data.name).toBe("שף 👩\u200D🍳");
      });

      it("finding 10: personal and staff JSON is sent with Cache-Control: no-store", async () => {
        await loginAs(client, t.services, "admin");
        for (const path of [
          "/api/user",
          "/api/abilities",
          "/api/clients",
          "/api/admin/contact-requests",
          "/api/admin/settings",
          "/api/admin/products",
          "/api/admin/dashboard",
        ]) {
          const res = await client.fetch(path);
          expect(res.status, path).toBe(200);
          expect(res.headers.get("cache-control"), path).toBe("no-store");
        }
      });

      it('also seen: numeric fields refuse "0x10", "1e3" and other non-decimal text (422)', async () => {
        await loginAs(client, t.services, "admin");
        for (const position of ["0x10", "1e3", "0b1", "Infinity", " 0o7 "]) {
          const res = await client.fetch("/api/admin/categories", {
            method: "POST",
            json: { name: `מיקום ${position}`, status: 1, position },
          });
          expect(res.status, position).toBe(422);
          expect((await res.json()).errors.position).toBeDefined();
        }
        for (const serial_id of ["0x10", "1e3"]) {
          const res = await client.fetch("/api/admin/products", {
            method: "POST",
            json: { name: "חלה", title: "חלה", content: "", serial_id, status: 1 },
          });
          expect(res.status, serial_id).toBe(422);
        }
        const ok = await client.fetch("/api/admin/categories", {
          method: "POST",
          json: { name: "מיקום תקין", status: 1, position: " 16 " },
        });
        expect(ok.status).toBe(201);
      });

      it("also seen: a known API path with a trailing slash is a 404, not a 405", async () => {
        await loginAs(client, t.services, "admin");
        for (const path of ["/api/admin/settings/", "/api/user/", "/api/admin/products/"]) {
          const res = await client.fetch(path);
          expect(res.status, path).toBe(404);
          expect((await res.json()).message).toMatch(/[\u0590-\u05FF]/);
        }
        expect((await client.fetch("/api/admin/settings", { method: "DELETE" })).status).toBe(405);
      });
    });
  });
}

describe("admin:create (issue 14 finding 4)", () => {
  it("resets a password without --role and leaves the editor an editor", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bakery-admin-create-"));
    const env = {
      ...process.env,
      DATA_DIR: dir,
      DATABASE_URL: path.join(dir, "site.sqlite"),
      SESSION_SECRET: "test-secret-test-secret-test-secret-123",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      LOG_LEVEL: "silent",
    };
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ["scripts/admin-create.ts", ...args], { env });
    try {
      await run("--email", "editor@example.co.il", "--password", "first-password-1", "--role", "editor");
      const reset = await run("--email", "editor@example.co.il", "--password", "second-password-2");
      expect(reset.stdout).toContain("Reset editor editor@example.co.il");
      const handle = openDatabase(env.DATABASE_URL);
      try {
        const row = await handle.db
          .selectFrom("users")
          .select("role")
          .where("email", "=", "editor@example.co.il")
          .executeTakeFirstOrThrow();
        expect(row.role).toBe("editor");
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
