/**
 * Bulk actions on the products list (issue 30 part 1): once rows are selected, a bar at the foot of the screen
 * (fixed to the bottom on a phone) says how many, offers "all N matching the filter" when the whole page is
 * selected, and opens the action dialog. The dialog asks what to do (publish, hide, a category, prices, a tag,
 * the trash) and checks it with the server's own schema; then one confirmation says how many records change.
 * "All matching" is resolved to the records and their versions at that moment (GET …/selection), so the batch
 * reports — and leaves — any record edited after it. The answer's toast offers "בטל" for the whole batch; records
 * left as they are (edited meanwhile, gone, not restorable) are listed in a dialog.
 */
import { type FormEvent, useEffect, useId, useState } from "react";
import type { AdminProductRow } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { heBulk, productCount } from "../../../../domain/i18n/bulk.ts";
import { heKashrut } from "../../../../domain/i18n/kashrut.ts";
import {
  ALLERGEN_STATUSES,
  ALLERGENS,
  type Allergen,
  type AllergenStatus,
  DIETARY,
  type Dietary,
  KASHRUT_FLAGS,
  type KashrutFlag,
} from "../../../../domain/kashrut.ts";
import {
  BULK_ACTIONS,
  type BulkAction,
  type BulkActionType,
  bulkActionSchema,
  PRICE_ROUNDINGS,
  type PriceRounding,
} from "../../../../domain/schemas/admin/bulk.ts";
import { TAG_COLORS } from "../../../../domain/schemas/admin/product.ts";
import { useCategoryOptions } from "../../../components/admin/category-options.ts";
import type { BulkContext } from "../../../components/admin/crud-screen.tsx";
import { buttonClass, SelectInput, TextInput } from "../../../components/admin/fields.tsx";
import { AdminModal } from "../../../components/admin/modal.tsx";
import { notify } from "../../../components/admin/toast.tsx";
import { WarningDialog } from "../../../components/admin/warning-dialog.tsx";
import { apiJson } from "../../../lib/api-client.ts";

const b = heBulk;

type Item = { id: number; version: number };

/** The server's answer to a batch or its undo (server/api/admin/bulk.ts). */
interface BulkAnswer {
  batch: number | null;
  action: BulkActionType;
  changed: number;
  unchanged: number;
  conflicts: { id: number; name: string }[];
  missing: number[];
  refused: { id: number; name: string; reason: string }[];
}

/** The kashrut action's choices: "" is "ללא שינוי" (left out of the request). */
interface KashrutDraft {
  dietary: "" | "none" | Dietary;
  flags: Record<KashrutFlag, "" | "yes" | "no">;
  allergen_status: "" | AllergenStatus;
  allergens: Allergen[];
}

const EMPTY_KASHRUT: KashrutDraft = {
  dietary: "",
  flags: { chalav_yisrael: "", pas_yisrael: "", kosher_for_passover: "" },
  allergen_status: "",
  allergens: [],
};

function kashrutFieldsOf(draft: KashrutDraft): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (draft.dietary) fields.dietary = draft.dietary === "none" ? null : draft.dietary;
  for (const flag of KASHRUT_FLAGS) {
    if (draft.flags[flag]) fields[flag] = draft.flags[flag] === "yes";
  }
  if (draft.allergen_status) {
    fields.allergen_status = draft.allergen_status;
    if (draft.allergen_status === "listed") fields.allergens = draft.allergens;
  }
  return fields;
}

interface Draft {
  kashrut: KashrutDraft;
  type: BulkActionType | "";
  category_id: string;
  mode: "percent" | "amount";
  value: string;
  rounding: PriceRounding;
  name: string;
  color: string;
}

const EMPTY: Draft = {
  kashrut: EMPTY_KASHRUT,
  type: "",
  category_id: "",
  mode: "percent",
  value: "",
  rounding: "none",
  name: "",
  color: "",
};

function actionOf(draft: Draft): unknown {
  switch (draft.type) {
    case "add_category":
    case "remove_category":
      return { type: draft.type, category_id: draft.category_id };
    case "price":
      return { type: "price", mode: draft.mode, value: draft.value, rounding: draft.rounding };
    case "add_tag":
      return { type: "add_tag", name: draft.name, color: draft.color };
    case "remove_tag":
      return { type: "remove_tag", name: draft.name };
    case "kashrut":
      return { type: "kashrut", fields: kashrutFieldsOf(draft.kashrut) };
    default:
      return { type: draft.type };
  }
}

