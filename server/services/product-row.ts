/**
 * A product's row ↔ its fields, in one place: the columns a write stores (the back office's create and update,
 * and the seed's) and the fields a read answers (the admin product and list, the public product page). The
 * plain fields follow their kind in PRODUCT_FIELDS (domain/schemas/admin/product.ts), so a plain field added
 * there is stored and read here without a line; kashrut and allergens are server/services/kashrut.ts's.
 */
import {
  PLAIN_PRODUCT_FIELDS,
  type PlainFieldKind,
  type PlainKey,
  type ProductFields,
  type ProductInput,
  type PublicPlainKey,
  type PublicProductKey,
} from "../../domain/schemas/admin/product.ts";
import { KASHRUT_COLUMNS, type KashrutColumns, kashrutColumns, kashrutFromRow } from "./kashrut.ts";
import { buildSearchDocument } from "./search/hebrew.ts";

/** A plain field's value as its column holds it: flags as 0/1, numbers and text as they are. */
type Stored<T> = T extends boolean ? number : T extends number ? number : T;
type PlainColumns = { [K in PlainKey]: Stored<ProductInput[K]> };
type PlainFields = { [K in PlainKey]: ProductFields[K] };

const toColumn: Record<PlainFieldKind, (value: unknown) => unknown> = {
  text: (value) => value,
  textarea: (value) => value,
  number: (value) => value,
  status: (value) => value,
  checkbox: (value) => (value ? 1 : 0),
  datetime: (value) => value,
  limit: (value) => value,
};

const fromColumn: Record<PlainFieldKind, (value: unknown) => unknown> = {
  text: (value) => value ?? "",
  textarea: (value) => value ?? "",
  // PostgreSQL answers a bigint (the serial number) as text.
  number: (value) => Number(value),
  status: (value) => value,
  checkbox: (value) => value === 1,
  datetime: (value) => value ?? null,
  limit: (value) => (value === null || value === undefined ? null : Number(value)),
};

/** The columns a read of a product's fields selects (its plain fields and kashrut). */
export const PRODUCT_FIELD_COLUMNS = [...PLAIN_PRODUCT_FIELDS.map((field) => field.key), ...KASHRUT_COLUMNS];

/**
 * The stored search text the admin list's search reads. (`products.search_name` is no longer written: nothing
 * reads it since the public search moved to the in-memory index; dropping the column needs a migration.)
 */
export function searchColumns(input: Pick<ProductInput, "name" | "title" | "content">) {
  return {
    search_text: buildSearchDocument({ name: input.name, title: input.title, content: input.content }).searchText,
  };
}

/**
 * The columns a product write stores, for create and update alike: the plain fields, the normalized search
 * text and the kashrut columns — a field left out (undefined: a kashrut field, or a plain one whose rule is `.optional()`) is not
 * written (an update keeps what is stored, a create takes the column's default).
 */
export function productColumns(input: ProductInput) {
  const plain: Record<string, unknown> = {};
  for (const field of PLAIN_PRODUCT_FIELDS) {
    const value = input[field.key];
    if (value !== undefined) plain[field.key] = toColumn[field.kind](value);
  }
  return { ...(plain as PlainColumns), ...searchColumns(input), ...kashrutColumns(input) };
}

/** A product's fields from its row (every plain field and kashrut column selected: PRODUCT_FIELD_COLUMNS). */
export function productFieldsFromRow(row: { [K in PlainKey]: unknown } & KashrutColumns): ProductFields {
  const plain: Record<string, unknown> = {};
  for (const field of PLAIN_PRODUCT_FIELDS) plain[field.key] = fromColumn[field.kind](row[field.key]);
  return { ...(plain as PlainFields), ...kashrutFromRow(row) };
}

/** What the public product JSON carries of a product's fields: the plain ones marked `public`, and kashrut. */
export function publicProductFields(fields: ProductFields): Pick<ProductFields, PublicProductKey> {
  const shown: Record<string, unknown> = {};
  for (const field of PLAIN_PRODUCT_FIELDS) if (field.public) shown[field.key] = fields[field.key];
  const { dietary, chalav_yisrael, pas_yisrael, kosher_for_passover, allergen_status, allergens, may_contain } = fields;
  return {
    ...(shown as Pick<ProductFields, PublicPlainKey>),
    ...{ dietary, chalav_yisrael, pas_yisrael, kosher_for_passover, allergen_status, allergens, may_contain },
  };
}
