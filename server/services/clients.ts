/**
 * Customer-club members: the public sign-up with double opt-in. Staff management lives in admin/clients.ts.
 *
 * A sign-up records the member as pending confirmation with the consent record (when, from which form,
 * from which address, and the version of the consent sentence shown next to the button), then e-mails a
 * one-time link to /club/confirm. The e-mail leaves after the answer (never on the request's path): a
 * failure to send loses nothing — the member stays pending and can sign up again to get a new link.
 * Signing up twice is not an error and reveals nothing: every sign-up gets the same answer.
 */

import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { toFieldErrors } from "../../domain/field-errors.ts";
import { heApi } from "../../domain/i18n/api.ts";
import { heForms } from "../../domain/i18n/forms.ts";
import { clubSchema } from "../../domain/schemas/club.ts";
import type { DB } from "../db/database.ts";
import { ValidationError } from "../errors.ts";
import { errorFields, type Logger } from "../log.ts";
import { clubConfirmationMessage } from "../mail/club-confirmation.ts";
import { disabledMailer, type Mailer } from "../mail/mailer.ts";
import type { AuditService } from "./audit/index.ts";
import { isBot } from "./contact.ts";
import { DEFAULT_SETTINGS } from "./settings.ts";

/** Where a member came from: our own sign-up (page or API), or added by staff. */
export type ClientSource = "site" | "admin";

/** The consent's origin: the /club page's form (with or without JavaScript) or `POST /api/client/create`. */
export interface ConsentOrigin {
  source: "page" | "api";
  /** The client's address, as the rate limits see it. */
  address: string;
}

/** How long a confirmation link works. */
export const CONFIRMATION_VALID_DAYS = 7;
/** A pending address submitted again gets a new e-mail at most this often. */
export const CONFIRMATION_RESEND_MINUTES = 10;

const DAY_MS = 24 * 60 * 60 * 1000;
/** 32 random bytes in base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** The stored hash of a link's token, or null when the token cannot be one of ours. */
const validHash = (token: string | null) => (token && TOKEN_PATTERN.test(token) ? hashToken(token) : null);

/** A confirmation link by its token's hash, with its member's address. */
function findLink(db: DB, hash: string) {
  return db
    .selectFrom("client_confirmations")
    .innerJoin("clients", "clients.id", "client_confirmations.client_id")
    .select(["client_confirmations.client_id", "client_confirmations.expires_at", "clients.email"])
    .where("client_confirmations.token_hash", "=", hash)
    .executeTakeFirst();
}

export type ConfirmResult =
  | { status: "confirmed"; email: string }
  /** `check` only: the link works and is waiting for the member's click. */
  | { status: "valid"; email: string }
  /** Missing, malformed, unknown or already used. */
  | { status: "invalid" }
  | { status: "expired" };

export interface ClientsDeps {
  mailer?: Mailer;
  logger?: Logger;
  /** Absolute base URL of the site, for the link in the e-mail. */
  publicUrl?: string;
  /** The bakery's name for the e-mail (the site settings'). */
  brand?: () => Promise<string>;
  /**
   * The secret the unsubscribe links are signed with (SESSION_SECRET's, through a key of their own); a random
   * one per process when absent (links then stop working at a restart).
   */
  linkSecret?: string;
  /** MAIL_UNSUBSCRIBE: an address staff read, named as the mailto of `List-Unsubscribe` when set. */
  unsubscribeMailto?: string;
  /** Where unsubscribing and erasing are recorded (an id and counts only). */
  audit?: AuditService;
}

/**
 * An unsubscribe link's token: the member's id and an HMAC-SHA256 of the id and the address under a key used
 * for nothing else. Unguessable without the key; a link stops working when the address changes or the member
 * is gone (ids are never reused). The id is the only thing the address shows of the member.
 */
const UNSUBSCRIBE_TOKEN = /^([1-9][0-9]{0,14})\.([A-Za-z0-9_-]{43})$/;

