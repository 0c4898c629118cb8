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

export type CsvRow = (string | number | null)[];

/** One record with its CRLF line end. */
export const csvLine = (row: CsvRow): string => `${row.map(csvCell).join(",")}\r\n`;

/** The byte-order mark that starts every export. */
export const CSV_BOM = "\uFEFF";

export function toCsv(header: string[], rows: CsvRow[]): string {
  return CSV_BOM + [header, ...rows].map(csvLine).join("");
}

/**
 * The same document as toCsv, as chunks: the BOM and header first, then one chunk per batch of rows, so an
 * export of tens of thousands of rows is never held in memory as one string.
 */
export async function* csvChunks(header: string[], batches: AsyncIterable<CsvRow[]>): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(header);
  for await (const rows of batches) if (rows.length) yield rows.map(csvLine).join("");
}
