/**
 * Product CSV export and import (issue 30 part 2).
 *
 * - **One format.** Every product field staff edit is a column with a Hebrew header (PRODUCT_CSV_HEADERS), and
 *   `cellsOf` writes a product's state as the file's text: the export writes it, and the import compares a row
 *   with the product by the same text, so a file exported and imported again changes nothing.
 * - **Export** (`exportCsv`): the products list's own search conditions (`productFilterConditions`, the same
 *   parameters as its pages and "all N matching"), read in keyset batches by id and written as they come
 *   (csv.ts: BOM, CRLF, formula cells guarded with an apostrophe).
 * - **Import**: `plan` reads the file (csv-read.ts) and answers per row what it would do — create (a new
 *   serial number), change (old → new per column), unchanged, or refused with the reasons in Hebrew — with, per
 *   row, the token of the product it saw (`id:version`, or `new`). `apply` computes the same plan again, batch by
 *   batch inside the batch's transaction with the products locked, and writes it: a row whose product is no
 *   longer at the token the preview showed is reported as a conflict and not written; a file with a refused row
 *   applies nothing. A column absent from the file keeps what is stored. Each applied record is one audit entry
 *   (audited.ts), and the whole import is one undoable batch in `bulk_batches` (migration 024, action `import`):
 *   its undo writes each record back to its state before, or moves the products it created to the trash.
 */
import { PostgresAdapter, sql, type Transaction } from "kysely";
import type { AuditChange, NamedRef } from "../../../domain/contracts/admin.ts";
import { heKashrut } from "../../../domain/i18n/kashrut.ts";
import { heProductCsv, PRODUCT_CSV_HEADERS, type ProductCsvColumn } from "../../../domain/i18n/product-csv.ts";
import { ALLERGEN_STATUSES, ALLERGENS, type Allergen, DIETARY, isAllergen } from "../../../domain/kashrut.ts";
import { agorotToShekels } from "../../../domain/money.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import {
  NO_SERIAL,
  type ProductFields,
  type ProductInput,
  productSchema,
} from "../../../domain/schemas/admin/product.ts";
import type { DB } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { HttpError, NotFoundError, ValidationError } from "../../errors.ts";
import { productColumns, productFieldsFromRow } from "../product-row.ts";
import { chunks, setSizePrices } from "./batch-writes.ts";
import { type CsvRow, csvChunks } from "./csv.ts";
import { type CsvRecord, readCsv, unguardCell } from "./csv-read.ts";
import { now } from "./listing.ts";
import { productFilterConditions } from "./products.ts";
import type { AdminTrashService, TrashActor } from "./trash.ts";

type Trx = Transaction<Database>;
const t = heProductCsv;
const r = heProductCsv.reasons;

/** The largest file the import takes, and its most rows (besides the header). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/** The serial number cell of a row that creates a product without one. */
const NEW_WORD = "חדש";
/** Rows per transaction when applying. */
export const IMPORT_BATCH = 200;
const EXPORT_BATCH = 500;

const COLUMNS = Object.keys(PRODUCT_CSV_HEADERS) as ProductCsvColumn[];
export const PRODUCT_CSV_HEADER = COLUMNS.map((c) => PRODUCT_CSV_HEADERS[c]);

/** A product as the file holds it: its fields, its categories by name, its sizes with prices in agorot. */
export interface ProductState {
  fields: ProductFields;
  categories: string[];
  /** Sizes as read from the database carry their id (kept when a price changes); a file's have none. */
  sizes: { id?: number; name: string; price: number }[];
}

const yesNo = (value: boolean) => (value ? t.yes : t.no);
const list = (items: readonly string[]) => items.join(t.separator);
const allergenNames = (codes: readonly Allergen[] | null) =>
  (codes ?? []).map((c) => heKashrut.allergens[c]).join(", ");

/** A product's state as the file's cells, column by column. */
export function cellsOf(state: ProductState): Record<ProductCsvColumn, string> {
  const f = state.fields;
  return {
    serial_id: f.serial_id ? String(f.serial_id) : "",
    name: f.name,
    title: f.title,
    content: f.content ?? "",
    status: t.status[Number(f.status)] ?? String(f.status),
    visibility_home_page: yesNo(f.visibility_home_page),
    categories: list(state.categories),
    sizes: list(state.sizes.map((s) => `${s.name}: ${agorotToShekels(s.price).toFixed(2)}`)),
    dietary: f.dietary ? heKashrut.dietary[f.dietary] : "",
    chalav_yisrael: yesNo(f.chalav_yisrael),
    pas_yisrael: yesNo(f.pas_yisrael),
    kosher_for_passover: yesNo(f.kosher_for_passover),
    allergen_status: t.allergenStatus[f.allergen_status] ?? f.allergen_status,
    allergens: allergenNames(f.allergens),
    may_contain: allergenNames(f.may_contain),
    preorder_daily_limit: f.preorder_daily_limit === null ? "" : String(f.preorder_daily_limit),
    starts_at: f.starts_at ?? "",
    ends_at: f.ends_at ?? "",
  };
}

