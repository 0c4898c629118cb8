/**
 * Building blocks of the admin schemas. Forms hold strings; the same schema parses a form's values in the
 * browser and a JSON body on the server, so numbers and flags accept either their JSON or their text form.
 * Every message is Hebrew and names the field.
 */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";
import { parseInstant } from "../../seasonal/schedule.ts";

const v = heAdmin.validation;

/** Required trimmed text, at most `max` characters. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: v.required(label) })
    .trim()
    .min(1, v.required(label))
    .max(max, v.tooLong(label, max));
}

/** Optional trimmed text ("" when absent). */
export function optionalText(label: string, max: number) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z
      .string({ error: v.required(label) })
      .trim()
      .max(max, v.tooLong(label, max)),
  );
}

/** Plain decimal text only: `Number()` would also take "0x10" (16), "1e3", "0b1" or "Infinity". */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A number from its JSON or its decimal text form; other text stays text (and fails the number check). */
export function toNumber(value: unknown): unknown {
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (trimmed === "") return undefined;
    return DECIMAL.test(trimmed) ? Number(trimmed) : trimmed;
  }
  return value === null ? undefined : value;
}

/** A whole number (from a number or numeric text); `min`/`max` inclusive. */
export function wholeNumber(label: string, options: { min?: number; max?: number } = {}) {
  const min = options.min ?? 0;
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  return z.preprocess(
    toNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? v.required(label) : v.wholeNumber(label)) })
      .int(v.wholeNumber(label))
      .min(min, min > 0 ? v.positive(label) : v.wholeNumber(label))
      .max(max, v.wholeNumber(label)),
  );
}

/**
 * An optional whole number for a field added after the spec's clients were built (a product's daily pre-order
 * limit): absent stays absent (an update keeps what is stored), "" or null clears it (null), anything else is a
 * whole number in [min, max] or the field's message.
 */
export function keptOptionalWholeNumber(message: string, options: { min: number; max: number }) {
  return z
    .preprocess((value) => {
      if (value === null || (typeof value === "string" && value.trim() === "")) return null;
      return toNumber(value);
    }, z.number({ error: message }).int(message).min(options.min, message).max(options.max, message).nullable())
    .optional();
}

/** A database id (positive whole number). */
export function idField(label: string) {
  return wholeNumber(label, { min: 1, max: 2_147_483_647 });
}

/** A flag from a boolean, 0/1 or "true"/"false"/"on"; absent means false. */
export const flag = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === "") return false;
    if (value === 1 || value === "1" || value === "true" || value === "on") return true;
    if (value === 0 || value === "0" || value === "false" || value === "off") return false;
    return value;
  },
  z.boolean({ error: v.listParam }),
);

/** Status: 1 published (shown on the public site), 0 hidden. Default 1 (spec §4). */
export const status = z.preprocess(
  (value) => (value === undefined ? 1 : toNumber(value)),
  z.union([z.literal(0), z.literal(1)], { error: v.status }),
);

export const email = z
  .string({ error: v.email })
  .trim()
  .toLowerCase()
  .max(254, v.email)
  .pipe(z.email({ error: v.email }));

/** "" or an absolute http(s) URL. */
export function optionalUrl(label: string) {
  return optionalText(label, 500).pipe(
    z.string().refine((value) => value === "" || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), v.url),
  );
}

/** "" or a phone number: digits with optional +, spaces, dashes and parentheses. */
export function optionalPhone(label: string) {
  return optionalText(label, 30).pipe(
    z.string().refine((value) => value === "" || /^\+?[0-9][0-9\s()-]{5,}$/.test(value), v.phone),
  );
}

/**
 * An optional instant: "" or absent → null; a Jerusalem wall-clock time ("2026-12-01T08:00", what a
 * datetime-local input holds) or an ISO instant with an offset → ISO-8601 UTC text, as stored.
 */
/**
 * `optionalInstant` for a field added after the spec's clients were built (a product's or category's window):
 * absent (undefined) stays absent, so an update without it keeps what is stored; "" or null clears it.
 */
export function keptInstant(label: string) {
  return optionalInstant(label).optional();
}

export function optionalInstant(label: string) {
  return z.preprocess(
    (value) =>
      value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value,
    z
      .string({ error: v.dateTime(label) })
      .trim()
      .transform((text, ctx) => {
        const instant = parseInstant(text);
        if (!instant) {
          ctx.addIssue({ code: "custom", message: v.dateTime(label) });
          return z.NEVER;
        }
        return instant.toISOString();
      })
      .nullable(),
  );
}

/** Form values: every field as the text an input holds. */
export type FormValues<T> = { [K in keyof T]: T[K] extends boolean ? boolean : T[K] extends unknown[] ? T[K] : string };
