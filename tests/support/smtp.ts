/**
 * A local SMTP server for tests (the `smtp-server` package) on 127.0.0.1 and a free port: it keeps every
 * message it accepts, decodes the MIME parts the site sends (quoted-printable or base64 text and HTML), and
 * can be told to refuse messages, as a mail server that is down or full would.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The decoded Subject and From headers. */
  subject: string;
  fromHeader: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> — what SMTP_URL would be. */
  url: string;
  messages: ReceivedMail[];
  /** The next message to arrive (or the oldest one not yet taken). */
  next(): Promise<ReceivedMail>;
  /** While true, every message is refused with 451 (a temporary failure). */
  refuse: boolean;
  close(): Promise<void>;
}

function decodeBody(body: string, encoding: string, charset = "utf-8"): string {
  const bytes =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, "")
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            "latin1",
          )
        : Buffer.from(body, "latin1");
  return new TextDecoder(charset).decode(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? decodeBody(text, "base64", charset)
        : decodeBody(text.replace(/_/g, " "), "quoted-printable", charset),
    );
}

/** A header of a received message, unfolded (not decoded): `List-Unsubscribe`, `List-Unsubscribe-Post`… */
export function mailHeader(mail: ReceivedMail, name: string): string {
  return headerOf(mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n")), name);
}

function headerOf(block: string, name: string): string {
  const unfolded = block.replace(/\r?\n[ \t]+/g, " ");
  return unfolded.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";
}

/** The text/plain and text/html parts of a message (one level of multipart is what nodemailer writes). */
function parse(raw: string): Pick<ReceivedMail, "subject" | "fromHeader" | "text" | "html"> {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const found = {
    subject: decodeHeader(headerOf(head, "Subject")),
    fromHeader: decodeHeader(headerOf(head, "From")),
    text: "",
    html: "",
  };
  const boundary = headerOf(head, "Content-Type").match(/boundary="?([^";]+)"?/)?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\r\n\r\n${body}`];
  for (const part of parts) {
    const at = part.indexOf("\r\n\r\n");
    const partHead = part.slice(0, at);
    const type = headerOf(partHead, "Content-Type").toLowerCase();
    const content = decodeBody(
      part.slice(at + 4).replace(/\r\n$/, ""),
      headerOf(partHead, "Content-Transfer-Encoding").toLowerCase(),
    );
    if (type.startsWith("text/plain")) found.text = content;
    if (type.startsWith("text/html")) found.html = content;
  }
  return found;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  let taken = 0;
  const state: TestSmtpServer = {
    url: "",
    messages,
    refuse: false,
    next() {
      const ready = messages[taken];
      if (ready) {
        taken++;
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.refuse) {
          const error = new Error("Mailbox temporarily unavailable") as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("latin1");
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parse(raw),
        };
        messages.push(mail);
        callback();
        const resolve = waiting.shift();
        if (resolve) {
          taken++;
          resolve(mail);
        }
      });
    },
  });
  // A client that dies mid-session (a server killed by a test or a benchmark) resets its connection: that client's
  // error, not this server's, which goes on accepting others.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}
