/** Sales (promotions) and publications (news) share one shape. */
import { z } from "zod";
import { he } from "../../i18n/he.ts";
import { flag, optionalText, requiredText, status } from "./fields.ts";

const f = he.admin.fields;

export const postSchema = z.object({
  name: requiredText(f.name, 160),
  content: optionalText(f.content, 10_000),
  status,
  visibility_home_page: flag,
});

export type PostInput = z.output<typeof postSchema>;
