/**
 * Form fields of the back office: a visible label, the server's or the schema's messages under the
 * field (linked with aria-describedby), and aria-invalid. Text fields use React Aria; selects and
 * checkboxes are native (they need nothing more).
 */

import { type CalendarDate, type CalendarDateTime, parseDate, parseDateTime } from "@internationalized/date";
import { type ReactNode, useId } from "react";
import {
  DateField,
  DateInput,
  DateSegment,
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField,
} from "react-aria-components";
import { heAdmin } from "../../../domain/i18n/admin.ts";

const inputClass =
  "w-full rounded-lg border border-cocoa-800/40 bg-white px-3 py-2 text-cocoa-900 outline-none focus:border-crust-700 focus:ring-4 focus:ring-crust-600/25 data-[invalid]:border-berry-700 aria-[invalid=true]:border-berry-700";
const labelClass = "mb-1 block font-medium text-cocoa-900";
const errorClass = "mt-1 block text-sm font-medium text-berry-700";
const hintClass = "mt-1 block text-sm text-cocoa-800";
/** One segment (day, month, hour…) of a React Aria date or time field. */
export const segmentClass =
  "rounded tabular-nums outline-none focus:bg-crust-700 focus:text-white data-[placeholder]:text-cocoa-800/70 data-[type=literal]:px-0 data-[type=literal]:whitespace-pre [&:not([data-type=literal])]:px-0.5";

/** What every text-valued admin field takes: its form name and label, its value and change handler, its notes. */
interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  hint?: string;
  className?: string;
}

export function TextInput(
  props: FieldProps & {
    type?: "text" | "email" | "url" | "tel" | "number" | "time" | "date";
    inputMode?: "numeric" | "decimal" | "email" | "tel" | "url" | "text";
    dir?: "ltr" | "rtl" | "auto";
    isRequired?: boolean;
    autoFocus?: boolean;
    placeholder?: string;
  },
) {
  return (
    <LabelledTextField {...props}>
      <Input className={inputClass} dir={props.dir} placeholder={props.placeholder} />
    </LabelledTextField>
  );
}

/** A React Aria field's hint (its description) and its messages, both linked to the field by React Aria. */
function FieldNotes({ hint, errors }: { hint?: string; errors?: string[] }) {
  return (
    <>
      {hint ? (
        <Text slot="description" className={hintClass}>
          {hint}
        </Text>
      ) : null}
      <FieldError className={errorClass}>{errors?.join(" ")}</FieldError>
    </>
  );
}

/** A stored value as the calendar type of its granularity; null for none or a malformed one. */
function toDateValue(value: string, granularity: "day" | "minute"): CalendarDate | CalendarDateTime | null {
  try {
    if (!value) return null;
    return granularity === "day" ? parseDate(value) : parseDateTime(value);
  } catch {
    return null;
  }
}

interface CalendarInputProps extends FieldProps {
  clearLabel: string;
}

/**
 * A date and time as Jerusalem's wall clock, in the back office's Hebrew locale (day.month.year, 24-hour
 * segments, whatever the browser's language). The value is the text a datetime-local input would hold
 * ("2026-12-01T07:00", "" for none); the shared schema turns it into an instant. A clear button empties it.
 */
export function DateTimeInput(props: CalendarInputProps) {
  return <CalendarInput {...props} granularity="minute" />;
}

/**
 * A calendar day in the same Hebrew segments (day.month.year): the value is the text a date input would
 * hold ("2026-12-01", "" for none); `min` and `max` bound it the same way.
 */
export function DateOnlyInput(props: CalendarInputProps & { min?: string; max?: string }) {
  return <CalendarInput {...props} granularity="day" />;
}

function CalendarInput(props: CalendarInputProps & { granularity: "day" | "minute"; min?: string; max?: string }) {
  const invalid = Boolean(props.errors?.length);
  const day = props.granularity === "day";
  return (
    <DateField
      name={props.name}
      value={toDateValue(props.value, props.granularity)}
      onChange={(v) => props.onChange(v ? v.toString().slice(0, day ? 10 : 16) : "")}
      granularity={props.granularity}
      hourCycle={day ? undefined : 24}
      minValue={props.min ? toDateValue(props.min, "day") : undefined}
      maxValue={props.max ? toDateValue(props.max, "day") : undefined}
      isInvalid={invalid || undefined}
      validationBehavior="aria"
      className={props.className}
    >
      <Label className={labelClass}>{props.label}</Label>
      <div className="flex items-center gap-2">
        {/* Left to right, as the lists print dates ("3.11.2026"): in a right-to-left flex row the segments came out
            mirrored ("2026.11.3"). Each segment stays a box of its own, so a click lands on the one under it, and
            React Aria's arrow keys in he-IL move by the segments' places on screen; the value keeps to the right. */}
        <DateInput dir="ltr" className={`${inputClass} flex min-h-11 min-w-0 items-center justify-end`}>
          {(segment) => <DateSegment segment={segment} className={segmentClass} />}
        </DateInput>
        {props.value ? (
          <button
            type="button"
            onClick={() => props.onChange("")}
            className="shrink-0 rounded-full border-2 border-cocoa-800/40 px-3 py-1.5 text-sm font-semibold text-cocoa-900 hover:bg-cream-100"
          >
            {props.clearLabel}
            <span className="sr-only"> {props.label}</span>
          </button>
        ) : null}
      </div>
      <FieldNotes hint={props.hint} errors={props.errors} />
    </DateField>
  );
}

export function TextAreaInput(
  props: FieldProps & {
    rows?: number;
  },
) {
  return (
    <LabelledTextField {...props}>
      <TextArea className={`${inputClass} min-h-24`} rows={props.rows ?? 4} />
    </LabelledTextField>
  );
}