/**
 * Whether a column's text differs. Categories and sizes are sets: the order of a file's list is not stored (links
 * have no order; sizes keep theirs), so a list in another order is no change — else it would show as one forever.
 */
function differs(column: ProductCsvColumn, before: string, after: string): boolean {
  if (column !== "categories" && column !== "sizes") return before !== after;
  const set = (text: string) =>
    text
      .split("|")
      .map((part) => part.trim())
      .sort()
      .join("\n");
  return set(before) !== set(after);
}

/** The audit log's field for a column (the names the product's other entries use). */
const AUDIT_FIELD: Partial<Record<ProductCsvColumn, string>> = { categories: "category", sizes: "size" };

// ---- reading cells ----------------------------------------------------------------------------------------

const YES = new Set(["כן", "1", "true", "yes", "v", "✓", "x"]);
const NO = new Set(["לא", "0", "false", "no", ""]);
function flagOf(text: string, label: string, reasons: string[]): boolean | undefined {
  const value = text.trim().toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  reasons.push(r.badFlag(label));
  return undefined;
}

const DIETARY_BY_TEXT = new Map<string, string>([
  ...DIETARY.map((d) => [d, d] as const),
  ...DIETARY.map((d) => [heKashrut.dietary[d], d] as const),
  ["פרווה", "parve"],
  ["פרוה", "parve"],
]);
const ALLERGEN_BY_TEXT = new Map<string, Allergen>([
  ...ALLERGENS.map((a) => [a, a] as const),
  ...ALLERGENS.map((a) => [heKashrut.allergens[a], a] as const),
]);
const STATUS_BY_TEXT = new Map<string, string>([
  ...ALLERGEN_STATUSES.map((s) => [s, s] as const),
  ...ALLERGEN_STATUSES.map((s) => [t.allergenStatus[s]!, s] as const),
]);

function allergensOf(text: string, reasons: string[]): Allergen[] {
  const codes: Allergen[] = [];
  const unknown: string[] = [];
  for (const part of text.split(/[,،|]/)) {
    const name = part.trim();
    if (!name) continue;
    const code = ALLERGEN_BY_TEXT.get(name) ?? ALLERGEN_BY_TEXT.get(name.toLowerCase());
    if (code && isAllergen(code)) codes.push(code);
    else unknown.push(name);
  }
  if (unknown.length) reasons.push(r.unknownAllergens(unknown));
  return codes;
}

/**
 * A price in shekels as staff type it: "12.5", "12.50 ₪", "₪1,200", "1,200.90". A comma is a thousands
 * separator only before exactly three digits ("12,5" is refused, not read as 125 or 12.5). Agorot, or a reason.
 */
