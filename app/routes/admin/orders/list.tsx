/**
 * The day's pre-orders (issue 28 part 5): per branch and pickup day (today first), filtered by status and slot,
 * or a search by order number, name or phone across every day. Each order shows its slot, the customer's details,
 * its items and total, and the buttons that move it on (new → confirmed → ready → picked up, or cancelled / not
 * collected), and "שינוי מועד איסוף" for an open order (another slot of its branch: move-dialog.tsx). A change
 * names the version the screen showed: if someone else changed the order meanwhile, the server refuses (409) and
 * the list is read again. The filters are a GET form: they work before the JavaScript has loaded, and the address
 * keeps them (a reload, a shared link, the back button).
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import type { AdminOrder, AdminOrderDay } from "../../../../domain/contracts/admin-orders.ts";
import { heAdminOrders } from "../../../../domain/i18n/admin-orders.ts";
import { hePreorders } from "../../../../domain/i18n/preorders.ts";
import { formatShekels } from "../../../../domain/money.ts";
import {
  MOVABLE_STATUSES,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderListQuery,
  type OrderStatusName,
  orderListSchema,
} from "../../../../domain/schemas/admin/orders.ts";
import { buttonClass } from "../../../components/admin/fields.tsx";
import { sectionMeta } from "../../../components/admin/meta.ts";
import { notify } from "../../../components/admin/toast.tsx";
import { WarningDialog } from "../../../components/admin/warning-dialog.tsx";
import { ChevronIcon, SearchIcon } from "../../../components/ui/icon.tsx";
import { ClockIcon, DownloadIcon } from "../../../components/ui/other-icons.tsx";
import { useCan } from "../../../lib/admin-permissions.ts";
import { ApiError, apiJson } from "../../../lib/api-client.ts";
import { servicesContext } from "../../../lib/context.ts";
import type { Route } from "./+types/list";
import { dayLabel, OrderStatusBadge, ordersHref, shiftDay } from "./bits.tsx";
import { MoveOrderDialog } from "./move-dialog.tsx";

export const meta = sectionMeta("orders");

const o = heAdminOrders;
const statuses = hePreorders.statuses;

export async function loader({ request, context }: Route.LoaderArgs): Promise<AdminOrderDay> {
  const orders = context.get(servicesContext).admin.orders;
  const parsed = orderListSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // An address with a bad value (typed by hand) shows today's orders of every branch rather than an error page.
  const query: Partial<OrderListQuery> = parsed.success ? parsed.data : {};
  try {
    return await orders.day(query);
  } catch {
    return orders.day({});
  }
}

const inputClass =
  "w-full rounded-lg border border-cocoa-800/40 bg-white px-3 py-2 text-cocoa-900 outline-none focus:border-crust-700 focus:ring-4 focus:ring-crust-600/25";
const labelClass = "mb-1 block font-medium text-cocoa-900";
const linkClass =
  "inline-flex items-center gap-1 rounded-lg px-2.5 py-1.5 font-semibold text-crust-700 underline-offset-4 outline-none hover:underline focus-visible:ring-4 focus-visible:ring-crust-600/40";

/** The forward move of each status (the button that stands out); the others are quieter. */
const NEXT: Partial<Record<OrderStatusName, OrderStatusName>> = {
  new: "confirmed",
  confirmed: "ready",
  ready: "picked_up",
};

