/**
 * An order's private page (issue 28), reached through the link of its confirmation (`/order/<id>?t=<token>`):
 * the summary, the status, and cancelling until the day's cut-off. The token reveals this order only; an unknown
 * order and a wrong token get the same "not found". Never cached, and the token never leaves for another site in a
 * Referer.
 */
import { useEffect } from "react";
import { data, Form, redirect } from "react-router";
import { hePreorders } from "../../../domain/i18n/preorders.ts";
import { formatShekels } from "../../../domain/money.ts";
import { type PageHandle, sessionPage } from "../../../domain/page-policy.ts";
import { BASKET_STORAGE_KEY } from "../../../domain/preorders/basket.ts";
import { pickupDayLabel } from "../../../domain/preorders/slots.ts";
import { whatsappHref } from "../../../domain/whatsapp.ts";
import { PageHeader } from "../../components/content/page-header.tsx";
import { CsrfField } from "../../components/ui/csrf-field.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import type { Route } from "./+types/order-view";

export const handle = { page: sessionPage() } satisfies PageHandle;

const t = hePreorders.confirmation;

const deadlineFormat = new Intl.DateTimeFormat("he-IL", {
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Asia/Jerusalem",
});

function orderRef(params: { id?: string }, request: Request) {
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const url = new URL(request.url);
  return { id, token: url.searchParams.get("t") ?? "", url };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl, csrfToken } = context.get(requestContext);
  const { id, token, url } = orderRef(params, request);
  const [settings, order] = await Promise.all([
    services.settings.get(),
    id ? services.preorders.view(id, token) : null,
  ]);
  const seo = pageSeo(publicUrl, {
    title: order ? t.title(order.id) : t.notFoundTitle,
    description: t.keepLink,
    path: "/order",
    siteName: settings.brandName,
    noindex: true,
  });
  if (!order)
    return data({ order: null, csrfToken, seo, whatsapp: "", fresh: false, cancelled: false }, { status: 404 });
  return {
    order,
    csrfToken,
    seo,
    whatsapp: settings.whatsappNumber ? whatsappHref(settings.whatsappNumber, t.whatsappText(order.id)) : "",
    fresh: url.searchParams.get("new") === "1",
    cancelled: url.searchParams.get("cancelled") === "1",
  };
}

/** Cancel: once, until the cut-off; the same page again, saying so. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const info = context.get(requestContext);
  await info.limitFormSubmission("preorders");
  const { id, token } = orderRef(params, request);
  const outcome = id ? await context.get(servicesContext).preorders.cancel(id, token) : null;
  if (!outcome) throw data(null, { status: 404 });
  return redirect(`/order/${id}?t=${encodeURIComponent(token)}${outcome === "cancelled" ? "&cancelled=1" : ""}`, 303);
}

/**
 * Never kept by a cache. `same-origin`, not `no-referrer`: the token stays off other sites' Referer, and Chromium
 * still sends the cancel form's Origin (with `no-referrer` it sends `Origin: null`, which React Router refuses).
 */
export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

export const meta = metaFromSeo(t.notFoundTitle);

