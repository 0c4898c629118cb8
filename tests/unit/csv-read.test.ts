/**
 * Reading a spreadsheet's CSV (issue 30 part 2, services/admin/csv-read.ts): BOM, CRLF and LF, quoted commas,
 * quotes and line breaks, blank lines, malformed records reported by line with reading going on, non-UTF-8 bytes
 * refused; and the export's formula guard taken off again (and the writer's output read back cell for cell).
 */
import { describe, expect, it } from "vitest";
import { toCsv } from "../../server/services/admin/csv.ts";
import { decodeUtf8, readCsv, unguardCell } from "../../server/services/admin/csv-read.ts";

describe("readCsv", () => {
  it("reads quoted commas, doubled quotes and line breaks, CRLF and LF, and skips blank lines", () => {
    const text = 'מק״ט,שם\r\n1,"חלה, מתוקה"\r\n\r\n2,"אמר ""שלום"""\n3,"שורה\r\nשנייה"\n4,12" תבנית\n';
    expect(readCsv(text)).toEqual([
      { line: 1, cells: ["מק״ט", "שם"] },
      { line: 2, cells: ["1", "חלה, מתוקה"] },
      { line: 4, cells: ["2", 'אמר "שלום"'] },
      { line: 5, cells: ["3", "שורה\r\nשנייה"] },
      { line: 7, cells: ["4", '12" תבנית'] },
    ]);
  });

  it("reports text after a closing quote and an unclosed quote by line, and reads on", () => {
    const records = readCsv('a,b\n1,"x"y\n2,ok\n3,"never closed\n4,after');
    expect(records.map((r) => [r.line, r.malformed ?? false])).toEqual([
      [1, false],
      [2, true],
      [3, false],
      [4, true],
      [5, false],
    ]);
    expect(records.at(-1)!.cells).toEqual(["4", "after"]);
  });

  it("reads back what the export writes, cell for cell, formula guards taken off", () => {
    const rows = [["=SUM(A1)", "-5", "שורה\r\nשנייה", 'עם "מירכאות", ופסיק', "@x", "+972"]];
    const text = decodeUtf8(new TextEncoder().encode(toCsv(["א", "ב", "ג", "ד", "ה", "ו"], rows)))!;
    const [, record] = readCsv(text);
    expect(record!.cells.map(unguardCell)).toEqual(rows[0]);
    // An apostrophe the staff typed themselves stays.
    expect(unguardCell("'שלום")).toBe("'שלום");
  });
});

describe("decodeUtf8", () => {
  it("takes off the byte-order mark and refuses bytes that are not UTF-8 (Windows-1255 Hebrew)", () => {
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0xd7, 0xa9]))).toBe("ש");
    expect(decodeUtf8(new Uint8Array([0xf9, 0xec, 0xe5, 0xed]))).toBeNull();
  });
});
