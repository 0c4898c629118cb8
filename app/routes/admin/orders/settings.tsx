/**
 * Pre-order settings (issue 28 part 2), admins only (the section table requires `PickupSettings`, the API the
 * same): per branch, whether it takes pre-orders, the slot length, orders per slot, the lead time and the days
 * ahead; for the whole bakery, whether an e-mail is required and how long personal data is kept. Each form saves
 * on its own, with the version it was loaded at (a stale save shows the values as they are now).
 */
import { type FormEvent, type ReactNode, useState } from "react";
import { Link } from "react-router";
import type {
  AdminPickupSettings,
  AdminPreorderPolicy,
  AdminPreorderSettings,
} from "../../../../domain/contracts/admin-orders.ts";
import type { FieldErrors } from "../../../../domain/field-errors.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { heAdminOrders } from "../../../../domain/i18n/admin-orders.ts";
import { buttonClass } from "../../../components/admin/fields.tsx";
import { adminMeta } from "../../../components/admin/meta.ts";
import { notify } from "../../../components/admin/toast.tsx";
import { ApiError, apiJson } from "../../../lib/api-client.ts";
import { servicesContext } from "../../../lib/context.ts";
import type { Route } from "./+types/settings";

const s = heAdminOrders.settings;

export const meta = ({ matches }: { matches: Parameters<typeof adminMeta>[1] }) => adminMeta(s.heading, matches);

export async function loader({ context }: Route.LoaderArgs): Promise<AdminPreorderSettings> {
  return context.get(servicesContext).admin.orders.settings();
}

const inputClass =
  "w-full rounded-lg border border-cocoa-800/40 bg-white px-3 py-2 text-cocoa-900 outline-none focus:border-crust-700 focus:ring-4 focus:ring-crust-600/25 aria-[invalid=true]:border-berry-700";

/** A save's answer: the record, a stale save's record now (409), or the field errors (422). */
async function save<T extends { version: number }>(
  path: string,
  json: Record<string, unknown>,
): Promise<{ saved?: T; errors?: FieldErrors }> {
  try {
    const body = await apiJson<{ data: T }>(path, { method: "PUT", json });
    notify.success(s.saved);
    return { saved: body.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.body?.data) {
      notify.error(s.saveError, s.conflict);
      return { saved: error.body.data as T };
    }
    if (error instanceof ApiError && error.status === 422) {
      notify.failure(s.saveError, error);
      return { errors: error.fieldErrors };
    }
    notify.failure(s.saveError, error);
    return {};
  }
}

export default function PreorderSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Link to="/admin/orders" className="font-semibold text-crust-700 underline underline-offset-4">
        {heAdminOrders.backToOrders}
      </Link>
      <h1 className="mt-3 text-3xl font-bold text-cocoa-900">{s.heading}</h1>
      <p className="mt-1 max-w-3xl text-cocoa-800">{s.intro}</p>
      <div className="mt-6 space-y-6">
        <PolicyForm initial={loaderData.policy} />
        {loaderData.branches.length === 0 ? <p>{s.noBranches}</p> : null}
        {loaderData.branches.map((branch) => (
          <BranchForm key={branch.branch_id} initial={branch} />
        ))}
      </div>
    </>
  );
}

function Field({
  id,
  label,
  hint,
  errors,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  errors?: string[];
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}) {
  const invalid = Boolean(errors?.length);
  const describedBy =
    [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-cocoa-900">
        {label}
      </label>
      {children(describedBy, invalid)}
      {hint ? (
        <span id={`${id}-hint`} className="mt-1 block text-sm text-cocoa-800">
          {hint}
        </span>
      ) : null}
      {invalid ? (
        <span id={`${id}-error`} className="mt-1 block text-sm font-medium text-berry-700">
          {errors!.join(" ")}
        </span>
      ) : null}
    </div>
  );
}

function NumberField(props: {
  id: string;
  name: string;
  label: string;
  hint: string;
  value: number | string;
  errors?: string[];
  min: number;
  max: number;
}) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} errors={props.errors}>
      {(describedBy, invalid) => (
        <input
          id={props.id}
          name={props.name}
          type="number"
          inputMode="numeric"
          dir="ltr"
          min={props.min}
          max={props.max}
          step={1}
          required
          defaultValue={props.value}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={inputClass}
        />
      )}
    </Field>
  );
}

