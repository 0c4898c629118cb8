/**
 * Sizes (name, price in ₪) and tags (name, colour red/blue/orange) inside the product modal, and the
 * category picker. In the edit modal an add or a remove goes to the server at once (POST/DELETE
 * /api/admin/sizes, /api/admin/tags; removes ask first); in the create modal they wait for the product
 * and are sent right after it. A failure is shown clearly (the spec only logs it).
 *
 * What is typed in the add inputs but not added is never dropped (issue 12): the form's save takes it
 * through the editor's `DraftHandle` — saved with the product when complete, or the save is refused with
 * the schema's messages under the inputs when not. An item not yet on the server (negative id) says so.
 */
import { type ReactNode, type Ref, useCallback, useImperativeHandle, useRef, useState } from "react";
import { Button } from "react-aria-components";
import type { CategoryOption } from "../../../../domain/contracts/admin.ts";
import { type FieldErrors, toFieldErrors } from "../../../../domain/field-errors.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { formatShekels } from "../../../../domain/money.ts";
import { sizeSchema, TAG_COLORS, tagSchema } from "../../../../domain/schemas/admin/product.ts";
import { TagChip } from "../../../components/admin/bits.tsx";
import { ConfirmDelete } from "../../../components/admin/confirm-delete.tsx";
import { buttonClass, SelectInput, TextInput } from "../../../components/admin/fields.tsx";
import { PlusIcon, TrashIcon } from "../../../components/ui/other-icons.tsx";
import { ApiError } from "../../../lib/api-client.ts";

const p = heAdmin.products;
const f = heAdmin.fields;

export interface SizeItem {
  /** Server id, or a negative temporary key for one not yet saved. */
  id: number;
  name: string;
  price: number;
}
export interface TagItem {
  id: number;
  name: string;
  color: string;
}

type Errors = FieldErrors;

/** What the product form asks an editor about its add inputs when it saves. */
export interface DraftHandle<Out> {
  /** Whether something is typed in the add inputs. */
  hasDraft: () => boolean;
  /** True when the inputs are empty or hold a valid item; otherwise shows the errors under them. */
  validateDraft: () => boolean;
  /** The typed item (null when the inputs are empty), and the inputs cleared. Call after `validateDraft`. */
  takeDraft: () => Out | null;
}

/** Runs an add; returns field errors (from the schema or the server's 422) or null on success. */
async function attempt(work: () => Promise<void>): Promise<Errors | null> {
  try {
    await work();
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return error.fieldErrors;
    return {};
  }
}

/**
 * The frame and form state both sub-editors share: the list (or its empty text), the add inputs, the add
 * button ('בתהליך...' while busy), the schema check, the server's 422 errors, and the removal confirmation.
 */
