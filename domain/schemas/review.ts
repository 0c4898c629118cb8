/**
 * A customer review (issue 12): rating 1–5, the text and the display name, checked the same way in the
 * browser and on the server. Messages are the Hebrew ones shown under each field.
 */
import { z } from "zod";
import { heForms } from "../i18n/forms.ts";
import { asString } from "./common.ts";
import { multiLine, REVIEW_LIMITS, singleLine } from "./fields.ts";

const m = heForms.review.errors;

export const reviewSchema = z.object({
  // A radio group posts "1".."5"; anything else (missing, "6", "4.5") is the one message.
  rating: asString
    .transform((v) => v.trim())
    .pipe(z.enum(["1", "2", "3", "4", "5"], { error: m.ratingRequired }).transform(Number)),
  text: asString.transform(multiLine).pipe(z.string().min(1, m.textRequired).max(REVIEW_LIMITS.text, m.textTooLong)),
  name: asString.transform(singleLine).pipe(z.string().min(1, m.nameRequired).max(REVIEW_LIMITS.name, m.nameTooLong)),
});

export type ReviewInput = z.output<typeof reviewSchema>;
