/**
 * The product's plain fields in the back office, each by its entry in PRODUCT_FIELDS
 * (domain/schemas/admin/product.ts): its form value, its input in the form and its row in the view. A plain
 * field added to that list is edited and shown here without a line.
 */
import type { ReactNode } from "react";
import type { AdminProduct } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import {
  NO_SERIAL,
  PLAIN_PRODUCT_FIELDS,
  type PlainField,
  type PlainFieldSpec,
} from "../../../../domain/schemas/admin/product.ts";
import { toJerusalemInput } from "../../../../domain/seasonal/schedule.ts";
import { MultilineText, StatusBadge, YesNo } from "../../../components/admin/bits.tsx";
import {
  CheckboxInput,
  DateTimeInput,
  StatusSelect,
  TextAreaInput,
  TextInput,
} from "../../../components/admin/fields.tsx";
import { formatDateTime } from "../../../components/admin/format.ts";

/** The form values of the plain fields: a flag as a boolean, anything else as the text its input holds. */
export type PlainValues = { [F in PlainField as F["key"]]: F["kind"] extends "checkbox" ? boolean : string };

function formValue(field: PlainFieldSpec, product: AdminProduct | undefined): string | boolean {
  const value = product?.[field.key];
  switch (field.kind) {
    case "checkbox":
      return (value as boolean | undefined) ?? false;
    case "status":
      return product ? String(value) : "1";
    case "datetime":
      return toJerusalemInput(value as string | null | undefined);
    case "limit":
      return value === null || value === undefined ? "" : String(value);
    case "number":
      // A duplicate's serial number is not set yet (NO_SERIAL): the field starts empty and is required.
      return product && value !== NO_SERIAL ? String(value) : "";
    default:
      return (value as string | undefined) ?? "";
  }
}

/** The plain fields' form values for `product`, or a new product's (status 1, the rest empty). */
export function plainFieldValues(product: AdminProduct | undefined): PlainValues {
  const values: Record<string, string | boolean> = {};
  for (const field of PLAIN_PRODUCT_FIELDS) values[field.key] = formValue(field, product);
  return values as PlainValues;
}

/** One plain field's input; the form's first field takes the focus. */
export function PlainFormField({
  field,
  first,
  values,
  set,
  errors,
}: {
  field: PlainFieldSpec;
  first: boolean;
  values: PlainValues;
  set: (key: PlainFieldSpec["key"], value: string | boolean) => void;
  errors: Record<string, string[] | undefined>;
}) {
  const name = field.key;
  const value = values[name];
  // What the field's input takes whatever its kind: its form name, label, change handler and messages.
  const bound = { name, label: field.label, onChange: (v: string | boolean) => set(name, v), errors: errors[name] };
  switch (field.kind) {
    case "checkbox":
      return (
        <div className="md:col-span-2">
          <CheckboxInput {...bound} checked={value as boolean} />
        </div>
      );
    case "status":
      return <StatusSelect value={value as string} onChange={bound.onChange} errors={bound.errors} />;
    case "textarea":
      return <TextAreaInput {...bound} value={value as string} rows={4} className="md:col-span-2" />;
    case "datetime":
      return (
        <DateTimeInput
          {...bound}
          value={value as string}
          hint={heAdmin.fields.scheduleHint}
          clearLabel={heAdmin.fields.clearDate}
        />
      );
    default:
      return (
        <TextInput
          {...bound}
          value={value as string}
          isRequired={field.required}
          hint={field.hint}
          autoFocus={first || undefined}
          {...(field.kind === "number" || field.kind === "limit"
            ? { inputMode: "numeric" as const, dir: "ltr" as const }
            : {})}
        />
      );
  }
}

function viewValue(field: PlainFieldSpec, product: AdminProduct): ReactNode {
  const value = product[field.key];
  switch (field.kind) {
    case "checkbox":
      return <YesNo key={field.key} value={value as boolean} />;
    case "status":
      return <StatusBadge key={field.key} status={value as number} />;
    case "number":
      if (value === NO_SERIAL) return heAdmin.products.noSerial;
      return (
        <bdi key={field.key} dir="ltr">
          {value as number}
        </bdi>
      );
    case "limit":
      return value === null || value === undefined ? (
        heAdmin.fields.noLimit
      ) : (
        <bdi key={field.key} dir="ltr">
          {value as number}
        </bdi>
      );
    case "textarea":
      return <MultilineText key={field.key} text={value as string} />;
    case "datetime":
      return formatDateTime(value as string | null);
    default:
      return value as string;
  }
}

/**
 * The view's rows of the plain fields: the short ones (in form order) come first, the long texts (textarea)
 * last, before the dates.
 */
export function plainViewRows(product: AdminProduct): { short: [string, ReactNode][]; long: [string, ReactNode][] } {
  const row = (field: PlainFieldSpec): [string, ReactNode] => [field.label, viewValue(field, product)];
  return {
    short: PLAIN_PRODUCT_FIELDS.filter((field) => field.kind !== "textarea").map(row),
    long: PLAIN_PRODUCT_FIELDS.filter((field) => field.kind === "textarea").map(row),
  };
}