export default function OrderView({ loaderData }: Route.ComponentProps) {
  const { order, whatsapp, fresh, cancelled } = loaderData;
  // The order is placed: the browser's basket is done with.
  useEffect(() => {
    if (!fresh) return;
    try {
      localStorage.removeItem(BASKET_STORAGE_KEY);
    } catch {
      // storage refused: nothing was kept there
    }
  }, [fresh]);

  if (!order) {
    return (
      <main id="main" tabIndex={-1} className="outline-none">
        <PageHeader title={t.notFoundTitle} lead={t.notFound} narrow />
        <div className="mx-auto max-w-4xl px-6 py-8">
          <a href="/branches" className="font-semibold text-crust-700 underline underline-offset-4">
            {t.branchesLink}
          </a>
        </div>
      </main>
    );
  }

  const statusLine = hePreorders.statuses[order.status];
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={fresh ? t.received : t.title(order.id)} lead={fresh ? t.thanks(order.name) : undefined} />
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6">
        {cancelled ? (
          <p
            role="status"
            className="rounded-xl border-2 border-berry-700 bg-cream-50 p-4 text-lg font-bold text-berry-700"
          >
            {t.cancelled}
          </p>
        ) : null}
        <section
          aria-labelledby="order-summary"
          className="rounded-2xl bg-cream-50 p-5 shadow-sm ring-1 ring-cream-300 sm:p-7"
        >
          <h2 id="order-summary" className="mb-4 text-2xl font-bold text-cocoa-900">
            {t.title(order.id)}
          </h2>
          <dl className="grid gap-x-6 gap-y-3 text-lg sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-crust-700">{t.number}</dt>
            <dd className="font-bold text-cocoa-900">
              <bdi>{order.id}</bdi>
            </dd>
            <dt className="font-semibold text-crust-700">{t.status}</dt>
            <dd className="text-cocoa-900">{statusLine}</dd>
            <dt className="font-semibold text-crust-700">{t.branch}</dt>
            <dd className="text-cocoa-900">
              {order.branch.name}
              {order.branch.address ? `, ${order.branch.address}` : ""}
            </dd>
            <dt className="font-semibold text-crust-700">{t.pickup}</dt>
            <dd className="text-cocoa-900">
              {pickupDayLabel(order.pickupDate)},{" "}
              <bdi className="whitespace-nowrap">
                {order.slot.start}–{order.slot.end}
              </bdi>
            </dd>
            {order.note ? (
              <>
                <dt className="font-semibold text-crust-700">{t.note}</dt>
                <dd className="whitespace-pre-line text-cocoa-900">{order.note}</dd>
              </>
            ) : null}
          </dl>
          <h3 className="mt-6 mb-2 text-xl font-bold text-cocoa-900">{t.items}</h3>
          <ul className="divide-y divide-cream-300">
            {order.items.map((item) => (
              <li
                key={`${item.productId}-${item.sizeName}`}
                className="flex items-baseline justify-between gap-4 py-2 text-lg"
              >
                <span>
                  <bdi>{item.quantity}</bdi> × {item.productName}
                  {item.sizeName ? ` (${item.sizeName})` : ""}
                </span>
                <bdi data-price="" className="font-bold whitespace-nowrap text-crust-700">
                  {formatShekels(item.unitPrice * item.quantity)}
                </bdi>
              </li>
            ))}
          </ul>
          <p className="mt-4 border-t-2 border-cream-300 pt-4 text-xl font-bold text-cocoa-900">
            {t.total}:{" "}
            <bdi data-price="" className="whitespace-nowrap text-crust-700">
              {formatShekels(order.total)}
            </bdi>
          </p>
          <p className="mt-2 text-cocoa-800">{hePreorders.order.payAtPickup}</p>
        </section>

        <section
          aria-labelledby="order-manage"
          className="rounded-2xl bg-cream-50 p-5 shadow-sm ring-1 ring-cream-300 sm:p-7"
        >
          <h2 id="order-manage" className="sr-only">
            {t.manage}
          </h2>
          <p className="text-lg text-cocoa-900">{t.keepLink}</p>
          {order.cancellableUntil ? (
            <details className="mt-4">
              <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-full border-2 border-berry-700 px-5 py-2 font-semibold text-berry-700 hover:bg-cream-200">
                {t.cancel}
              </summary>
              <Form method="post" className="mt-3 space-y-3">
                <CsrfField />
                <p className="text-cocoa-800">
                  {t.cancelUntil(deadlineFormat.format(new Date(order.cancellableUntil)))}
                </p>
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center rounded-full bg-berry-700 px-6 py-2 font-semibold text-white hover:bg-berry-600"
                >
                  {t.cancelConfirm}
                </button>
              </Form>
            </details>
          ) : order.status !== "cancelled" ? (
            <p className="mt-3 text-cocoa-800">
              {t.cancelClosed} {order.branch.phone ? <bdi>{order.branch.phone}</bdi> : null}
            </p>
          ) : null}
          {whatsapp ? (
            <p className="mt-4">
              <a
                href={whatsapp}
                rel="noopener noreferrer"
                target="_blank"
                className="font-semibold text-crust-700 underline underline-offset-4"
              >
                {t.whatsapp}
              </a>
            </p>
          ) : null}
        </section>
      </div>
    </main>
  );
}
