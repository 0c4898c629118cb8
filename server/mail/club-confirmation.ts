/**
 * The club's confirmation e-mail: Hebrew, right-to-left HTML with a plain-text twin, the bakery's name
 * from the site settings, and the one-time link to /club/confirm.
 */
import { heMail } from "../../domain/i18n/mail.ts";
import { linkMessage } from "./link-message.ts";
import type { MailMessage } from "./mailer.ts";

export function clubConfirmationMessage(input: {
  to: string;
  brand: string;
  link: string;
  validDays: number;
}): MailMessage {
  return linkMessage(heMail.clubConfirmation, { ...input, validFor: input.validDays });
}
