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

export type CsvRow = readonly (string | number | null)[];

/** One record with its CRLF line end. */
export const csvLine = (row: CsvRow): string => `${row.map(csvCell).join(",")}\r\n`;

/** The byte-order mark that starts every export. */
export const CSV_BOM = "\uFEFF";

export function toCsv(header: readonly string[], rows: readonly CsvRow[]): string {
  return CSV_BOM + [header, ...rows].map(csvLine).join("");
}

/**
 * The same document as toCsv, as chunks, one per batch of rows, so an export of tens of thousands of rows is
 * never held in memory as one string. The first chunk (BOM, header, first batch) waits for the first batch, so
 * a database that cannot be read fails the request before anything is sent.
 */
export async function* csvChunks(header: readonly string[], batches: AsyncIterable<CsvRow[]>): AsyncGenerator<string> {
  const lines = (rows: CsvRow[]) => rows.map(csvLine).join("");
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  yield CSV_BOM + csvLine(header) + (first.done ? "" : lines(first.value));
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    if (next.value.length) yield lines(next.value);
  }
}
