/**
 * Server-side sessions. The browser holds only a random identifier in an HttpOnly cookie; the
 * database holds its SHA-256, the user and the timeouts, so several app servers can share sessions.
 * Visitors get an identifier too (no database row, signed by the server so a client cannot choose it)
 * so that the XSRF token can be bound to it. Cookies are only issued on GET/HEAD: a refused cross-site
 * POST (419) never replaces the session cookie of the browser it came from.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import type { Ability, SessionUser } from "../../domain/permissions.ts";
import type { DB } from "../db/database.ts";

export const SESSION_COOKIE = "bakery_sid";
/** Over HTTPS the session and known-device cookies carry the `__Host-` prefix (Secure, Path=/, no Domain). */
export const HOST_PREFIX = "__Host-";
export const KNOWN_DEVICE_COOKIE = "bakery_known";
/** How many accounts one browser remembers having signed in to. */
const KNOWN_DEVICE_SLOTS = 5;
const KNOWN_DEVICE_MAX_AGE = 365 * 24 * 60 * 60;
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";
export const XSRF_FIELD = "_token";

/** Idle and absolute lifetimes; "remember me" stretches both. */
export const TIMEOUTS = {
  normal: { idleMs: 2 * 60 * 60 * 1000, absoluteMs: 12 * 60 * 60 * 1000 },
  remember: { idleMs: 30 * 24 * 60 * 60 * 1000, absoluteMs: 30 * 24 * 60 * 60 * 1000 },
};
/** last_seen_at is written at most this often, so reading pages does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface AuthState {
  /** Raw cookie value (never stored). */
  sid: string;
  user: SessionUser | null;
  csrfToken: string;
}

/** `ability`: what `requireAbility` let the request do (the audit log's fallback description of a write). */
export type AuthEnv = { Variables: { auth: AuthState; ability?: Ability } };

export function hashSid(sid: string): string {
  return createHash("sha256").update(sid).digest("hex");
}

function newSid(): string {
  return randomBytes(32).toString("base64url");
}

