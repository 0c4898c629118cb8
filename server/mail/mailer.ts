/**
 * Outgoing e-mail through an SMTP server (nodemailer), configured by SMTP_URL and MAIL_FROM. Without
 * SMTP_URL the mailer is off: callers check `enabled` and nothing is sent (the club's members then stay
 * "pending confirmation"; server/main.ts says so once in the log at start-up).
 */
import { createTransport, type Transporter } from "nodemailer";

export interface MailMessage {
  /** The sender's display name (the bakery's name); the address is MAIL_FROM's. */
  fromName?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** More headers: a club e-mail's `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 2369, RFC 8058). */
  headers?: Record<string, string>;
  /** A stable Message-ID: a message sent again after a crash is the same message to the mail client. */
  messageId?: string;
}

export interface Mailer {
  readonly enabled: boolean;
  /** Hands the message to the SMTP server; rejects when it refuses or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** No SMTP server configured. */
export const disabledMailer: Mailer = {
  enabled: false,
  send: () => Promise.reject(new Error("no SMTP server configured (SMTP_URL)")),
  close: () => {},
};

/** Connection and greeting limits: a mail server that does not answer must not hold a send for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer(options: { smtpUrl?: string; from: string }): Mailer {
  if (!options.smtpUrl) return disabledMailer;
  // smtp://user:pass@host:587 (STARTTLS when offered), smtps://…:465 (TLS from the start).
  const transport: Transporter = createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    enabled: true,
    async send({ fromName, ...message }) {
      await transport.sendMail({ ...message, from: { name: fromName ?? "", address: options.from } });
    },
    close: () => transport.close(),
  };
}