export function priceOf(text: string): number | string {
  const raw = text.replace(/[₪\s\u200f\u200e]/g, "").replace(/ש"ח|ש״ח|שח/g, "");
  if (!/^\d{1,3}(,\d{3})*(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(raw)) return r.badPrice(text.trim());
  const shekels = Number(raw.replace(/,/g, ""));
  if (!Number.isFinite(shekels) || shekels > 100_000) return r.priceRange(text.trim());
  return Math.round(shekels * 100);
}

function sizesOf(text: string, reasons: string[]): { name: string; price: number }[] {
  const sizes: { name: string; price: number }[] = [];
  const seen = new Set<string>();
  for (const part of text.split("|")) {
    const item = part.trim();
    if (!item) continue;
    const colon = item.lastIndexOf(":");
    const name = colon > 0 ? item.slice(0, colon).trim() : "";
    if (!name || name.length > 60) {
      reasons.push(r.badSize(item));
      continue;
    }
    const price = priceOf(item.slice(colon + 1));
    if (typeof price === "string") {
      reasons.push(/^\s*-/.test(item.slice(colon + 1)) ? r.priceRange(item.slice(colon + 1).trim()) : price);
      continue;
    }
    if (seen.has(name)) reasons.push(r.duplicateSize(name));
    seen.add(name);
    sizes.push({ name, price });
  }
  return sizes;
}

/** What a row says, column by column (only the file's columns), as the product schema's input. */
interface RowPatch {
  fields: Record<string, unknown>;
  categories?: string[];
  sizes?: { name: string; price: number }[];
}

function patchOf(cells: Map<ProductCsvColumn, string>, reasons: string[]): RowPatch {
  const patch: RowPatch = { fields: {} };
  for (const [column, raw] of cells) {
    const text = unguardCell(raw);
    const label = PRODUCT_CSV_HEADERS[column];
    switch (column) {
      case "serial_id":
        break;
      case "name":
      case "title":
      case "content":
        patch.fields[column] = text;
        break;
      case "status": {
        const value = text.trim();
        const status = value === t.status[1] || value === "1" ? 1 : value === t.status[0] || value === "0" ? 0 : null;
        if (status === null) reasons.push(r.badStatus);
        else patch.fields.status = status;
        break;
      }
      case "visibility_home_page":
      case "chalav_yisrael":
      case "pas_yisrael":
      case "kosher_for_passover": {
        const flag = flagOf(text, label, reasons);
        if (flag !== undefined) patch.fields[column] = flag;
        break;
      }
      case "categories":
        patch.categories = text
          .split("|")
          .map((name) => name.trim())
          .filter(Boolean);
        break;
      case "sizes":
        patch.sizes = sizesOf(text, reasons);
        break;
      case "dietary": {
        const value = text.trim();
        if (value === "") patch.fields.dietary = null;
        else {
          const code = DIETARY_BY_TEXT.get(value) ?? DIETARY_BY_TEXT.get(value.toLowerCase());
          if (code) patch.fields.dietary = code;
          else reasons.push(r.badDietary);
        }
        break;
      }
      case "allergen_status": {
        const value = text.trim();
        if (value === "") break;
        const code = STATUS_BY_TEXT.get(value) ?? STATUS_BY_TEXT.get(value.toLowerCase());
        if (code) patch.fields.allergen_status = code;
        else reasons.push(r.badAllergenStatus);
        break;
      }
      case "allergens":
      case "may_contain":
        patch.fields[column] = allergensOf(text, reasons);
        break;
      case "preorder_daily_limit":
      case "starts_at":
      case "ends_at":
        patch.fields[column] = text.trim();
        break;
    }
  }
  return patch;
}

// ---- the plan ---------------------------------------------------------------------------------------------

export type ImportKind = "create" | "change" | "unchanged" | "skipped" | "refused";

/** One row of the preview (what the API answers). */
export interface ImportRowResult {
  line: number;
  serial: number | null;
  name: string;
  kind: ImportKind;
  /** Per changed column: its Hebrew header, the text before and after. */
  changes: { field: string; from: string; to: string }[];
  reasons: string[];
  /** The product the preview saw: `id:version`, or `new`; apply writes only while it is still so. */
  token: string | null;
}

interface PlannedRow extends ImportRowResult {
  id: number | null;
  version: number | null;
  input?: ProductInput;
  categoryIds?: number[];
  target?: ProductState;
  before?: ProductState;
  audit?: AuditChange[];
}

export interface ImportPlan {
  rows: ImportRowResult[];
  counts: Record<ImportKind, number>;
  /** File-level problems (Hebrew); none when the rows could be read. */
  columns: string[];
}

interface ParsedFile {
  header: (ProductCsvColumn | null)[];
  unknownColumns: Map<number, string>;
  records: CsvRecord[];
}

const HEADER_BY_TEXT = new Map<string, ProductCsvColumn>([
  ...COLUMNS.map((c) => [PRODUCT_CSV_HEADERS[c], c] as const),
  ...COLUMNS.map((c) => [c, c] as const),
  ['מק"ט', "serial_id"],
  ["מקט", "serial_id"],
]);

/** The file's header and rows; a file that cannot be an import at all is a Hebrew 422. */
export function parseImport(text: string): ParsedFile {
  const records = readCsv(text);
  const first = records.shift();
  if (!first || records.length === 0) throw new ValidationError({ file: [t.errors.empty] }, t.errors.empty);
  if (records.length > IMPORT_MAX_ROWS) {
    const message = t.errors.tooManyRows(IMPORT_MAX_ROWS);
    throw new ValidationError({ file: [message] }, message);
  }
  const header: (ProductCsvColumn | null)[] = [];
  const unknownColumns = new Map<number, string>();
  for (const [index, cell] of first.cells.entries()) {
    const name = cell.trim();
    const column = HEADER_BY_TEXT.get(name) ?? null;
    if (column && header.includes(column)) {
      const message = t.errors.duplicateColumn(name);
      throw new ValidationError({ file: [message] }, message);
    }
    if (!column && name) unknownColumns.set(index, name);
    header.push(column);
  }
  if (!header.includes("serial_id"))
    throw new ValidationError({ file: [t.errors.noSerialColumn] }, t.errors.noSerialColumn);
  return { header, unknownColumns, records };
}

/** The serial number a row names: a number, null when empty, or a reason. */
function serialOf(text: string): number | null | string {
  const value = unguardCell(text).trim();
  if (value === "") return null;
  if (!/^\d{1,12}$/.test(value) || Number(value) < 1) return r.badSerial;
  return Number(value);
}

interface Catalogue {
  categories: Map<string, number>;
  /** The products the file names, by serial number, as they are now. */
  products: Map<number, { id: number; version: number; state: ProductState }>;
}

/** What the file's serial numbers name now, read with `executor` (a transaction locks them on PostgreSQL). */
async function catalogueFor(executor: DB | Trx, serials: number[], lock: boolean): Promise<Catalogue> {
  const categories = new Map<string, number>();
  for (const row of await executor.selectFrom("categories").select(["id", "name"]).orderBy("id").execute()) {
    if (!categories.has(row.name)) categories.set(row.name, row.id);
  }
  const products = new Map<number, { id: number; version: number; state: ProductState }>();
  for (let i = 0; i < serials.length; i += 1000) {
    const part = serials.slice(i, i + 1000);
    let query = executor.selectFrom("products").selectAll().where("serial_id", "in", part).orderBy("id");
    if (lock && executor.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
    const rows = await query.execute();
    if (rows.length === 0) continue;
    const ids = rows.map((row) => row.id);
    const states = await statesOf(executor, ids);
    for (const row of rows) {
      const fields = productFieldsFromRow(row);
      const extra = states.get(row.id) ?? { categories: [], sizes: [] };
      products.set(Number(row.serial_id), {
        id: row.id,
        version: Number(row.version),
        state: { fields, ...extra },
      });
    }
  }
  return { categories, products };
}

/** The products' categories by name and sizes (agorot), by product id. */
async function statesOf(executor: DB | Trx, ids: number[]) {
  const result = new Map<number, { categories: string[]; sizes: { id: number; name: string; price: number }[] }>();
  for (const id of ids) result.set(id, { categories: [], sizes: [] });
  const links = await executor
    .selectFrom("category_product")
    .innerJoin("categories", "categories.id", "category_product.category_id")
    .select(["category_product.product_id", "categories.name"])
    .where("category_product.product_id", "in", ids)
    .orderBy("categories.position")
    .orderBy("categories.id")
    .execute();
  for (const link of links) result.get(link.product_id)?.categories.push(link.name);
  const sizes = await executor
    .selectFrom("sizes")
    .select(["id", "product_id", "name", "price"])
    .where("product_id", "in", ids)
    .orderBy("id")
    .execute();
  for (const size of sizes) {
    result.get(size.product_id)?.sizes.push({ id: size.id, name: size.name, price: Number(size.price) });
  }
  return result;
}

/** The serial numbers a file names (its readable ones). */
function serialsIn(file: ParsedFile): number[] {
  const index = file.header.indexOf("serial_id");
  const serials = new Set<number>();
  for (const record of file.records) {
    const serial = serialOf(record.cells[index] ?? "");
    if (typeof serial === "number") serials.add(serial);
  }
  return [...serials];
}

/** The plan for `records` against `catalogue` (duplicates are decided over the whole file: `serialLines`). */
function planRows(
  file: ParsedFile,
  records: CsvRecord[],
  catalogue: Catalogue,
  serialLines: Map<number, number[]>,
): PlannedRow[] {
  const serialIndex = file.header.indexOf("serial_id");
  return records.map((record): PlannedRow => {
    const reasons: string[] = [];
    const serial = serialOf(record.cells[serialIndex] ?? "");
    const row: PlannedRow = {
      line: record.line,
      serial: typeof serial === "number" ? serial : null,
      name: "",
      kind: "refused",
      changes: [],
      reasons,
      token: null,
      id: null,
      version: null,
    };
    const nameIndex = file.header.indexOf("name");
    row.name = nameIndex >= 0 ? unguardCell(record.cells[nameIndex] ?? "").trim() : "";
    if (record.malformed) reasons.push(r.malformed);
    else if (record.cells.length !== file.header.length) {
      reasons.push(r.cellCount(record.cells.length, file.header.length));
    }
    if (reasons.length) return row;
    for (const [index, name] of file.unknownColumns) {
      if ((record.cells[index] ?? "").trim() !== "") reasons.push(r.unknownColumn(name));
    }
    // No serial number: the row is skipped (a product without one is never updated from a file), unless it
    // says "חדש": then it creates a hidden draft without a serial number, as a duplicate does.
    const isNew = unguardCell(record.cells[serialIndex] ?? "").trim() === NEW_WORD;
    if (serial === null && !isNew && reasons.length === 0) {
      row.kind = "skipped";
      reasons.push(r.noSerial);
      return row;
    }
    if (typeof serial === "string" && !isNew) reasons.push(serial);
    else if (typeof serial === "number" && (serialLines.get(serial)?.length ?? 0) > 1) {
      reasons.push(r.duplicateSerial(serialLines.get(serial)!));
    }

    const cells = new Map<ProductCsvColumn, string>();
    for (const [index, column] of file.header.entries()) if (column) cells.set(column, record.cells[index] ?? "");
    const patch = patchOf(cells, reasons);
    const existing = typeof serial === "number" ? catalogue.products.get(serial) : undefined;
    if (existing) row.name ||= existing.state.fields.name;

    // The schema's input: the product as it is, with what the row says over it (a new product: the row alone).
    const base: Record<string, unknown> = existing ? { ...existing.state.fields } : {};
    if (existing && base.allergen_status === "not_stated") {
      base.allergens = undefined;
      base.may_contain = undefined;
    }
    const fields: Record<string, unknown> = {
      ...base,
      ...patch.fields,
      // A "חדש" row is checked as if numbered; it is stored with NO_SERIAL below.
      serial_id: typeof serial === "number" ? serial : isNew ? 1 : 0,
    };
    if (patch.fields.allergens !== undefined && patch.fields.allergen_status === undefined) {
      // Codes listed without a decision column: "listed"; an emptied list goes back to "not stated".
      const codes = patch.fields.allergens as Allergen[];
      fields.allergen_status = codes.length ? "listed" : base.allergen_status === "none" ? "none" : "not_stated";
    }
    if (fields.allergen_status === "none" || fields.allergen_status === "not_stated") {
      if (patch.fields.allergens === undefined) fields.allergens = [];
    }
    if (fields.allergen_status === "not_stated" && patch.fields.may_contain === undefined) fields.may_contain = [];
    const parsed = productSchema.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "");
        const label = PRODUCT_CSV_HEADERS[key as ProductCsvColumn];
        const message = label ? r.field(label, issue.message) : issue.message;
        if (!reasons.includes(message)) reasons.push(message);
      }
    }
    const categoryNames = patch.categories ?? existing?.state.categories ?? [];
    const missingCategories = categoryNames.filter((name) => !catalogue.categories.has(name));
    if (missingCategories.length) reasons.push(r.unknownCategory(missingCategories));
    if (reasons.length || !parsed.success) return row;

    const input = isNew ? { ...parsed.data, serial_id: NO_SERIAL, status: 0 as const } : parsed.data;
    const target: ProductState = {
      fields: fieldsOf(input),
      categories: [...new Set(categoryNames)],
      sizes: patch.sizes ?? existing?.state.sizes ?? [],
    };
    row.input = input;
    row.categoryIds = target.categories.map((name) => catalogue.categories.get(name)!);
    row.target = target;
    row.name = input.name;
    const after = cellsOf(target);
    if (!existing) {
      row.kind = "create";
      row.token = "new";
      row.audit = COLUMNS.filter((c) => after[c] !== "").map((c) => ({ field: AUDIT_FIELD[c] ?? c, to: after[c] }));
      return row;
    }
    row.id = existing.id;
    row.version = existing.version;
    row.token = `${existing.id}:${existing.version}`;
    row.before = existing.state;
    const before = cellsOf(existing.state);
    for (const column of COLUMNS) {
      if (differs(column, before[column], after[column])) {
        row.changes.push({ field: PRODUCT_CSV_HEADERS[column], from: before[column], to: after[column] });
      }
    }
    row.kind = row.changes.length ? "change" : "unchanged";
    row.audit = COLUMNS.filter((c) => differs(c, before[c], after[c])).map((c) => ({
      field: AUDIT_FIELD[c] ?? c,
      from: before[c],
      to: after[c],
    }));
    return row;
  });
}

