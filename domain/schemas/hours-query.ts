/** Query of GET /api/branches/{id}/hours: `from` a real date (default today in Jerusalem), `days` 1–62 (default 7). */
import { z } from "zod";
import { isCalendarDate } from "../hours/time.ts";
import { heHours } from "../i18n/hours.ts";

export const MAX_HOURS_DAYS = 62;

export const hoursQuerySchema = z.object({
  from: z.string({ error: heHours.api.from }).refine(isCalendarDate, heHours.api.from).optional(),
  days: z
    .string({ error: heHours.api.days })
    .regex(/^\d{1,3}$/, heHours.api.days)
    .transform(Number)
    .pipe(z.number().int().min(1, heHours.api.days).max(MAX_HOURS_DAYS, heHours.api.days))
    .optional(),
});
