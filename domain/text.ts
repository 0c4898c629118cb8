/**
 * Cleaning text that people type. Bidi controls — overrides and isolates (U+202A–U+202E, U+2066–U+2069)
 * and the marks RLM, LRM and ALM (U+200F, U+200E, U+061C) — can make stored Hebrew text display in a
 * misleading order ("Trojan Source"); invisible characters (zero-width space and non-joiner U+200B, U+200C,
 * word joiner and invisible operators U+2060–U+2064, BOM U+FEFF, soft hyphen U+00AD, Mongolian vowel
 * separator U+180E), the C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F) and the line and
 * paragraph separators (U+2028, U+2029) have no place in a name or message: all are removed. Newlines
 * and tabs stay, and so does the zero-width joiner U+200D, which emoji sequences such as 👩‍🍳 need.
 * Escaping for HTML is React's job; this only keeps the stored text honest.
 */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200C\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

export function sanitizeText(value: string): string {
  return value.replace(UNSAFE, "").normalize("NFC");
}

/** Applies sanitizeText to every string in a request body, nested arrays and objects included. */
export function sanitizeRecord(record: Record<string, unknown>): Record<string, unknown> {
  return sanitizeValue(record, 0) as Record<string, unknown>;
}

function sanitizeValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return sanitizeText(value);
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => sanitizeValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = sanitizeValue(item, depth + 1);
  return out;
}
