/**
 * Unlock links for staff accounts (issue 31, docs/security.md "Login limits"). When the per-account login ceiling
 * refuses an attempt — a distributed guessing attack on the account — the account's own address is e-mailed a
 * one-time link, valid UNLOCK_VALID_MINUTES, at most one per UNLOCK_RESEND_MINUTES. Opening the link shows a
 * button on /login (mail scanners open links; only the click acts); the click marks that browser as a known
 * device of the account, which the ceiling never refuses, and the password is still asked. The attack goes on
 * being refused everywhere else. Sent and used links are audited; only a token's SHA-256 is stored.
 */
import { createHash, randomBytes } from "node:crypto";
import type { DB } from "../db/database.ts";
import { lockRow } from "../db/locks.ts";
import { errorFields, type Logger } from "../log.ts";
import { loginUnlockMessage } from "../mail/login-unlock.ts";
import { disabledMailer, type Mailer } from "../mail/mailer.ts";
import type { AuditService } from "./audit/index.ts";
import { DEFAULT_SETTINGS } from "./settings.ts";

/** How long an unlock link works: long enough to open the mail, short enough that an old one is useless. */
export const UNLOCK_VALID_MINUTES = 30;
/** A locked account is e-mailed a new link at most this often, however many attempts are refused. */
export const UNLOCK_RESEND_MINUTES = 15;

const MINUTE_MS = 60_000;
/** 32 random bytes in base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const validHash = (token: string | null | undefined) => (token && TOKEN_PATTERN.test(token) ? hashToken(token) : null);

export type UnlockCheck = { status: "valid"; email: string } | { status: "invalid" } | { status: "expired" };
export type UnlockResult =
  | { status: "unlocked"; user: { id: number; email: string; name: string } }
  | { status: "invalid" }
  | { status: "expired" };

export interface LoginUnlocksDeps {
  mailer?: Mailer;
  logger?: Logger;
  /** Absolute base URL of the site, for the link. */
  publicUrl?: string;
  /** The bakery's name for the e-mail (the site settings'). */
  brand?: () => Promise<string>;
  audit: AuditService;
}

export function createLoginUnlocks(db: DB, deps: LoginUnlocksDeps) {
  const mailer = deps.mailer ?? disabledMailer;
  const publicUrl = (deps.publicUrl ?? "http://localhost:3000").replace(/\/+$/, "");
  let toldNoMailer = false;

  const findLink = (trx: DB, hash: string) =>
    trx
      .selectFrom("login_unlocks")
      .innerJoin("users", "users.id", "login_unlocks.user_id")
      .select([
        "login_unlocks.user_id",
        "login_unlocks.expires_at",
        "login_unlocks.used_at",
        "users.email",
        "users.name",
      ])
      .where("login_unlocks.token_hash", "=", hash)
      .executeTakeFirst();

  /** Stores a new link for the account unless one was made within UNLOCK_RESEND_MINUTES; its token or null. */
  async function newLink(userId: number, now: Date): Promise<{ token: string; hash: string } | null> {
    const token = randomBytes(32).toString("base64url");
    const hash = hashToken(token);
    const since = new Date(now.getTime() - UNLOCK_RESEND_MINUTES * MINUTE_MS).toISOString();
    return db.transaction().execute(async (trx) => {
      // One at a time per account, across app servers too (PostgreSQL: the account's row locked; SQLite's write
      // transactions are serialized already), so two refusals at once cannot both send.
      if (!(await lockRow(trx, "users", userId, "update"))) return null;
      // The account's expired links go here, so the table holds a couple of rows per locked account at most.
      await trx
        .deleteFrom("login_unlocks")
        .where("user_id", "=", userId)
        .where("expires_at", "<", now.toISOString())
        .execute();
      const recent = await trx
        .selectFrom("login_unlocks")
        .select("token_hash")
        .where("user_id", "=", userId)
        .where("created_at", ">", since)
        .executeTakeFirst();
      if (recent) return null;
      await trx
        .insertInto("login_unlocks")
        .values({
          token_hash: hash,
          user_id: userId,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + UNLOCK_VALID_MINUTES * MINUTE_MS).toISOString(),
          used_at: null,
        })
        .execute();
      return { token, hash };
    });
  }

  async function send(email: string, address: string): Promise<void> {
    const user = await db
      .selectFrom("users")
      .select(["id", "email", "name"])
      .where("email", "=", email)
      .executeTakeFirst();
    if (!user) return;
    if (!mailer.enabled) {
      if (!toldNoMailer)
        deps.logger?.warn(
          "a staff account is locked by the login limits, but SMTP_URL is not set: no unlock link sent",
          {
            userId: user.id,
          },
        );
      toldNoMailer = true;
      return;
    }
    const now = new Date();
    const link = await newLink(user.id, now);
    if (!link) return;
    try {
      const brand = (await deps.brand?.()) || DEFAULT_SETTINGS.brandName;
      await mailer.send(
        loginUnlockMessage({
          to: user.email,
          brand,
          link: `${publicUrl}/login?unlock=${link.token}`,
          validMinutes: UNLOCK_VALID_MINUTES,
        }),
      );
    } catch (error) {
      // Unsent: the link goes, so the next refused attempt tries again at once.
      await db.deleteFrom("login_unlocks").where("token_hash", "=", link.hash).execute();
      throw error;
    }
    deps.logger?.info("unlock link e-mailed", { userId: user.id });
    await deps.audit.record({
      user,
      action: "unlock_sent",
      entityType: "User",
      entityId: user.id,
      address,
    });
  }

  return {
    /**
     * The per-account ceiling refused an attempt on `email` from `address`: e-mails the account, if there is
     * one, an unlock link (at most one per UNLOCK_RESEND_MINUTES). After the answer, never on its path: the
     * refusal reads the same whether an account exists or the mail went out. Failures are logged.
     */
    offer(email: string, address: string): void {
      void send(email, address).catch((error: unknown) =>
        deps.logger?.error("unlock link not sent", { ...errorFields(error) }),
      );
    },

    /** Whether the link works (for the page that shows its button); changes nothing. */
    async check(token: string | null | undefined): Promise<UnlockCheck> {
      const hash = validHash(token);
      const link = hash ? await findLink(db, hash) : undefined;
      if (!link || link.used_at) return { status: "invalid" };
      if (link.expires_at <= new Date().toISOString()) return { status: "expired" };
      return { status: "valid", email: link.email };
    },

    /** The button: uses the link up (and every other link of the account) and names the account it opens. */
    async redeem(token: string | null | undefined): Promise<UnlockResult> {
      const hash = validHash(token);
      if (!hash) return { status: "invalid" };
      return db.transaction().execute(async (trx) => {
        const link = await findLink(trx, hash);
        if (!link || link.used_at) return { status: "invalid" } as const;
        const now = new Date().toISOString();
        if (link.expires_at <= now) return { status: "expired" } as const;
        // Claimed by marking it used: of two clicks at once, only one finds it unused. Every other link of the
        // account closes with it; the rows stay until they expire, so the re-send limit still counts them.
        const claimed = await trx
          .updateTable("login_unlocks")
          .set({ used_at: now })
          .where("token_hash", "=", hash)
          .where("used_at", "is", null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return { status: "invalid" } as const;
        await trx
          .updateTable("login_unlocks")
          .set({ used_at: now })
          .where("user_id", "=", link.user_id)
          .where("used_at", "is", null)
          .execute();
        return { status: "unlocked", user: { id: link.user_id, email: link.email, name: link.name } } as const;
      });
    },
  };
}

export type LoginUnlocks = ReturnType<typeof createLoginUnlocks>;
