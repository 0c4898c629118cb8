/**
 * Form state of every admin modal (spec §4, §5): client-side validation with the shared zod schema,
 * errors cleared at the start of a save, a loading flag that blocks a second submit, the server's
 * 422 `errors` shown under each field, and a `saved` flag — true on success, false on a validation
 * failure. Other failures become an error toast titled with the form's spec §8 message.
 *
 * Optimistic concurrency (issue 14): a form over a stored record (`versioned`) sends the version it
 * started from; a 409 (another staff member saved meanwhile) opens the conflict dialog with the fields
 * that differ, and the staff member either loads the newer version or keeps editing from it.
 *
 * Unsaved changes (issue 12): `isDirty()` says whether the values differ from the last saved (or first
 * loaded) ones, or `extraDirty` reports changes kept outside the values (a product's pending sizes);
 * `<AdminForm>` asks before the form is closed or left while it is true.
 */
import { type FormEvent, useCallback, useRef, useState } from "react";
import type { z } from "zod";
import type { LastSave } from "../../../domain/contracts/admin.ts";
import { toFieldErrors } from "../../../domain/field-errors.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { ApiError } from "../../lib/api-client.ts";
import { notify } from "./toast.tsx";

export type FieldErrors = Record<string, string[]>;

/** A form over a stored record with a version (every admin edit). */
export interface Versioned<V> {
  /** The version the form started from. */
  version: number;
  /** The form's values for the record as the API answers it (the newer version a 409 carries). */
  valuesOf: (record: unknown) => V;
  /** Shows a field's value in the conflict dialog when plain text would not do (ids → names). */
  describe?: Partial<Record<keyof V & string, (value: unknown) => string>>;
  /** After "load the newer version": what the form keeps outside its values (e.g. a product's sizes). */
  onLoad?: (record: unknown) => void;
}

/** One field that differs between the staff member's values and the newer saved version. */
export interface ConflictRow {
  field: string;
  label: string;
  mine: string;
  theirs: string;
}

/** The open conflict dialog's content and its two ways out. */
export interface VersionConflict {
  rows: ConflictRow[];
  /** Who saved the newer version and when (the 409's `saved_by`), when the server knows. */
  savedBy: LastSave | null;
  /** Replaces the form's values with the newer version (the staff member's changes are dropped). */
  loadNewer: () => void;
  /** Keeps the staff member's values; the next save starts from the newer version (and replaces it). */
  keepEditing: () => void;
}

/** The 409 record's `saved_by` (server/services/admin/versions.ts), if it carries a readable one. */
function savedByOf(record: object): LastSave | null {
  const value = (record as { saved_by?: unknown }).saved_by;
  if (typeof value !== "object" || value === null) return null;
  const { name, at } = value as { name?: unknown; at?: unknown };
  return { name: typeof name === "string" ? name : null, at: typeof at === "string" ? at : null };
}

function isVersionedRecord(value: unknown): value is { version: number } {
  return typeof value === "object" && value !== null && typeof (value as { version?: unknown }).version === "number";
}

/** A value as the conflict dialog shows it. */
function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return heAdmin.conflict.empty;
  if (typeof value === "boolean") return value ? heAdmin.yes : heAdmin.no;
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) {
    return value.length ? value.join(", ") : heAdmin.conflict.empty;
  }
  return heAdmin.conflict.changed;
}

/** Fields whose stored form is not what the screen shows, the same on every form. */
const SHARED_DESCRIBE: Record<string, (value: unknown) => string> = {
  status: (value) => heAdmin.status[Number(value)] ?? describeValue(value),
  is_main: (value) => (value ? heAdmin.fields.mainCategory : heAdmin.fields.subCategory),
};

/** The fields (other than the version) whose values differ, with both values described. */
function differences<V extends Record<string, unknown>>(mine: V, theirs: V, versioned: Versioned<V>): ConflictRow[] {
  const rows: ConflictRow[] = [];
  for (const field of Object.keys(theirs)) {
    if (field === "version" || JSON.stringify(mine[field]) === JSON.stringify(theirs[field])) continue;
    const describe = versioned.describe?.[field as keyof V & string] ?? SHARED_DESCRIBE[field] ?? describeValue;
    rows.push({
      field,
      label: heAdmin.fieldLabels[field] ?? field,
      mine: describe(mine[field]),
      theirs: describe(theirs[field]),
    });
  }
  return rows;
}