/** What a visitor asks for on the unsubscribe page (or a mail provider's one-click POST: `leave`). */
export type UnsubscribeIntent = "leave" | "erase";

export function createClientsService(db: DB, deps: ClientsDeps = {}) {
  const mailer = deps.mailer ?? disabledMailer;
  const publicUrl = (deps.publicUrl ?? "http://localhost:3000").replace(/\/+$/, "");
  // A key of its own, derived from the secret: an unsubscribe signature is worth nothing anywhere else.
  const unsubscribeKey = createHmac("sha256", deps.linkSecret ?? randomBytes(32))
    .update("club-unsubscribe-v1")
    .digest();
  const signature = (id: number, email: string) =>
    createHmac("sha256", unsubscribeKey).update(`${id}:${email.toLowerCase()}`).digest();

  /** The member's unsubscribe page: `/club/unsubscribe?token=…` (the same link works for the one-click POST). */
  function unsubscribeLink(id: number, email: string): string {
    return `${publicUrl}/club/unsubscribe?token=${id}.${signature(id, email).toString("base64url")}`;
  }

  /** The headers of RFC 2369 / RFC 8058 for a club e-mail to this member. */
  function unsubscribeHeaders(id: number, email: string): Record<string, string> {
    const targets = [`<${unsubscribeLink(id, email)}>`];
    if (deps.unsubscribeMailto) targets.push(`<mailto:${deps.unsubscribeMailto}?subject=unsubscribe>`);
    return { "List-Unsubscribe": targets.join(", "), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
  }

  /** The member a token names, or null: malformed, forged, tampered, stale (another address) or gone alike. */
  async function memberOf(trx: DB, token: string): Promise<{ id: number; email: string } | null> {
    const match = UNSUBSCRIBE_TOKEN.exec(token);
    if (!match) return null;
    const id = Number(match[1]);
    const given = Buffer.from(match[2] ?? "", "base64url");
    const member = await trx.selectFrom("clients").select(["id", "email"]).where("id", "=", id).executeTakeFirst();
    if (!member) return null;
    const expected = signature(member.id, member.email);
    return given.length === expected.length && timingSafeEqual(given, expected) ? member : null;
  }

  /**
   * Claims the right to e-mail this pending member now: at most one e-mail per CONFIRMATION_RESEND_MINUTES,
   * decided by one conditional UPDATE, so two sign-ups at once cannot both send.
   */
  async function claimSend(id: number, now: Date): Promise<boolean> {
    const before = new Date(now.getTime() - CONFIRMATION_RESEND_MINUTES * 60_000).toISOString();
    const result = await db
      .updateTable("clients")
      .set({ confirmation_sent_at: now.toISOString() })
      .where("id", "=", id)
      .where("confirmed_at", "is", null)
      .where((eb) => eb.or([eb("confirmation_sent_at", "is", null), eb("confirmation_sent_at", "<", before)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A new one-time link for the member; only its hash is stored (and returned, for a clean-up). */
  async function newLink(id: number, now: Date): Promise<{ link: string; tokenHash: string }> {
    const token = randomBytes(32).toString("base64url");
    const tokenHash = hashToken(token);
    await db
      .insertInto("client_confirmations")
      .values({
        token_hash: tokenHash,
        client_id: id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CONFIRMATION_VALID_DAYS * DAY_MS).toISOString(),
      })
      .execute();
    return { link: `${publicUrl}/club/confirm?token=${token}`, tokenHash };
  }

  /**
   * Sends the confirmation e-mail after the answer. A failure is logged and releases the claim and the
   * link, so the next sign-up of the address tries again at once.
   */
  function sendLater(id: number, email: string, now: Date): void {
    void (async () => {
      let tokenHash: string | undefined;
      try {
        const { link, tokenHash: hash } = await newLink(id, now);
        tokenHash = hash;
        const brand = (await deps.brand?.()) || DEFAULT_SETTINGS.brandName;
        await mailer.send(
          clubConfirmationMessage({
            to: email,
            brand,
            link,
            validDays: CONFIRMATION_VALID_DAYS,
            unsubscribe: unsubscribeLink(id, email),
            headers: unsubscribeHeaders(id, email),
          }),
        );
        deps.logger?.info("club confirmation e-mail sent", { clientId: id });
      } catch (error) {
        deps.logger?.error("club confirmation e-mail failed; the member stays pending", {
          clientId: id,
          ...errorFields(error),
        });
        try {
          // One transaction: the unsent link goes and the re-send limit is released together, so the next
          // sign-up never meets one without the other.
          await db.transaction().execute(async (trx) => {
            if (tokenHash) await trx.deleteFrom("client_confirmations").where("token_hash", "=", tokenHash).execute();
            await trx
              .updateTable("clients")
              .set({ confirmation_sent_at: null })
              .where("id", "=", id)
              .where("confirmation_sent_at", "=", now.toISOString())
              .execute();
          });
        } catch (cleanup) {
          deps.logger?.error("club confirmation clean-up failed", { clientId: id, ...errorFields(cleanup) });
        }
      }
    })();
  }

  /**
   * Records the sign-up. A new address becomes a pending member with its consent record. A member added by
   * staff without consent gets the consent record now and is pending until confirmed (never "confirmed"
   * by someone typing the address). A pending member keeps the first consent record; a confirmed member
   * is left as is. Pending members are e-mailed a link (at most once per CONFIRMATION_RESEND_MINUTES).
   */
  async function signUp(email: string, origin: ConsentOrigin): Promise<void> {
    const address = email.trim().toLowerCase();
    const now = new Date();
    const at = now.toISOString();
    const consent = {
      consent_at: at,
      consent_source: origin.source,
      consent_address: origin.address.slice(0, 100),
      consent_version: heForms.club.consentVersion,
    };
    await db
      .insertInto("clients")
      .values({ email: address, source: "site", ...consent, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    await db
      .updateTable("clients")
      .set({ ...consent, updated_at: at })
      .where("email", "=", address)
      .where("consent_at", "is", null)
      .execute();
    const member = await db
      .selectFrom("clients")
      .select(["id", "confirmed_at"])
      .where("email", "=", address)
      .executeTakeFirst();
    if (!member || member.confirmed_at || !mailer.enabled) return;
    if (await claimSend(member.id, now)) sendLater(member.id, address, now);
  }

  return {
    signUp,
    unsubscribeLink,
    unsubscribeHeaders,

    /** Whether a token has the shape of an unsubscribe token (all a page may say before the click). */
    isUnsubscribeToken: (token: string | null): token is string => token !== null && UNSUBSCRIBE_TOKEN.test(token),

    /**
     * The unsubscribe page's button or a mail provider's one-click POST. `leave` deletes the member (and its
     * confirmation links) for good — not into the trash: the address is what they asked us to stop using.
     * `erase` does the same and also deletes what else the site holds under the address: contact requests
     * sent from it and copies of such records or of the member in the trash (docs/decisions/club-unsubscribe.md).
     * The answer is the same whatever the token names — a member, nobody, a forged or a used link — so the
     * link says nothing about who is a member; doing it twice changes nothing the second time. Each removal is
     * audited under the member's id, with counts, never the address.
     */
    async unsubscribe(token: string, intent: UnsubscribeIntent): Promise<void> {
      const done = await db.transaction().execute(async (trx) => {
        const member = await memberOf(trx, token);
        if (!member) return null;
        await trx.deleteFrom("client_confirmations").where("client_id", "=", member.id).execute();
        const removed = await trx.deleteFrom("clients").where("id", "=", member.id).executeTakeFirst();
        // Of two clicks at once, only the one that deleted the row goes on (and is audited).
        if (Number(removed.numDeletedRows) !== 1) return null;
        if (intent === "leave") return { id: member.id, contactRequests: 0, trash: 0 };
        const address = member.email.toLowerCase();
        const requests = await trx
          .deleteFrom("contact_requests")
          .where((eb) => eb(eb.fn("lower", ["email"]), "=", address))
          .executeTakeFirst();
        // Trashed members and contact requests are JSON snapshots: those of this address go too.
        const trashed = await trx
          .selectFrom("trash")
          .select(["id", "data"])
          .where("entity_type", "in", ["Client", "ContactRequest"])
          .execute();
        const ofAddress = trashed
          .filter((entry) => {
            const row = (JSON.parse(entry.data) as { row?: { email?: unknown } }).row;
            return typeof row?.email === "string" && row.email.toLowerCase() === address;
          })
          .map((entry) => entry.id);
        if (ofAddress.length) {
          await trx.deleteFrom("trash").where("id", "in", ofAddress).execute();
          await trx
            .deleteFrom("jobs")
            .where("kind", "=", "trash_purge")
            .where("key", "in", ofAddress.map(String))
            .where("state", "!=", "running")
            .execute();
        }
        return { id: member.id, contactRequests: Number(requests.numDeletedRows), trash: ofAddress.length };
      });
      if (!done) return;
      deps.logger?.info(intent === "erase" ? "club member erased" : "club member unsubscribed", { clientId: done.id });
      try {
        await deps.audit?.record({
          user: null,
          action: intent === "erase" ? "erase" : "unsubscribe",
          entityType: "Client",
          entityId: done.id,
          changes:
            intent === "erase"
              ? [
                  { field: "contact_requests_erased", to: done.contactRequests },
                  { field: "trash_erased", to: done.trash },
                ]
              : [],
          // Nobody signed in, and the address a one-click POST comes from is the mail provider's: none is kept.
          address: "",
        });
      } catch (error) {
        deps.logger?.error("audit entry not recorded", { clientId: done.id, ...errorFields(error) });
      }
    },

    /** The public form and POST /api/client/create: validate the e-mail, then sign up. */
    async join(payload: Record<string, unknown>, origin: ConsentOrigin): Promise<{ stored: boolean }> {
      if (isBot(payload)) return { stored: false };
      const parsed = clubSchema.safeParse(payload);
      if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error), heApi.validation);
      await signUp(parsed.data.email, origin);
      return { stored: true };
    },

    /**
     * The e-mail's link opened (GET): says whether it works, and changes nothing. Mail scanners and link
     * previews open every link in a message; only the member's own click on the page (`confirm`) confirms.
     */
    async check(token: string | null): Promise<ConfirmResult> {
      const hash = validHash(token);
      if (!hash) return { status: "invalid" };
      const link = await findLink(db, hash);
      if (!link) return { status: "invalid" };
      if (link.expires_at <= new Date().toISOString()) return { status: "expired" };
      return { status: "valid", email: link.email };
    },

    /**
     * The page's button (POST): confirms the member and deletes every link of theirs (each works once). An
     * expired link is deleted too; the member stays pending and may sign up again.
     */
    async confirm(token: string | null): Promise<ConfirmResult> {
      const hash = validHash(token);
      if (!hash) return { status: "invalid" };
      return db.transaction().execute(async (trx) => {
        const link = await findLink(trx, hash);
        if (!link) return { status: "invalid" } as const;
        // Claimed by deleting it: of two clicks at once, only one finds it still there.
        const claimed = await trx.deleteFrom("client_confirmations").where("token_hash", "=", hash).executeTakeFirst();
        if (Number(claimed.numDeletedRows) !== 1) return { status: "invalid" } as const;
        const now = new Date().toISOString();
        if (link.expires_at <= now) return { status: "expired" } as const;
        await trx
          .updateTable("clients")
          .set({ confirmed_at: now, updated_at: now })
          .where("id", "=", link.client_id)
          .where("confirmed_at", "is", null)
          .execute();
        await trx.deleteFrom("client_confirmations").where("client_id", "=", link.client_id).execute();
        return { status: "confirmed", email: link.email } as const;
      });
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
