/**
 * Cleaning text that people type. Bidi override/isolate controls (U+202A–U+202E, U+2066–U+2069) can
 * make stored Hebrew text display in a misleading order ("Trojan Source"), and other control
 * characters have no place in a name or message; both are removed. Newlines and tabs stay.
 * Escaping for HTML is React's job; this only keeps the stored text honest.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

export function sanitizeText(value: string): string {
  return value.replace(UNSAFE, "").normalize("NFC");
}

/** Applies sanitizeText to every string value of a flat record (request bodies). */
export function sanitizeRecord(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    out[key] = typeof value === "string" ? sanitizeText(value) : value;
  }
  return out;
}
