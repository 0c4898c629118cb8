/** Product form and payload (spec §5: name, title, serial_id as a number and status are required). */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";
import type { ProductKashrut } from "../../kashrut.ts";
import {
  flag,
  idField,
  keptInstant,
  keptOptionalWholeNumber,
  optionalText,
  requiredText,
  status,
  toNumber,
  wholeNumber,
} from "./fields.ts";
import { allergenDecisionIssues, kashrutFields } from "./kashrut.ts";

const f = heAdmin.fields;

/** The longest product name. */
export const PRODUCT_NAME_MAX = 120;

/**
 * The serial number of a product that has none yet: a duplicate (admin "שכפול") starts as a hidden draft
 * without one, since serial numbers are one per product. The schema takes only 1 and up, so a product is
 * saved from the form only once staff give it its own; the back office shows this as "no serial number".
 */
export const NO_SERIAL = 0;

export const productSchema = z
  .object({
    name: requiredText(f.name, PRODUCT_NAME_MAX),
    title: requiredText(f.title, 200),
    content: optionalText(f.content, 20_000),
    serial_id: wholeNumber(f.serialId, { min: 1, max: 999_999_999_999 }),
    status,
    visibility_home_page: flag,
    // Public only between these (issue 30, like sales and news); absent on update: kept.
    starts_at: keptInstant(f.publishAt),
    ends_at: keptInstant(f.hideAfter),
    // Kashrut and allergens (issue 11): each optional; an update without them keeps the stored ones.
    ...kashrutFields,
    // Pre-orders (issue 28): how many may be ordered for one pickup day; "" → no limit; absent on update: kept.
    preorder_daily_limit: keptOptionalWholeNumber(heAdmin.validation.preorderDailyLimit, { min: 1, max: 100_000 }),
  })
  .superRefine((value, ctx) => {
    if (value.starts_at && value.ends_at && value.ends_at <= value.starts_at) {
      ctx.addIssue({ code: "custom", path: ["ends_at"], message: heAdmin.validation.endsBeforeStarts });
    }
    // Allergens (issue 29): a status that contradicts its lists is refused, not silently repaired.
    for (const issue of allergenDecisionIssues(value)) {
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    }
  });

export type ProductInput = z.output<typeof productSchema>;

/**
 * A product's own fields as the admin and public APIs answer them (domain/contracts/): every field of the
 * schema above, present — a kashrut field not stated is null or false, and the allergen lists are null while
 * their status is `not_stated` (unknown, which an empty list would misstate). A field added to the schema is here.
 */
export type ProductFields = Omit<Required<ProductInput>, "allergens" | "may_contain"> &
  Pick<ProductKashrut, "allergens" | "may_contain">;

/** The kashrut and allergen fields (issue 11): one group of the form, its own columns (server/services/kashrut.ts). */
export type KashrutKey = keyof typeof kashrutFields;

/**
 * How a plain field is edited, shown and stored: `text` and `textarea` (text), `number` (a whole number, typed
 * left to right), `checkbox` (a flag, stored 0/1), `status` (the status select, stored as the number), `datetime`
 * (a Jerusalem wall-clock date and time, stored as ISO UTC text or null), `limit` (an optional whole number:
 * empty is none, stored as null).
 */
export type PlainFieldKind = "text" | "textarea" | "number" | "checkbox" | "status" | "datetime" | "limit";

export interface PlainFieldSpec {
  key: Exclude<keyof ProductInput, KashrutKey>;
  kind: PlainFieldKind;
  /** The staff's label (domain/i18n/admin.ts), in the form and the view. */
  label: string;
  /** Marked required in the form (the schema decides what is). */
  required?: boolean;
  /** A line under the input saying what it takes (before a mistake, not only after it). */
  hint?: string;
  /** The public product JSON (`GET /api/product/{id}`, the product page) carries it as it is. */
  public?: boolean;
}

/**
 * The product form's fields in form order (the kashrut group sits where `kashrut` stands), from which the
 * admin form, the admin view, the row mapping (server/services/product-row.ts), the stored columns' types
 * (server/db/schema.ts) and the public product JSON's fields follow. A plain field is one entry here beside
 * its rule in `productSchema`; the type below refuses a schema field left out of this list.
 */
