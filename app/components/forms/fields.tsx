/**
 * Labelled form fields. A server or browser error appears under its field, is tied to it with
 * aria-describedby and marks it aria-invalid; hints are described the same way.
 */
import type { HTMLInputTypeAttribute } from "react";
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

/** What a field's control carries: its id, whether it is required, and its hint and error for assistive technology. */
function controlProps(id: string, { errors, hint, required }: Pick<BaseProps, "errors" | "hint" | "required">) {
  const invalid = Boolean(errors?.length);
  const described = [hint ? `${id}-hint` : "", invalid ? `${id}-error` : ""].filter(Boolean);
  return {
    id,
    required,
    "aria-invalid": invalid || undefined,
    "aria-describedby": described.length ? described.join(" ") : undefined,
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

export function TextField({
  id,
  name,
  label,
  errors,
  hint,
  required,
  type = "text",
  autoComplete,
  defaultValue,
  maxLength,
  inputMode,
  dir,
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
    <div>
      <Label id={id} label={label} required={required} />
      <input
        {...controlProps(id, { errors, hint, required })}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        maxLength={maxLength}
        inputMode={inputMode}
        dir={dir}
        className={`${INPUT_CLASS} ${dir === "ltr" ? "text-end" : ""} ${borderOf(errors)}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-cocoa-800">
          <WithNumbers text={hint} />
        </p>
      ) : null}
      <FieldError id={id} errors={errors} />
    </div>
  );
}

export function TextAreaField({
  id,
  name,
  label,
  errors,
  hint,
  required,
  defaultValue,
  maxLength,
  rows = 6,
}: BaseProps & { defaultValue?: string; maxLength?: number; rows?: number }) {
  return (
    <div>
      <Label id={id} label={label} required={required} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-cocoa-800">
          {hint}
        </p>
      ) : null}
      <textarea
        {...controlProps(id, { errors, hint, required })}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        maxLength={maxLength}
        className={`${INPUT_CLASS} resize-y ${borderOf(errors)}`}
      />
      <FieldError id={id} errors={errors} />
    </div>
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
