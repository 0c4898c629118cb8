/**
 * One product row mapping (server/services/product-row.ts): what a write stores reads back as the same fields,
 * for every plain field of PRODUCT_FIELDS by its kind and for kashrut; a field left out is not written.
 */
import { describe, expect, it } from "vitest";
import { PLAIN_PRODUCT_FIELDS, type ProductInput, productSchema } from "../../domain/schemas/admin/product.ts";
import { KASHRUT_COLUMNS } from "../../server/services/kashrut.ts";
import { productColumns, productFieldsFromRow, publicProductFields } from "../../server/services/product-row.ts";

const input: ProductInput = productSchema.parse({
  name: "חלה",
  title: "קלועה",
  content: "רכה",
  serial_id: "100101",
  status: 0,
  visibility_home_page: true,
  // A window (issue 30): a Jerusalem wall-clock start, stored as ISO UTC; no end (null).
  starts_at: "2026-12-01T10:00",
  ends_at: "",
  dietary: "parve",
  pas_yisrael: true,
  allergens: ["eggs", "gluten"],
  // Pre-orders (issue 28): an optional whole number, typed as text in the form.
  preorder_daily_limit: "12",
});

describe("product row mapping", () => {
  it("stores flags as 0/1 and reads back every field the write stored, with kashrut", () => {
    const columns = productColumns(input);
    expect(columns).toMatchObject({
      name: "חלה",
      serial_id: 100101,
      status: 0,
      visibility_home_page: 1,
      starts_at: "2026-12-01T08:00:00.000Z",
      ends_at: null,
      preorder_daily_limit: 12,
    });
    expect(columns.allergens).toBe('["gluten","eggs"]');
    const fields = productFieldsFromRow({
      chalav_yisrael: 0,
      kosher_for_passover: 0,
      may_contain: "[]",
      ...columns,
      // PostgreSQL answers the bigint serial number as text.
      serial_id: "100101",
    } as never);
    for (const field of PLAIN_PRODUCT_FIELDS) expect(fields[field.key], field.key).toEqual(input[field.key]);
    expect(fields).toMatchObject({
      dietary: "parve",
      pas_yisrael: true,
      chalav_yisrael: false,
      allergens: ["gluten", "eggs"],
    });
  });

  it("leaves out a field the input left out (an update keeps it, a create takes the default)", () => {
    const columns = productColumns({ ...input, title: undefined, dietary: undefined } as never);
    expect(columns).not.toHaveProperty("title");
    expect(columns).not.toHaveProperty("dietary");
    expect(columns).toHaveProperty("name", "חלה");
  });

  it("gives the public JSON the fields marked public and kashrut, not the back office's", () => {
    const fields = productFieldsFromRow({
      chalav_yisrael: 0,
      kosher_for_passover: 0,
      may_contain: "[]",
      ...productColumns(input),
    } as never);
    const shown = publicProductFields(fields);
    expect(Object.keys(shown).sort()).toEqual(
      [
        ...PLAIN_PRODUCT_FIELDS.filter((field) => field.public).map((field) => field.key),
        // Every kashrut column is public (foundation.test.ts spells the column names out as the tripwire).
        ...KASHRUT_COLUMNS.map((column) => column.replace("products.", "")),
      ].sort(),
    );
    expect(shown).not.toHaveProperty("visibility_home_page");
    expect(shown).toMatchObject({ name: "חלה", serial_id: 100101, content: "רכה" });
  });
});
