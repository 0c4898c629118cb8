/**
 * The contact form (spec §3: name, email, phone, message), checked the same way in the browser
 * and on the server. Messages are the Hebrew ones shown under each field.
 */
import { z } from "zod";
import { heForms } from "../i18n/forms.ts";
import { parseIsraeliPhone } from "../phone.ts";
import { asString } from "./common.ts";
import { CONTACT_LIMITS, multiLine, singleLine } from "./fields.ts";

const m = heForms.contact.errors;

export const emailField = (messages: { required: string; invalid: string; tooLong: string }) =>
  asString.transform(singleLine).pipe(
    z
      .string()
      .min(1, messages.required)
      .max(CONTACT_LIMITS.email, messages.tooLong)
      .pipe(z.email({ error: messages.invalid })),
  );

export const contactSchema = z.object({
  name: asString.transform(singleLine).pipe(z.string().min(1, m.nameRequired).max(CONTACT_LIMITS.name, m.nameTooLong)),
  email: emailField({ required: m.emailRequired, invalid: m.emailInvalid, tooLong: m.emailTooLong }),
  phone: asString.transform(singleLine).transform((value, ctx) => {
    if (!value) {
      ctx.issues.push({ code: "custom", message: m.phoneRequired, input: value });
      return z.NEVER;
    }
    const phone = parseIsraeliPhone(value);
    if (!phone) {
      ctx.issues.push({ code: "custom", message: m.phoneInvalid, input: value });
      return z.NEVER;
    }
    // Stored in one canonical form (050-1234567) whatever separators were typed.
    return phone.display;
  }),
  message: asString
    .transform(multiLine)
    .pipe(z.string().min(1, m.messageRequired).max(CONTACT_LIMITS.message, m.messageTooLong)),
});

export type ContactInput = z.output<typeof contactSchema>;
