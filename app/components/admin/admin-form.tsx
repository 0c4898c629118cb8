/**
 * The one frame and save flow of every admin form. `CrudScreen` hands each form its `FormProps`, whose
 * `save` is the only place that writes an entity (PUT to the item when editing, POST to the list when
 * creating); `useCrudForm` runs it through `useAdminForm` (validation, 422 errors, loading, toasts), and
 * `<AdminForm>` renders the `<form>` element with `data-saved` and the cancel/save footer, and the
 * conflict dialog when a save was refused because another staff member saved a newer version (409), and the
 * question before a form with unsaved changes is closed or left (unsaved-changes.tsx).
 */
import { type ReactNode, useRef } from "react";
import type { z } from "zod";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { SelectInput, SubmitButton, TextAreaInput, TextInput } from "./fields.tsx";
import { useCloseGuardContext, useUnsavedChangesGuard } from "./unsaved-changes.tsx";
import { useAdminForm, type Versioned } from "./use-admin-form.ts";
import { VersionConflictDialog } from "./version-conflict.tsx";

export interface FormProps<Item> {
  item?: Item;
  /**
   * Writes the form's parsed data: PUT to the item when editing (with the version the form stands on),
   * POST when creating. Resolves with the saved item.
   */
  save: (data: unknown, version?: number) => Promise<Item>;
  onSaved: (kind: "created" | "updated") => void;
  /**
   * The item was saved but some of what goes with it was not (e.g. a new product's photo): the form stays
   * open, now editing this item (the screen switches the modal to edit mode without remounting the form).
   */
  onIncomplete?: (item: Item) => void;
  onCancel: () => void;
  errorTitle: string;
}

/**
 * `useAdminForm` bound to a CRUD screen's form: `values` maps the item (none when creating) to the form's
 * values, for the start and for a newer version a 409 brings; `save` (with the item's version) then, if
 * given, `afterSave` (what depends on the saved item's id, e.g. a new product's sizes), then
 * `onSaved("created" | "updated")`. When `afterSave` answers `{ incomplete: item }` (the item is stored but
 * a part of it is not), the form stays open on that item instead (`onIncomplete`), its next save starting
 * from the item's version. `describe` and `onLoadNewer` serve the conflict dialog; `extraDirty` and `check`
 * go to `useAdminForm`.
 */
export function useCrudForm<Item, S extends z.ZodType, V extends Record<string, unknown>>(
  props: FormProps<Item>,
  options: {
    schema: S;
    values: (item: Item | undefined) => V;
    afterSave?: (saved: Item, values: V) => Promise<{ incomplete: Item } | undefined>;
    describe?: Versioned<V>["describe"];
    onLoadNewer?: (item: Item) => void;
    extraDirty?: () => boolean;
    check?: () => boolean;
  },
) {
  const editing = props.item !== undefined;
  const version = (props.item as { version?: unknown } | undefined)?.version;
  const setVersion = useRef<(version: number | undefined) => void>(() => {});
  type Outcome = { kind: "created" | "updated" } | { kind: "incomplete"; item: Item };
  const form = useAdminForm({
    schema: options.schema,
    initial: options.values(props.item),
    errorTitle: props.errorTitle,
    versioned:
      typeof version === "number"
        ? {
            version,
            valuesOf: (record) => options.values(record as Item),
            describe: options.describe,
            onLoad: (record) => options.onLoadNewer?.(record as Item),
          }
        : undefined,
    extraDirty: options.extraDirty,
    check: options.check,
    submit: async (data, values, baseVersion): Promise<Outcome> => {
      const saved = await props.save(data, baseVersion);
      const after = await options.afterSave?.(saved, values);
      if (after && props.onIncomplete) return { kind: "incomplete", item: after.incomplete };
      return { kind: editing ? "updated" : "created" };
    },
    onSaved: (outcome) => {
      if (outcome.kind !== "incomplete") {
        props.onSaved(outcome.kind);
        return;
      }
      const stored = (outcome.item as { version?: unknown }).version;
      setVersion.current(typeof stored === "number" ? stored : undefined);
      props.onIncomplete?.(outcome.item);
    },
  });
  setVersion.current = form.setVersion;
  return form;
}

type FormState = Pick<
  ReturnType<typeof useAdminForm>,
  "formRef" | "handleSubmit" | "saved" | "loading" | "conflict" | "isDirty"
>;

