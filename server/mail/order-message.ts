/**
 * A pre-order's e-mails (issue 28): the confirmation with the order's summary and its private link (view, cancel),
 * "ready for pickup", and "your pickup time changed" (staff moved the order). Hebrew, right-to-left HTML with a
 * plain-text twin, inline styles (mail clients drop <style>), the site's colours. Each carries a WhatsApp link with
 * the order number prefilled.
 */

import { hePreorders } from "../../domain/i18n/preorders.ts";
import { formatShekels } from "../../domain/money.ts";
import { pickupWhen } from "../../domain/preorders/slots.ts";
import { whatsappHref } from "../../domain/whatsapp.ts";
import { escapeHtml } from "../http/error-page.ts";
import type { OrderMailKind, OrderView } from "../services/preorders.ts";
import type { MailMessage } from "./mailer.ts";

const t = hePreorders.mail;
const c = hePreorders.confirmation;

export function orderMessage(
  kind: OrderMailKind,
  input: { order: OrderView; to: string; brand: string; link: string; whatsappNumber: string; messageId: string },
): MailMessage & { messageId: string } {
  const { order, brand, link } = input;
  const pickup = pickupWhen(order.pickupDate, order.slot.start, order.slot.end);
  const subject = {
    confirmation: t.confirmationSubject(brand, order.id),
    ready: t.readySubject(brand, order.id),
    moved: t.movedSubject(brand, order.id),
  }[kind];
  const intro = { confirmation: t.confirmationIntro, ready: t.readyIntro, moved: t.movedIntro(pickup) }[kind];
  const viewLabel = kind === "ready" ? t.viewReady : t.view;
  const lines = order.items.map(
    (i) =>
      `${i.quantity} × ${i.productName}${i.sizeName ? ` (${i.sizeName})` : ""} – ${formatShekels(i.unitPrice * i.quantity)}`,
  );
  const whatsapp = input.whatsappNumber ? whatsappHref(input.whatsappNumber, c.whatsappText(order.id)) : "";
  const facts: [string, string][] = [
    [c.number, String(order.id)],
    [c.branch, `${order.branch.name}${order.branch.address ? `, ${order.branch.address}` : ""}`],
    [c.pickup, pickup],
    [c.total, formatShekels(order.total)],
  ];
  if (order.note) facts.push([c.note, order.note]);
  const text = [
    t.greeting(order.name),
    "",
    intro,
    ...facts.map(([k, v]) => `${k}: ${v}`),
    "",
    `${c.items}:`,
    ...lines,
    "",
    t.payAtPickup,
    "",
    `${viewLabel}: ${link}`,
    ...(whatsapp ? [`${t.whatsapp}: ${whatsapp}`] : []),
    "",
    t.signature(brand),
  ].join("\n");
  const row = ([k, v]: [string, string]) =>
    `<tr><th scope="row" style="text-align:right;padding:4px 0 4px 16px;font-weight:bold;vertical-align:top;">${escapeHtml(k)}</th><td style="padding:4px 0;">${escapeHtml(v)}</td></tr>`;
  const html = `<!doctype html>
<html lang="he" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body dir="rtl" style="margin:0;padding:0;background:#f6ead7;">
<div dir="rtl" style="max-width:560px;margin:0 auto;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:17px;line-height:1.6;color:#3b2418;text-align:right;">
<p style="margin:0 0 16px;font-size:22px;font-weight:bold;">${escapeHtml(brand)}</p>
<div style="background:#fffaf2;border-radius:16px;padding:24px;">
<p style="margin:0 0 12px;">${escapeHtml(t.greeting(order.name))}</p>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;">${facts.map(row).join("")}</table>
<p style="margin:0 0 4px;font-weight:bold;">${escapeHtml(c.items)}</p>
<ul style="margin:0 0 16px;padding:0 20px 0 0;">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>
<p style="margin:0 0 20px;">${escapeHtml(t.payAtPickup)}</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(link)}" style="display:inline-block;background:#9d2b3f;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:999px;">${escapeHtml(viewLabel)}</a></p>
${whatsapp ? `<p style="margin:0;"><a href="${escapeHtml(whatsapp)}" style="color:#8a4a1c;">${escapeHtml(t.whatsapp)}</a></p>` : ""}
</div>
<p style="margin:16px 0 0;white-space:pre-line;">${escapeHtml(t.signature(brand))}</p>
</div>
</body>
</html>`;
  return { fromName: brand, to: input.to, subject, text, html, messageId: input.messageId };
}
