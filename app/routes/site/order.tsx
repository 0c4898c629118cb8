/**
 * The pre-order page (issue 28): the basket, the branch and the pickup slot, the customer's details, and the
 * order. It works as plain HTML — the basket travels in the address (`items`), the branch is chosen with a GET
 * form, the order is a POST — and with JavaScript the basket is also kept in the browser (localStorage), so
 * products added from several pages add up. A page with the session: the form carries the visitor's XSRF token,
 * and the slots' availability is read for each request, never from a cached page.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { Form, useNavigate } from "react-router";
import { rangeText } from "../../../domain/i18n/bidi.ts";
import { hePreorders } from "../../../domain/i18n/preorders.ts";
import { formatShekels } from "../../../domain/money.ts";
import { type PageHandle, sessionPage } from "../../../domain/page-policy.ts";
import {
  addLine,
  BASKET_STORAGE_KEY,
  type BasketLine,
  formatBasket,
  parseBasket,
} from "../../../domain/preorders/basket.ts";
import { pickupDayLabel } from "../../../domain/preorders/slots.ts";
import { ORDER_FIELDS, ORDER_LIMITS } from "../../../domain/schemas/preorder-limits.ts";
import { PageHeader } from "../../components/content/page-header.tsx";
import { FieldError, RequiredNote, TextAreaField, TextField } from "../../components/forms/fields.tsx";
import { PublicForm } from "../../components/forms/public-form.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { publicFormAction } from "../../lib/forms.server.ts";
import { formResultOf } from "../../lib/forms.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import type { Route } from "./+types/order";

export const handle = { page: sessionPage() } satisfies PageHandle;

const t = hePreorders.order;

/** A whole number in `min`–`max` from a query parameter, or null. */
function intParam(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/**
 * The basket the address asks for: `items`, then a product added from its page (`add`, `size`, `qty`), then the
 * basket form's edits (`qty_<product>_<size>`: a new quantity, 0 removes; `remove=<product>.<size>`).
 */
function basketFrom(query: URLSearchParams): BasketLine[] {
  const lines = parseBasket(query.get("items") ?? "") ?? [];
  const add = intParam(query.get("add"), 1, 999_999_999);
  const size = intParam(query.get("size"), 1, 999_999_999);
  if (add && size)
    addLine(lines, { product: add, size, quantity: intParam(query.get("qty"), 1, ORDER_LIMITS.quantity) ?? 1 });
  for (const line of lines) {
    const edited = intParam(query.get(`qty_${line.product}_${line.size}`), 0, ORDER_LIMITS.quantity);
    if (edited !== null) line.quantity = edited;
  }
  const remove = query.get("remove");
  return lines.filter((l) => l.quantity > 0 && remove !== `${l.product}.${l.size}`);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl, csrfToken } = context.get(requestContext);
  const query = new URL(request.url).searchParams;
  const wanted = basketFrom(query);
  const [settings, { priced, missing }, branches, policy] = await Promise.all([
    services.settings.get(),
    services.preorders.price(wanted),
    services.preorders.branches(),
    services.preorders.policy(),
  ]);
  const asked = intParam(query.get("branch"), 1, 999_999_999);
  const branchId = branches.find((b) => b.id === asked)?.id ?? (branches.length === 1 ? branches[0]!.id : null);
  const found = branchId && priced.length ? await services.preorders.availability(branchId) : null;
  const days = found ? await services.preorders.offer(found.days, priced) : null;
  return {
    settings,
    csrfToken,
    seo: pageSeo(publicUrl, {
      title: t.title,
      description: t.description,
      path: "/order",
      siteName: settings.brandName,
      noindex: true,
    }),
    basket: priced,
    basketValue: formatBasket(priced),
    /** Whether the address named the basket (so the browser's copy must not replace it). */
    basketInAddress: query.has("items") || query.has("add"),
    missing: missing.length,
    total: priced.reduce((sum, l) => sum + l.lineTotal, 0),
    branches,
    branchId,
    days,
    emailRequired: policy.emailRequired,
    // One order per form: a replayed or double-clicked submit carries this key (domain/schemas/preorder.ts).
    key: crypto.randomUUID().replaceAll("-", ""),
  };
}

export const meta = metaFromSeo(t.title);

/** The form carries the visitor's token and what they typed: kept by no cache. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

/** The order, without JavaScript as with it: on success to the order's private page. */
export async function action(args: Route.ActionArgs) {
  return publicFormAction(
    args,
    ORDER_FIELDS,
    (services, values) => services.preorders.place(values),
    (result) => {
      const { id, token } = result as { id: number; token: string };
      return `/order/${id}?t=${token}&new=1`;
    },
    "preorders",
  );
}

