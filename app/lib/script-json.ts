/**
 * JSON for inside a <script> element (JSON-LD, island props, speculation rules): `<`, `>` and `&` become \u
 * escapes, and so do the line separators JavaScript once refused, so no text from the database can close the
 * script element or open a new one.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
