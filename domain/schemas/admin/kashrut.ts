/**
 * The kashrut and allergen fields of the product payload (issue 11). Each may be left out: a create then
 * stores "not stated" (no dietary kind, no flags, no allergens) and an update keeps what is stored, so a
 * client that knows only the spec's fields never wipes them. Unknown codes are a 422 under the field.
 */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";
import { heKashrut } from "../../i18n/kashrut.ts";
import { type Allergen, DIETARY, type Dietary, inListOrder, parseAllergenList } from "../../kashrut.ts";

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
  chalav_yisrael: optionalFlag(t.flags.chalav_yisrael),
  pas_yisrael: optionalFlag(t.flags.pas_yisrael),
  kosher_for_passover: optionalFlag(t.flags.kosher_for_passover),
  allergens: allergenList(f.allergens),
  may_contain: allergenList(f.mayContain),
};

export type DietaryInput = Dietary | null | undefined;