/** Keeps the browser's copy of the basket and the address in step (JavaScript only; the page works without). */
function useStoredBasket(basketValue: string, basketInAddress: boolean, branchId: number | null) {
  const navigate = useNavigate();
  useEffect(() => {
    let stored = "";
    try {
      stored = localStorage.getItem(BASKET_STORAGE_KEY) ?? "";
    } catch {
      return; // storage refused (private mode): the address alone carries the basket
    }
    if (!basketInAddress && !basketValue && stored && parseBasket(stored)?.length) {
      const branch = branchId ? `&branch=${branchId}` : "";
      navigate(`/order?items=${encodeURIComponent(stored)}${branch}`, { replace: true });
      return;
    }
    try {
      localStorage.setItem(BASKET_STORAGE_KEY, basketValue);
    } catch {
      // not kept: nothing lost, the address has it
    }
  }, [basketValue, basketInAddress, branchId, navigate]);
}

const CARD = "rounded-2xl bg-cream-50 p-5 shadow-sm ring-1 ring-cream-300 sm:p-7";
const BUTTON_SECONDARY =
  "inline-flex min-h-11 items-center justify-center rounded-full border-2 border-crust-700 px-5 py-2 font-semibold text-crust-700 hover:bg-cream-200";

function Card({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={CARD}>
      <h2 id={id} className="mb-4 text-2xl font-bold text-cocoa-900">
        {heading}
      </h2>
      {children}
    </section>
  );
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { basket, basketValue, basketInAddress, branches, branchId, days, settings, emailRequired, total } = loaderData;
  const { result, errors, values, field } = formResultOf(actionData, "order");
  useStoredBasket(basketValue, basketInAddress, branchId);
  const branchForm = useRef<HTMLFormElement>(null);
  const basketErrors = [...(errors.items ?? []), ...(errors.branch ?? [])];

  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={t.heading} lead={t.intro} narrow />
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6">
        <Card id="order-basket-heading" heading={t.basketHeading}>
          {basket.length === 0 ? (
            <div className="space-y-4">
              <p className="text-lg text-cocoa-800">{t.emptyBasket}</p>
              <a href="/products" className={BUTTON_SECONDARY}>
                {t.toCatalogue}
              </a>
            </div>
          ) : (
            <Form method="get" action="/order" id="order-basket" className="space-y-4">
              <input type="hidden" name="items" value={basketValue} />
              {branchId ? <input type="hidden" name="branch" value={branchId} /> : null}
              <ul className="divide-y divide-cream-300">
                {basket.map((line) => {
                  const qtyId = `qty-${line.product}-${line.size}`;
                  return (
                    <li
                      key={`${line.product}.${line.size}`}
                      className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3"
                    >
                      <div className="min-w-40 flex-1">
                        <a
                          href={`/product/${line.product}`}
                          className="text-lg font-semibold text-cocoa-900 underline-offset-4 hover:underline"
                        >
                          {line.productName}
                        </a>
                        <p className="text-cocoa-800">
                          {line.sizeName} ·{" "}
                          <bdi data-price="" className="whitespace-nowrap">
                            {formatShekels(line.unitPrice)}
                          </bdi>
                        </p>
                        {line.closed ? <p className="mt-1 font-semibold text-berry-700">{line.closed}</p> : null}
                      </div>
                      <label htmlFor={qtyId} className="sr-only">
                        {t.quantityOf(line.productName)}
                      </label>
                      <input
                        id={qtyId}
                        name={`qty_${line.product}_${line.size}`}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={ORDER_LIMITS.quantity}
                        defaultValue={line.quantity}
                        className="w-20 rounded-xl border border-crust-500 bg-white px-3 py-2 text-center text-lg text-cocoa-900"
                      />
                      <bdi data-price="" className="w-24 text-end text-lg font-bold whitespace-nowrap text-crust-700">
                        {formatShekels(line.lineTotal)}
                      </bdi>
                      <button
                        type="submit"
                        name="remove"
                        value={`${line.product}.${line.size}`}
                        aria-label={t.remove(line.productName)}
                        className="min-h-11 rounded-full px-3 font-semibold text-berry-700 underline-offset-4 hover:underline"
                      >
                        {t.removeShort}
                      </button>
                    </li>
                  );
                })}
              </ul>
              <div className="flex flex-wrap items-center justify-between gap-3 border-t-2 border-cream-300 pt-4">
                <p className="text-xl font-bold text-cocoa-900">
                  {t.total}:{" "}
                  <bdi data-price="" className="whitespace-nowrap text-crust-700">
                    {formatShekels(total)}
                  </bdi>
                </p>
                <div className="flex flex-wrap gap-3">
                  <button type="submit" className={BUTTON_SECONDARY}>
                    {t.update}
                  </button>
                  <a href="/products" className={BUTTON_SECONDARY}>
                    {t.addMore}
                  </a>
                </div>
              </div>
              <p className="text-cocoa-800">{t.payAtPickup}</p>
            </Form>
          )}
        </Card>

        {basket.length ? (
          <Card id="order-pickup-heading" heading={t.pickupHeading}>
            <Form method="get" action="/order" ref={branchForm} className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="items" value={basketValue} />
              <div className="min-w-56 flex-1">
                <label htmlFor="order-branch" className="block font-semibold text-cocoa-900">
                  {t.branch}
                </label>
                <select
                  id="order-branch"
                  name="branch"
                  defaultValue={branchId ?? ""}
                  onChange={() => branchForm.current?.requestSubmit()}
                  className="mt-1.5 block w-full rounded-xl border border-crust-500 bg-white px-4 py-3 text-lg text-cocoa-900"
                >
                  <option value="" disabled>
                    {t.chooseBranch}
                  </option>
                  {branches.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.address ? `${b.name} – ${b.address}` : b.name}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={BUTTON_SECONDARY}>
                {t.showSlots}
              </button>
            </Form>
            {days && days.length === 0 ? <p className="mt-4 text-lg text-cocoa-800">{t.noSlots}</p> : null}
          </Card>
        ) : null}

        {basket.length && branchId && days?.length ? (
          <section aria-labelledby="order-form-heading" className={CARD}>
            <h2 id="order-form-heading" className="mb-2 text-2xl font-bold text-cocoa-900">
              {t.detailsHeading}
            </h2>
            <div className="mb-5">
              <RequiredNote />
            </div>
            <PublicForm
              id="order"
              result={result}
              errorTitle={t.errorTitle}
              submitLabel={t.submit}
              phone={settings.phone}
            >
              <input type="hidden" name="items" value={basketValue} />
              <input type="hidden" name="branch" value={branchId} />
              <input type="hidden" name="key" value={values.key || loaderData.key} />
              {basketErrors.length ? (
                <div role="alert" className="rounded-xl border-2 border-berry-700 bg-white p-4">
                  <FieldError id="order-items" errors={basketErrors} />
                </div>
              ) : null}
              <SlotSelect days={days} errors={errors.slot} defaultValue={values.slot} />
              <div className="grid gap-5 sm:grid-cols-2">
                <div className="sm:col-span-2">
                  <TextField
                    {...field("name")}
                    label={t.fields.name}
                    required
                    autoComplete="name"
                    maxLength={ORDER_LIMITS.name}
                  />
                </div>
                <TextField
                  {...field("phone")}
                  type="tel"
                  label={t.fields.phone}
                  hint={t.phoneHint}
                  required
                  autoComplete="tel"
                  inputMode="tel"
                  dir="ltr"
                  maxLength={ORDER_LIMITS.phone}
                />
                <TextField
                  {...field("email")}
                  type="email"
                  label={t.fields.email}
                  hint={emailRequired ? t.emailHint : t.emailOptionalHint}
                  required={emailRequired}
                  autoComplete="email"
                  inputMode="email"
                  dir="ltr"
                  maxLength={ORDER_LIMITS.email}
                />
                <div className="sm:col-span-2">
                  <TextAreaField
                    {...field("note")}
                    label={t.fields.note}
                    hint={t.noteHint(ORDER_LIMITS.note)}
                    maxLength={ORDER_LIMITS.note}
                    rows={3}
                  />
                </div>
              </div>
              <Consent errors={errors.consent} checked={values.consent === "on"} />
            </PublicForm>
          </section>
        ) : null}
      </div>
    </main>
  );
}

