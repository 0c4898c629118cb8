/**
 * Moving an order to another pickup time of its branch (a customer phoned): a day and a slot of the branch's days
 * as the public form computes them, past the customer's cut-off but never a time already past
 * (`GET /api/admin/orders/{id}/pickup`). Each slot says how many places it still takes; a full one is shown
 * disabled, and so is a day on which a product's daily limit leaves less than the order holds (with the reason). Saving names the version the card showed (`PUT …/pickup`): a slot that filled meanwhile, or a
 * product's daily limit on the new day, is said here and the slots are read again; a version conflict closes the
 * dialog and is handled by the list, as for the status buttons.
 */
import { type FormEvent, useEffect, useId, useState } from "react";
import type { AdminOrder } from "../../../../domain/contracts/admin-orders.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { heAdminOrders } from "../../../../domain/i18n/admin-orders.ts";
import { rangeText } from "../../../../domain/i18n/bidi.ts";
import { type OfferedDay, pickupDayLabel } from "../../../../domain/preorders/slots.ts";
import { buttonClass } from "../../../components/admin/fields.tsx";
import { AdminModal } from "../../../components/admin/modal.tsx";
import { ApiError, apiJson } from "../../../lib/api-client.ts";

const m = heAdminOrders.move;

const selectClass =
  "w-full rounded-lg border border-cocoa-800/40 bg-white px-3 py-2 text-cocoa-900 outline-none focus:border-crust-700 focus:ring-4 focus:ring-crust-600/25 aria-[invalid=true]:border-berry-700";
const labelClass = "mb-1 block font-medium text-cocoa-900";

/** The first slot of `day` that still takes an order, else its first. */
const firstOpen = (day: OfferedDay | undefined) => (day?.slots.find((s) => s.remaining > 0) ?? day?.slots[0])?.start;

export function MoveOrderDialog({
  order,
  today,
  onClose,
  onMoved,
  onConflict,
}: {
  /** The order to move; null: the dialog is closed. */
  order: AdminOrder | null;
  today: string;
  onClose: () => void;
  onMoved: (order: AdminOrder, message: string) => void;
  /** Someone else changed the order meanwhile (409 with the order as it is now). */
  onConflict: (order: AdminOrder) => void;
}) {
  return (
    <AdminModal isOpen={order !== null} onClose={onClose} title={order ? m.title(order.id) : ""}>
      {order ? (
        <MoveForm order={order} today={today} onClose={onClose} onMoved={onMoved} onConflict={onConflict} />
      ) : null}
    </AdminModal>
  );
}

