/** Category form and payload (spec §5: name and status are required). */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";
import { DEFAULT_LEAD_DAYS, HOLIDAYS, MAX_LEAD_DAYS } from "../../seasonal/holidays.ts";
import { flag, idField, keptInstant, optionalText, requiredText, status, wholeNumber } from "./fields.ts";

const f = heAdmin.fields;

/** A holiday collection's pre-order cut-off: at most this many days before the holiday. */
export const MAX_CUTOFF_DAYS = 30;

export const categorySchema = z
  .object({
    name: requiredText(f.name, 120),
    information: optionalText(f.information, 5_000),
    status,
    // Absent means a main category, the common case.
    is_main: z.preprocess((value) => (value === undefined ? true : value), flag),
    parent_id: z.preprocess(
      (value) => (value === "" || value === undefined ? null : value),
      idField(f.parent).nullable(),
    ),
    visibility_home_page: flag,
    position: z.preprocess(
      (value) => (value === undefined || value === "" ? 0 : value),
      wholeNumber(f.position, { max: 100_000 }),
    ),
    // A seasonal collection (domain/seasonal/holidays.ts): featured on the home page before its holiday.
    holiday: z.preprocess(
      (value) => (value === "" || value === undefined ? null : value),
      z.enum(HOLIDAYS, { error: heAdmin.validation.holiday }).nullable(),
    ),
    holiday_lead_days: z.preprocess(
      (value) => (value === undefined || value === "" || value === null ? DEFAULT_LEAD_DAYS : value),
      wholeNumber(f.leadDays, { max: MAX_LEAD_DAYS }),
    ),
    // Pre-orders of a holiday collection's products close this many days before the holiday (issue 28).
    // Absent (a client of the spec's fields): kept on update; "" or null: no cut-off.
    preorder_cutoff_days: z.preprocess(
      (value) => (value === "" || value === null ? null : value),
      wholeNumber(f.preorderCutoff, { max: MAX_CUTOFF_DAYS }).nullable().optional(),
    ),
    // Public only between these (issue 30); absent on update: kept.
    starts_at: keptInstant(f.publishAt),
    ends_at: keptInstant(f.hideAfter),
  })
  .transform((value) => (value.is_main ? { ...value, parent_id: null } : value))
  .superRefine((value, ctx) => {
    if (!value.is_main && value.parent_id === null) {
      ctx.addIssue({ code: "custom", path: ["parent_id"], message: heAdmin.validation.parentRequired });
    }
    if (value.starts_at && value.ends_at && value.ends_at <= value.starts_at) {
      ctx.addIssue({ code: "custom", path: ["ends_at"], message: heAdmin.validation.endsBeforeStarts });
    }
  });

export type CategoryInput = z.output<typeof categorySchema>;
