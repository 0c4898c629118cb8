/**
 * Customer-club sign-up: an e-mail and an explicit opt-in (unticked by default). The opt-in is
 * required: the club sends marketing e-mail, which Israeli law allows only with prior consent.
 */
import { z } from "zod";
import { heForms } from "../i18n/forms.ts";
import { emailField } from "./contact.ts";
import { isTicked } from "./fields.ts";

const m = heForms.club.errors;

export const clubSchema = z.object({
  email: emailField({ required: m.emailRequired, invalid: m.emailInvalid, tooLong: m.emailTooLong }).transform((v) =>
    v.toLowerCase(),
  ),
  consent: z
    .unknown()
    .refine(isTicked, m.consentRequired)
    .transform(() => true as const),
});

export type ClubInput = z.output<typeof clubSchema>;
