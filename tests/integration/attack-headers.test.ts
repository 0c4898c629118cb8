/**
 * The attack run's header checks (issue 14), on every kind of answer the app gives — JSON, errors (404,
 * 405, 419, 401), the health check, sitemap and robots, a missing upload or asset — over http and over
 * https: a nonce-only script policy that forbids framing, plugins and <base>, nosniff, no framing,
 * a referrer policy, powerful features off, and HSTS exactly when served over https.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app.ts";
import { TestClient } from "../support/client.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";

const ANSWERS: [string, RequestInit?][] = [
  ["/healthz"],
  ["/api/user"],
  ["/api/products"],
  ["/api/no-such-route"],
  ["/api/admin/settings/"],
  ["/api/client/create"],
  ["/api/admin/products", { method: "POST" }],
  ["/api/admin/products"],
  ["/sitemap.xml"],
  ["/robots.txt"],
  ["/uploads/missing/none.webp"],
  ["/assets/missing-chunk.js"],
];

function expectHardened(headers: Headers, label: string, https: boolean) {
  expect(headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(headers.get("x-frame-options"), label).toBe("DENY");
  expect(headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
  expect(headers.get("permissions-policy"), label).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  expect(headers.get("cross-origin-opener-policy"), label).toBe("same-origin");
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp, label).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'(;|$)/);
  expect(csp, label).not.toContain("unsafe-inline' 'nonce");
  expect(
    csp.split("; ").find((d) => d.startsWith("script-src")),
    label,
  ).not.toMatch(/unsafe-(inline|eval)/);
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'self'"]) {
    expect(csp, label).toContain(directive);
  }
  if (https) expect(headers.get("strict-transport-security"), label).toBe("max-age=31536000; includeSubDomains");
  else expect(headers.get("strict-transport-security"), label).toBeNull();
}

for (const factory of testDatabases()) {
  describe(`attack suite: headers on ${factory.name}`, () => {
    let database: TestDatabase;
    const apps: TestApp[] = [];

    beforeAll(async () => {
      database = await factory.create();
    });
    afterAll(async () => {
      for (const app of apps) app.dispose();
      await database?.dispose();
    });

    for (const https of [false, true]) {
      it(`sends the security headers on every kind of answer over ${https ? "https (with HSTS)" : "http (no HSTS)"}`, async () => {
        const t = createTestApp(database, { secureCookies: https });
        apps.push(t);
        const client = new TestClient(t);
        const statuses: number[] = [];
        for (const [path, init] of ANSWERS) {
          const response = await client.fetch(path, { ...init, xsrf: false });
          statuses.push(response.status);
          expectHardened(response.headers, `${init?.method ?? "GET"} ${path} → ${response.status}`, https);
        }
        // The sample really spans success and refusals.
        expect(new Set(statuses)).toEqual(new Set([200, 404, 405, 419, 401]));
        // Two answers never share a nonce.
        const [a, b] = await Promise.all([client.fetch("/api/user"), client.fetch("/api/user")]);
        expect(a.headers.get("content-security-policy")).not.toBe(b.headers.get("content-security-policy"));
      });
    }
  });
}
