/**
 * Query parameters of every admin list (spec §7): page, search_id, search_title, search_content,
 * search_global, order_column (default created_at), order_direction (default desc), plus per_page.
 * `order_column` is checked against each list's own whitelist by the service.
 */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";

const v = heAdmin.validation;

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;
export const PER_PAGE_CHOICES = [10, 15, 25, 50, 100] as const;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : typeof value === "string" ? value.trim() : value;

const positiveInt = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value),
    z.number({ error: v.listParam }).int(v.listParam).min(1, v.listParam).max(max, v.listParam),
  );

const searchText = z.preprocess(blankToUndefined, z.string().max(200, v.listParam).optional());

export const listQuerySchema = z.object({
  page: z.preprocess(blankToUndefined, positiveInt(1_000_000).default(1)),
  per_page: z.preprocess(blankToUndefined, positiveInt(MAX_PER_PAGE).default(DEFAULT_PER_PAGE)),
  search_id: z.preprocess(blankToUndefined, positiveInt(2_147_483_647).optional()),
  search_title: searchText,
  search_content: searchText,
  search_global: searchText,
  order_column: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(40)
      .regex(/^[a-z_]+$/, v.orderColumn)
      .default("created_at"),
  ),
  order_direction: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() || undefined : value),
    z.enum(["asc", "desc"], { error: v.orderDirection }).default("desc"),
  ),
});

export type ListQuery = z.output<typeof listQuerySchema>;