/** The fields a parsed input stores, as a read of the stored row would answer them. */
function fieldsOf(input: ProductInput): ProductFields {
  const columns = productColumns(input) as Record<string, unknown>;
  return productFieldsFromRow({
    ...(columns as Parameters<typeof productFieldsFromRow>[0]),
    dietary: (columns.dietary as string | null | undefined) ?? null,
    chalav_yisrael: Number(columns.chalav_yisrael ?? 0),
    pas_yisrael: Number(columns.pas_yisrael ?? 0),
    kosher_for_passover: Number(columns.kosher_for_passover ?? 0),
    allergen_status: String(columns.allergen_status ?? "not_stated"),
    allergens: String(columns.allergens ?? "[]"),
    may_contain: String(columns.may_contain ?? "[]"),
    preorder_daily_limit: (columns.preorder_daily_limit as number | null | undefined) ?? null,
    starts_at: (columns.starts_at as string | null | undefined) ?? null,
    ends_at: (columns.ends_at as string | null | undefined) ?? null,
  } as Parameters<typeof productFieldsFromRow>[0]);
}

function serialLinesOf(file: ParsedFile): Map<number, number[]> {
  const index = file.header.indexOf("serial_id");
  const lines = new Map<number, number[]>();
  for (const record of file.records) {
    const serial = serialOf(record.cells[index] ?? "");
    if (typeof serial === "number") lines.set(serial, [...(lines.get(serial) ?? []), record.line]);
  }
  return lines;
}