export function useAdminForm<S extends z.ZodType, V extends Record<string, unknown>, R>(options: {
  schema: S;
  initial: V;
  /** Sends the parsed values (and the version the form stands on, if versioned); throws ApiError on failure. */
  submit: (data: z.output<S>, values: V, version: number | undefined) => Promise<R>;
  onSaved?: (result: R) => void;
  /** Title of the error toast when saving fails (spec §8). */
  errorTitle: string;
  /** The record's version, for a form that edits a stored record. */
  versioned?: Versioned<V>;
  /** Changes kept outside the values (read when closing, so it must reflect the latest state). */
  extraDirty?: () => boolean;
  /** Checks outside the schema (e.g. a size typed but not added); false refuses the save (it shows its own errors). */
  check?: () => boolean;
}) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(false);
  const [saved, setSaved] = useState<boolean | null>(null);
  const [version, setVersion] = useState(options.versioned?.version);
  const [conflict, setConflict] = useState<{ record: { version: number }; theirs: V } | null>(null);
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const latest = useRef(options);
  latest.current = options;
  // The values as last saved (or first shown), to tell whether the form has unsaved changes.
  const baseline = useRef(JSON.stringify(options.initial));
  const current = useRef(values);
  current.current = values;

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  }, []);

  const isDirty = useCallback(
    () => JSON.stringify(current.current) !== baseline.current || (latest.current.extraDirty?.() ?? false),
    [],
  );

  const focusFirstError = () => {
    requestAnimationFrame(() => {
      // The whole dialog: some fields (a product's sizes) sit beside the <form> element.
      const scope = formRef.current?.closest<HTMLElement>('[role="dialog"]') ?? formRef.current;
      scope?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy.current) return;
    setErrors({});
    const parsed = latest.current.schema.safeParse(values);
    // Both checks run, so every error shows at once.
    const checked = latest.current.check?.() ?? true;
    if (!parsed.success || !checked) {
      if (!parsed.success) setErrors(toFieldErrors(parsed.error));
      setSaved(false);
      focusFirstError();
      return;
    }
    busy.current = true;
    setLoading(true);
    try {
      const result = await latest.current.submit(parsed.data as z.output<S>, values, version);
      // Saved: closing now loses nothing (set before onSaved, which may close the form or navigate).
      baseline.current = JSON.stringify(values);
      setSaved(true);
      latest.current.onSaved?.(result);
    } catch (error) {
      const versioned = latest.current.versioned;
      if (error instanceof ApiError && error.status === 409 && versioned && isVersionedRecord(error.body?.data)) {
        // Not a failure to report but a choice to offer: the dialog explains.
        setConflict({ record: error.body.data, theirs: versioned.valuesOf(error.body.data) });
        setSaved(false);
        return;
      }
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.fieldErrors);
        setSaved(false);
        focusFirstError();
      }
      notify.failure(latest.current.errorTitle, error);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };

  const versioned = options.versioned;
  const versionConflict: VersionConflict | null =
    conflict && versioned
      ? {
          rows: differences(values, conflict.theirs, versioned),
          savedBy: savedByOf(conflict.record),
          loadNewer: () => {
            baseline.current = JSON.stringify(conflict.theirs);
            setValues(conflict.theirs);
            setErrors({});
            setVersion(conflict.record.version);
            latest.current.versioned?.onLoad?.(conflict.record);
            setConflict(null);
          },
          keepEditing: () => {
            setVersion(conflict.record.version);
            setConflict(null);
          },
        }
      : null;

  return {
    values,
    setValues,
    set,
    errors,
    setErrors,
    loading,
    saved,
    handleSubmit,
    formRef,
    /** The version the next save starts from; a form that stays open after a save moves it to the saved one. */
    version,
    setVersion,
    conflict: versionConflict,
    /** Whether closing the form now would lose changes. */
    isDirty,
  };
}
