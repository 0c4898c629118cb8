/**
 * The product form's kashrut and allergen fields (issue 11): the dietary kind, the flags, the required choice
 * of what is known about allergens (issue 29: nothing is preselected for a new product, so "contains none" is
 * never claimed by leaving boxes empty), and two groups of checkboxes over the one list of allergen codes
 * (domain/kashrut.ts) with their Hebrew names, shown for the choices they belong to.
 */
import { useId } from "react";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { heKashrut } from "../../../../domain/i18n/kashrut.ts";
import {
  ALLERGEN_STATUSES,
  ALLERGENS,
  type Allergen,
  DIETARY,
  KASHRUT_FLAGS,
  type KashrutFlag,
} from "../../../../domain/kashrut.ts";
import { bindFields } from "../../../components/admin/admin-form.tsx";
import { CheckboxInput } from "../../../components/admin/fields.tsx";

const k = heAdmin.kashrut;

export type KashrutValues = {
  dietary: string;
  /** One of ALLERGEN_STATUSES, or "" until staff choose (the schema refuses "" with its message). */
  allergen_status: string;
  chalav_yisrael: boolean;
  pas_yisrael: boolean;
  kosher_for_passover: boolean;
  allergens: string[];
  may_contain: string[];
};

/**
 * The required choice as a native radio group: arrow keys move within it, the legend names it, and an error
 * marks each radio invalid (so the form's "focus the first error" lands on the group) and is read with it.
 */
function AllergenStatusGroup(props: { value: string; onChange: (status: string) => void; errors?: string[] }) {
  const id = useId();
  const invalid = Boolean(props.errors?.length);
  const describedBy = [`${id}-hint`, invalid ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset className="md:col-span-2" aria-describedby={describedBy} data-testid="allergen-status">
      <legend className="mb-1 font-medium text-cocoa-900">
        {k.allergenStatus}
        <span aria-hidden="true" className="ms-1 text-berry-700">
          *
        </span>
      </legend>
      <span id={`${id}-hint`} className="mb-2 block text-sm text-cocoa-800">
        {k.allergenStatusHint}
      </span>
      <div className="flex flex-col gap-2">
        {ALLERGEN_STATUSES.map((status) => (
          <label key={status} className="inline-flex min-h-11 items-center gap-2 text-cocoa-900 sm:min-h-8">
            <input
              type="radio"
              name="allergen_status"
              value={status}
              checked={props.value === status}
              onChange={() => props.onChange(status)}
              required
              aria-invalid={invalid || undefined}
              className="size-5 shrink-0 accent-crust-700"
            />
            {k.allergenStatuses[status]}
          </label>
        ))}
      </div>
      {invalid ? (
        <span id={`${id}-error`} className="mt-1 block text-sm font-medium text-berry-700">
          {props.errors?.join(" ")}
        </span>
      ) : null}
    </fieldset>
  );
}

function AllergenGroup(props: {
  name: "allergens" | "may_contain";
  legend: string;
  hint?: string;
  value: string[];
  onChange: (codes: string[]) => void;
  errors?: string[];
}) {
  const errorId = `${props.name}-error`;
  const hintId = `${props.name}-hint`;
  const describedBy = [props.hint ? hintId : null, props.errors?.length ? errorId : null].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={describedBy || undefined}>
      <legend className="mb-1 font-medium text-cocoa-900">{props.legend}</legend>
      {props.hint ? (
        <span id={hintId} className="mb-1 block text-sm text-cocoa-800">
          {props.hint}
        </span>
      ) : null}
      <div className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-3">
        {ALLERGENS.map((code: Allergen) => (
          <label key={code} className="inline-flex items-center gap-2 text-cocoa-900">
            <input
              type="checkbox"
              name={props.name}
              aria-invalid={props.errors?.length ? true : undefined}
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
      <AllergenStatusGroup
        value={values.allergen_status}
        onChange={(status) => {
          set("allergen_status", status);
          // Lists that contradict the choice go, so the save never refuses what the form no longer shows.
          if (status !== "listed") set("allergens", []);
          if (status === "not_stated") set("may_contain", []);
        }}
        errors={errors.allergen_status}
      />
      {values.allergen_status === "listed" ? (
        <AllergenGroup legend={k.allergens} hint={k.allergensHint} {...field.bind("allergens")} />
      ) : null}
      {values.allergen_status === "listed" || values.allergen_status === "none" ? (
        <AllergenGroup legend={k.mayContain} hint={k.mayContainHint} {...field.bind("may_contain")} />
      ) : null}
    </div>
  );
}
