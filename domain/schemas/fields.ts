/**
 * Field names, limits and text clean-up of the public forms, free of zod so that pages can use
 * them without loading the validation library (the schemas load when a form is first used).
 */
import { sanitizeText } from "../text.ts";

/**
 * The honeypot: a field people never see or fill. A value in it marks the post as a bot's;
 * the server then answers exactly as for a real post but stores nothing.
 */
export const HONEYPOT_FIELD = "website";

export const CONTACT_FIELDS = ["name", "email", "phone", "message"] as const;
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 20, message: 2000 } as const;
export const CLUB_FIELDS = ["email"] as const;

/** A customer review of a product (issue 12): stars 1–5, a short text and the name shown with it. */
export const REVIEW_FIELDS = ["rating", "text", "name"] as const;
export const REVIEW_LIMITS = { name: 60, text: 1000 } as const;
export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const;
/** Only `approved` reviews are shown or counted; `pending` ones wait for staff. */
export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * Single-line text: bidi overrides and other unsafe characters go (sanitizeText), every remaining
 * control character (CR, LF, tab…) becomes a space, runs of spaces collapse.
 */
export function singleLine(value: string): string {
  // Line and paragraph separators are line breaks here (a space), not invisible characters to drop.
  return sanitizeText(value.replace(/[\u2028\u2029]/g, " "))
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** Multi-line text: line breaks kept as \n; bidi overrides and other control characters dropped. */
export function multiLine(value: string): string {
  return sanitizeText(value.replace(/\r\n?|\u2028|\u2029/g, "\n"))
    .replace(/[^\P{Cc}\n\t]/gu, "")
    .trim();
}

/** Turns FormData into a plain object of its string fields (files are ignored). */
export function formValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") out[key] = value;
  return out;
}
