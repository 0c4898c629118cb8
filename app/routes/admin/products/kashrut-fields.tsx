/**
 * The product form's kashrut and allergen fields (issue 11): the dietary kind, the flags, and two groups of
 * checkboxes over the one list of allergen codes (domain/kashrut.ts) with their Hebrew names.
 */
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { heKashrut } from "../../../../domain/i18n/kashrut.ts";
import { ALLERGENS, type Allergen, DIETARY, KASHRUT_FLAGS, type KashrutFlag } from "../../../../domain/kashrut.ts";
import { bindFields } from "../../../components/admin/admin-form.tsx";
import { CheckboxInput } from "../../../components/admin/fields.tsx";

const k = heAdmin.kashrut;

export type KashrutValues = {
  dietary: string;
  chalav_yisrael: boolean;
  pas_yisrael: boolean;
  kosher_for_passover: boolean;
  allergens: string[];
  may_contain: string[];
};

function AllergenGroup(props: {
  name: "allergens" | "may_contain";
  legend: string;
  value: string[];
  onChange: (codes: string[]) => void;
  errors?: string[];
}) {
  const errorId = `${props.name}-error`;
  return (
    <fieldset aria-describedby={props.errors?.length ? errorId : undefined}>
      <legend className="mb-1 font-medium text-cocoa-900">{props.legend}</legend>
      <div className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-3">
        {ALLERGENS.map((code: Allergen) => (
          <label key={code} className="inline-flex items-center gap-2 text-cocoa-900">
            <input
              type="checkbox"
              name={props.name}
              value={code}
              checked={props.value.includes(code)}
              onChange={(e) =>
                props.onChange(e.target.checked ? [...props.value, code] : props.value.filter((c) => c !== code))
              }
              className="size-4 accent-crust-700"
            />
            {heKashrut.allergens[code]}
          </label>
        ))}
      </div>
      {props.errors?.length ? (
        <span id={errorId} className="mt-1 block text-sm font-medium text-berry-700">
          {props.errors.join(" ")}
        </span>
      ) : null}
    </fieldset>
  );
}

export function KashrutFields({
  values,
  set,
  errors,
}: {
  values: KashrutValues;
  set: <K extends keyof KashrutValues>(key: K, value: KashrutValues[K]) => void;
  errors: Record<string, string[] | undefined>;
}) {
  const field = bindFields({ values, set, errors });
  return (
    <div className="grid gap-4 rounded-xl bg-cream-50 p-4 ring-1 ring-cream-300 md:col-span-2 md:grid-cols-2">
      {field.select("dietary", k.dietary, [
        { value: "", label: k.dietaryNone },
        ...DIETARY.map((d) => ({ value: d, label: heKashrut.dietary[d] })),
      ])}
      <fieldset>
        <legend className="mb-1 font-medium text-cocoa-900">{k.flags}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {KASHRUT_FLAGS.map((flag: KashrutFlag) => (
            <CheckboxInput key={flag} label={heKashrut.flags[flag]} {...field.checked(flag)} />
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-cocoa-800 md:col-span-2">{k.allergensHint}</p>
      <AllergenGroup legend={k.allergens} {...field.bind("allergens")} />
      <AllergenGroup legend={k.mayContain} {...field.bind("may_contain")} />
    </div>
  );
}