/** The `<form>` of an admin form: no browser validation (the schema's messages show), `data-saved`, and its footer. */
export function AdminForm({
  form,
  onCancel,
  id,
  className = "grid grid-cols-1 gap-4 md:grid-cols-2",
  actions = true,
  children,
}: {
  form: FormState;
  /** Without it the footer has only the save button (a page form, not a modal). */
  onCancel?: () => void;
  id?: string;
  className?: string;
  /** False when the footer sits outside the form (it then names the form with `form={id}`). */
  actions?: boolean;
  children: ReactNode;
}) {
  const unsavedChanges = useUnsavedChangesGuard(form.isDirty);
  return (
    <form
      ref={form.formRef}
      id={id}
      noValidate
      onSubmit={form.handleSubmit}
      data-saved={form.saved === null ? undefined : String(form.saved)}
      className={className}
    >
      {children}
      {actions ? <FormActions loading={form.loading} onCancel={onCancel} className="md:col-span-2" /> : null}
      <VersionConflictDialog conflict={form.conflict} />
      {unsavedChanges}
    </form>
  );
}

/** Cancel + save at the foot of a form; `start` sits on the other side (e.g. a link). */
export function FormActions({
  loading,
  onCancel,
  form,
  start,
  className = "",
}: {
  loading: boolean;
  onCancel?: () => void;
  /** The form's id when the footer is outside it. */
  form?: string;
  start?: ReactNode;
  className?: string;
}) {
  // In a modal, cancelling is closing it: the modal asks first when the form has unsaved changes.
  const guard = useCloseGuardContext();
  const cancel = onCancel ? (guard?.requestClose ?? onCancel) : undefined;
  const frame = onCancel
    ? "flex flex-wrap items-center justify-between gap-3 border-t border-cream-300 pt-4"
    : "flex justify-end";
  return (
    <div className={`${frame} ${className}`.trim()}>
      {start ?? <span />}
      <div className="flex gap-2">
        {cancel ? (
          <button
            type="button"
            onClick={cancel}
            className="rounded-full border-2 border-cocoa-800/40 px-5 py-2 font-semibold text-cocoa-900 hover:bg-cream-100"
          >
            {heAdmin.cancel}
          </button>
        ) : null}
        <SubmitButton form={form} loading={loading} />
      </div>
    </div>
  );
}

/** An item's text fields as form values: each as the item has it, "" when creating or when the item has none. */
export function textValues<Item, K extends keyof Item & string>(
  item: Item | undefined,
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, (item?.[key] as string | null | undefined) ?? ""])) as Record<
    K,
    string
  >;
}

type TextInputProps = Parameters<typeof TextInput>[0];
type TextAreaProps = Parameters<typeof TextAreaInput>[0];
type SelectProps = Parameters<typeof SelectInput>[0];
type Bound = "name" | "label" | "value" | "onChange" | "errors";
type TextBinding = Pick<TextInputProps, "name" | "value" | "onChange" | "errors">;

/**
 * Inputs bound to a form by name: `field.text("name", f.name, { isRequired: true })` renders the `TextInput`
 * with the form's value, setter and errors; `field.select` likewise a `SelectInput`. `field.bind(name)` is
 * the binding itself (name, value, onChange, errors) for any other input, `field.checked(name)` a
 * checkbox's (its value as `checked`).
 */
export function bindFields<V extends Record<string, unknown>>(form: {
  values: V;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  errors: Record<string, string[] | undefined>;
}) {
  type Key<T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;
  const bind = <K extends keyof V & string>(name: K) => ({
    name,
    value: form.values[name],
    onChange: (value: V[K]) => form.set(name, value),
    errors: form.errors[name],
  });
  const text = (name: Key<string>) => bind(name) as unknown as TextBinding;
  return {
    bind,
    checked: (name: Key<boolean>) => ({
      name,
      checked: form.values[name] as boolean,
      onChange: (checked: boolean) => form.set(name, checked as V[Key<boolean>]),
      errors: form.errors[name],
    }),
    text: (name: Key<string>, label: string, extra: Partial<Omit<TextInputProps, Bound>> = {}) => (
      <TextInput label={label} {...text(name)} {...extra} />
    ),
    textArea: (name: Key<string>, label: string, extra: Partial<Omit<TextAreaProps, Bound>> = {}) => (
      <TextAreaInput label={label} {...text(name)} {...extra} />
    ),
    select: (
      name: Key<string>,
      label: string,
      options: SelectProps["options"],
      extra: Partial<Omit<SelectProps, Bound | "options">> = {},
    ) => <SelectInput label={label} {...text(name)} options={options} {...extra} />,
  };
}
