/** Sales (promotions) and publications (news) share one shape. */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";
import { flag, optionalInstant, optionalText, requiredText, status } from "./fields.ts";

const f = heAdmin.fields;

export const postSchema = z
  .object({
    name: requiredText(f.name, 160),
    content: optionalText(f.content, 10_000),
    status,
    visibility_home_page: flag,
    // Public only between these (domain/seasonal/schedule.ts); null = open-ended.
    starts_at: optionalInstant(f.startsAt),
    ends_at: optionalInstant(f.endsAt),
  })
  .superRefine((value, ctx) => {
    if (value.starts_at && value.ends_at && value.ends_at <= value.starts_at) {
      ctx.addIssue({ code: "custom", path: ["ends_at"], message: heAdmin.validation.endsBeforeStarts });
    }
  });

export type PostInput = z.output<typeof postSchema>;