/** A React Aria text field: its label (with the required mark), its control (an input, a text area), its notes. */
function LabelledTextField(
  props: FieldProps & {
    isRequired?: boolean;
    type?: string;
    inputMode?: "numeric" | "decimal" | "email" | "tel" | "url" | "text";
    autoFocus?: boolean;
    children: ReactNode;
  },
) {
  return (
    <TextField
      name={props.name}
      value={props.value}
      onChange={props.onChange}
      isInvalid={Boolean(props.errors?.length)}
      isRequired={props.isRequired}
      validationBehavior="aria"
      type={props.type ?? "text"}
      inputMode={props.inputMode}
      autoFocus={props.autoFocus}
      className={props.className}
    >
      <Label className={labelClass}>
        {props.label}
        {props.isRequired ? <RequiredMark /> : null}
      </Label>
      {props.children}
      <FieldNotes hint={props.hint} errors={props.errors} />
    </TextField>
  );
}

export function SelectInput(
  props: FieldProps & {
    options: { value: string; label: string }[];
    isRequired?: boolean;
  },
) {
  const id = useId();
  const invalid = Boolean(props.errors?.length);
  const describedBy = [props.hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={props.className}>
      <label htmlFor={id} className={labelClass}>
        {props.label}
        {props.isRequired ? <RequiredMark /> : null}
      </label>
      <select
        id={id}
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-required={props.isRequired || undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {props.hint ? (
        <span id={`${id}-hint`} className={hintClass}>
          {props.hint}
        </span>
      ) : null}
      <NativeFieldError id={id} errors={props.errors} />
    </div>
  );
}

export function CheckboxInput(props: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors?: string[];
  hint?: ReactNode;
}) {
  const id = useId();
  const invalid = Boolean(props.errors?.length);
  return (
    <div>
      <label htmlFor={id} className="inline-flex items-center gap-2 font-medium text-cocoa-900">
        <input
          id={id}
          type="checkbox"
          name={props.name}
          checked={props.checked}
          onChange={(e) => props.onChange(e.target.checked)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="size-5 accent-crust-700"
        />
        {props.label}
      </label>
      {props.hint ? <span className={hintClass}>{props.hint}</span> : null}
      <NativeFieldError id={id} errors={props.errors} />
    </div>
  );
}

/** A native field's messages, at the id its `aria-describedby` names (`${id}-error`); nothing without any. */
function NativeFieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <span id={`${id}-error`} className={errorClass}>
      {errors.join(" ")}
    </span>
  );
}

function RequiredMark() {
  return (
    <span aria-hidden="true" className="ms-1 text-berry-700">
      *
    </span>
  );
}

/** The one submit button of the admin forms: 'בתהליך...' while busy, 'שמור' otherwise (spec §4). */
export function SubmitButton({ loading, form }: { loading: boolean; form?: string }) {
  return (
    <button
      type="submit"
      form={form}
      disabled={loading}
      aria-disabled={loading}
      className="min-w-28 rounded-full bg-crust-700 px-6 py-2.5 font-semibold text-white outline-none hover:bg-crust-600 focus-visible:ring-4 focus-visible:ring-crust-600/40 disabled:opacity-70"
    >
      {loading ? heAdmin.busy : heAdmin.save}
    </button>
  );
}

/** The status select's choices, each with its meaning (spec §3: 1 = shown, the default; 0 = a draft, not public). */
export const STATUS_OPTIONS = [
  { value: "1", label: heAdmin.statusOptions[1]! },
  { value: "0", label: heAdmin.statusOptions[0]! },
];

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-full bg-crust-700 px-5 py-2.5 font-semibold text-white outline-none hover:bg-crust-600 focus-visible:ring-4 focus-visible:ring-crust-600/40 data-[hovered]:bg-crust-600 data-[focus-visible]:ring-4 data-[focus-visible]:ring-crust-600/40 disabled:opacity-70 data-[disabled]:opacity-60",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-full border-2 border-crust-700 bg-white px-4 py-2 font-semibold text-crust-700 outline-none hover:bg-cream-100 focus-visible:ring-4 focus-visible:ring-crust-600/40 data-[hovered]:bg-cream-100 data-[focus-visible]:ring-4 data-[focus-visible]:ring-crust-600/40 data-[disabled]:opacity-60",
  quiet:
    "inline-flex items-center justify-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-semibold text-crust-700 outline-none hover:bg-cream-100 focus-visible:ring-4 focus-visible:ring-crust-600/40 data-[hovered]:bg-cream-100 data-[focus-visible]:ring-4 data-[focus-visible]:ring-crust-600/40 data-[disabled]:opacity-50",
  danger:
    "inline-flex items-center justify-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-semibold text-berry-700 outline-none hover:bg-berry-700/10 focus-visible:ring-4 focus-visible:ring-berry-700/30 data-[hovered]:bg-berry-700/10 data-[focus-visible]:ring-4 data-[focus-visible]:ring-berry-700/30",
};

/** The status field of products, categories, sales and publications. */
export function StatusSelect(props: { value: string; onChange: (value: string) => void; errors?: string[] }) {
  return (
    <SelectInput
      name="status"
      label={heAdmin.statusLabel}
      options={STATUS_OPTIONS}
      hint={heAdmin.statusHint}
      isRequired
      {...props}
    />
  );
}

/** "Show on the home page", across both columns of a form. */
export function HomeVisibilityCheckbox(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors?: string[];
}) {
  return (
    <div className="md:col-span-2">
      <CheckboxInput name="visibility_home_page" label={heAdmin.homeVisibility} {...props} />
    </div>
  );
}