function MoveForm({
  order,
  today,
  onClose,
  onMoved,
  onConflict,
}: {
  order: AdminOrder;
  today: string;
  onClose: () => void;
  onMoved: (order: AdminOrder, message: string) => void;
  onConflict: (order: AdminOrder) => void;
}) {
  const id = useId();
  const [days, setDays] = useState<OfferedDay[] | null>(null);
  const [date, setDate] = useState(order.pickup_date);
  const [slot, setSlot] = useState(order.slot);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    apiJson<{ data: { days: OfferedDay[] } }>(`/api/admin/orders/${order.id}/pickup`)
      .then((body) => {
        if (!live) return;
        setDays(body.data.days);
        // The order's own day when it is still offered, else the first day with a free slot.
        if (reload === 0 && !body.data.days.some((d) => d.date === order.pickup_date)) {
          const first =
            body.data.days.find((d) => !d.blocked && d.slots.some((s) => s.remaining > 0)) ?? body.data.days[0];
          setDate(first?.date ?? "");
          setSlot(firstOpen(first) ?? "");
        }
      })
      .catch((failure: unknown) => {
        if (!live) return;
        setDays([]);
        setError(failure instanceof ApiError && failure.body?.message ? failure.body.message : m.loadError);
      });
    return () => {
      live = false;
    };
  }, [order.id, order.pickup_date, reload]);

  const day = days?.find((d) => d.date === date);
  const chosen = day?.slots.find((s) => s.start === slot);
  const isCurrent = (d: string, s: string) => d === order.pickup_date && s === order.slot;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!date || !slot) {
      setError(heAdminOrders.validation.slot);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const body = await apiJson<{ message: string; data: AdminOrder }>(`/api/admin/orders/${order.id}/pickup`, {
        method: "PUT",
        json: { date, slot, version: order.version },
      });
      onMoved(body.data, body.message);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409 && !failure.body?.errors && failure.body?.data) {
        onConflict(failure.body.data as AdminOrder);
        return;
      }
      if (failure instanceof ApiError && (failure.status === 409 || failure.status === 422)) {
        const fields = failure.body?.errors ?? {};
        const messages = [...new Set(Object.values(fields).flat())];
        setError(messages.length ? messages.join(" ") : (failure.body?.message ?? m.error));
        // A slot or a day that filled meanwhile: show the places as they are now.
        if (failure.status === 409) setReload((n) => n + 1);
      } else if (failure instanceof ApiError && failure.status === 403) {
        setError(heAdmin.forbidden);
      } else {
        setError(failure instanceof ApiError && failure.body?.message ? failure.body.message : heAdmin.unexpected);
      }
    } finally {
      setSaving(false);
    }
  }

  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  return (
    <form onSubmit={save} noValidate className="space-y-4" data-testid="move-order">
      <p className="font-semibold text-cocoa-900">
        {m.current(`${pickupDayLabel(order.pickup_date)}, `)}
        <bdi dir="ltr">{heAdminOrders.slotRange(order.slot, order.slot_end)}</bdi>
        {order.branch_name ? (
          <span className="block text-sm font-normal text-cocoa-800">{order.branch_name}</span>
        ) : null}
      </p>
      <p id={noteId} className="text-sm text-cocoa-800">
        {m.staffNote}
      </p>
      {days === null ? (
        <p role="status" className="text-cocoa-800">
          {m.loading}
        </p>
      ) : days.length === 0 && !error ? (
        <p role="status" className="text-cocoa-800">
          {m.noSlots}
        </p>
      ) : days.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-day`} className={labelClass}>
              {m.day}
            </label>
            <select
              id={`${id}-day`}
              name="date"
              value={date}
              aria-describedby={noteId}
              onChange={(event) => {
                const next = event.target.value;
                setDate(next);
                setError(null);
                const nextDay = days.find((d) => d.date === next);
                setSlot(next === order.pickup_date ? order.slot : (firstOpen(nextDay) ?? ""));
              }}
              className={selectClass}
            >
              {days.map((d) => (
                <option key={d.date} value={d.date} disabled={d.blocked !== null && d.date !== order.pickup_date}>
                  {pickupDayLabel(d.date)}
                  {d.date === today ? ` (${heAdminOrders.today})` : ""}
                  {d.blocked ? ` – ${d.blocked}` : d.slots.every((s) => s.remaining === 0) ? ` – ${m.full}` : ""}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-slot`} className={labelClass}>
              {m.slot}
            </label>
            <select
              id={`${id}-slot`}
              name="slot"
              value={slot}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setSlot(event.target.value);
                setError(null);
              }}
              className={selectClass}
            >
              {chosen ? null : <option value="">{m.chooseSlot}</option>}
              {day?.slots.map((s) => {
                const current = isCurrent(date, s.start);
                return (
                  <option key={s.start} value={s.start} disabled={s.remaining === 0 && !current}>
                    {`${rangeText(s.start, s.end)} · `}
                    {current ? m.currentSlot : s.remaining === 0 ? m.full : m.remaining(s.remaining)}
                  </option>
                );
              })}
            </select>
          </div>
        </div>
      ) : null}
      <div
        id={errorId}
        role="alert"
        className="empty:hidden rounded-xl bg-berry-700/10 p-3 font-semibold text-berry-700"
      >
        {error}
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-cream-300 pt-4">
        <button type="button" onClick={onClose} className={buttonClass.secondary}>
          {m.cancel}
        </button>
        <button type="submit" disabled={saving || !days?.length} className={buttonClass.primary}>
          {saving ? m.saving : m.save}
        </button>
      </div>
    </form>
  );
}
