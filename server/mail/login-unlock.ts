/** A locked staff account's unlock e-mail (issue 31): the one-time link to /login?unlock=…. */
import { heMail } from "../../domain/i18n/mail.ts";
import { linkMessage } from "./link-message.ts";
import type { MailMessage } from "./mailer.ts";

export function loginUnlockMessage(input: {
  to: string;
  brand: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  return linkMessage(heMail.loginUnlock, { ...input, validFor: input.validMinutes });
}
