/**
 * Customer-club sign-up (spec §7 `POST /api/client/create`: email): the address only. Submitting is the
 * consent (the sentence next to the button says so, heForms.club.consentNotice); the address is then
 * confirmed by the link in an e-mail (double opt-in, server/services/clients.ts) before any club mail.
 */
import { z } from "zod";
import { heForms } from "../i18n/forms.ts";
import { emailField } from "./contact.ts";

const m = heForms.club.errors;

export const clubSchema = z.object({
  email: emailField({ required: m.emailRequired, invalid: m.emailInvalid, tooLong: m.emailTooLong }).transform((v) =>
    v.toLowerCase(),
  ),
});

export type ClubInput = z.output<typeof clubSchema>;