const fieldsetClass =
  "grid grid-cols-1 gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-300 sm:grid-cols-2 lg:grid-cols-3";

function Checkbox({ id, name, label, checked }: { id: string; name: string; label: string; checked: boolean }) {
  return (
    <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-3">
      <input id={id} name={name} type="checkbox" defaultChecked={checked} className="size-5 accent-crust-700" />
      <label htmlFor={id} className="font-medium text-cocoa-900">
        {label}
      </label>
    </div>
  );
}

function BranchForm({ initial }: { initial: AdminPickupSettings }) {
  const [record, setRecord] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const id = `branch-${record.branch_id}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const result = await save<AdminPickupSettings>(`/api/admin/pickup-settings/${record.branch_id}`, {
      enabled: form.get("enabled") === "on",
      slot_minutes: form.get("slot_minutes"),
      orders_per_slot: form.get("orders_per_slot"),
      lead_days: form.get("lead_days"),
      order_by: form.get("order_by"),
      horizon_days: form.get("horizon_days"),
      version: record.version,
    });
    setBusy(false);
    setErrors(result.errors ?? {});
    if (result.saved) setRecord(result.saved);
  }

  return (
    <form onSubmit={onSubmit} noValidate key={record.version} data-testid={id}>
      <fieldset className={fieldsetClass}>
        <legend className="px-1 text-xl font-bold text-cocoa-900">{s.branchLegend(record.branch_name)}</legend>
        <Checkbox id={`${id}-enabled`} name="enabled" label={s.enabled} checked={record.enabled} />
        <NumberField
          id={`${id}-slot`}
          name="slot_minutes"
          label={s.slotMinutes}
          hint={s.slotMinutesHint}
          value={record.slot_minutes}
          errors={errors.slot_minutes}
          min={15}
          max={240}
        />
        <NumberField
          id={`${id}-per-slot`}
          name="orders_per_slot"
          label={s.ordersPerSlot}
          hint={s.ordersPerSlotHint}
          value={record.orders_per_slot}
          errors={errors.orders_per_slot}
          min={1}
          max={500}
        />
        <NumberField
          id={`${id}-horizon`}
          name="horizon_days"
          label={s.horizonDays}
          hint={s.horizonDaysHint}
          value={record.horizon_days}
          errors={errors.horizon_days}
          min={1}
          max={60}
        />
        <NumberField
          id={`${id}-lead`}
          name="lead_days"
          label={s.leadDays}
          hint={s.leadDaysHint}
          value={record.lead_days}
          errors={errors.lead_days}
          min={0}
          max={14}
        />
        <Field id={`${id}-order-by`} label={s.orderBy} hint={s.orderByHint} errors={errors.order_by}>
          {(describedBy, invalid) => (
            <input
              id={`${id}-order-by`}
              name="order_by"
              type="text"
              inputMode="numeric"
              dir="ltr"
              required
              pattern="[0-2][0-9]:[0-5][0-9]"
              defaultValue={record.order_by}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className={inputClass}
            />
          )}
        </Field>
        <div className="flex items-end sm:col-span-2 lg:col-span-3">
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            {busy ? heAdmin.busy : s.saveBranch(record.branch_name)}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function PolicyForm({ initial }: { initial: AdminPreorderPolicy }) {
  const [record, setRecord] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const result = await save<AdminPreorderPolicy>("/api/admin/preorder-policy", {
      email_required: form.get("email_required") === "on",
      retention_months: form.get("retention_months"),
      version: record.version,
    });
    setBusy(false);
    setErrors(result.errors ?? {});
    if (result.saved) setRecord(result.saved);
  }

  return (
    <form onSubmit={onSubmit} noValidate key={record.version} data-testid="preorder-policy">
      <fieldset className={fieldsetClass}>
        <legend className="px-1 text-xl font-bold text-cocoa-900">{s.policyLegend}</legend>
        <Checkbox id="policy-email" name="email_required" label={s.emailRequired} checked={record.email_required} />
        <NumberField
          id="policy-retention"
          name="retention_months"
          label={s.retentionMonths}
          hint={s.retentionMonthsHint}
          value={record.retention_months}
          errors={errors.retention_months}
          min={1}
          max={60}
        />
        <div className="flex items-end sm:col-span-2 lg:col-span-3">
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            {busy ? heAdmin.busy : s.savePolicy}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
