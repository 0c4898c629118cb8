/**
 * Login limits that hold under concurrency (issue 14, docs/security.md "Login limits"). Every attempt
 * is counted atomically *before* the password is checked, so a burst of simultaneous guesses gets no
 * more checks than the limit; and only a few scrypt checks run at once, the rest answered 429 at once,
 * so a burst never ties up the thread pool the rest of the site needs.
 *
 * - per address (all accounts): `loginAttempts`;
 * - per account-and-address pair: a growing delay in three tiers (`loginPairMinute/Quarter/Hour`);
 *   a correct password clears the pair;
 * - per account from everywhere: `loginAccount`, which never refuses a browser carrying the account's
 *   known-device cookie or an address the account has signed in from before.
 */
import type { Context } from "hono";
import type { DB } from "../db/database.ts";
import { clientAddress, type HitResult, type RateLimiter, type RateRule, tooManyRequests } from "../http/rate-limit.ts";

/** Password checks allowed at once in this process (scrypt: 32 MB and ~100 ms of a libuv thread each). */
export const MAX_CONCURRENT_VERIFICATIONS = 2;

/** A counting semaphore that refuses instead of queueing. */
export function createSemaphore(size: number) {
  let inUse = 0;
  return {
    tryAcquire(): (() => void) | null {
      if (inUse >= size) return null;
      inUse++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inUse--;
      };
    },
    get inUse() {
      return inUse;
    },
  };
}

export type Semaphore = ReturnType<typeof createSemaphore>;

export interface LoginGuardDeps {
  db: DB;
  limiter: RateLimiter;
  semaphore?: Semaphore;
  isKnownDevice(c: Context, email: string): boolean;
}

export interface LoginMessages {
  tooMany: string;
  busy: string;
}

export function createLoginGuard(deps: LoginGuardDeps) {
  const { db, limiter } = deps;
  const { store, rules } = limiter;
  const semaphore = deps.semaphore ?? createSemaphore(MAX_CONCURRENT_VERIFICATIONS);
  const pairRules: [string, RateRule][] = [
    ["m", rules.loginPairMinute],
    ["q", rules.loginPairQuarter],
    ["h", rules.loginPairHour],
  ];
  const pairKey = (tier: string, address: string, email: string) => `loginPair:${tier}:${address}:${email}`;

  async function knownAddress(email: string, address: string): Promise<boolean> {
    const row = await db
      .selectFrom("known_logins")
      .innerJoin("users", "users.id", "known_logins.user_id")
      .select("known_logins.user_id")
      .where("users.email", "=", email)
      .where("known_logins.address", "=", address)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    semaphore,

    /**
     * Counts this attempt and, when it is within every limit, reserves a password check. Returns the
     * release function to call once the check is done; throws 429 (with Retry-After) otherwise.
     */
    async admit(c: Context, email: string, messages: LoginMessages): Promise<() => void> {
      const address = clientAddress(c, limiter.trustProxy);
      const refuse = (hit: HitResult) => tooManyRequests(hit.retryAfter, messages.tooMany);

      const perAddress = await store.hit(`loginAttempts:${address}`, rules.loginAttempts);
      if (!perAddress.allowed) throw refuse(perAddress);
      for (const [tier, rule] of pairRules) {
        const hit = await store.hit(pairKey(tier, address, email), rule);
        if (!hit.allowed) throw refuse(hit);
      }
      const perAccount = await store.hit(`loginAccount:${email}`, rules.loginAccount);
      if (!perAccount.allowed && !deps.isKnownDevice(c, email) && !(await knownAddress(email, address))) {
        throw refuse(perAccount);
      }

      const release = semaphore.tryAcquire();
      if (!release) throw tooManyRequests(1, messages.busy);
      return release;
    },

    /** A correct password: the pair starts afresh and the address is remembered for the account. */
    async succeeded(c: Context, user: { id: number; email: string }): Promise<void> {
      const address = clientAddress(c, limiter.trustProxy);
      for (const [tier] of pairRules) await store.reset(pairKey(tier, address, user.email));
      const now = new Date().toISOString();
      await db
        .insertInto("known_logins")
        .values({ user_id: user.id, address, last_login_at: now })
        .onConflict((oc) => oc.columns(["user_id", "address"]).doUpdateSet({ last_login_at: now }))
        .execute();
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
