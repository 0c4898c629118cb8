/**
 * Kashrut and allergens of products in the database (issue 11): row ↔ `ProductKashrut`, the columns a write
 * stores, and the grid's filter as SQL. The filter's rule is `matchesFilter` in domain/kashrut.ts; the SQL
 * below is the same rule over the stored JSON text, the same on SQLite and PostgreSQL: the lists hold only
 * codes from ALLERGENS (plain ASCII words, validated on every write), so `allergens LIKE '%"sesame"%'` is an
 * exact membership test and needs no JSON function of either dialect. A product whose allergens are not
 * stated (issue 29) is read with both lists null and never passes a "without" filter, whatever its columns hold.
 */
import { type ExpressionBuilder, type SqlBool, sql } from "kysely";
import {
  type Allergen,
  type AllergenStatus,
  type CatalogueFilter,
  type Dietary,
  inListOrder,
  isAllergen,
  isDietary,
  type ProductKashrut,
} from "../../domain/kashrut.ts";
import { allergenStatusOf } from "../../domain/schemas/admin/kashrut.ts";
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
  allergen_status: string;
  allergens: string;
  may_contain: string;
};

export const KASHRUT_COLUMNS = [
  "products.dietary",
  "products.chalav_yisrael",
  "products.pas_yisrael",
  "products.kosher_for_passover",
  "products.allergen_status",
  "products.allergens",
  "products.may_contain",
] as const;

/**
 * The stored decision as the API and pages read it: anything but "none" or "listed" with codes is "not
 * stated" — a "listed" row with an empty list (never written so) claims nothing rather than "contains none".
 */
function allergenStatusFromRow(row: Pick<KashrutColumns, "allergen_status">, allergens: Allergen[]): AllergenStatus {
  if (row.allergen_status === "none") return "none";
  if (row.allergen_status === "listed" && allergens.length) return "listed";
  return "not_stated";
}

export function kashrutFromRow(row: KashrutColumns): ProductKashrut {
  const allergens = allergenCodes(row.allergens);
  const allergen_status = allergenStatusFromRow(row, allergens);
  const stated = allergen_status !== "not_stated";
  return {
    dietary: dietaryOf(row.dietary),
    chalav_yisrael: row.chalav_yisrael === 1,
    pas_yisrael: row.pas_yisrael === 1,
    kosher_for_passover: row.kosher_for_passover === 1,
    allergen_status,
    allergens: allergen_status === "listed" ? allergens : stated ? [] : null,
    may_contain: stated ? allergenCodes(row.may_contain) : null,
  };
}

type KashrutInput = Partial<{
  [K in Exclude<keyof ProductKashrut, "allergens" | "may_contain">]: ProductKashrut[K] | undefined;
}> & { allergens?: Allergen[]; may_contain?: Allergen[] };

/**
 * The columns of a write; a field left undefined is not written (an update keeps it, a create takes the
 * default). The allergen status is the one sent or the one the lists imply (`allergenStatusOf`): "none"
 * empties the contains list, "not stated" both, so no earlier codes linger under a decision that denies them.
 */
export function kashrutColumns(input: KashrutInput) {
  const columns: Partial<Omit<KashrutColumns, "dietary"> & { dietary: Dietary | null }> = {};
  if (input.dietary !== undefined) columns.dietary = input.dietary;
  if (input.chalav_yisrael !== undefined) columns.chalav_yisrael = input.chalav_yisrael ? 1 : 0;
  if (input.pas_yisrael !== undefined) columns.pas_yisrael = input.pas_yisrael ? 1 : 0;
  if (input.kosher_for_passover !== undefined) columns.kosher_for_passover = input.kosher_for_passover ? 1 : 0;
  const status = allergenStatusOf(input);
  const allergens = status === "none" || status === "not_stated" ? [] : input.allergens;
  const mayContain = status === "not_stated" ? [] : input.may_contain;
  if (status !== undefined) columns.allergen_status = status;
  if (allergens !== undefined) columns.allergens = JSON.stringify(inListOrder(allergens));
  if (mayContain !== undefined) columns.may_contain = JSON.stringify(inListOrder(mayContain));
  return columns;
}

type ProductsEb = ExpressionBuilder<Database, "products">;

/** `matchesFilter` as a WHERE condition on `products` (true when the filter is empty). */
export function kashrutFilterCondition(eb: ProductsEb, filter: CatalogueFilter) {
  const conditions = [];
  if (filter.dietary !== undefined) conditions.push(eb("products.dietary", "=", filter.dietary));
  // Not stated is unknown, never "free of" anything (issue 29).
  // Not stated is unknown, never "free of" anything (issue 29); the same rule as allergenStatusFromRow.
  if (filter.without.length) {
    conditions.push(
      eb.or([
        eb("products.allergen_status", "=", "none"),
        eb.and([eb("products.allergen_status", "=", "listed"), eb("products.allergens", "<>", "[]")]),
      ]),
    );
  }
  for (const code of filter.without) {
    // The code is one of ALLERGENS (no LIKE wildcards); bound as a parameter all the same.
    const pattern = `%"${code}"%`;
    conditions.push(sql<SqlBool>`${eb.ref("products.allergens")} not like ${pattern}`);
    conditions.push(sql<SqlBool>`${eb.ref("products.may_contain")} not like ${pattern}`);
  }
  return eb.and(conditions);
}