/** What the batch does, in a sentence part (the confirmation's text). */
function describe(action: BulkAction, categoryName: string): string {
  switch (action.type) {
    case "publish":
    case "hide":
      return b.describe[action.type];
    case "add_category":
    case "remove_category":
      return b.describe[action.type](categoryName);
    case "price": {
      const size = Math.abs(action.value).toLocaleString("he-IL", { maximumFractionDigits: 2 });
      // Isolated left to right, so "5%" is not shown as "%5" inside the Hebrew sentence.
      const amount = action.mode === "percent" ? `\u2066${size}%\u2069` : `${size} ₪`;
      const change = `${action.value > 0 ? "העלאה" : "הורדה"} ב־${amount}`;
      return b.describe.price(change, b.roundings[action.rounding]);
    }
    case "add_tag":
    case "remove_tag":
      return b.describe[action.type](action.name);
    case "kashrut": {
      const names = [
        action.fields.dietary !== undefined ? b.kashrutNames.dietary : null,
        ...KASHRUT_FLAGS.map((flag) => (action.fields[flag] !== undefined ? heKashrut.flags[flag] : null)),
        action.fields.allergen_status !== undefined ? b.kashrutNames.allergens : null,
      ].filter((name): name is string => name !== null);
      return b.describe.kashrut(heKashrut.list(names));
    }
    case "trash":
      return b.actions.trash;
  }
}

