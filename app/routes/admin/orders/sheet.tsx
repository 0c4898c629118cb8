/**
 * The day's production sheet (issue 28 part 5), made to print: how many of each product and size to bake, in all
 * and per branch (cancelled orders are not counted), then each branch's pickup list by slot — one branch, or every
 * branch with orders that day, each starting a new printed page. The admin's top bar, the filters and the buttons
 * are left off the print (`print:hidden`).
 */
import { Form, Link } from "react-router";
import type { ProductionSheet } from "../../../../domain/contracts/admin-orders.ts";
import { heAdminOrders } from "../../../../domain/i18n/admin-orders.ts";
import { hePreorders } from "../../../../domain/i18n/preorders.ts";
import { formatShekels } from "../../../../domain/money.ts";
import { type OrderListQuery, orderListSchema } from "../../../../domain/schemas/admin/orders.ts";
import { buttonClass } from "../../../components/admin/fields.tsx";
import { adminMeta } from "../../../components/admin/meta.ts";
import { servicesContext } from "../../../lib/context.ts";
import type { Route } from "./+types/sheet";
import { dayLabel, ordersHref } from "./bits.tsx";

const o = heAdminOrders;

type Matches = Parameters<typeof adminMeta>[1];

export const meta = ({ matches, loaderData }: { matches: Matches; loaderData?: ProductionSheet }) =>
  adminMeta(loaderData ? o.sheetTitle(dayLabel(loaderData.date)) : o.sheet, matches);

export async function loader({ request, context }: Route.LoaderArgs): Promise<ProductionSheet> {
  const orders = context.get(servicesContext).admin.orders;
  const parsed = orderListSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query: Partial<OrderListQuery> = parsed.success ? parsed.data : {};
  try {
    return await orders.sheet(query.date, query.branch);
  } catch {
    return orders.sheet(query.date, undefined);
  }
}

const cell = "border border-cocoa-800/30 px-2 py-1.5 text-start align-top print:px-1 print:py-1";
const head = `${cell} bg-cream-200 font-semibold print:bg-transparent`;
const labelClass = "mb-1 block font-medium text-cocoa-900";
const inputClass =
  "w-full rounded-lg border border-cocoa-800/40 bg-white px-3 py-2 text-cocoa-900 outline-none focus:border-crust-700 focus:ring-4 focus:ring-crust-600/25";

