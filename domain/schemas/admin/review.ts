/** Review moderation (issue 12): approve, reject, or send back to pending; the list's status filter. */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";
import { REVIEW_STATUSES } from "../fields.ts";

export const reviewModerationSchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: heAdmin.validation.reviewStatus }),
});

/** An unknown filter shows everything, as the contact inbox does. */
export const reviewFilterSchema = z.enum([...REVIEW_STATUSES, "all"]).catch("all");
export type ReviewFilter = z.output<typeof reviewFilterSchema>;
