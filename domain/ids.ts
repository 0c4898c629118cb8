/** Record ids as the URLs and the JSON API carry them: one parser for pages, API and admin alike. */

/** Largest id the integer columns hold (32-bit); anything larger is simply not found, never a database error. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id (as stored: 32-bit) from a URL segment or a query value, or null. */
export function parseId(value: string | undefined | null): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
