/** The trash's list filter (issue 12): `?type=` one kind of record, or `all` (the default). */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";
import { TRASH_SUBJECTS } from "../../permissions.ts";

/** How long a deleted record can be restored before the background job deletes it for good. */
export const TRASH_DAYS = 30;

export const TRASH_FILTERS = [...TRASH_SUBJECTS, "all"] as const;

export const trashFilterSchema = z.object({
  type: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined),
    z.enum(TRASH_FILTERS, { error: heAdmin.validation.trashType }).default("all"),
  ),
});
export type TrashFilter = z.output<typeof trashFilterSchema>["type"];
