/**
 * Customer-club members. This module holds the public sign-up; staff management is added
 * alongside it by the back office. Signing up twice is not an error and reveals nothing.
 */

import { toFieldErrors } from "../../domain/field-errors.ts";
import { heApi } from "../../domain/i18n/api.ts";
import { clubSchema } from "../../domain/schemas/club.ts";
import type { DB } from "../db/database.ts";
import { ValidationError } from "../errors.ts";
import { isBot } from "./contact.ts";

/** Where a member came from: our own sign-up page, or added by staff. */
export type ClientSource = "site" | "admin";

export function createClientsService(db: DB) {
  /**
   * Adds the address with the time of consent and its source. An address already on the list is
   * left as it is, except that a member without recorded consent (added by staff) gets it now.
   */
  async function signUp(email: string, source: ClientSource): Promise<void> {
    const address = email.trim().toLowerCase();
    const now = new Date().toISOString();
    await db
      .insertInto("clients")
      .values({ email: address, source, consent_at: now, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    await db
      .updateTable("clients")
      .set({ consent_at: now, source, updated_at: now })
      .where("email", "=", address)
      .where("consent_at", "is", null)
      .execute();
  }

  return {
    signUp,

    /** The public form and POST /api/client/create: validate (e-mail, explicit opt-in), then sign up. */
    async join(payload: Record<string, unknown>, source: ClientSource = "site"): Promise<{ stored: boolean }> {
      if (isBot(payload)) return { stored: false };
      const parsed = clubSchema.safeParse(payload);
      if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error), heApi.validation);
      await signUp(parsed.data.email, source);
      return { stored: true };
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
