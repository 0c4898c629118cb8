/**
 * Branch form and payload. Opening hours: the weekly list (a missing day is closed) and, optionally, the
 * Hebrew-calendar rules (`hours_rules`); without them an update keeps the branch's stored rules.
 */
import { z } from "zod";
import { hoursRulesSchema, weeklySchema } from "../../hours/rules.ts";
import { isCalendarDate } from "../../hours/time.ts";
import { heAdmin } from "../../i18n/admin.ts";
import { heKashrut } from "../../i18n/kashrut.ts";
import { optionalPhone, optionalText, optionalUrl, requiredText, wholeNumber } from "./fields.ts";

const f = heAdmin.fields;
const v = heAdmin.validation;

/** The weekly schedule: several intervals a day, closing after midnight allowed (domain/hours/rules.ts). */
export const openingHoursSchema = weeklySchema;

export const branchSchema = z
  .object({
    name: requiredText(f.name, 120),
    location: optionalUrl(f.location),
    address: optionalText(f.address, 300),
    content: optionalText(f.content, 5_000),
    email: optionalText(f.email, 254).pipe(
      z
        .string()
        .toLowerCase()
        .refine((value) => value === "" || z.email().safeParse(value).success, v.email),
    ),
    phone: optionalPhone(f.phone),
    opening_hours: z.preprocess((value) => (value === undefined ? [] : value), openingHoursSchema),
    hours_rules: hoursRulesSchema.optional(),
    accessibility: optionalText(f.accessibility, 2_000),
    position: z.preprocess(
      (value) => (value === undefined || value === "" ? 0 : value),
      wholeNumber(f.position, { max: 100_000 }),
    ),
    // The kashrut certificate (issue 11). Left out: an update keeps the stored one.
    kashrut_authority: z.preprocess(
      (value) => value ?? undefined,
      optionalText(heAdmin.kashrut.authority, 200).optional(),
    ),
    kashrut_certificate_number: z.preprocess(
      (value) => value ?? undefined,
      optionalText(heAdmin.kashrut.number, 60).optional(),
    ),
    /** The last valid day, "YYYY-MM-DD"; "" or null: no certificate. */
    kashrut_valid_until: z.preprocess(
      (value) => (value === "" || value === null ? null : typeof value === "string" ? value.trim() : value),
      z
        .union([z.null(), z.string().refine(isCalendarDate, heKashrut.validation.certificateDate)], {
          error: heKashrut.validation.certificateDate,
        })
        .optional(),
    ),
  })
  .superRefine((branch, ctx) => {
    // A date without an authority, or an authority without a date, would claim nothing or claim forever.
    if (branch.kashrut_valid_until && branch.kashrut_authority === "") {
      ctx.addIssue({ code: "custom", path: ["kashrut_authority"], message: heKashrut.validation.certificateAuthority });
    }
    if (branch.kashrut_authority && branch.kashrut_valid_until === null) {
      ctx.addIssue({
        code: "custom",
        path: ["kashrut_valid_until"],
        message: heKashrut.validation.certificateDateMissing,
      });
    }
  });

export type BranchInput = z.output<typeof branchSchema>;
