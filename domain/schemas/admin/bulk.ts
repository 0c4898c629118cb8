/**
 * Bulk actions on the admin products list (issue 30 part 1): `POST /api/admin/products/bulk` carries one action
 * and the records it applies to, each with the version staff selected it at (optimistic concurrency: a record
 * changed meanwhile is reported back, not overwritten). A selection of "all N matching the filter" is first
 * resolved to those pairs by `GET /api/admin/products/selection` (the same parameters as the list).
 *
 * Kashrut and allergens: the fields given are set on every record, the others left as each record has them.
 *
 * Prices: a change by a percentage or by an amount of shekels, each size's price rounded to the agora, to a
 * whole shekel or to the nearest price ending in .90 (`adjustPrice`).
 */
import { z } from "zod";
import { heBulk } from "../../i18n/bulk.ts";
import { idField, toNumber, wholeNumber } from "./fields.ts";
import { allergenDecisionIssues, kashrutFields } from "./kashrut.ts";
import { TAG_COLORS } from "./product.ts";

const v = heBulk.validation;

/** The most records one batch changes (one transaction): a season's catalogue, not the whole database. */
export const BULK_MAX = 5000;
/** A price must stay within what the size form accepts (domain/schemas/admin/product.ts `priceField`). */
export const PRICE_MAX_AGOROT = 10_000_000;

export const BULK_ACTIONS = [
  "publish",
  "hide",
  "add_category",
  "remove_category",
  "price",
  "add_tag",
  "remove_tag",
  "kashrut",
  "trash",
] as const;
export type BulkActionType = (typeof BULK_ACTIONS)[number];

export const PRICE_ROUNDINGS = ["none", "whole", "90"] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const priceChange = z
  .object({
    type: z.literal("price"),
    mode: z.enum(["percent", "amount"], { error: v.priceMode }),
    value: z.preprocess(
      toNumber,
      z.number({ error: v.priceValue }).refine((n) => n !== 0 && twoDecimals(n), v.priceValue),
    ),
    rounding: z.enum(PRICE_ROUNDINGS, { error: v.rounding }).default("none"),
  })
  .superRefine((value, ctx) => {
    if (value.mode === "percent" && (value.value < -90 || value.value > 500)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: v.percentRange });
    }
    if (value.mode === "amount" && Math.abs(value.value) > 10_000) {
      ctx.addIssue({ code: "custom", path: ["value"], message: v.amountRange });
    }
  });

/**
 * The kashrut and allergen fields set on every record (issue 11's rules): a field left out stays as each record has
 * it; at least one is given; a status that contradicts the lists sent with it is refused as in the form.
 */
const kashrutChange = z
  .object({ type: z.literal("kashrut"), fields: z.object(kashrutFields, { error: v.kashrut }) })
  .superRefine((value, ctx) => {
    if (Object.values(value.fields).every((field) => field === undefined)) {
      ctx.addIssue({ code: "custom", path: ["fields"], message: v.kashrut });
    }
    for (const issue of allergenDecisionIssues(value.fields)) {
      ctx.addIssue({ code: "custom", path: ["fields", issue.path], message: issue.message });
    }
  });

const categoryId = idField(heBulk.category).pipe(z.number({ error: v.category }));
const tagName = z.string({ error: v.tagName }).trim().min(1, v.tagName).max(40, v.tagName);

export const bulkActionSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("publish") }),
    z.object({ type: z.literal("hide") }),
    z.object({ type: z.literal("add_category"), category_id: categoryId }),
    z.object({ type: z.literal("remove_category"), category_id: categoryId }),
    priceChange,
    z.object({
      type: z.literal("add_tag"),
      name: tagName,
      color: z.enum(TAG_COLORS, { error: v.tagColor }),
    }),
    z.object({ type: z.literal("remove_tag"), name: tagName }),
    kashrutChange,
    z.object({ type: z.literal("trash") }),
  ],
  { error: v.action },
);
export type BulkAction = z.output<typeof bulkActionSchema>;
export type PriceChange = Extract<BulkAction, { type: "price" }>;
export type KashrutChange = Extract<BulkAction, { type: "kashrut" }>;

const item = z.object(
  {
    id: idField("id"),
    version: wholeNumber("version", { min: 1 }).pipe(z.number({ error: v.version })),
  },
  { error: v.version },
);

export const bulkRequestSchema = z.object({
  action: bulkActionSchema,
  items: z
    .array(item, { error: v.items })
    .min(1, v.items)
    .max(BULK_MAX, v.tooMany(BULK_MAX))
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, v.duplicate),
});
export type BulkRequest = z.output<typeof bulkRequestSchema>;

/**
 * A price in agorot after the change, rounded as asked: to the agora; to the nearest whole shekel (half up);
 * or to the nearest price that ends in .90 (42.50 → 42.90, 42.30 → 41.90; below 0.90 it is 0.90). Prices are
 * never made negative here; the service refuses a batch whose result leaves 0–100,000 ₪.
 */
export function adjustPrice(agorot: number, change: Pick<PriceChange, "mode" | "value" | "rounding">): number {
  const raw = change.mode === "percent" ? agorot * (1 + change.value / 100) : agorot + Math.round(change.value * 100);
  // Cents first, so 19.999999 (float noise of a percentage) is 20.00 before any rounding rule.
  const cents = Math.round(raw);
  switch (change.rounding) {
    case "whole":
      return Math.round(cents / 100) * 100;
    case "90":
      return Math.max(90, Math.round((cents - 90) / 100) * 100 + 90);
    default:
      return cents;
  }
}
