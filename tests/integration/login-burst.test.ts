/**
 * A login burst (issue 31 part 1) on every test database. The outside run's 200 concurrent logins took
 * PostgreSQL "down" for everyone: every request wrote a rate-limit counter to the database, a login five more
 * before the password-check semaphore, and a pool acquire timeout counted as an outage. Here:
 * - logins turned away (busy, or over the per-address limit) make no database query and count against no
 *   account; a visitor's page is answered while the checks run;
 * - a burst of concurrent logins, each from its own address, gets only refusals (429) and wrong-password
 *   answers (422, the login form's field error), and a visitor's page is answered meanwhile;
 * - PostgreSQL: a request that finds the pool full for the whole acquire timeout is answered a Hebrew 503
 *   "busy" with Retry-After, the database is not marked down, and the next request is served.
 */
import { type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { heApi } from "../../domain/i18n/api.ts";
import { loginMessages } from "../../domain/schemas/login.ts";
import { BUSY_RETRY_AFTER_SECONDS } from "../../server/http/faults.ts";
import { RATE_RULES, type RateRules } from "../../server/http/rate-limit.ts";
import { createLogger } from "../../server/log.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { loginAs } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";

/** A staff account made through the service (no login, so no counters touched). */
async function staff(t: TestApp) {
  const email = `owner-${Math.random().toString(36).slice(2, 8)}@example.co.il`;
  const password = "the-real-password-123";
  await t.services.users.createOrReset({ name: "בעלת המאפייה", email, password, role: "admin" });
  return { email, password };
}

/** A browser at `address` (the app trusts X-Forwarded-For). */
function browserAt(t: TestApp, address: string) {
  const client = new TestClient(t);
  return (path: string, init: Parameters<TestClient["fetch"]>[1] = {}) =>
    client.fetch(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": address },
    });
}

/** `database` with every query its handle's Kysely runs counted in `counter.queries`. */
function counting(database: TestDatabase, counter: { queries: number }): TestDatabase {
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      counter.queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { ...database, handle: { ...database.handle, db: database.handle.db.withPlugin(plugin) } };
}

