/**
 * The club's confirmation e-mail: Hebrew, right-to-left HTML with a plain-text twin, the bakery's name
 * from the site settings, the one-time link to /club/confirm, and — as every club e-mail — the member's
 * unsubscribe link in the text and in the `List-Unsubscribe` headers (services/clients.ts).
 */
import { heMail } from "../../domain/i18n/mail.ts";
import { linkMessage } from "./link-message.ts";
import type { MailMessage } from "./mailer.ts";

export function clubConfirmationMessage(input: {
  to: string;
  brand: string;
  link: string;
  validDays: number;
  /** The member's unsubscribe page. */
  unsubscribe: string;
  /** `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  headers: Record<string, string>;
}): MailMessage {
  const { headers, ...rest } = input;
  return { ...linkMessage(heMail.clubConfirmation, { ...rest, validFor: input.validDays }), headers };
}