const publicRow = (row: PlannedRow): ImportRowResult => ({
  line: row.line,
  serial: row.serial,
  name: row.name,
  kind: row.kind,
  changes: row.changes,
  reasons: row.reasons,
  token: row.token,
});

function countsOf(rows: { kind: ImportKind }[]): Record<ImportKind, number> {
  const counts: Record<ImportKind, number> = { create: 0, change: 0, unchanged: 0, skipped: 0, refused: 0 };
  for (const row of rows) counts[row.kind]++;
  return counts;
}

/** What one applied record did, for the audit log (audited.ts). */
export interface ImportRecordChange {
  id: number;
  name: string;
  action: "create" | "update" | "delete";
  changes: AuditChange[];
}

export interface ImportOutcome {
  batch: number | null;
  created: number;
  changed: number;
  unchanged: number;
  /** Rows whose product changed (or appeared) after the preview: not written. */
  conflicts: { line: number; serial: number | null; name: string }[];
  records: ImportRecordChange[];
}

/** What a batch writes besides the products' own rows (`flush`). */
interface Pending {
  unlink: number[];
  link: { category_id: number; product_id: number }[];
  dropSizes: number[];
  addSizes: { product_id: number; name: string; price: number; created_at: string }[];
  prices: { id: number; price: number }[];
}
const pendingWrites = (): Pending => ({ unlink: [], link: [], dropSizes: [], addSizes: [], prices: [] });

