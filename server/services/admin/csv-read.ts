/**
 * Reading a CSV that a spreadsheet saved (issue 30 part 2, the product import): RFC 4180 with what Excel and
 * LibreOffice add — a UTF-8 byte-order mark, CRLF or LF line ends, quoted fields holding commas, quotes ("")
 * and line breaks. Bytes that are not UTF-8 are refused (a file saved as Windows-1255 would otherwise import
 * as gibberish). A record whose quotes do not close, or with text after a closing quote, is reported as
 * malformed with its line number, and reading goes on at the next line: one bad row does not hide the others.
 */

export interface CsvRecord {
  /** The file's line the record starts on (1 = the header). */
  line: number;
  cells: string[];
  /** Set when the record could not be read as CSV; `cells` is then what was read of it. */
  malformed?: boolean;
}

/** The text of `bytes`, or null when they are not UTF-8 (the byte-order mark, if any, removed). */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return text.startsWith("\uFEFF") ? text.slice(1) : text;
  } catch {
    return null;
  }
}

/** The records of `text`; blank lines are skipped. */
export function readCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let i = 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let malformed = false;
    let cell = "";
    let quoted = false;
    let atCellStart = true;
    let ended = false;
    while (i < n && !ended) {
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
          } else {
            quoted = false;
            i++;
            // After a closing quote only a comma or a line end may follow.
            if (i < n && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") malformed = true;
          }
        } else {
          if (ch === "\n") line++;
          cell += ch;
          i++;
        }
        continue;
      }
      if (ch === '"' && atCellStart) {
        quoted = true;
        atCellStart = false;
        i++;
      } else if (ch === ",") {
        cells.push(cell);
        cell = "";
        atCellStart = true;
        i++;
      } else if (ch === "\r" || ch === "\n") {
        i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
        line++;
        ended = true;
      } else {
        // A quote inside an unquoted cell (12" pan) is text, as spreadsheets read it.
        cell += ch;
        atCellStart = false;
        i++;
      }
    }
    if (quoted) {
      // An unclosed quote swallowed the rest of the file: report the record and read on from its next line.
      malformed = true;
      const nextLine = text.indexOf("\n", startIndexOf(text, start));
      records.push({ line: start, cells: [...cells, cell.split("\n")[0] ?? ""], malformed });
      if (nextLine === -1) break;
      i = nextLine + 1;
      line = start + 1;
      continue;
    }
    cells.push(cell);
    if (cells.length === 1 && cells[0] === "" && !malformed) continue;
    records.push(malformed ? { line: start, cells, malformed } : { line: start, cells });
  }
  return records;
}

/** Where line `line` (1-based) starts in `text`. */
function startIndexOf(text: string, line: number): number {
  let index = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", index);
    if (next === -1) return text.length;
    index = next + 1;
  }
  return index;
}

/** A cell as the export wrote it: the apostrophe that kept a formula from running (csv.ts) taken off. */
export function unguardCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}