export default function Orders({ loaderData: day }: Route.ComponentProps) {
  const can = useCan("Order");
  const canSettings = useCan("PickupSettings");
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);
  const [moving, setMoving] = useState<AdminOrder | null>(null);
  const branch = day.branch ?? "";
  const keep = { date: day.date, branch };

  async function change(order: AdminOrder, status: OrderStatusName) {
    setBusy(order.id);
    try {
      const body = await apiJson<{ message: string }>(`/api/admin/orders/${order.id}/status`, {
        method: "PUT",
        json: { status, version: order.version },
      });
      notify.success(body.message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) notify.error(o.statusError, o.conflict);
      else notify.failure(o.statusError, error);
    } finally {
      setBusy(null);
      await revalidator.revalidate();
      // The pressed button may be gone (the order's moves changed): the keyboard goes on from the order's heading.
      document.getElementById(`order-${order.id}`)?.focus();
    }
  }

  /**
   * After a move (or a refused one): the list is read again, and once the new list is on the screen the keyboard
   * goes on from the order's heading — or, when the order left the day's list, from the page's heading.
   */
  const focusAfterReload = useRef<number | null>(null);
  useEffect(() => {
    const id = focusAfterReload.current;
    if (id === null || !day) return;
    focusAfterReload.current = null;
    (document.getElementById(`order-${id}`) ?? document.getElementById("orders-heading"))?.focus();
  }, [day]);
  function afterMove(id: number) {
    focusAfterReload.current = id;
    void revalidator.revalidate();
  }

  const searching = day.q !== null;
  const total = Object.values(day.counts).reduce((a, b) => a + b, 0);

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="orders-heading" tabIndex={-1} className="text-3xl font-bold text-cocoa-900 outline-none">
            {o.heading}
          </h1>
          <p className="mt-1 text-cocoa-800">{o.intro}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={ordersHref("/sheet", keep)} className={buttonClass.primary}>
            {o.sheet}
          </Link>
          <a
            href={`/api/admin/orders/export?${new URLSearchParams({ date: day.date, ...(branch ? { branch: String(branch) } : {}) })}`}
            download
            className={buttonClass.secondary}
          >
            <DownloadIcon className="size-5" />
            {o.exportCsv}
          </a>
          {canSettings.read ? (
            <Link to="/admin/orders/settings" className={buttonClass.secondary}>
              {o.settingsLink}
            </Link>
          ) : null}
        </div>
      </div>

      <section
        aria-label={o.filters}
        className="mt-5 space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-300"
      >
        <nav aria-label={o.date} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link to={ordersHref("", { ...keep, date: shiftDay(day.date, -1) })} className={linkClass}>
            <ChevronIcon direction="start" className="size-4" />
            {o.prevDay}
          </Link>
          <p className="text-xl font-bold text-cocoa-900" aria-live="polite">
            {dayLabel(day.date)}
            {day.date === day.today ? (
              <span className="ms-2 text-base font-semibold text-olive-700">({o.today})</span>
            ) : null}
          </p>
          <Link to={ordersHref("", { ...keep, date: shiftDay(day.date, 1) })} className={linkClass}>
            {o.nextDay}
            <ChevronIcon direction="end" className="size-4" />
          </Link>
          {day.date !== day.today ? (
            <Link to={ordersHref("", { branch })} className={linkClass}>
              {o.today}
            </Link>
          ) : null}
        </nav>
        <Form
          method="get"
          key={`${day.date}-${branch}-${day.status}-${day.slot}`}
          className="grid grid-cols-2 items-end gap-3 md:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
        >
          <div>
            <label htmlFor="orders-date" className={labelClass}>
              {o.date}
            </label>
            <input id="orders-date" type="date" name="date" defaultValue={day.date} className={inputClass} />
          </div>
          <div>
            <label htmlFor="orders-branch" className={labelClass}>
              {o.branch}
            </label>
            <select id="orders-branch" name="branch" defaultValue={String(branch)} className={inputClass}>
              <option value="">{o.allBranches}</option>
              {day.branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="orders-status" className={labelClass}>
              {o.status}
            </label>
            <select id="orders-status" name="status" defaultValue={day.status ?? ""} className={inputClass}>
              <option value="">{o.allStatuses}</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statuses[s]} ({day.counts[s]})
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="orders-slot" className={labelClass}>
              {o.slot}
            </label>
            <select id="orders-slot" name="slot" defaultValue={day.slot ?? ""} className={inputClass}>
              <option value="">{o.allSlots}</option>
              {day.slots.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={`${buttonClass.primary} col-span-2 md:col-span-1`}>
            {o.show}
          </button>
        </Form>
        <Form method="get" role="search" className="flex flex-wrap items-end gap-2 border-t border-cream-300 pt-4">
          <div className="min-w-0 flex-1">
            <label htmlFor="orders-q" className={labelClass}>
              {o.search}
            </label>
            <input
              id="orders-q"
              type="search"
              name="q"
              defaultValue={day.q ?? ""}
              maxLength={100}
              aria-describedby="orders-q-hint"
              className={inputClass}
            />
            <span id="orders-q-hint" className="mt-1 block text-sm text-cocoa-800">
              {o.searchAllDays}
            </span>
          </div>
          <button type="submit" className={`${buttonClass.secondary} mb-7`}>
            <SearchIcon className="size-5" />
            {o.searchButton}
          </button>
        </Form>
      </section>

      <div className="mt-5 flex flex-wrap items-center gap-3" role="status">
        {searching ? (
          <>
            <p className="font-semibold text-cocoa-900">{o.searchResults(day.q ?? "", day.orders.length)}</p>
            <Link to={ordersHref("", keep)} className={linkClass}>
              {o.clearSearch}
            </Link>
          </>
        ) : (
          <p className="font-semibold text-cocoa-900">
            {o.count(total)}
            {day.orders.length !== total ? ` · ${o.shown(day.orders.length)}` : ""}
          </p>
        )}
      </div>

      {day.orders.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-white p-6 text-center text-cocoa-800 ring-1 ring-cream-300">
          {searching ? o.noneFound : o.none}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2" data-testid="orders">
          {day.orders.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                showDay={searching || day.branch === null}
                showDate={searching}
                canUpdate={can.update}
                busy={busy === order.id}
                onChange={(status) => (status === "cancelled" ? setCancelling(order) : change(order, status))}
                onMove={() => setMoving(order)}
              />
            </li>
          ))}
        </ul>
      )}

      <MoveOrderDialog
        order={moving}
        today={day.today}
        onClose={() => setMoving(null)}
        onMoved={(order, message) => {
          setMoving(null);
          // The list is one day's: an order moved to another day leaves it (a search lists every day).
          const left = !searching && order.pickup_date !== day.date;
          notify.success(message, left ? o.move.leftDay : undefined);
          afterMove(order.id);
        }}
        onConflict={(order) => {
          setMoving(null);
          notify.error(o.move.error, o.conflict);
          afterMove(order.id);
        }}
      />

      <WarningDialog
        isOpen={cancelling !== null}
        onDismiss={() => setCancelling(null)}
        title={o.actions.cancelled}
        text={cancelling ? o.cancelConfirm(cancelling.id) : ""}
        testId="cancel-order"
      >
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <button type="button" onClick={() => setCancelling(null)} className={buttonClass.secondary}>
            {o.cancelNo}
          </button>
          <button
            type="button"
            onClick={() => {
              const order = cancelling;
              setCancelling(null);
              if (order) void change(order, "cancelled");
            }}
            className="inline-flex items-center justify-center rounded-full bg-berry-700 px-5 py-2.5 font-semibold text-white outline-none hover:bg-berry-700/90 focus-visible:ring-4 focus-visible:ring-berry-700/30"
          >
            {o.cancelYes}
          </button>
        </div>
      </WarningDialog>
    </>
  );
}

