/**
 * Contact requests from the public form and POST /api/contact. Validated with the form's own
 * schema, stored for the back office. A filled honeypot gets the same answer and stores nothing.
 */

import { toFieldErrors } from "../../domain/field-errors.ts";
import { heApi } from "../../domain/i18n/api.ts";
import { contactSchema } from "../../domain/schemas/contact.ts";
import { HONEYPOT_FIELD } from "../../domain/schemas/fields.ts";
import type { DB } from "../db/database.ts";
import { ValidationError } from "../errors.ts";

/** True when the invisible field holds anything: only a program fills what no person can see. */
export function isBot(payload: Record<string, unknown>): boolean {
  const trap = payload[HONEYPOT_FIELD];
  return typeof trap === "string" ? trap.trim() !== "" : trap !== undefined && trap !== null;
}

export function createContactService(db: DB) {
  return {
    /**
     * Validates and stores a request. Throws ValidationError (422, Hebrew messages per field).
     * `stored` is for logs and tests only; callers must answer the same either way.
     */
    async submit(payload: Record<string, unknown>): Promise<{ stored: boolean }> {
      if (isBot(payload)) return { stored: false };
      const parsed = contactSchema.safeParse(payload);
      if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error), heApi.validation);
      await db
        .insertInto("contact_requests")
        .values({ ...parsed.data, created_at: new Date().toISOString() })
        .execute();
      return { stored: true };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
