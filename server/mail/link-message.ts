/**
 * The site's e-mails that carry one link to act on (the club's confirmation, a staff account's unlock link):
 * Hebrew, right-to-left HTML with a plain-text twin, the bakery's name as sender and heading, the link as a
 * button and again as text for mail clients that drop buttons.
 */
import { escapeHtml } from "../http/error-page.ts";
import type { MailMessage } from "./mailer.ts";

/** The words of such an e-mail (heMail's entries have this shape); `validFor` is the link's days or minutes. */
export interface LinkMessageStrings {
  subject(brand: string): string;
  greeting: string;
  intro(brand: string): string;
  action: string;
  button: string;
  linkFallback: string;
  expires(validFor: number): string;
  ignore: string;
  signature(brand: string): string;
  /** Club e-mails: the sentence before the unsubscribe link, and the link's words. */
  unsubscribe?: { before: string; link: string };
}

export function linkMessage(
  strings: LinkMessageStrings,
  input: { to: string; brand: string; link: string; validFor: number; unsubscribe?: string },
): MailMessage {
  const { brand, link } = input;
  const t = {
    subject: strings.subject(brand),
    greeting: strings.greeting,
    intro: strings.intro(brand),
    action: strings.action,
    button: strings.button,
    linkFallback: strings.linkFallback,
    expires: strings.expires(input.validFor),
    ignore: strings.ignore,
    signature: strings.signature(brand),
  };
  const leave = input.unsubscribe && strings.unsubscribe ? { ...strings.unsubscribe, href: input.unsubscribe } : null;
  const text = [
    t.greeting,
    "",
    t.intro,
    t.action,
    link,
    "",
    t.expires,
    t.ignore,
    "",
    t.signature,
    ...(leave ? ["", "--", `${leave.before} ${leave.href}`] : []),
  ].join("\n");
  const href = escapeHtml(link);
  const footer = leave
    ? `\n<p style="margin:24px 0 0;font-size:14px;">${escapeHtml(leave.before)} <a href="${escapeHtml(leave.href)}" style="color:#8a4a1c;">${escapeHtml(leave.link)}</a></p>`
    : "";
  // Inline styles only: mail clients drop <style> and external sheets. Colours are the site's (AA contrast).
  const html = `<!doctype html>
<html lang="he" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.subject)}</title></head>
<body dir="rtl" style="margin:0;padding:0;background:#f6ead7;">
<div dir="rtl" style="max-width:560px;margin:0 auto;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:17px;line-height:1.6;color:#3b2418;text-align:right;">
<p style="margin:0 0 16px;font-size:22px;font-weight:bold;">${escapeHtml(brand)}</p>
<div style="background:#fffaf2;border-radius:16px;padding:24px;">
<p style="margin:0 0 12px;">${escapeHtml(t.greeting)}</p>
<p style="margin:0 0 12px;">${escapeHtml(t.intro)}</p>
<p style="margin:0 0 20px;">${escapeHtml(t.action)}</p>
<p style="margin:0 0 24px;"><a href="${href}" style="display:inline-block;background:#9d2b3f;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:999px;">${escapeHtml(t.button)}</a></p>
<p style="margin:0 0 4px;font-size:15px;">${escapeHtml(t.linkFallback)}</p>
<p dir="ltr" style="margin:0 0 20px;font-size:14px;text-align:left;word-break:break-all;"><a href="${href}" style="color:#8a4a1c;">${href}</a></p>
<p style="margin:0 0 8px;font-size:15px;">${escapeHtml(t.expires)}</p>
<p style="margin:0;font-size:15px;">${escapeHtml(t.ignore)}</p>
</div>
<p style="margin:16px 0 0;white-space:pre-line;">${escapeHtml(t.signature)}</p>${footer}
</div>
</body>
</html>`;
  return { fromName: brand, to: input.to, subject: t.subject, text, html };
}
