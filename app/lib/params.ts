/** Route parameters shared by pages and server: ids are positive integers within the database's range. */

/** Largest id the integer columns hold; anything larger is simply not found (never a database error). */
export const MAX_ID = 2_147_483_647;

/** A positive integer id within the column range, or null (callers answer 404). */
export function parseId(raw: unknown): number | null {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw : "";
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