/** The pickup slot: one list, grouped by day; a full slot or a day this basket cannot have is shown, not offered. */
function SlotSelect({
  days,
  errors,
  defaultValue,
}: {
  days: NonNullable<Route.ComponentProps["loaderData"]["days"]>;
  errors?: string[];
  defaultValue?: string;
}) {
  const id = "order-slot";
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-cocoa-900">
        {t.slot}
        <span aria-hidden="true" className="ms-1 text-berry-700">
          *
        </span>
      </label>
      <select
        id={id}
        name="slot"
        required
        defaultValue={defaultValue ?? ""}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={`mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-lg text-cocoa-900 ${invalid ? "border-berry-700" : "border-crust-500"}`}
      >
        <option value="" disabled>
          {t.chooseSlot}
        </option>
        {days.map((day) => (
          <optgroup
            key={day.date}
            label={[pickupDayLabel(day.date), day.name, day.blocked].filter(Boolean).join(" · ")}
          >
            {day.slots.map((slot) => {
              const full = slot.remaining === 0 || day.blocked !== null;
              return (
                <option key={slot.start} value={`${day.date} ${slot.start}`} disabled={full}>
                  {rangeText(slot.start, slot.end)}
                  {slot.remaining === 0
                    ? ` (${t.slotFull})`
                    : slot.remaining <= 2
                      ? ` (${t.slotRemaining(slot.remaining)})`
                      : ""}
                </option>
              );
            })}
          </optgroup>
        ))}
      </select>
      <FieldError id={id} errors={errors} />
    </div>
  );
}

function Consent({ errors, checked }: { errors?: string[]; checked: boolean }) {
  const id = "order-consent";
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name="consent"
          type="checkbox"
          required
          defaultChecked={checked}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="mt-1 size-6 shrink-0 accent-berry-700"
        />
        <label htmlFor={id} className="text-cocoa-900">
          {t.consent}
          <span aria-hidden="true" className="ms-1 text-berry-700">
            *
          </span>
        </label>
      </div>
      <FieldError id={id} errors={errors} />
    </div>
  );
}