interface UndoRecord {
  id: number;
  name: string;
  version: number;
  before: ProductState | null;
}

export function createProductCsvService(db: DB, deps: { trash: AdminTrashService }) {
  /** Writes a product (or a new one, `id` null): its columns, its categories, its sizes by name. */
  /**
   * Writes a product (a new one when `id` is null): its columns now, one statement; its category links and sizes
   * are gathered in `pending` and written for the whole batch by `flush`. `current` is what the product has now
   * (read under the batch's lock); without it (an undo) it is read here.
   */
  async function write(
    trx: Trx,
    pending: Pending,
    id: number | null,
    input: ProductInput,
    categoryIds: number[],
    sizes: { name: string; price: number }[],
    current?: { sameCategories: boolean; sizes: { id?: number; name: string; price: number }[] },
  ): Promise<{ id: number; version: number }> {
    const at = now();
    let productId: number;
    let version: number;
    if (id === null) {
      const row = await trx
        .insertInto("products")
        .values({ ...productColumns(input), created_at: at, updated_at: at })
        .returning(["id", "version"])
        .executeTakeFirstOrThrow();
      productId = row.id;
      version = Number(row.version);
    } else {
      const row = await trx
        .updateTable("products")
        .set({ ...productColumns(input), updated_at: at, version: sql<number>`version + 1` })
        .where("id", "=", id)
        .returning("version")
        .executeTakeFirstOrThrow();
      productId = id;
      version = Number(row.version);
    }
    if (id === null || !current?.sameCategories) {
      if (id !== null) pending.unlink.push(productId);
      for (const category_id of categoryIds) pending.link.push({ category_id, product_id: productId });
    }
    // Sizes by name: a price changed in place (the size keeps its id, which pre-orders name), new names added,
    // names gone removed.
    const stored =
      id === null
        ? []
        : current?.sizes.every((s) => s.id !== undefined)
          ? (current.sizes as { id: number; name: string; price: number }[])
          : await trx.selectFrom("sizes").select(["id", "name", "price"]).where("product_id", "=", productId).execute();
    const byName = new Map(stored.map((s) => [s.name, s]));
    const wanted = new Set(sizes.map((s) => s.name));
    for (const size of stored) if (!wanted.has(size.name)) pending.dropSizes.push(size.id);
    for (const size of sizes) {
      const now = byName.get(size.name);
      if (!now) pending.addSizes.push({ product_id: productId, name: size.name, price: size.price, created_at: at });
      else if (Number(now.price) !== size.price) pending.prices.push({ id: now.id, price: size.price });
    }
    return { id: productId, version };
  }

  /** The batch's category links and sizes, set-based (a statement per 500 rows, prices by a CASE). */
  async function flush(trx: Trx, pending: Pending) {
    for (const part of chunks(pending.unlink, 1000)) {
      await trx.deleteFrom("category_product").where("product_id", "in", part).execute();
    }
    for (const part of chunks(pending.link, 500)) await trx.insertInto("category_product").values(part).execute();
    for (const part of chunks(pending.dropSizes, 1000)) await trx.deleteFrom("sizes").where("id", "in", part).execute();
    for (const part of chunks(pending.addSizes, 500)) await trx.insertInto("sizes").values(part).execute();
    await setSizePrices(trx, pending.prices, 500);
  }

  const service = {
    /** The products the list's search and filters find, as CSV chunks (BOM and header first). */
    exportCsv(query: ListQuery, params: URLSearchParams, batchSize = EXPORT_BATCH): AsyncGenerator<string> {
      const conditions = productFilterConditions(db, query, params);
      async function* batches(): AsyncGenerator<CsvRow[]> {
        let after = 0;
        for (;;) {
          const rows = await db
            .selectFrom("products")
            .selectAll()
            .where("id", ">", after)
            .$if(conditions.length > 0, (q) => q.where((eb) => eb.and(conditions)))
            .orderBy("id")
            .limit(batchSize)
            .execute();
          if (rows.length === 0) return;
          const states = await statesOf(
            db,
            rows.map((row) => row.id),
          );
          yield rows.map((row) => {
            const cells = cellsOf({ fields: productFieldsFromRow(row), ...states.get(row.id)! });
            return COLUMNS.map((c) => cells[c]);
          });
          if (rows.length < batchSize) return;
          after = rows.at(-1)!.id;
        }
      }
      return csvChunks(PRODUCT_CSV_HEADER, batches());
    },

    /** The preview: what applying `text` would do, per row (see the file's comment). */
    async plan(text: string): Promise<ImportPlan> {
      const file = parseImport(text);
      const catalogue = await catalogueFor(db, serialsIn(file), false);
      const rows = planRows(file, file.records, catalogue, serialLinesOf(file));
      return { rows: rows.map(publicRow), counts: countsOf(rows), columns: [...file.unknownColumns.values()] };
    },

    /**
     * Applies `text` as the preview showed it: `expected` is, per line, the token the preview gave (a row whose
     * product is not at it now is a conflict, not written). In batches of `IMPORT_BATCH` rows, each one
     * transaction; a file with a refused row applies nothing (422).
     */
    async apply(text: string, expected: Record<string, string>, actor: TrashActor | null): Promise<ImportOutcome> {
      const file = parseImport(text);
      const serialLines = serialLinesOf(file);
      // The whole file is checked first (against the catalogue as it is), so a refused row anywhere writes nothing.
      const check = planRows(file, file.records, await catalogueFor(db, serialsIn(file), false), serialLines);
      if (check.some((row) => row.kind === "refused")) {
        throw new ValidationError({ file: [t.errors.refusedRows] }, t.errors.refusedRows);
      }
      if (check.some((row) => row.token !== null && expected[String(row.line)] === undefined)) {
        throw new HttpError(409, t.errors.changedSincePreview);
      }
      const outcome: ImportOutcome = { batch: null, created: 0, changed: 0, unchanged: 0, conflicts: [], records: [] };
      const undo: UndoRecord[] = [];
      for (let i = 0; i < file.records.length; i += IMPORT_BATCH) {
        const records = file.records.slice(i, i + IMPORT_BATCH);
        await db.transaction().execute(async (trx) => {
          const part: ParsedFile = { ...file, records };
          const catalogue = await catalogueFor(trx, serialsIn(part), true);
          const rows = planRows(file, records, catalogue, serialLines);
          if (rows.some((row) => row.kind === "refused")) {
            throw new ValidationError({ file: [t.errors.refusedRows] }, t.errors.refusedRows);
          }
          const pending = pendingWrites();
          const batchUndo: UndoRecord[] = [];
          const batchRecords: ImportRecordChange[] = [];
          let created = 0;
          let changed = 0;
          let unchanged = 0;
          const conflicts: ImportOutcome["conflicts"] = [];
          for (const row of rows) {
            if (row.kind === "skipped") continue;
            if (row.token !== expected[String(row.line)]) {
              conflicts.push({ line: row.line, serial: row.serial, name: row.name });
              continue;
            }
            if (row.kind === "unchanged") {
              unchanged++;
              continue;
            }
            const written = await write(
              trx,
              pending,
              row.id,
              row.input!,
              row.categoryIds!,
              row.target!.sizes,
              row.before && {
                sameCategories: row.before.categories.join("\n") === row.target!.categories.join("\n"),
                sizes: row.before.sizes,
              },
            );
            batchUndo.push({ id: written.id, name: row.name, version: written.version, before: row.before ?? null });
            batchRecords.push({
              id: written.id,
              name: row.name,
              action: row.kind === "create" ? "create" : "update",
              changes: row.audit ?? [],
            });
            if (row.kind === "create") created++;
            else changed++;
          }
          await flush(trx, pending);
          // Counted only once the batch's transaction is sure to commit.
          undo.push(...batchUndo);
          outcome.records.push(...batchRecords);
          outcome.created += created;
          outcome.changed += changed;
          outcome.unchanged += unchanged;
          outcome.conflicts.push(...conflicts);
        });
      }
      if (undo.length) {
        const batch = await db
          .insertInto("bulk_batches")
          .values({
            entity_type: "Product",
            action: "import",
            data: JSON.stringify({ action: { type: "import" }, records: undo }),
            created_at: now(),
            created_by: actor?.id ?? null,
            created_by_name: actor?.name ?? null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        outcome.batch = batch.id;
        for (const record of outcome.records) record.changes.push({ field: "bulk", to: batch.id });
      }
      return outcome;
    },

    /**
     * Undoes import batch `batchId` once: each record still at the version the import left it at goes back to
     * its state before (a created product goes to the trash); one edited since is reported, not overwritten.
     */
    async undo(
      batchId: number,
      actor: TrashActor | null,
    ): Promise<{ records: ImportRecordChange[]; conflicts: NamedRef[] }> {
      const stored = await db.selectFrom("bulk_batches").selectAll().where("id", "=", batchId).executeTakeFirst();
      if (stored?.entity_type !== "Product" || stored.action !== "import") throw new NotFoundError(t.errors.batch);
      if (stored.undone_at) throw new HttpError(409, t.errors.batch);
      const data = JSON.parse(stored.data) as { records: UndoRecord[] };
      const categories = new Map<string, number>();
      for (const row of await db.selectFrom("categories").select(["id", "name"]).orderBy("id").execute()) {
        if (!categories.has(row.name)) categories.set(row.name, row.id);
      }
      return db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable("bulk_batches")
          .set({ undone_at: now() })
          .where("id", "=", batchId)
          .where("undone_at", "is", null)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) throw new HttpError(409, t.errors.batch);
        const records: ImportRecordChange[] = [];
        const conflicts: NamedRef[] = [];
        const mark: AuditChange = { field: "bulk", to: batchId };
        const pending = pendingWrites();
        for (const record of data.records) {
          let query = trx.selectFrom("products").select(["id", "version"]).where("id", "=", record.id);
          if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
          const row = await query.executeTakeFirst();
          if (!row) continue;
          if (Number(row.version) !== record.version) {
            conflicts.push({ id: record.id, name: record.name });
            continue;
          }
          if (!record.before) {
            const receipt = await deps.trash.moveToTrashIn(trx, "Product", record.id, actor);
            if (receipt) records.push({ id: record.id, name: record.name, action: "delete", changes: [mark] });
            continue;
          }
          const before = record.before;
          const input = productSchema.parse({
            ...before.fields,
            allergens: before.fields.allergens ?? [],
            may_contain: before.fields.may_contain ?? [],
          });
          await write(
            trx,
            pending,
            record.id,
            input,
            before.categories.filter((name) => categories.has(name)).map((name) => categories.get(name)!),
            before.sizes,
          );
          records.push({ id: record.id, name: record.name, action: "update", changes: [{ field: "import" }, mark] });
        }
        await flush(trx, pending);
        return { records, conflicts };
      });
    },
  };
  return service;
}

export type ProductCsvService = ReturnType<typeof createProductCsvService>;
