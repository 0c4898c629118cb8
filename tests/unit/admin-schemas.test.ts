/** The admin forms' shared schemas (spec §5): what is required, numbers from text, Hebrew messages. */
import { describe, expect, it } from "vitest";
import { toFieldErrors } from "../../domain/field-errors.ts";
import { branchSchema } from "../../domain/schemas/admin/branch.ts";
import { categorySchema } from "../../domain/schemas/admin/category.ts";
import { ownerTypeField } from "../../domain/schemas/admin/images.ts";
import { productSchema, sizeSchema, tagSchema } from "../../domain/schemas/admin/product.ts";
import { settingsSchema } from "../../domain/schemas/admin/settings.ts";

const HEBREW = /[\u0590-\u05FF]/;

function errorsOf(result: { success: boolean; error?: unknown }) {
  expect(result.success).toBe(false);
  return toFieldErrors(result.error as never);
}

describe("product", () => {
  it("requires name, title and a whole-number serial_id; status defaults to 1", () => {
    const errors = errorsOf(productSchema.safeParse({}));
    expect(Object.keys(errors).sort()).toEqual(["name", "serial_id", "title"]);
    for (const list of Object.values(errors)) expect(list[0]).toMatch(HEBREW);
    const ok = productSchema.parse({ name: " חלה ", title: "קלועה", serial_id: "1234" });
    expect(ok).toEqual({
      name: "חלה",
      title: "קלועה",
      content: "",
      serial_id: 1234,
      status: 1,
      visibility_home_page: false,
    });
  });

  it("refuses a fractional or non-numeric serial_id and an unknown status", () => {
    expect(
      Object.keys(errorsOf(productSchema.safeParse({ name: "a", title: "b", serial_id: "12.5", status: 2 }))).sort(),
    ).toEqual(["serial_id", "status"]);
    // Issue 14: only plain decimal text is a number ("1e3" and "0x10" are not).
    expect(productSchema.safeParse({ name: "a", title: "b", serial_id: "1e3" }).success).toBe(false);
    expect(productSchema.safeParse({ name: "a", title: "b", serial_id: "0x10" }).success).toBe(false);
    expect(productSchema.safeParse({ name: "a", title: "b", serial_id: " 1000 " }).success).toBe(true);
    expect(productSchema.safeParse({ name: "a", title: "b", serial_id: "abc" }).success).toBe(false);
  });

  it("reads flags from checkboxes and JSON alike", () => {
    for (const value of [true, 1, "1", "true", "on"]) {
      expect(
        productSchema.parse({ name: "a", title: "b", serial_id: 1, visibility_home_page: value }).visibility_home_page,
      ).toBe(true);
    }
  });
});

describe("sizes and tags", () => {
  it("takes a price in shekels with at most two decimals", () => {
    expect(sizeSchema.parse({ name: "גדול", price: "12.50", product_id: "3" })).toEqual({
      name: "גדול",
      price: 12.5,
      product_id: 3,
    });
    expect(sizeSchema.safeParse({ name: "גדול", price: "12.345", product_id: 3 }).success).toBe(false);
    expect(sizeSchema.safeParse({ name: "גדול", price: "-1", product_id: 3 }).success).toBe(false);
    expect(errorsOf(sizeSchema.safeParse({ product_id: 3 })).price![0]).toBe("יש למלא מחיר (₪)");
  });

  it("allows only the three Hebrew colours and product owners", () => {
    expect(
      tagSchema.parse({ name: "חלבי", color: "כתום", tagable_id: 1, tagable_type: "App\\Models\\Product" })
        .tagable_type,
    ).toBe("product");
    expect(errorsOf(tagSchema.safeParse({ name: "x", color: "red", tagable_id: 1 })).color![0]).toMatch(HEBREW);
    expect(tagSchema.safeParse({ name: "x", color: "אדום", tagable_id: 1, tagable_type: "category" }).success).toBe(
      false,
    );
  });
});

describe("category", () => {
  it("is a main category by default and needs a parent as a subcategory", () => {
    expect(categorySchema.parse({ name: "לחמים" })).toMatchObject({
      is_main: true,
      parent_id: null,
      status: 1,
      position: 0,
    });
    expect(errorsOf(categorySchema.safeParse({ name: "תת", is_main: false })).parent_id![0]).toBe(
      "יש לבחור קטגוריה ראשית לתת-קטגוריה",
    );
    expect(categorySchema.parse({ name: "ראשית", is_main: true, parent_id: 4 }).parent_id).toBeNull();
  });
});

describe("branch and settings", () => {
  it("checks links, phone numbers and opening hours", () => {
    const errors = errorsOf(
      branchSchema.safeParse({
        name: "סניף",
        location: "javascript:alert(1)",
        phone: "call me",
        opening_hours: [
          { day: 2, opens: "25:00", closes: "08:00" },
          { day: 3, opens: "08:00", closes: "08:00" },
        ],
      }),
    );
    expect(Object.keys(errors).sort()).toEqual([
      "location",
      "opening_hours.0.opens",
      "opening_hours.1.closes",
      "phone",
    ]);
    // Closing at or before opening is after midnight (Thursday night until 02:00).
    expect(
      branchSchema.safeParse({ name: "סניף", opening_hours: [{ day: 4, opens: "20:00", closes: "02:00" }] }).success,
    ).toBe(true);
    const ok = branchSchema.parse({
      name: "סניף",
      opening_hours: [
        { day: 5, opens: "07:00", closes: "13:00" },
        { day: 0, opens: "06:30", closes: "19:00" },
      ],
    });
    expect(ok.opening_hours.map((h) => h.day)).toEqual([0, 5]);
  });

  it("needs a brand name and accepts empty optional links", () => {
    expect(Object.keys(errorsOf(settingsSchema.safeParse({ brand_name: "", order_url: "ftp://x" }))).sort()).toEqual([
      "brand_name",
      "order_url",
    ]);
    expect(settingsSchema.parse({ brand_name: "מאפייה" })).toMatchObject({ order_url: "", email: "" });
  });
});

describe("image owner type", () => {
  it("accepts our names and Laravel model class names", () => {
    expect(ownerTypeField.parse("App\\Models\\Category")).toBe("category");
    expect(ownerTypeField.parse("PRODUCT")).toBe("product");
    expect(ownerTypeField.safeParse("App\\Models\\User").success).toBe(false);
  });
});