/** A radio group of the dialog (native radios: nothing more is needed). */
function Radios<V extends string>(props: {
  name: string;
  legend: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
  errors?: string[];
  /** Two columns from the `sm` width up (a long list). */
  columns?: boolean;
}) {
  const errorId = useId();
  return (
    <fieldset className="min-w-0" aria-describedby={props.errors?.length ? errorId : undefined}>
      <legend className="mb-1 font-medium text-cocoa-900">{props.legend}</legend>
      <div className={props.columns ? "grid gap-1.5 sm:grid-cols-2 sm:gap-x-6" : "flex flex-col gap-1.5"}>
        {props.options.map(([value, label]) => (
          <label key={value} className="inline-flex min-h-9 items-center gap-2 text-cocoa-900">
            <input
              type="radio"
              name={props.name}
              value={value}
              checked={props.value === value}
              onChange={() => props.onChange(value)}
              className="size-5 shrink-0 accent-crust-700"
            />
            {label}
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

/** The kashrut action's choices: each field "ללא שינוי" unless staff pick a value. */
function KashrutChoices(props: { value: KashrutDraft; onChange: (value: KashrutDraft) => void; errors?: string[] }) {
  const { value } = props;
  const k = heAdmin.kashrut;
  const change = (changes: Partial<KashrutDraft>) => props.onChange({ ...value, ...changes });
  const unchanged = { value: "", label: b.unchanged };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <p className="text-sm text-cocoa-800 sm:col-span-2">{b.kashrutHint}</p>
      <SelectInput
        name="kashrut-dietary"
        label={k.dietary}
        value={value.dietary}
        onChange={(dietary) => change({ dietary: dietary as KashrutDraft["dietary"] })}
        options={[
          unchanged,
          ...DIETARY.map((d) => ({ value: d, label: heKashrut.dietary[d] })),
          { value: "none", label: k.dietaryNone },
        ]}
      />
      {KASHRUT_FLAGS.map((flag) => (
        <SelectInput
          key={flag}
          name={`kashrut-${flag}`}
          label={heKashrut.flags[flag]}
          value={value.flags[flag]}
          onChange={(choice) => change({ flags: { ...value.flags, [flag]: choice as "" | "yes" | "no" } })}
          options={[unchanged, { value: "yes", label: b.flagYes }, { value: "no", label: b.flagNo }]}
        />
      ))}
      <SelectInput
        name="kashrut-allergen-status"
        label={k.allergenStatus}
        value={value.allergen_status}
        onChange={(status) => change({ allergen_status: status as KashrutDraft["allergen_status"] })}
        options={[
          unchanged,
          ...ALLERGEN_STATUSES.map((status) => ({ value: status, label: k.allergenStatuses[status] })),
        ]}
        className="sm:col-span-2"
        errors={props.errors}
      />
      {value.allergen_status === "listed" ? (
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 font-medium text-cocoa-900">{k.allergens}</legend>
          <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-3">
            {ALLERGENS.map((code) => (
              <label key={code} className="inline-flex min-h-9 items-center gap-2 text-cocoa-900">
                <input
                  type="checkbox"
                  name="kashrut-allergens"
                  value={code}
                  checked={value.allergens.includes(code)}
                  onChange={(e) =>
                    change({
                      allergens: e.target.checked
                        ? [...value.allergens, code]
                        : value.allergens.filter((c) => c !== code),
                    })
                  }
                  className="size-5 shrink-0 accent-crust-700"
                />
                {heKashrut.allergens[code]}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}

/** The selection bar and the last batch's bar: fixed to the bottom of a phone's screen, sticky on a wider one. */
const BAR_CLASS =
  "fixed inset-x-0 bottom-0 z-30 flex flex-wrap items-center justify-between gap-2 border-t border-cream-300 bg-white px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.12)] md:sticky md:bottom-4 md:mt-4 md:rounded-2xl md:border md:px-5";

export function BulkActions({ context, canTrash }: { context: BulkContext<AdminProductRow>; canTrash: boolean }) {
  const { list, selected } = context;
  const rows = list.page?.data ?? [];
  const total = list.page?.total ?? 0;
  const [allMatching, setAllMatching] = useState(false);
  const wholePage = rows.length > 0 && selected.length === rows.length;
  useEffect(() => {
    if (!wholePage) setAllMatching(false);
  }, [wholePage]);
  const count = allMatching ? total : selected.length;

  const [step, setStep] = useState<"none" | "choose" | "confirm">("none");
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState<{ action: BulkAction; items: Item[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<{ title: string; lines: string[] } | null>(null);
  // The last batch stays undoable from a bar of its own after its toast is gone, until dismissed or undone.
  const [last, setLast] = useState<{ batch: number; message: string } | null>(null);
  const [undoing, setUndoing] = useState(false);
  const categories = useCategoryOptions();
  const categoryName = (id: number) => categories?.find((c) => c.id === id)?.name ?? "";

  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const close = () => {
    setStep("none");
    setPending(null);
    setBusy(false);
  };

  /** The records the batch names, with the versions they were selected at (a filter's: as of now). */
  async function itemsOfSelection(): Promise<Item[]> {
    if (!allMatching) return selected.map((row) => ({ id: row.id, version: row.version }));
    const query = new URLSearchParams(list.query);
    for (const key of ["page", "per_page", "order_column", "order_direction"]) query.delete(key);
    const body = await apiJson<{ data: { total: number; items: Item[] } }>(
      `/api/admin/products/selection${query.size ? `?${query}` : ""}`,
    );
    return body.data.items;
  }

  async function next(event: FormEvent) {
    event.preventDefault();
    const parsed = bulkActionSchema.safeParse(actionOf(draft));
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        // A kashrut field's message under the kashrut choices ("fields.allergens" → "fields").
        const key = String(issue.path[0] ?? "type");
        found[key] = [...(found[key] ?? []), issue.message];
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const items = await itemsOfSelection();
      setPending({ action: parsed.data, items });
      setStep("confirm");
    } catch (error) {
      notify.failure(b.failed, error);
    } finally {
      setBusy(false);
    }
  }

  /** Lists what was left as it is, if anything. */
  function reportLeft(answer: BulkAnswer, conflictsText: (n: number) => string) {
    const lines: string[] = [];
    const names = (list: { name: string }[]) =>
      list.length > 12
        ? [...list.slice(0, 12).map((r) => r.name), `ועוד ${list.length - 12}`]
        : list.map((r) => r.name);
    if (answer.conflicts.length) lines.push(conflictsText(answer.conflicts.length), ...names(answer.conflicts));
    if (answer.missing.length) lines.push(b.missingText(answer.missing.length));
    if (answer.refused.length) {
      lines.push(b.refusedText(answer.refused.length), ...answer.refused.map((r) => `${r.name}: ${r.reason}`));
    }
    if (lines.length) setReport({ title: b.conflictsTitle, lines });
  }

  async function apply() {
    if (!pending) return;
    setBusy(true);
    try {
      const body = await apiJson<{ message: string; data: BulkAnswer }>("/api/admin/products/bulk", {
        method: "POST",
        json: pending,
      });
      const batch = body.data.batch;
      notify.success(body.message, undefined, batch ? { label: b.undo, onAction: () => undo(batch) } : undefined);
      setLast(batch ? { batch, message: body.message } : null);
      context.clear();
      setAllMatching(false);
      setDraft(EMPTY);
      close();
      reportLeft(body.data, b.conflictsText);
      list.reload();
    } catch (error) {
      notify.failure(b.failed, error);
      setBusy(false);
    }
  }

  async function undo(batch: number) {
    setUndoing(true);
    try {
      const body = await apiJson<{ message: string; data: BulkAnswer }>(`/api/admin/products/bulk/${batch}/undo`, {
        method: "POST",
      });
      notify.success(body.message);
      setLast((current) => (current?.batch === batch ? null : current));
      reportLeft(body.data, b.undoConflictsText);
      list.reload();
    } catch (error) {
      notify.failure(b.undoFailed, error);
    } finally {
      setUndoing(false);
    }
  }

  const actions = BULK_ACTIONS.filter((type) => type !== "trash" || canTrash).map(
    (type) => [type, b.actions[type]] as const,
  );
  const categoryOptions = [
    { value: "", label: b.chooseCategory },
    ...(categories ?? []).map((c) => {
      const parent = c.parent_id === null ? null : categories?.find((p) => p.id === c.parent_id);
      return { value: String(c.id), label: parent ? `${parent.name} › ${c.name}` : c.name };
    }),
  ];
  const announce = count === 0 ? "" : allMatching ? b.selectedAll(total) : b.selected(count);
  const confirmCount = pending?.items.length ?? 0;
  const trash = pending?.action.type === "trash";

  return (
    <>
      {/* React Aria's table announces the rows selected; "all N matching" is this screen's own. */}
      <p className="sr-only" aria-live="polite">
        {allMatching ? announce : ""}
      </p>
      {count > 0 || last ? (
        // Room under the last card for the phone's fixed bar.
        <div aria-hidden="true" className="h-36 md:hidden" />
      ) : null}
      {count === 0 && last ? (
        <section aria-label={b.lastBar} data-testid="bulk-last" data-bulk-bar className={BAR_CLASS}>
          <p className="font-bold text-cocoa-900">{last.message}</p>
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className={`${buttonClass.quiet} min-h-11`} onClick={() => setLast(null)}>
              {b.close}
            </button>
            <button type="button" className={buttonClass.secondary} disabled={undoing} onClick={() => undo(last.batch)}>
              {undoing ? b.working : b.undoLast}
            </button>
          </div>
        </section>
      ) : null}
      {count > 0 ? (
        <section aria-label={b.bar} data-testid="bulk-bar" data-bulk-bar className={BAR_CLASS}>
          <p aria-hidden="true" className="font-bold text-cocoa-900">
            {announce}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {wholePage && !allMatching && total > rows.length ? (
              <button type="button" className={buttonClass.secondary} onClick={() => setAllMatching(true)}>
                {b.selectAllMatching(total)}
              </button>
            ) : null}
            <button
              type="button"
              className={`${buttonClass.quiet} min-h-11`}
              onClick={() => {
                setAllMatching(false);
                context.clear();
              }}
            >
              {b.clear}
            </button>
            <button
              type="button"
              aria-haspopup="dialog"
              className={buttonClass.primary}
              onClick={() => setStep("choose")}
            >
              {b.open}
            </button>
          </div>
        </section>
      ) : null}

      <AdminModal
        isOpen={step === "choose"}
        onClose={close}
        title={allMatching ? b.dialogTitleAll : b.dialogTitle(productCount(count))}
      >
        <form onSubmit={next} noValidate className="flex flex-col gap-4" aria-busy={busy}>
          <Radios
            name="bulk-action"
            legend={b.actionLegend}
            value={draft.type}
            options={actions}
            columns
            onChange={(type) => {
              set({ type });
              setErrors({});
            }}
            errors={errors.type}
          />
          {draft.type === "add_category" || draft.type === "remove_category" ? (
            <SelectInput
              name="category_id"
              label={b.category}
              value={draft.category_id}
              onChange={(category_id) => set({ category_id })}
              options={categoryOptions}
              errors={errors.category_id}
              isRequired
            />
          ) : null}
          {draft.type === "price" ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Radios
                name="price-mode"
                legend={b.priceMode}
                value={draft.mode}
                options={[
                  ["percent", b.percent],
                  ["amount", b.amount],
                ]}
                onChange={(mode) => set({ mode })}
                errors={errors.mode}
              />
              <Radios
                name="price-rounding"
                legend={b.rounding}
                value={draft.rounding}
                options={PRICE_ROUNDINGS.map((r) => [r, b.roundings[r]] as const)}
                onChange={(rounding) => set({ rounding })}
                errors={errors.rounding}
              />
              <TextInput
                name="price-value"
                label={`${b.priceValue} (${draft.mode === "percent" ? "%" : "₪"})`}
                value={draft.value}
                onChange={(value) => set({ value })}
                inputMode="text"
                dir="ltr"
                hint={b.priceValueHint}
                errors={errors.value}
                isRequired
                className="sm:col-span-2"
              />
            </div>
          ) : null}
          {draft.type === "add_tag" || draft.type === "remove_tag" ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput
                name="tag-name"
                label={b.tagName}
                value={draft.name}
                onChange={(name) => set({ name })}
                errors={errors.name}
                isRequired
              />
              {draft.type === "add_tag" ? (
                <SelectInput
                  name="tag-color"
                  label={b.tagColor}
                  value={draft.color}
                  onChange={(color) => set({ color })}
                  options={[{ value: "", label: b.tagColor }, ...TAG_COLORS.map((c) => ({ value: c, label: c }))]}
                  errors={errors.color}
                  isRequired
                />
              ) : null}
            </div>
          ) : null}
          {draft.type === "kashrut" ? (
            <KashrutChoices value={draft.kashrut} onChange={(kashrut) => set({ kashrut })} errors={errors.fields} />
          ) : null}
          <div className="flex flex-wrap gap-2 border-t border-cream-200 pt-4">
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              {busy ? (allMatching ? b.resolving : b.working) : b.next}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={close}>
              {b.cancel}
            </button>
          </div>
        </form>
      </AdminModal>

      <WarningDialog
        isOpen={step === "confirm" && pending !== null}
        onDismiss={() => (busy ? undefined : setStep("choose"))}
        title={trash ? b.confirmTrashTitle(confirmCount) : b.confirmTitle(confirmCount)}
        text={
          pending
            ? confirmCount === 0
              ? b.confirmNothing
              : trash
                ? b.confirmTrash(confirmCount)
                : `${b.confirmText(confirmCount, describe(pending.action, categoryName(Number((pending.action as { category_id?: number }).category_id))))} ${b.confirmUndo}`
            : ""
        }
        testId="bulk-confirm"
      >
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => setStep("choose")} disabled={busy}>
            {b.back}
          </button>
          {confirmCount > 0 ? (
            <button
              type="button"
              className={trash ? `${buttonClass.primary} bg-berry-700 hover:bg-berry-700/90` : buttonClass.primary}
              onClick={apply}
              disabled={busy}
            >
              {busy ? b.working : trash ? b.applyTrash(confirmCount) : b.apply(confirmCount)}
            </button>
          ) : null}
        </div>
      </WarningDialog>

      <WarningDialog
        isOpen={report !== null}
        onDismiss={() => setReport(null)}
        title={report?.title ?? ""}
        text={report?.lines[0] ?? ""}
        testId="bulk-report"
        wide
      >
        <ul className="mt-3 list-disc ps-6 text-cocoa-900">
          {report?.lines.slice(1).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="mt-5 flex justify-end">
          <button type="button" className={buttonClass.primary} onClick={() => setReport(null)}>
            {b.close}
          </button>
        </div>
      </WarningDialog>
    </>
  );
}