for (const factory of testDatabases()) {
  describe(`login burst on ${factory.name}`, () => {
    let database: TestDatabase;
    const apps: TestApp[] = [];
    const app = (db: TestDatabase, rules: RateRules = RATE_RULES) => {
      const t = createTestApp(db, { rateRules: rules, trustProxy: true });
      apps.push(t);
      return t;
    };

    beforeAll(async () => {
      database = await factory.create();
    });
    beforeEach(async () => {
      await database.handle.db.deleteFrom("rate_limits").execute();
    });
    afterAll(async () => {
      for (const t of apps) t.dispose();
      await database?.dispose();
    });

    it("logins turned away as busy make no database query and count against no account; a visitor's page answers meanwhile", async () => {
      const counter = { queries: 0 };
      // The account ceiling at 3 failures: had the 20 busy refusals counted, the account would be locked.
      const t = app(counting(database, counter), { ...RATE_RULES, loginAccount: { limit: 3, windowMs: 3_600_000 } });
      const { email } = await staff(t);
      // Both check slots held inside the password check until the gate opens.
      let open!: () => void;
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      let inside = 0;
      const authenticate = t.services.auth.authenticate;
      t.services.auth.authenticate = async (e, p) => {
        inside++;
        await gate;
        return authenticate(e, p);
      };
      const browsers = Array.from({ length: 22 }, (_, i) => browserAt(t, `203.0.113.${i + 1}`));
      // Each browser's XSRF token first (an anonymous visitor's id is signed, not stored).
      await Promise.all(browsers.map((browser) => browser("/api/user")));
      const login = (browser: (typeof browsers)[number], password: string) =>
        browser("/login", { method: "POST", json: { email, password } });

      const held = browsers.slice(0, 2).map((browser, i) => login(browser, `wrong-${i}`));
      await vi.waitFor(() => expect(inside).toBe(2));
      const before = counter.queries;
      const refused = await Promise.all(browsers.slice(2).map((browser, i) => login(browser, `guess-${i}`)));
      // Turned away before anything about the account is read or written.
      expect(counter.queries).toBe(before);
      expect(inside).toBe(2);
      for (const answer of refused) {
        expect(answer.status).toBe(429);
        expect(answer.headers.get("retry-after")).toBe("1");
        expect(((await answer.json()) as { message: string }).message).toBe(loginMessages.busy);
      }
      // The site answers while both checks are held.
      expect((await new TestClient(t).fetch("/api/categories")).status).toBe(200);
      open();
      expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([422, 422]);

      // Two real checks failed, the account's ceiling is 3: a third failure is still checked, a fourth refused.
      const third = await login(browserAt(t, "198.51.100.3"), "wrong-3");
      expect(third.status).toBe(422);
      const fourth = await login(browserAt(t, "198.51.100.4"), "wrong-4");
      expect(fourth.status).toBe(429);
      expect(((await fourth.json()) as { message: string }).message).toBe(loginMessages.accountLocked);
    });

    it("logins over the per-address limit make no database query", async () => {
      const counter = { queries: 0 };
      const t = app(counting(database, counter));
      const { email } = await staff(t);
      const browser = browserAt(t, "203.0.113.200");
      await browser("/api/user");
      for (let i = 0; i < RATE_RULES.loginAttempts.limit; i++) {
        expect((await browser("/login", { method: "POST", json: { email, password: `x${i}` } })).status).toBe(422);
      }
      const before = counter.queries;
      const over = await Promise.all(
        Array.from({ length: 10 }, (_, i) => browser("/login", { method: "POST", json: { email, password: `y${i}` } })),
      );
      expect(over.map((answer) => answer.status)).toEqual(Array(10).fill(429));
      expect(counter.queries).toBe(before);
    });

    it("says once in the log when requests come through a proxy that TRUST_PROXY does not trust", async () => {
      const warnings: string[] = [];
      const logger = { ...createLogger("silent"), warn: (message: string) => warnings.push(message) };
      const t = createTestApp(database, { logger });
      apps.push(t);
      expect((await t.request("/api/categories")).status).toBe(200);
      expect(warnings).toEqual([]);
      for (const address of ["203.0.113.1", "203.0.113.2"])
        await t.request("/api/categories", { headers: { "X-Forwarded-For": address } });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain("TRUST_PROXY");
    });

    it("a burst of 60 concurrent logins, each from its own address: only 429s and 422s, and a visitor's page is answered", async () => {
      const t = app(database);
      const { email } = await staff(t);
      const browsers = Array.from({ length: 60 }, (_, i) => browserAt(t, `192.0.2.${i + 1}`));
      await Promise.all(browsers.map((browser) => browser("/api/user")));
      const visitor = new TestClient(t);
      const burst = browsers.map((browser, i) =>
        browser("/login", {
          method: "POST",
          // Most for the owner's account, some for addresses that have none.
          json: { email: i % 4 === 0 ? `nobody-${i}@example.co.il` : email, password: `guess-${i}` },
        }),
      );
      const page = visitor.fetch("/api/categories");
      const answers = await Promise.all(burst);
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status !== 422 && status !== 429)).toEqual([]);
      expect(statuses).toContain(422);
      expect((await page).status).toBe(200);
      // Every 429 says why in Hebrew and when to come back.
      for (const answer of answers.filter((a) => a.status === 429)) {
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(((await answer.json()) as { message: string }).message).toMatch(/[\u0590-\u05FF]/);
      }
    });
  });
}

const postgres = testDatabases().find((factory) => factory.name === "postgres");

describe.skipIf(!postgres)("a full PostgreSQL connection pool", () => {
  let database: TestDatabase;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    database = await postgres!.create();
  });
  afterAll(async () => {
    for (const t of apps) t.dispose();
    await database?.dispose();
  });

  it("is busy, not down: the request that waited is a Hebrew 503 with Retry-After, the next one is served", async () => {
    // A pool of its own (10 connections), as one app server has.
    const handle = database.openAnother!();
    const t = createTestApp({ ...database, handle });
    apps.push(t);
    const owner = new TestClient(t);
    await loginAs(owner, t.services, "admin");
    expect((await owner.fetch("/api/user")).status).toBe(200);

    // Every connection held by a transaction until the gate opens.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let holding = 0;
    const holders = Array.from({ length: 10 }, () =>
      handle.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        holding++;
        await gate;
      }),
    );
    await vi.waitFor(() => expect(holding).toBe(10));

    // The signed-in page needs its session row: it waits the acquire timeout (3 s), then is turned away.
    const busy = await owner.fetch("/api/user");
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(((await busy.json()) as { message: string }).message).toBe(heApi.busy);
    // Not an outage: nothing else is answered "unavailable" because of it.
    expect(handle.isDown()).toBe(false);
    expect(handle.isBusy()).toBe(true);

    open();
    await Promise.all(holders);
    const after = await owner.fetch("/api/user");
    expect(after.status).toBe(200);
    expect(handle.isDown()).toBe(false);
  });
});