export const PRODUCT_FIELDS = [
  { key: "name", kind: "text", label: f.name, required: true, public: true },
  { key: "title", kind: "text", label: f.title, required: true, public: true },
  { key: "serial_id", kind: "number", label: f.serialId, required: true, public: true, hint: f.serialIdHint },
  { key: "status", kind: "status", label: heAdmin.statusLabel },
  { key: "starts_at", kind: "datetime", label: f.publishAt },
  { key: "ends_at", kind: "datetime", label: f.hideAfter },
  { key: "content", kind: "textarea", label: f.content, public: true },
  { key: "kashrut", kind: "kashrut" },
  { key: "visibility_home_page", kind: "checkbox", label: heAdmin.homeVisibility },
  // Staff only: the order page reads it (a page with the session); the public product JSON does not carry it.
  { key: "preorder_daily_limit", kind: "limit", label: f.preorderDailyLimit, hint: f.preorderDailyLimitHint },
] as const satisfies readonly (PlainFieldSpec | { key: "kashrut"; kind: "kashrut" })[];

type Listed = (typeof PRODUCT_FIELDS)[number];
/** The plain fields' entries. */
export type PlainField = Extract<Listed, { kind: PlainFieldKind }>;
export type PlainKey = PlainField["key"];

type Assert<T extends true> = T;
/** Every field of the schema is listed or is a kashrut field: a field missing from PRODUCT_FIELDS fails the typecheck here. */
export type EveryProductFieldListed = Assert<
  [Exclude<keyof ProductInput, PlainKey | KashrutKey>] extends [never] ? true : false
>;

export const PLAIN_PRODUCT_FIELDS: readonly (PlainFieldSpec & { key: PlainKey })[] = PRODUCT_FIELDS.filter(
  (field): field is PlainField => field.kind !== "kashrut",
);

/** The fields the public product JSON carries as they are: the plain ones marked `public`, and kashrut. */
export type PublicProductKey = PublicPlainKey | KashrutKey;
export type PublicPlainKey = Extract<PlainField, { public: true }>["key"];

/** PUT /api/admin/products/{id}/sold-out (issue 30): "אזל להיום" on or off. */
export const soldOutSchema = z.object({
  sold_out: z.boolean({ error: heAdmin.validation.soldOut }),
});

/** A category as a client sends it: its id, or the spec entity's `{ id, name }`. */
const categoryRef = z.preprocess(
  (value) => (typeof value === "object" && value !== null && "id" in value ? (value as { id: unknown }).id : value),
  idField(f.categories),
);
const categoryList = z.array(categoryRef, { error: heAdmin.validation.categoriesInvalid }).max(200);

/**
 * POST /api/admin/product/{id}/category: the full set of the product's categories, under `categories` (the
 * back office) or the spec's Product field name `category` (a list of `{ id, name }` or of ids). Neither
 * field is "required", not a category that does not exist.
 */
export const productCategoriesSchema = z
  .object({ categories: categoryList.optional(), category: categoryList.optional() })
  .superRefine((value, ctx) => {
    if (value.categories === undefined && value.category === undefined) {
      ctx.addIssue({ code: "custom", path: ["categories"], message: heAdmin.validation.categoriesRequired });
    }
  })
  .transform((value) => ({ categories: value.categories ?? value.category ?? [] }));

export const TAG_COLORS = ["אדום", "כחול", "כתום"] as const;
export type TagColor = (typeof TAG_COLORS)[number];

/** POST /api/admin/tags (spec §5: name and colour required). */
export const tagSchema = z.object({
  name: requiredText(f.tagName, 40),
  color: z.enum(TAG_COLORS, { error: heAdmin.validation.color }),
  tagable_id: idField(f.products),
  // Laravel clients send a model class name ("App\\Models\\Product"); only products carry tags.
  tagable_type: z.preprocess(
    (value) =>
      value === undefined || (typeof value === "string" && /(^|\\)product$/i.test(value)) ? "product" : value,
    z.literal("product", { error: heAdmin.validation.ownerType }),
  ),
});

export type TagInput = z.output<typeof tagSchema>;

/** Price in shekels with at most two decimals, e.g. 12 or 12.5 or "12.50". */
export const priceField = z.preprocess(
  toNumber,
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? heAdmin.validation.required(f.price) : heAdmin.validation.number(f.price),
    })
    .min(0, heAdmin.validation.priceRange)
    .max(100_000, heAdmin.validation.priceRange)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, heAdmin.validation.price),
);

/** POST /api/admin/sizes (spec §5: name and price required). */
export const sizeSchema = z.object({
  name: requiredText(f.sizeName, 60),
  price: priceField,
  product_id: idField(f.products),
});

export type SizeInput = z.output<typeof sizeSchema>;
