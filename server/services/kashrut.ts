/**
 * Kashrut and allergens of products in the database (issue 11): row ↔ `ProductKashrut`, the columns a write
 * stores, and the grid's filter as SQL. The filter's rule is `matchesFilter` in domain/kashrut.ts; the SQL
 * below is the same rule over the stored JSON text, the same on SQLite and PostgreSQL: the lists hold only
 * codes from ALLERGENS (plain ASCII words, validated on every write), so `allergens LIKE '%"sesame"%'` is an
 * exact membership test and needs no JSON function of either dialect.
 */
import { type ExpressionBuilder, type SqlBool, sql } from "kysely";
import {
  type Allergen,
  type CatalogueFilter,
  type Dietary,
  inListOrder,
  isAllergen,
  isDietary,
  type ProductKashrut,
} from "../../domain/kashrut.ts";
import { storedList } from "../db/json-list.ts";
import type { Database } from "../db/schema.ts";

/** The stored JSON list as codes, in list order; anything unreadable counts as empty. */
export function allergenCodes(json: string | null | undefined): Allergen[] {
  return inListOrder(storedList(json).filter((c): c is Allergen => typeof c === "string" && isAllergen(c)));
}

export const dietaryOf = (value: string | null | undefined): Dietary | null =>
  value && isDietary(value) ? value : null;

export type KashrutColumns = {
  dietary: string | null;
  chalav_yisrael: number;
  pas_yisrael: number;
  kosher_for_passover: number;
  allergens: string;
  may_contain: string;
};

export const KASHRUT_COLUMNS = [
  "products.dietary",
  "products.chalav_yisrael",
  "products.pas_yisrael",
  "products.kosher_for_passover",
  "products.allergens",
  "products.may_contain",
] as const;

export function kashrutFromRow(row: KashrutColumns): ProductKashrut {
  return {
    dietary: dietaryOf(row.dietary),
    chalav_yisrael: row.chalav_yisrael === 1,
    pas_yisrael: row.pas_yisrael === 1,
    kosher_for_passover: row.kosher_for_passover === 1,
    allergens: allergenCodes(row.allergens),
    may_contain: allergenCodes(row.may_contain),
  };
}

/** The columns of a write; a field left undefined is not written (an update keeps it, a create takes the default). */
export function kashrutColumns(input: Partial<{ [K in keyof ProductKashrut]: ProductKashrut[K] | undefined }>) {
  const columns: Partial<Omit<KashrutColumns, "dietary"> & { dietary: Dietary | null }> = {};
  if (input.dietary !== undefined) columns.dietary = input.dietary;
  if (input.chalav_yisrael !== undefined) columns.chalav_yisrael = input.chalav_yisrael ? 1 : 0;
  if (input.pas_yisrael !== undefined) columns.pas_yisrael = input.pas_yisrael ? 1 : 0;
  if (input.kosher_for_passover !== undefined) columns.kosher_for_passover = input.kosher_for_passover ? 1 : 0;
  if (input.allergens !== undefined) columns.allergens = JSON.stringify(inListOrder(input.allergens));
  if (input.may_contain !== undefined) columns.may_contain = JSON.stringify(inListOrder(input.may_contain));
  return columns;
}

type ProductsEb = ExpressionBuilder<Database, "products">;

/** `matchesFilter` as a WHERE condition on `products` (true when the filter is empty). */
export function kashrutFilterCondition(eb: ProductsEb, filter: CatalogueFilter) {
  const conditions = [];
  if (filter.dietary !== undefined) conditions.push(eb("products.dietary", "=", filter.dietary));
  for (const code of filter.without) {
    // The code is one of ALLERGENS (no LIKE wildcards); bound as a parameter all the same.
    const pattern = `%"${code}"%`;
    conditions.push(sql<SqlBool>`${eb.ref("products.allergens")} not like ${pattern}`);
    conditions.push(sql<SqlBool>`${eb.ref("products.may_contain")} not like ${pattern}`);
  }
  return eb.and(conditions);
}
