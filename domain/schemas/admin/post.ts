/** Sales (promotions) and publications (news) share one shape. */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";
import { flag, optionalText, requiredText, status } from "./fields.ts";

const f = heAdmin.fields;

export const postSchema = z.object({
  name: requiredText(f.name, 160),
  content: optionalText(f.content, 10_000),
  status,
  visibility_home_page: flag,
});

export type PostInput = z.output<typeof postSchema>;
