/**
 * The pre-order form (issue 28), checked the same way in the browser and on the server. The basket travels as
 * one field, `items` = "product.size.quantity,…" (the form posts it whether or not the page has JavaScript);
 * prices are never read from the client: the server prices every item.
 */
import { z } from "zod";
import { isCalendarDate } from "../hours/time.ts";
import { hePreorders } from "../i18n/preorders.ts";
import { parseIsraeliPhone } from "../phone.ts";
import { type BasketLine, parseBasket } from "../preorders/basket.ts";
import { asString } from "./common.ts";
import { multiLine, singleLine } from "./fields.ts";

import { ORDER_LIMITS } from "./preorder-limits.ts";

export { ORDER_FIELDS, ORDER_LIMITS } from "./preorder-limits.ts";

const m = hePreorders.errors;

export type { BasketLine };

const positiveId = (value: string) => /^[1-9]\d{0,8}$/.test(value);

/** "YYYY-MM-DD HH:MM" */
export function parseSlotValue(value: string): { date: string; start: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2}) ((?:[01]\d|2[0-3]):[0-5]\d)$/.exec(value);
  if (!match || !isCalendarDate(match[1]!)) return null;
  return { date: match[1]!, start: match[2]! };
}

const MARKUP = /<\s*[a-z!/?]/i;

export function preorderSchema(options: { emailRequired: boolean }) {
  return z.object({
    items: asString.transform((value, ctx) => {
      const lines = parseBasket(value);
      if (lines === null) ctx.issues.push({ code: "custom", message: m.itemsInvalid, input: value });
      else if (!lines.length) ctx.issues.push({ code: "custom", message: m.itemsRequired, input: value });
      else if (lines.length > ORDER_LIMITS.lines)
        ctx.issues.push({ code: "custom", message: m.tooManyItems(ORDER_LIMITS.lines), input: value });
      else if (lines.some((l) => l.quantity < 1 || l.quantity > ORDER_LIMITS.quantity))
        ctx.issues.push({ code: "custom", message: m.quantity(ORDER_LIMITS.quantity), input: value });
      else return lines;
      return z.NEVER;
    }),
    branch: asString.transform((value, ctx) => {
      if (!value) ctx.issues.push({ code: "custom", message: m.branchRequired, input: value });
      else if (!positiveId(value)) ctx.issues.push({ code: "custom", message: m.branchUnknown, input: value });
      else return Number(value);
      return z.NEVER;
    }),
    slot: asString.transform((value, ctx) => {
      if (!value) ctx.issues.push({ code: "custom", message: m.slotRequired, input: value });
      else {
        const slot = parseSlotValue(value);
        if (slot) return slot;
        ctx.issues.push({ code: "custom", message: m.slotInvalid, input: value });
      }
      return z.NEVER;
    }),
    name: asString.transform(singleLine).pipe(z.string().min(1, m.nameRequired).max(ORDER_LIMITS.name, m.nameTooLong)),
    phone: asString.transform(singleLine).transform((value, ctx) => {
      const phone = value ? parseIsraeliPhone(value) : null;
      if (!value) ctx.issues.push({ code: "custom", message: m.phoneRequired, input: value });
      else if (!phone || !/^05\d{8}$/.test(phone.local))
        ctx.issues.push({ code: "custom", message: m.phoneInvalid, input: value });
      else return phone.display;
      return z.NEVER;
    }),
    email: asString.transform(singleLine).transform((value, ctx) => {
      if (!value) {
        if (options.emailRequired) ctx.issues.push({ code: "custom", message: m.emailRequired, input: value });
        return null;
      }
      if (value.length > ORDER_LIMITS.email) ctx.issues.push({ code: "custom", message: m.emailTooLong, input: value });
      else if (!z.email().safeParse(value).success)
        ctx.issues.push({ code: "custom", message: m.emailInvalid, input: value });
      else return value.toLowerCase();
      return z.NEVER;
    }),
    note: asString.transform(multiLine).transform((value, ctx) => {
      if (value.length > ORDER_LIMITS.note)
        ctx.issues.push({ code: "custom", message: m.noteTooLong(ORDER_LIMITS.note), input: value });
      else if (MARKUP.test(value)) ctx.issues.push({ code: "custom", message: m.noteMarkup, input: value });
      else return value;
      return z.NEVER;
    }),
    consent: asString.refine((v) => v === "on" || v === "true" || v === "1", m.consentRequired),
    // One order per form: a replayed or double-clicked submit carries the same key and gets the same order.
    key: asString.refine((v) => /^[A-Za-z0-9_-]{16,64}$/.test(v), m.keyInvalid),
  });
}

export type PreorderInput = z.output<ReturnType<typeof preorderSchema>>;
