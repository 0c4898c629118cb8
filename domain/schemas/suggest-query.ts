/**
 * Query of GET /api/products/suggest: `q`, the text typed so far, 1–MAX_SEARCH_LENGTH characters that are
 * not all spaces. Missing, blank or too long → 422 with a Hebrew message on `q`. Text with no searchable
 * word (only punctuation) is valid and suggests nothing.
 */
import { z } from "zod";
import { heApi } from "../i18n/api.ts";
import { MAX_SEARCH_LENGTH } from "../search.ts";

export const suggestQuerySchema = z.object({
  q: z
    .string({ error: heApi.suggest.required })
    .trim()
    .min(1, heApi.suggest.required)
    .max(MAX_SEARCH_LENGTH, heApi.suggest.tooLong(MAX_SEARCH_LENGTH)),
});
