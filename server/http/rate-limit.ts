/**
 * Rate limits with Retry-After, counted in fixed windows and judged over a sliding one (see `result`).
 *
 * Every per-request limit is counted in this process's memory: judging a request never needs a database round
 * trip, so a burst cannot take the connection pool from the requests that need it (issue 31). Only the limits
 * that must hold across app servers — failed logins per account and pair (server/auth/login-guard.ts) and form
 * submissions — are also kept in a shared store: the `rate_limits` table on PostgreSQL (unlogged: counters are
 * not worth a WAL write), this same memory on SQLite (one process). docs/security.md "Login limits".
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { heApi } from "../../domain/i18n/api.ts";
import type { DB } from "../db/database.ts";
import { HttpError } from "../errors.ts";
import type { Logger } from "../log.ts";

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
  /** How one more hit would be judged, without counting it (a read). */
  peek(key: string, rule: RateRule): Promise<HitResult>;
  reset(key: string): Promise<void>;
}

function windowStart(now: number, rule: RateRule): number {
  return Math.floor(now / rule.windowMs) * rule.windowMs;
}

/**
 * Sliding-window estimate: the hits of the current window plus those of the previous one, weighted by
 * how much of it still overlaps the last `windowMs`. Unlike a plain fixed window, a burst across a window
 * boundary (10 at 0:59, 10 more at 1:00) is not let through twice.
 */
function result(hits: number, previousHits: number, start: number, rule: RateRule, now: number): HitResult {
  const elapsed = (now - start) / rule.windowMs;
  const estimate = hits + previousHits * (1 - elapsed);
  // When the current window alone is over the limit, wait for its end; otherwise until enough of the
  // previous window's weight has gone.
  const waitMs =
    hits > rule.limit || previousHits === 0
      ? start + rule.windowMs - now
      : Math.max(0, (1 - (rule.limit - hits) / previousHits) * rule.windowMs - (now - start));
  return {
    allowed: estimate <= rule.limit,
    count: hits,
    retryAfter: Math.max(1, Math.ceil(waitMs / 1000)),
  };
}

interface Counter {
  start: number;
  hits: number;
  previousHits: number;
}

/** The counter after one more hit at window `start` (the previous window's hits carried over). */
function advance(current: Counter | undefined, start: number, rule: RateRule): Counter {
  if (current?.start === start) return { start, hits: current.hits + 1, previousHits: current.previousHits };
  if (current?.start === start - rule.windowMs) return { start, hits: 1, previousHits: current.hits };
  return { start, hits: 1, previousHits: 0 };
}

/**
 * Counters kept in memory at most: one per address and rule, so a flood from many addresses (or forged
 * X-Forwarded-For behind a trusted proxy) cannot grow the map without bound. The least recently hit go first.
 */
export const MEMORY_STORE_MAX_KEYS = 100_000;

/** The in-memory store also counts synchronously (the page cache's fast path: server/http/cache-fast-path.ts). */
export interface MemoryRateLimitStore extends RateLimitStore {
  hitNow(key: string, rule: RateRule): HitResult;
}

/** How one more hit on `current` (absent: none yet) at `now` would be judged; nothing is stored. */
function judgeNext(current: Counter | undefined, rule: RateRule, now: number): HitResult {
  const start = windowStart(now, rule);
  const next = advance(current, start, rule);
  return result(next.hits, next.previousHits, start, rule, now);
}

export function createMemoryStore(maxKeys = MEMORY_STORE_MAX_KEYS): MemoryRateLimitStore {
  const counters = new Map<string, Counter>();
  let lastSweep = Date.now();
  const sweep = (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const [key, value] of counters) if (now - value.start > 24 * 3_600_000) counters.delete(key);
  };
  const hitNow = (key: string, rule: RateRule): HitResult => {
    const now = Date.now();
    sweep(now);
    const start = windowStart(now, rule);
    const next = advance(counters.get(key), start, rule);
    // Re-inserted so the Map's order is least recently hit first.
    counters.delete(key);
    counters.set(key, next);
    if (counters.size > maxKeys) {
      const oldest = counters.keys().next().value;
      if (oldest !== undefined) counters.delete(oldest);
    }
    return result(next.hits, next.previousHits, start, rule, now);
  };
  return {
    hitNow,
    async hit(key, rule) {
      return hitNow(key, rule);
    },
    async peek(key, rule) {
      return judgeNext(counters.get(key), rule, Date.now());
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
      // One statement: the first hit of a window, or another one in the current window; the previous
      // window's hits are carried over. SET expressions read the row as it was before this update.
      const row = await db
        .insertInto("rate_limits")
        .values({ key, window_start: start, hits: 1, previous_hits: 0 })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet((eb) => ({
            previous_hits: eb
              .case()
              .when("rate_limits.window_start", "=", start)
              .then(eb.ref("rate_limits.previous_hits"))
              .when("rate_limits.window_start", "=", start - rule.windowMs)
              .then(eb.ref("rate_limits.hits"))
              .else(0)
              .end(),
            hits: eb
              .case()
              .when("rate_limits.window_start", "=", start)
              .then(eb("rate_limits.hits", "+", 1))
              .else(1)
              .end(),
            window_start: start,
          })),
        )
        .returning(["hits", "previous_hits"])
        .executeTakeFirstOrThrow();
      return result(Number(row.hits), Number(row.previous_hits), start, rule, now);
    },
    async peek(key, rule) {
      const row = await db
        .selectFrom("rate_limits")
        .select(["window_start", "hits", "previous_hits"])
        .where("key", "=", key)
        .executeTakeFirst();
      const counter = row && {
        start: Number(row.window_start),
        hits: Number(row.hits),
        previousHits: Number(row.previous_hits),
      };
      return judgeNext(counter, rule, Date.now());
    },
    async reset(key) {
      await db.deleteFrom("rate_limits").where("key", "=", key).execute();
    },
  };
}

