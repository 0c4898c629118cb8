/**
 * The kashrut and allergen fields of the product payload (issue 11). Each may be left out: a create then
 * stores "not stated" (no dietary kind, no flags, allergens not stated) and an update keeps what is stored,
 * so a client that knows only the spec's fields never wipes them. Unknown codes are a 422 under the field.
 *
 * Allergens (issue 29): `allergen_status` is staff's decision (domain/kashrut.ts). "Contains none" is only
 * ever said by `allergen_status: "none"`; without a status, codes mean `listed` and an empty list means "not
 * stated", never "none". A status that contradicts the lists sent with it is a 422 (`allergenDecisionIssues`).
 */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";
import { heKashrut } from "../../i18n/kashrut.ts";
import {
  ALLERGEN_STATUSES,
  type Allergen,
  type AllergenStatus,
  DIETARY,
  type Dietary,
  inListOrder,
  parseAllergenList,
} from "../../kashrut.ts";

const t = heKashrut;

/** "" or null: not stated (null); absent: unchanged (undefined); else one of DIETARY. */
export const dietaryField = z.preprocess(
  (value) => (value === "" || value === null ? null : typeof value === "string" ? value.trim().toLowerCase() : value),
  z.union([z.null(), z.enum(DIETARY)], { error: t.validation.dietary }).optional(),
);

/** A flag that stays undefined when absent (unchanged on update); true/false, 0/1, "on"/"off". */
function optionalFlag(label: string) {
  return z.preprocess((value) => {
    if (value === undefined) return undefined;
    if (value === null || value === "" || value === 0 || value === "0" || value === "false" || value === "off") {
      return false;
    }
    if (value === 1 || value === "1" || value === "true" || value === "on") return true;
    return value;
  }, z.boolean({ error: t.validation.flag(label) }).optional());
}

/** A list of allergen codes: an array, or comma-separated text; stored in the list's order, once each. */
function allergenList(label: string) {
  return z.preprocess(
    (value) => {
      if (value === undefined) return undefined;
      if (value === null || value === "") return [];
      return typeof value === "string" ? value.split(",") : value;
    },
    z
      .array(z.string({ error: t.validation.allergens(label) }), { error: t.validation.allergens(label) })
      .max(100, t.validation.allergens(label))
      .superRefine((codes, ctx) => {
        const { unknown } = parseAllergenList(codes);
        if (unknown.length) ctx.addIssue({ code: "custom", message: t.unknownAllergens(unknown.join(", ")) });
      })
      .transform((codes): Allergen[] => inListOrder(parseAllergenList(codes).codes))
      .optional(),
  );
}

const f = heAdmin.kashrut;

export const kashrutFields = {
  dietary: dietaryField,
  // Optional for the API's clients (absent: see above); the product form always sends it, "" until chosen.
  allergen_status: z.enum(ALLERGEN_STATUSES, { error: t.validation.allergenStatus }).optional(),
  chalav_yisrael: optionalFlag(t.flags.chalav_yisrael),
  pas_yisrael: optionalFlag(t.flags.pas_yisrael),
  kosher_for_passover: optionalFlag(t.flags.kosher_for_passover),
  allergens: allergenList(f.allergens),
  may_contain: allergenList(f.mayContain),
};

export type DietaryInput = Dietary | null | undefined;

type AllergenDecision = {
  allergen_status?: AllergenStatus;
  allergens?: Allergen[];
  may_contain?: Allergen[];
};

/**
 * The status that a write stores: the one sent, or the one its lists imply (codes: `listed`; an empty list:
 * `not_stated`); undefined when the write says nothing about allergens (an update keeps what is stored).
 */
export function allergenStatusOf(input: AllergenDecision): AllergenStatus | undefined {
  if (input.allergen_status !== undefined) return input.allergen_status;
  if (input.allergens === undefined) return undefined;
  return input.allergens.length ? "listed" : "not_stated";
}

/** Where a status and the lists sent with it disagree: field → Hebrew message (none when they agree). */
export function allergenDecisionIssues(
  input: AllergenDecision,
): { path: "allergens" | "may_contain"; message: string }[] {
  const v = t.validation;
  switch (input.allergen_status) {
    case "listed":
      return input.allergens?.length ? [] : [{ path: "allergens", message: v.allergensListedEmpty }];
    case "none":
      return input.allergens?.length ? [{ path: "allergens", message: v.allergensNoneContradiction }] : [];
    case "not_stated":
      return [
        ...(input.allergens?.length
          ? [{ path: "allergens" as const, message: v.allergensNotStatedContradiction }]
          : []),
        ...(input.may_contain?.length
          ? [{ path: "may_contain" as const, message: v.allergensNotStatedContradiction }]
          : []),
      ];
    default:
      return [];
  }
}
