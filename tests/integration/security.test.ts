/**
 * Accounts, sessions and hardening (issue 3), on every test database: XSRF, session rotation and
 * logout, login rate limits, body limits, malformed JSON, wrong methods, open redirects, headers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app.ts";
import { loginAs } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";

const SQL_INJECTIONS = ["' OR '1'='1", "admin@example.co.il'--", '"; DROP TABLE users; --', "1; SELECT pg_sleep(5)"];

function cookieLine(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
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
        const form = new URLSearchParams({
          email: "nobody@example.co.il",
          password: "wrong-password",
          _token: client.xsrfToken!,
        });
        const res = await client.fetch("/login", {
          method: "POST",
          body: form,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          xsrf: false,
        });
        expect(res.status).toBe(303);
        expect(res.headers.get("location")).toBe("/login?error=credentials");
      });

      it("shows a browser posting a stale form a Hebrew page instead of JSON", async () => {
        await client.fetch("/api/abilities");
        const res = await client.fetch("/login", {
          method: "POST",
          body: new URLSearchParams({ email: "a@b.co", password: "x", _token: "stale" }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
          xsrf: false,
        });
        expect(res.status).toBe(419);
        expect(res.headers.get("content-type")).toMatch(/text\/html/);
        const html = await res.text();
        expect(html).toContain('dir="rtl"');
        expect(html).toContain("תוקף הדף פג");
      });

      it("changes nothing on GET", async () => {
        const res = await client.fetch("/logout");
        expect([404, 405]).toContain(res.status);
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

      it("treats SQL injection strings in the login fields as plain data", async () => {
        for (const payload of SQL_INJECTIONS) {
          const res = await client.fetch("/login", { method: "POST", json: { email: payload, password: payload } });
          expect(res.status).toBe(422);
        }
        expect((await client.fetch("/api/user")).status).toBe(401);
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
          const res = await c.fetch("/login", {
            method: "POST",
            body: new URLSearchParams({ email, password, next, _token: c.xsrfToken! }),
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            xsrf: false,
          });
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

      it("survives concurrent writes without a 500", async () => {
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            t.services.users.createOrReset({
              name: `u${i}`,
              email: `concurrent${i % 3}@example.co.il`,
              password: "password-1234",
              role: "editor",
            }),
          ).map((p) => p.then(() => "ok").catch((error: Error) => error.message)),
        );
        expect(results.filter((r) => r !== "ok")).toEqual([]);
      });
    });
  });
}