function validSidShape(value: string | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

const mac = (secret: string, purpose: string, value: string) =>
  createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url").slice(0, 22);

/** A visitor's identifier: random part + the server's MAC of it (`random.mac`). */
function newAnonymousSid(secret: string): string {
  const random = newSid();
  return `${random}.${mac(secret, "anon", random)}`;
}

function validAnonymousSid(secret: string, value: string | undefined): value is string {
  if (typeof value !== "string" || !/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/.test(value)) return false;
  const [random, given] = value.split(".") as [string, string];
  return tokensMatch(mac(secret, "anon", random), given);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function csrfTokenFor(secret: string, sid: string): string {
  return createHmac("sha256", secret).update(`xsrf:${sid}`).digest("base64url");
}

export function tokensMatch(expected: string, given: string | undefined | null): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface SessionOptions {
  db: DB;
  secret: string;
  secure: boolean;
}

export function createSessionManager(options: SessionOptions) {
  const { db, secret, secure } = options;
  const sessionCookie = secure ? HOST_PREFIX + SESSION_COOKIE : SESSION_COOKIE;
  const knownDeviceCookie = secure ? HOST_PREFIX + KNOWN_DEVICE_COOKIE : KNOWN_DEVICE_COOKIE;
  const knownDeviceMark = (email: string) => mac(secret, "known-device", email);

  /** What every cookie of ours has: the whole site, SameSite=Lax, Secure over HTTPS; a lifetime when given. */
  const cookieOptions = (httpOnly: boolean, maxAgeSeconds?: number): CookieOptions => ({
    path: "/",
    httpOnly,
    sameSite: "Lax",
    secure,
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
  });

  function writeCookies(c: Context, sid: string, token: string, maxAgeSeconds?: number) {
    setCookie(c, sessionCookie, sid, cookieOptions(true, maxAgeSeconds));
    // Readable by script on purpose: the admin's API client echoes it in X-XSRF-TOKEN.
    setCookie(c, XSRF_COOKIE, token, cookieOptions(false, maxAgeSeconds));
  }

  async function loadUser(sid: string): Promise<SessionUser | null> {
    const row = await db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select([
        "sessions.id as sessionId",
        "sessions.remember",
        "sessions.created_at",
        "sessions.last_seen_at",
        "sessions.expires_at",
        "users.id",
        "users.name",
        "users.email",
        "users.role",
      ])
      .where("sessions.id", "=", hashSid(sid))
      .executeTakeFirst();
    if (!row) return null;
    const now = Date.now();
    const timeouts = row.remember ? TIMEOUTS.remember : TIMEOUTS.normal;
    const idleExpired = now - Date.parse(row.last_seen_at) > timeouts.idleMs;
    const absoluteExpired = now > Date.parse(row.expires_at);
    if (idleExpired || absoluteExpired) {
      await db.deleteFrom("sessions").where("id", "=", row.sessionId).execute();
      return null;
    }
    if (now - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
      await db
        .updateTable("sessions")
        .set({ last_seen_at: new Date(now).toISOString() })
        .where("id", "=", row.sessionId)
        .execute();
    }
    return { id: row.id, name: row.name, email: row.email, role: row.role };
  }

  /** Reads the session cookie (issuing one to new visitors) and sets `auth` on the context. */
  const middleware: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const cookie = getCookie(c, sessionCookie);
    const safe = SAFE_METHODS.has(c.req.method);
    let sid: string;
    const user = validSidShape(cookie) ? await loadUser(cookie) : null;
    if (user || validAnonymousSid(secret, cookie)) {
      sid = cookie as string;
    } else {
      // An unknown or expired identifier is replaced on the next page view. A POST keeps it for this
      // request only: its XSRF token was never handed out, so the request is refused, and no cookie is set.
      sid = !safe && typeof cookie === "string" && cookie ? cookie : newAnonymousSid(secret);
    }
    const csrfToken = csrfTokenFor(secret, sid);
    c.set("auth", { sid, user, csrfToken });
    if (safe && (sid !== cookie || getCookie(c, XSRF_COOKIE) !== csrfToken)) writeCookies(c, sid, csrfToken);
    await next();
  };

  return {
    middleware,

    /** Starts a signed-in session with a fresh identifier (the old one is dropped: no fixation). */
    async signIn(c: Context, user: SessionUser, remember: boolean): Promise<AuthState> {
      const previous = (c as Context<AuthEnv>).get("auth");
      if (previous) await db.deleteFrom("sessions").where("id", "=", hashSid(previous.sid)).execute();
      const sid = newSid();
      const now = new Date();
      const timeouts = remember ? TIMEOUTS.remember : TIMEOUTS.normal;
      const csrfToken = csrfTokenFor(secret, sid);
      await db
        .insertInto("sessions")
        .values({
          id: hashSid(sid),
          user_id: user.id,
          csrf_token: csrfToken,
          remember: remember ? 1 : 0,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + timeouts.absoluteMs).toISOString(),
        })
        .execute();
      writeCookies(c, sid, csrfToken, remember ? Math.floor(timeouts.absoluteMs / 1000) : undefined);
      const state = { sid, user, csrfToken };
      (c as Context<AuthEnv>).set("auth", state);
      return state;
    },

    /** Ends the session: the row is deleted and the visitor gets a new anonymous identifier. */
    async signOut(c: Context): Promise<void> {
      const previous = (c as Context<AuthEnv>).get("auth");
      if (previous) await db.deleteFrom("sessions").where("id", "=", hashSid(previous.sid)).execute();
      const sid = newAnonymousSid(secret);
      const csrfToken = csrfTokenFor(secret, sid);
      writeCookies(c, sid, csrfToken);
      (c as Context<AuthEnv>).set("auth", { sid, user: null, csrfToken });
    },

    /** Marks this browser as one that has signed in to `email` (a signed, HttpOnly cookie; a few accounts kept). */
    rememberDevice(c: Context, email: string): void {
      const mark = knownDeviceMark(email);
      const marks = (getCookie(c, knownDeviceCookie) ?? "").split(".").filter((m) => /^[A-Za-z0-9_-]{22}$/.test(m));
      const kept = [mark, ...marks.filter((m) => m !== mark)].slice(0, KNOWN_DEVICE_SLOTS);
      setCookie(c, knownDeviceCookie, kept.join("."), cookieOptions(true, KNOWN_DEVICE_MAX_AGE));
    },

    /** Whether this browser has signed in to `email` before. */
    isKnownDevice(c: Context, email: string): boolean {
      const mark = knownDeviceMark(email);
      return (getCookie(c, knownDeviceCookie) ?? "").split(".").some((m) => tokensMatch(mark, m));
    },
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;

/** Removes expired rows; called now and then so the table does not grow forever. */
export async function purgeExpiredSessions(db: DB): Promise<void> {
  await db.deleteFrom("sessions").where("expires_at", "<", new Date().toISOString()).execute();
}
