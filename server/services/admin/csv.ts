/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (Excel otherwise misreads Hebrew), CRLF line ends,
 * every field quoted, and cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) prefixed
 * with an apostrophe (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
