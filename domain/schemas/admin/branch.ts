/** Branch form and payload. Opening hours: one entry per open day; a missing day is closed. */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";
import { optionalPhone, optionalText, optionalUrl, requiredText, wholeNumber } from "./fields.ts";

const f = heAdmin.fields;
const v = heAdmin.validation;

const time = z.string({ error: v.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, v.time);

export const openingHoursSchema = z
  .array(
    z
      .object({ day: z.number().int().min(0).max(6), opens: time, closes: time })
      .refine((h) => h.closes > h.opens, { message: v.hours, path: ["closes"] }),
  )
  .max(7)
  .refine((list) => new Set(list.map((h) => h.day)).size === list.length, v.hours)
  .transform((list) => [...list].sort((a, b) => a.day - b.day));

export const branchSchema = z.object({
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
  accessibility: optionalText(f.accessibility, 2_000),
  position: z.preprocess(
    (value) => (value === undefined || value === "" ? 0 : value),
    wholeNumber(f.position, { max: 100_000 }),
  ),
});

export type BranchInput = z.output<typeof branchSchema>;
