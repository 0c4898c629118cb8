/**
 * Fixed-window rate limits with Retry-After. In-process by default; with PostgreSQL (several app
 * servers share one database) the counters live in the `rate_limits` table so every server sees them.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { heApi } from "../../domain/i18n/api.ts";
import type { DB } from "../db/database.ts";
import { HttpError } from "../errors.ts";

export interface RateRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface HitResult {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
  count: number;
}

export interface RateLimitStore {
  /**
   * Counts one hit atomically and returns the new count (one synchronous step in memory, one
   * `INSERT … ON CONFLICT DO UPDATE … RETURNING` in the database), so concurrent callers never see the same count.
   */
  hit(key: string, rule: RateRule): Promise<HitResult>;
  /** Reads without counting. */
  peek(key: string, rule: RateRule): Promise<HitResult>;
  reset(key: string): Promise<void>;
}

function windowStart(now: number, rule: RateRule): number {
  return Math.floor(now / rule.windowMs) * rule.windowMs;
}

function result(count: number, start: number, rule: RateRule, now: number): HitResult {
  return {
    allowed: count <= rule.limit,
    count,
    retryAfter: Math.max(1, Math.ceil((start + rule.windowMs - now) / 1000)),
  };
}

export function createMemoryStore(): RateLimitStore {
  const counters = new Map<string, { start: number; hits: number }>();
  let lastSweep = Date.now();
  const sweep = (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const [key, value] of counters) if (now - value.start > 24 * 3_600_000) counters.delete(key);
  };
  return {
    async hit(key, rule) {
      const now = Date.now();
      sweep(now);
      const start = windowStart(now, rule);
      const current = counters.get(key);
      const hits = current && current.start === start ? current.hits + 1 : 1;
      counters.set(key, { start, hits });
      return result(hits, start, rule, now);
    },
    async peek(key, rule) {
      const now = Date.now();
      const start = windowStart(now, rule);
      const current = counters.get(key);
      return result(current && current.start === start ? current.hits : 0, start, rule, now);
    },
    async reset(key) {
      counters.delete(key);
    },
  };
}

export function createDatabaseStore(db: DB): RateLimitStore {
  return {
    async hit(key, rule) {
      const now = Date.now();
      const start = windowStart(now, rule);
      // One statement: insert the first hit of a window, or count another one in the current window.
      const row = await db
        .insertInto("rate_limits")
        .values({ key, window_start: start, hits: 1 })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet((eb) => ({
            hits: eb
              .case()
              .when("rate_limits.window_start", "=", start)
              .then(eb("rate_limits.hits", "+", 1))
              .else(1)
              .end(),
            window_start: start,
          })),
        )
        .returning("hits")
        .executeTakeFirstOrThrow();
      return result(Number(row.hits), start, rule, now);
    },
    async peek(key, rule) {
      const now = Date.now();
      const start = windowStart(now, rule);
      const row = await db
        .selectFrom("rate_limits")
        .select(["hits", "window_start"])
        .where("key", "=", key)
        .executeTakeFirst();
      return result(row && Number(row.window_start) === start ? Number(row.hits) : 0, start, rule, now);
    },
    async reset(key) {
      await db.deleteFrom("rate_limits").where("key", "=", key).execute();
    },
  };
}

/** The limits of the site (per client address unless said otherwise). See docs/security.md "Login limits". */
export const RATE_RULES = {
  /** Login attempts per address, all accounts together, counted before the password is checked. */
  loginAttempts: { limit: 10, windowMs: 60_000 },
  /** Failed logins per account-and-address pair: the growing delay, one tier per window. */
  loginPairMinute: { limit: 10, windowMs: 60_000 },
  loginPairQuarter: { limit: 20, windowMs: 15 * 60_000 },
  loginPairHour: { limit: 30, windowMs: 60 * 60_000 },
  /**
   * Failed logins per account from all addresses: only a distributed attack reaches it, and it never
   * refuses a browser or an address that has signed in to that account before.
   */
  loginAccount: { limit: 100, windowMs: 60 * 60_000 },
  /** Contact requests and club sign-ups. */
  forms: { limit: 5, windowMs: 10 * 60_000 },
  /** General ceiling per address for the JSON API, pages and their `.data` requests. */
  api: { limit: 300, windowMs: 60_000 },
} satisfies Record<string, RateRule>;

/** The client's address: the socket's, or the first X-Forwarded-For hop when behind a trusted proxy. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    return "local";
  }
}

export function tooManyRequests(retryAfter: number, message: string = heApi.tooManyRequests): HttpError {
  return new HttpError(429, message, undefined, { "Retry-After": String(retryAfter) });
}

export interface RateLimiter {
  store: RateLimitStore;
  trustProxy: boolean;
  rules: RateRules;
  /** Counts a hit for `name` from this client; throws 429 with Retry-After past the limit. */
  enforce(c: Context, name: keyof typeof RATE_RULES, extraKey?: string): Promise<void>;
}

export type RateRules = Record<keyof typeof RATE_RULES, RateRule>;

export function createRateLimiter(
  store: RateLimitStore,
  trustProxy: boolean,
  rules: RateRules = RATE_RULES,
): RateLimiter {
  return {
    store,
    trustProxy,
    rules,
    async enforce(c, name, extraKey) {
      const key = `${name}:${extraKey ?? clientAddress(c, trustProxy)}`;
      const hit = await store.hit(key, rules[name]);
      if (!hit.allowed) throw tooManyRequests(hit.retryAfter);
    },
  };
}
