/**
 * Login limits that hold under concurrency (issues 14 and 31, docs/security.md "Login limits"). In order:
 *
 * 1. per address (all accounts): `loginAttempts`, counted in this process's memory — no database round trip,
 *    so a burst of logins costs the pool nothing before it is turned away;
 * 2. the password-check semaphore: only a few scrypt checks run at once per process, the rest answered 429 at
 *    once, so a burst never ties up the thread pool or the database the rest of the site needs. Nothing about
 *    the account is read or written before this, and a "busy" refusal counts against no account;
 * 3. the shared failure counts, read (not written): per account-and-address pair, a growing delay in three
 *    tiers (`loginPairMinute/Quarter/Hour`); per account from everywhere, `loginAccount`, which never refuses a
 *    browser carrying the account's known-device cookie (set at sign-in, or by the account's unlock link) or an
 *    address the account has signed in from before; its refusal e-mails the account an unlock link;
 * 4. the check itself; only its outcome writes: a wrong password counts one failure in each shared counter, a
 *    correct one clears the pair and remembers the address.
 *
 * Counting failures after the check (instead of attempts before it) lets through at most the semaphore's size
 * of extra checks per process past a limit — the checks running at that moment — and makes only real password
 * checks count against an account.
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
  /** The per-account ceiling refused an attempt: e-mail the account an unlock link (services/login-unlocks.ts). */
  onAccountLocked?(email: string, address: string): void;
}

export interface LoginMessages {
  tooMany: string;
  busy: string;
  /** The per-account ceiling's refusal: says an unlock link is on its way if the account exists. */
  accountLocked: string;
}

export function createLoginGuard(deps: LoginGuardDeps) {
  const { db, limiter } = deps;
  const { local, shared, rules } = limiter;
  const semaphore = deps.semaphore ?? createSemaphore(MAX_CONCURRENT_VERIFICATIONS);
  const pairRules: [string, RateRule][] = [
    ["m", rules.loginPairMinute],
    ["q", rules.loginPairQuarter],
    ["h", rules.loginPairHour],
  ];
  const pairKey = (tier: string, address: string, email: string) => `loginPair:${tier}:${address}:${email}`;
  const accountKey = (email: string) => `loginAccount:${email}`;

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

  /** Throws the 429 of the first shared limit this attempt is past (reads only). */
  async function judge(c: Context, email: string, address: string, messages: LoginMessages): Promise<void> {
    const refuse = (hit: HitResult) => tooManyRequests(hit.retryAfter, messages.tooMany);
    for (const [tier, rule] of pairRules) {
      const hit = await shared.peek(pairKey(tier, address, email), rule);
      if (!hit.allowed) throw refuse(hit);
    }
    const perAccount = await shared.peek(accountKey(email), rules.loginAccount);
    if (!perAccount.allowed && !deps.isKnownDevice(c, email) && !(await knownAddress(email, address))) {
      deps.onAccountLocked?.(email, address);
      throw tooManyRequests(perAccount.retryAfter, messages.accountLocked);
    }
  }

  return {
    semaphore,

    /** An unlock link was used in this browser: this address's failures on the account start afresh. */
    async forgive(c: Context, email: string): Promise<void> {
      const address = clientAddress(c, limiter.trustProxy);
      for (const [tier] of pairRules) await shared.reset(pairKey(tier, address, email));
    },

    /**
     * One login attempt for `email`: `verify` (the password check) runs only when the attempt is within every
     * limit and a check slot is free; otherwise 429 with Retry-After. Returns what `verify` found — the user
     * (the pair starts afresh, the address is remembered for the account) or null (one failure counted).
     */
    async attempt<U extends { id: number }>(
      c: Context,
      email: string,
      messages: LoginMessages,
      verify: () => Promise<U | null>,
    ): Promise<U | null> {
      const address = clientAddress(c, limiter.trustProxy);
      const perAddress = local.hitNow(`loginAttempts:${address}`, rules.loginAttempts);
      if (!perAddress.allowed) throw tooManyRequests(perAddress.retryAfter, messages.tooMany);

      const release = semaphore.tryAcquire();
      if (!release) throw tooManyRequests(1, messages.busy);
      try {
        await judge(c, email, address, messages);
        const user = await verify();
        if (user) {
          for (const [tier] of pairRules) await shared.reset(pairKey(tier, address, email));
          const now = new Date().toISOString();
          await db
            .insertInto("known_logins")
            .values({ user_id: user.id, address, last_login_at: now })
            .onConflict((oc) => oc.columns(["user_id", "address"]).doUpdateSet({ last_login_at: now }))
            .execute();
        } else {
          for (const [tier, rule] of pairRules) await shared.hit(pairKey(tier, address, email), rule);
          await shared.hit(accountKey(email), rules.loginAccount);
        }
        return user;
      } finally {
        release();
      }
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
