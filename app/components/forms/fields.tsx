/**
 * Labelled form fields. A server or browser error appears under its field, is tied to it with
 * aria-describedby and marks it aria-invalid; hints are described the same way.
 */
import type { HTMLInputTypeAttribute, ReactNode } from "react";
import { heForms } from "../../../domain/i18n/forms.ts";
import { CONTACT_LIMITS } from "../../../domain/schemas/fields.ts";
import { AlertIcon } from "../ui/other-icons.tsx";

interface BaseProps {
  /** Unique on the page: the form's id joined with the field name. */
  id: string;
  name: string;
  label: string;
  errors?: string[];
  hint?: string;
  required?: boolean;
}

const INPUT_CLASS =
  "mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-lg text-cocoa-900 shadow-sm placeholder:text-cocoa-800/60 focus:border-crust-600";

/** Numbers inside Hebrew text (050-1234567) kept whole and in their own direction. */
function WithNumbers({ text }: { text: string }) {
  const parts = text.split(/(\+?\d[\d-]*\d)/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
          <bdi key={i} className="whitespace-nowrap">
            {part}
          </bdi>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** What a field's control carries: its id and name, whether it is required, and its hint and error for assistive technology. */
function controlProps({ id, name, errors, hint, required }: BaseProps) {
  const invalid = Boolean(errors?.length);
  const described = [hint ? `${id}-hint` : "", invalid ? `${id}-error` : ""].filter(Boolean);
  return {
    id,
    required,
    "aria-invalid": invalid || undefined,
    "aria-describedby": described.length ? described.join(" ") : undefined,
    name,
  };
}

/** The control's border: the error colour while it has messages. */
const borderOf = (errors?: string[]) => (errors?.length ? "border-berry-700" : "border-crust-500");

function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id} className="block font-semibold text-cocoa-900">
      {label}
      {required ? (
        <span aria-hidden="true" className="ms-1 text-berry-700">
          *
        </span>
      ) : null}
    </label>
  );
}

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1.5 font-medium text-berry-700">
      <AlertIcon className="mt-0.5 size-5 shrink-0" />
      <span>
        <WithNumbers text={errors.join(" ")} />
      </span>
    </p>
  );
}

/** A field's frame: its label above the control, its error below. */
function FieldFrame({ id, label, required, errors, children }: BaseProps & { children: ReactNode }) {
  return (
    <div>
      <Label id={id} label={label} required={required} />
      {children}
      <FieldError id={id} errors={errors} />
    </div>
  );
}

export function TextField({
  type = "text",
  autoComplete,
  defaultValue,
  maxLength,
  inputMode,
  dir,
  ...field
}: BaseProps & {
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  defaultValue?: string;
  maxLength?: number;
  inputMode?: "email" | "tel" | "text";
  /** Latin-script values (e-mail, phone) read left to right even on a Hebrew page. */
  dir?: "ltr";
}) {
  return (
    <FieldFrame {...field}>
      <input
        {...controlProps(field)}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        maxLength={maxLength}
        inputMode={inputMode}
        dir={dir}
        className={`${INPUT_CLASS} ${dir === "ltr" ? "text-end" : ""} ${borderOf(field.errors)}`}
      />
      {field.hint ? (
        <p id={`${field.id}-hint`} className="mt-1 text-sm text-cocoa-800">
          <WithNumbers text={field.hint} />
        </p>
      ) : null}
    </FieldFrame>
  );
}

export function TextAreaField({
  defaultValue,
  maxLength,
  rows = 6,
  ...field
}: BaseProps & { defaultValue?: string; maxLength?: number; rows?: number }) {
  return (
    <FieldFrame {...field}>
      {field.hint ? (
        <p id={`${field.id}-hint`} className="mt-0.5 text-sm text-cocoa-800">
          {field.hint}
        </p>
      ) : null}
      <textarea
        {...controlProps(field)}
        rows={rows}
        defaultValue={defaultValue}
        maxLength={maxLength}
        className={`${INPUT_CLASS} resize-y ${borderOf(field.errors)}`}
      />
    </FieldFrame>
  );
}

/** The note that explains the asterisk. */
export function RequiredNote() {
  return <p className="text-sm text-cocoa-800">{heForms.common.requiredNote}</p>;
}

/** The e-mail field both public forms ask for: the same input rules, autocomplete and limit. */
export function EmailField(props: { id: string; label: string; defaultValue?: string; errors?: string[] }) {
  return (
    <TextField
      {...props}
      name="email"
      type="email"
      required
      autoComplete="email"
      inputMode="email"
      dir="ltr"
      maxLength={CONTACT_LIMITS.email}
    />
  );
}