/**
 * Deletes the database counters no rule can read any more. A hit reads its row only when the row's window is the
 * current one or the one before (`advance`/the upsert above), so a row whose window started more than two of the
 * longest rule's windows ago is dead for every rule; without this, every address that ever made a request would
 * keep its rows forever (on PostgreSQL). Safe beside concurrent hits: a deleted row is recreated by the next hit
 * exactly as the upsert would have reset it (`hits` 1, `previous_hits` 0). Returns how many rows went.
 */
export async function purgeExpiredRateLimits(db: DB, rules: RateRules, now = Date.now()): Promise<number> {
  const longest = Math.max(...Object.values(rules).map((rule) => rule.windowMs));
  const result = await db
    .deleteFrom("rate_limits")
    .where("window_start", "<", now - 2 * longest)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The limits of the site (per client address unless said otherwise). See docs/security.md "Login limits". */
export const RATE_RULES = {
  /** Login attempts per address, all accounts together, counted in memory before anything else. */
  loginAttempts: { limit: 10, windowMs: 60_000 },
  /** Failed password checks per account-and-address pair: the growing delay, one tier per window. */
  loginPairMinute: { limit: 10, windowMs: 60_000 },
  loginPairQuarter: { limit: 20, windowMs: 15 * 60_000 },
  loginPairHour: { limit: 30, windowMs: 60 * 60_000 },
  /**
   * Failed password checks per account from all addresses: only a distributed attack reaches it, and it never
   * refuses a browser or an address that has signed in to that account before, or one its unlock link opened.
   */
  loginAccount: { limit: 100, windowMs: 60 * 60_000 },
  /** Contact requests and club sign-ups. */
  forms: { limit: 5, windowMs: 10 * 60_000 },
  /**
   * Pre-orders placed and cancelled (issue 28): more than the forms, since in the holiday week a family or an
   * office behind one address orders several times, and a mobile carrier's NAT puts many customers behind one.
   */
  preorders: { limit: 20, windowMs: 10 * 60_000 },
  /** General ceiling per address for the JSON API, pages and their `.data` requests. */
  api: { limit: 300, windowMs: 60_000 },
} satisfies Record<string, RateRule>;

/** Limits `enforce` also counts in the shared store: they must hold across app servers. */
const SHARED_RULES: ReadonlySet<keyof typeof RATE_RULES> = new Set(["forms", "preorders"]);

/** The client's address: the socket's, or the first X-Forwarded-For hop when behind a trusted proxy. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  const forwarded = trustProxy ? forwardedAddress(c.req.header("x-forwarded-for")) : undefined;
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    return "local";
  }
}

/** The first X-Forwarded-For hop (only read behind a trusted proxy). */
export function forwardedAddress(header: string | undefined): string | undefined {
  return header?.split(",")[0]?.trim() || undefined;
}

export function tooManyRequests(retryAfter: number, message: string = heApi.tooManyRequests): HttpError {
  return new HttpError(429, message, undefined, { "Retry-After": String(retryAfter) });
}

export interface RateLimiter {
  /** This process's counters: every limit is counted here first, without a database round trip. */
  local: MemoryRateLimitStore;
  /** The counters every app server sees: the database on PostgreSQL; `local` itself on SQLite (one process). */
  shared: RateLimitStore;
  trustProxy: boolean;
  rules: RateRules;
  /**
   * Counts a hit for `name` from this client; throws 429 with Retry-After past the limit. Counted in memory;
   * a shared limit (`forms`) is counted in the shared store too, only once memory has let it through.
   */
  enforce(c: Context, name: keyof typeof RATE_RULES, extraKey?: string): Promise<void>;
}

export type RateRules = Record<keyof typeof RATE_RULES, RateRule>;

export function createRateLimiter(options: {
  local?: MemoryRateLimitStore;
  /** Absent: `local` (one process, nothing to share). */
  shared?: RateLimitStore;
  trustProxy: boolean;
  rules?: RateRules;
  /** Told once when requests come through a proxy that TRUST_PROXY does not trust. */
  logger?: Pick<Logger, "warn">;
}): RateLimiter {
  const local = options.local ?? createMemoryStore();
  const shared = options.shared ?? local;
  const rules = options.rules ?? RATE_RULES;
  let toldUntrusted = false;
  return {
    local,
    shared,
    trustProxy: options.trustProxy,
    rules,
    async enforce(c, name, extraKey) {
      // Behind nginx without TRUST_PROXY every visitor is the proxy's address and shares one set of limits:
      // one visitor's lock-out is everyone's (issue 31). Said once; a direct client adding the header only
      // costs this one line.
      if (!options.trustProxy && !toldUntrusted && c.req.header("x-forwarded-for")) {
        toldUntrusted = true;
        options.logger?.warn(
          "requests carry X-Forwarded-For but TRUST_PROXY is off: behind a proxy every visitor shares its address and its rate limits; set TRUST_PROXY=1 (docs/deploy.md)",
          { address: clientAddress(c, false) },
        );
      }
      const key = `${name}:${extraKey ?? clientAddress(c, options.trustProxy)}`;
      const hit = local.hitNow(key, rules[name]);
      if (!hit.allowed) throw tooManyRequests(hit.retryAfter);
      if (shared === local || !SHARED_RULES.has(name)) return;
      const everywhere = await shared.hit(key, rules[name]);
      if (!everywhere.allowed) throw tooManyRequests(everywhere.retryAfter);
    },
  };
}