export default function Sheet({ loaderData: sheet }: Route.ComponentProps) {
  const chosen = sheet.pickups.length === 1 ? sheet.pickups[0]!.branch.id : null;
  return (
    <div className="print:text-[11pt] print:text-black">
      <div className="flex flex-wrap items-start justify-between gap-3 print:hidden">
        <Link
          to={ordersHref("", { date: sheet.date })}
          className="font-semibold text-crust-700 underline underline-offset-4"
        >
          {o.backToOrders}
        </Link>
        <button type="button" onClick={() => window.print()} className={buttonClass.primary}>
          {o.print}
        </button>
      </div>
      <h1 className="mt-3 text-3xl font-bold text-cocoa-900 print:mt-0 print:text-2xl">
        {o.sheetTitle(dayLabel(sheet.date))}
      </h1>

      <Form
        method="get"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 ring-1 ring-cream-300 print:hidden"
      >
        <div>
          <label htmlFor="sheet-date" className={labelClass}>
            {o.date}
          </label>
          <input id="sheet-date" type="date" name="date" defaultValue={sheet.date} className={inputClass} />
        </div>
        <div>
          <label htmlFor="sheet-branch" className={labelClass}>
            {o.pickupList}
          </label>
          <select id="sheet-branch" name="branch" defaultValue={chosen ?? ""} className={inputClass}>
            <option value="">{o.allBranches}</option>
            {sheet.allBranches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass.secondary}>
          {o.show}
        </button>
      </Form>

      <section aria-labelledby="production" className="mt-6">
        <h2 id="production" className="text-2xl font-bold text-cocoa-900 print:text-xl">
          {o.production}
        </h2>
        <p className="mt-1 text-cocoa-800 print:hidden">{o.productionIntro}</p>
        {sheet.lines.length === 0 ? (
          <p className="mt-3 text-cocoa-800">{o.noProduction}</p>
        ) : (
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            aria-labelledby="production"
            className="mt-3 overflow-x-auto rounded-xl bg-white ring-1 ring-cream-300 outline-none focus-visible:ring-4 focus-visible:ring-crust-600/40 print:overflow-visible print:ring-0"
          >
            <table className="w-full border-collapse" data-testid="production">
              <thead>
                <tr>
                  <th scope="col" className={head}>
                    {o.product}
                  </th>
                  <th scope="col" className={head}>
                    {o.size}
                  </th>
                  <th scope="col" className={`${head} text-center`}>
                    {o.allTotal}
                  </th>
                  {sheet.branches.map((b) => (
                    <th key={b.id} scope="col" className={`${head} text-center`}>
                      {b.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sheet.lines.map((line) => (
                  <tr key={`${line.product_id}-${line.product_name}-${line.size_name}`}>
                    <th scope="row" className={`${cell} font-medium`}>
                      {line.product_name}
                    </th>
                    <td className={cell}>{line.size_name}</td>
                    <td className={`${cell} text-center text-lg font-bold`}>{line.total}</td>
                    {sheet.branches.map((b) => (
                      <td key={b.id} className={`${cell} text-center`}>
                        {line.by_branch[b.id] ?? ""}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </section>

      {sheet.pickups.map(({ branch, slots }) => (
        <section
          key={branch.id}
          aria-labelledby={`pickup-${branch.id}`}
          className="mt-8 break-before-page print:mt-0"
          data-testid={`pickup-${branch.id}`}
        >
          <h2 id={`pickup-${branch.id}`} className="text-2xl font-bold text-cocoa-900 print:text-xl">
            {o.pickupListOf(branch.name)}
          </h2>
          <p className="text-cocoa-800">
            {dayLabel(sheet.date)} · {o.pickupListIntro}
          </p>
          {slots.length === 0 ? <p className="mt-3 text-cocoa-800">{o.noProduction}</p> : null}
          {slots.map((slot) => (
            <div key={slot.slot} className="mt-4 break-inside-avoid">
              <h3 id={`slot-${branch.id}-${slot.slot}`} className="text-lg font-bold text-cocoa-900">
                <bdi dir="ltr">{o.slotRange(slot.slot, slot.slot_end)}</bdi>
              </h3>
              {/* On a phone the table scrolls sideways: the box takes the keyboard's focus to scroll it. */}
              <section
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
                tabIndex={0}
                aria-labelledby={`slot-${branch.id}-${slot.slot}`}
                className="mt-1 overflow-x-auto rounded-xl bg-white ring-1 ring-cream-300 outline-none focus-visible:ring-4 focus-visible:ring-crust-600/40 print:overflow-visible print:ring-0"
              >
                <table className="w-full border-collapse">
                  <thead>
                    <tr>
                      <th scope="col" className={head}>
                        {o.number}
                      </th>
                      <th scope="col" className={head}>
                        {o.name}
                      </th>
                      <th scope="col" className={head}>
                        {o.phone}
                      </th>
                      <th scope="col" className={head}>
                        {o.items}
                      </th>
                      <th scope="col" className={head}>
                        {o.total}
                      </th>
                      <th scope="col" className={`${head} max-sm:hidden print:table-cell`}>
                        {o.status}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {slot.orders.map((order) => (
                      <tr key={order.id} className="break-inside-avoid">
                        <th scope="row" className={`${cell} font-bold`}>
                          {order.id}
                        </th>
                        <td className={cell}>
                          {order.name}
                          {order.note ? <span className="block text-sm text-cocoa-800">{order.note}</span> : null}
                        </td>
                        <td className={`${cell} whitespace-nowrap`}>
                          <bdi dir="ltr">{order.phone}</bdi>
                        </td>
                        <td className={cell}>
                          <ul>
                            {order.items.map((item) => (
                              <li key={item.id}>
                                {item.product_name}
                                {item.size_name ? ` · ${item.size_name}` : ""} × {item.quantity}
                              </li>
                            ))}
                          </ul>
                        </td>
                        <td className={`${cell} whitespace-nowrap`}>{formatShekels(order.total)}</td>
                        <td className={`${cell} whitespace-nowrap max-sm:hidden print:table-cell`}>
                          {hePreorders.statuses[order.status]}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