function SubEditor<Item extends { id: number; name: string }, V extends Record<string, string>, Out>(props: {
  legend: string;
  empty: string;
  addLabel: string;
  removeWhat: (name: string) => string;
  items: Item[];
  initial: V;
  /** The inputs after a successful add. */
  cleared: (values: V) => V;
  parse: (values: V) => { success: true; data: Out } | { success: false; error: Parameters<typeof toFieldErrors>[0] };
  onAdd: (value: Out) => Promise<void>;
  onRemove: (item: Item) => Promise<void>;
  confirmRemoval: boolean;
  list: (items: Item[], remove: (item: Item) => void) => ReactNode;
  inputs: (values: V, set: (key: keyof V, value: string) => void, errors: Errors) => ReactNode;
  /** Whether the inputs hold nothing typed (defaults such as a colour do not count). */
  isBlank: (values: V) => boolean;
  handle?: Ref<DraftHandle<Out>>;
}) {
  const [values, setValuesState] = useState<V>(props.initial);
  const [errors, setErrors] = useState<Errors>({});
  const [draftRefused, setDraftRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Item | null>(null);
  const { onRemove, confirmRemoval } = props;
  // The inputs as typed, read by the form's save before React renders again.
  const current = useRef(values);
  const setValues = useCallback((next: (values: V) => V) => {
    current.current = next(current.current);
    setValuesState(current.current);
  }, []);
  const latest = useRef(props);
  latest.current = props;

  useImperativeHandle(
    props.handle,
    () => ({
      hasDraft: () => !latest.current.isBlank(current.current),
      validateDraft: () => {
        if (latest.current.isBlank(current.current)) return true;
        const parsed = latest.current.parse(current.current);
        setErrors(parsed.success ? {} : toFieldErrors(parsed.error));
        setDraftRefused(!parsed.success);
        return parsed.success;
      },
      takeDraft: () => {
        if (latest.current.isBlank(current.current)) return null;
        const parsed = latest.current.parse(current.current);
        if (!parsed.success) return null;
        setValues(latest.current.cleared);
        setErrors({});
        setDraftRefused(false);
        return parsed.data;
      },
    }),
    [setValues],
  );

  async function add() {
    if (busy) return;
    setErrors({});
    setDraftRefused(false);
    const parsed = props.parse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setBusy(true);
    const failed = await attempt(() => props.onAdd(parsed.data));
    setBusy(false);
    if (failed) setErrors(failed);
    else setValues(props.cleared);
  }

  return (
    <fieldset className="rounded-xl p-4 ring-1 ring-cream-300">
      <legend className="px-1 text-lg font-bold text-cocoa-900">{props.legend}</legend>
      {props.items.length === 0 ? (
        <p className="text-cocoa-800">{props.empty}</p>
      ) : (
        props.list(props.items, (item) => (confirmRemoval && item.id > 0 ? setRemoving(item) : void onRemove(item)))
      )}
      <div className="mt-3 grid grid-cols-[1fr_8rem] gap-2">
        {props.inputs(values, (key, value) => setValues((current) => ({ ...current, [key]: value })), errors)}
      </div>
      {draftRefused ? <p className="mt-1 text-sm font-medium text-berry-700">{p.draftInvalid}</p> : null}
      <div className="mt-2 flex justify-end">
        <Button onPress={() => void add()} isDisabled={busy} className={buttonClass.secondary}>
          <PlusIcon className="size-4" />
          {busy ? heAdmin.busy : props.addLabel}
        </Button>
      </div>
      <ConfirmDelete
        isOpen={removing !== null}
        what={props.removeWhat(removing?.name ?? "")}
        onClose={() => setRemoving(null)}
        onConfirm={() => (removing ? onRemove(removing) : undefined)}
      />
    </fieldset>
  );
}

export type SizeDraft = { name: string; price: number };
export type TagDraft = { name: string; color: string };

/** What the product form gives the sizes or the tags editor: the list, its add and remove, the draft handle. */
interface EditorProps<Item, Draft> {
  items: Item[];
  onAdd: (draft: Draft) => Promise<void>;
  onRemove: (item: Item) => Promise<void>;
  confirmRemoval: boolean;
  handle?: Ref<DraftHandle<Draft>>;
}

export function SizesEditor(props: EditorProps<SizeItem, SizeDraft>) {
  return (
    <SubEditor
      {...props}
      isBlank={(values) => values.name.trim() === "" && values.price.trim() === ""}
      legend={f.sizes}
      empty={p.noSizes}
      addLabel={p.addSize}
      removeWhat={p.sizeWhat}
      initial={{ name: "", price: "" }}
      cleared={() => ({ name: "", price: "" })}
      parse={(values) => sizeSchema.omit({ product_id: true }).safeParse(values)}
      list={(sizes, remove) => (
        <ul className="divide-y divide-cream-200">
          {sizes.map((size) => (
            <li key={size.id} className="flex items-center justify-between gap-2 py-1.5">
              <span className="font-semibold text-cocoa-900">{size.name}</span>
              {size.id < 0 ? <NotSaved /> : null}
              <span className="ms-auto text-cocoa-900">
                <bdi>{formatShekels(size.price)}</bdi>
              </span>
              <Button aria-label={p.removeSize(size.name)} onPress={() => remove(size)} className={buttonClass.danger}>
                <TrashIcon className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      inputs={(values, set, errors) => (
        <>
          <TextInput
            name="size_name"
            label={f.sizeName}
            value={values.name}
            onChange={(v) => set("name", v)}
            errors={errors.name}
            isRequired
          />
          <TextInput
            name="size_price"
            label={f.price}
            value={values.price}
            onChange={(v) => set("price", v)}
            errors={errors.price ?? errors.product_id}
            inputMode="decimal"
            dir="ltr"
            isRequired
          />
        </>
      )}
    />
  );
}

export function TagsEditor(props: EditorProps<TagItem, TagDraft>) {
  return (
    <SubEditor
      {...props}
      isBlank={(values) => values.name.trim() === ""}
      legend={f.tags}
      empty={p.noTags}
      addLabel={p.addTag}
      removeWhat={p.tagWhat}
      initial={{ name: "", color: TAG_COLORS[0] as string }}
      cleared={(values) => ({ ...values, name: "" })}
      parse={(values) => tagSchema.pick({ name: true, color: true }).safeParse(values)}
      list={(tags, remove) => (
        <ul className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag.id} className="inline-flex items-center gap-1">
              <TagChip name={tag.name} color={tag.color}>
                <Button
                  aria-label={p.removeTag(tag.name)}
                  onPress={() => remove(tag)}
                  className="-me-1 rounded-full p-0.5 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-white data-[hovered]:bg-white/20"
                >
                  <TrashIcon className="size-3.5" />
                </Button>
              </TagChip>
              {tag.id < 0 ? <NotSaved /> : null}
            </li>
          ))}
        </ul>
      )}
      inputs={(values, set, errors) => (
        <>
          <TextInput
            name="tag_name"
            label={f.tagName}
            value={values.name}
            onChange={(v) => set("name", v)}
            errors={errors.name ?? errors.tagable_id}
            isRequired
          />
          <SelectInput
            name="tag_color"
            label={f.color}
            value={values.color}
            onChange={(v) => set("color", v)}
            errors={errors.color}
            isRequired
            options={TAG_COLORS.map((c) => ({ value: c, label: heAdmin.colors[c] ?? c }))}
          />
        </>
      )}
    />
  );
}

/** Beside a size or tag that is not on the server yet (it goes with the next save). */
function NotSaved() {
  return <span className="text-sm text-cocoa-800">({p.notSaved})</span>;
}

/** Categories as checkboxes: each main category followed by its subcategories. */
export function CategoryPicker({
  options,
  value,
  onChange,
  errors,
}: {
  options: CategoryOption[];
  value: number[];
  onChange: (ids: number[]) => void;
  errors?: string[];
}) {
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...new Set([...value, id])] : value.filter((v) => v !== id));
  return (
    <fieldset className="rounded-xl p-4 ring-1 ring-cream-300" aria-describedby="categories-hint">
      <legend className="px-1 text-lg font-bold text-cocoa-900">{f.categories}</legend>
      <p id="categories-hint" className="mb-2 text-sm text-cocoa-800">
        {p.categoriesHint}
      </p>
      <ul className="gap-6 sm:columns-2 lg:columns-3">
        {groupByMain(options).map(({ main, subs }) => (
          <li key={main.id} className="mb-3 break-inside-avoid">
            <CategoryCheckbox option={main} checked={value.includes(main.id)} onToggle={toggle} />
            {subs.length ? (
              <ul className="mt-1 space-y-1 ps-6">
                {subs.map((sub) => (
                  <li key={sub.id}>
                    <CategoryCheckbox option={sub} checked={value.includes(sub.id)} onToggle={toggle} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {errors?.length ? <p className="mt-1 text-sm font-medium text-berry-700">{errors.join(" ")}</p> : null}
    </fieldset>
  );
}

function groupByMain(options: CategoryOption[]) {
  const groups: { main: CategoryOption; subs: CategoryOption[] }[] = [];
  for (const option of options) {
    if (option.is_main || option.parent_id === null) groups.push({ main: option, subs: [] });
    else {
      const group = groups.find((g) => g.main.id === option.parent_id);
      if (group) group.subs.push(option);
      else groups.push({ main: option, subs: [] });
    }
  }
  return groups;
}

function CategoryCheckbox({
  option,
  checked,
  onToggle,
}: {
  option: CategoryOption;
  checked: boolean;
  onToggle: (id: number, checked: boolean) => void;
}) {
  return (
    <label className={`inline-flex items-center gap-2 text-cocoa-900 ${option.is_main ? "font-semibold" : ""}`}>
      <input
        type="checkbox"
        name="categories"
        value={option.id}
        checked={checked}
        onChange={(e) => onToggle(option.id, e.target.checked)}
        className="size-5 accent-crust-700"
      />
      {option.name}
      {option.status !== 1 ? (
        <span className="text-sm font-normal text-cocoa-800">({heAdmin.status[option.status]})</span>
      ) : null}
    </label>
  );
}