function OrderCard({
  order,
  showDay,
  showDate,
  canUpdate,
  busy,
  onChange,
  onMove,
}: {
  order: AdminOrder;
  showDay: boolean;
  showDate: boolean;
  canUpdate: boolean;
  busy: boolean;
  onChange: (status: OrderStatusName) => void;
  onMove: () => void;
}) {
  const headingId = `order-${order.id}`;
  const next = NEXT[order.status];
  const moves = ORDER_TRANSITIONS[order.status];
  const movable = canUpdate && MOVABLE_STATUSES.includes(order.status) && !order.erased_at;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-300"
      data-testid={`order-${order.id}`}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2
          id={headingId}
          tabIndex={-1}
          className="text-xl font-bold text-cocoa-900 outline-none focus-visible:ring-4 focus-visible:ring-crust-600/40"
        >
          {o.numberShort(order.id)}
        </h2>
        <OrderStatusBadge status={order.status} />
        <p className="ms-auto font-semibold text-cocoa-900">
          <span className="sr-only">{o.pickup}: </span>
          {showDate ? `${dayLabel(order.pickup_date)}, ` : ""}
          <bdi dir="ltr">{o.slotRange(order.slot, order.slot_end)}</bdi>
          {showDay ? <span className="block text-sm font-normal text-cocoa-800">{order.branch_name}</span> : null}
        </p>
      </header>
      {order.erased_at ? (
        <p className="mt-2 text-sm text-cocoa-800">{o.erased}</p>
      ) : (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="font-medium text-cocoa-800">{o.name}</dt>
          <dd className="font-semibold text-cocoa-900">{order.name}</dd>
          <dt className="font-medium text-cocoa-800">{o.phone}</dt>
          <dd>
            <a
              href={`tel:${order.phone.replace(/[^\d+]/g, "")}`}
              dir="ltr"
              className="text-crust-700 underline underline-offset-4"
            >
              {order.phone}
            </a>
          </dd>
          {order.email ? (
            <>
              <dt className="font-medium text-cocoa-800">{o.email}</dt>
              <dd className="min-w-0 break-words">
                <a href={`mailto:${order.email}`} dir="ltr" className="text-crust-700 underline underline-offset-4">
                  {order.email}
                </a>
              </dd>
            </>
          ) : null}
          {order.note ? (
            <>
              <dt className="font-medium text-cocoa-800">{o.note}</dt>
              <dd className="whitespace-pre-line break-words text-cocoa-900">{order.note}</dd>
            </>
          ) : null}
        </dl>
      )}
      <h3 className="sr-only">{o.items}</h3>
      <ul className="mt-3 space-y-1 border-t border-cream-300 pt-3">
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3">
            <span>
              {item.product_name}
              {item.size_name ? <span className="text-cocoa-800"> · {item.size_name}</span> : null}
            </span>
            <span className="font-semibold whitespace-nowrap">× {item.quantity}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-cream-300 pt-2 font-bold text-cocoa-900">
        <span>{o.total}</span>
        <span>{formatShekels(order.total)}</span>
      </p>
      {canUpdate && (moves.length || movable) ? (
        <div className="mt-auto space-y-2 pt-4">
          {moves.length ? (
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">{o.statusOf(order.id)}</legend>
              {moves.map((status) => (
                <button
                  key={status}
                  type="button"
                  disabled={busy}
                  aria-label={o.markAsFor(o.actions[status], order.id)}
                  onClick={() => onChange(status)}
                  className={
                    status === next
                      ? buttonClass.primary
                      : status === "cancelled"
                        ? `${buttonClass.danger} border border-berry-700/40`
                        : `${buttonClass.quiet} border border-crust-700/40`
                  }
                >
                  {o.actions[status]}
                </button>
              ))}
            </fieldset>
          ) : null}
          {movable ? (
            <button
              type="button"
              disabled={busy}
              aria-label={o.move.openFor(order.id)}
              onClick={onMove}
              className={`${buttonClass.quiet} border border-crust-700/40`}
            >
              <ClockIcon className="size-4" />
              {o.move.open}
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
