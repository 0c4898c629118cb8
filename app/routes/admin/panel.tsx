/** The panel (spec §2 says "empty"; the issue asks for a useful landing page): counts and the latest news. */
import { Link } from "react-router";
import type { DashboardData, GoingLiveItem } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { canFor } from "../../../domain/permissions.ts";
import { formatDateTime } from "../../components/admin/format.ts";
import { sectionMeta } from "../../components/admin/meta.ts";
import { AlertIcon } from "../../components/ui/icon.tsx";
import { adminUser } from "../../lib/admin-guard.server.ts";
import { useAdminSession } from "../../lib/admin-permissions.ts";
import { type AdminSectionKey, sectionHref } from "../../lib/admin-sections.ts";
import { servicesContext } from "../../lib/context.ts";
import type { Route } from "./+types/panel";

export const meta = sectionMeta("panel");

export async function loader({ context }: Route.LoaderArgs): Promise<DashboardData> {
  return context.get(servicesContext).admin.dashboard.get(canFor(adminUser(context)));
}

const p = heAdmin.panel;

export default function Panel({ loaderData }: Route.ComponentProps) {
  const { user, permissions } = useAdminSession();
  const { counts } = loaderData;
  const cards: { key: keyof DashboardData["counts"]; label: string; section: AdminSectionKey; search?: string }[] = [
    { key: "products", label: p.products, section: "products" },
    { key: "publishedProducts", label: p.publishedProducts, section: "products" },
    { key: "categories", label: p.categories, section: "categories" },
    { key: "openContactRequests", label: p.openContactRequests, section: "contactRequests", search: "?status=open" },
    { key: "clients", label: p.clients, section: "clients" },
    { key: "branches", label: p.branches, section: "branches" },
    { key: "sales", label: p.sales, section: "sales" },
    { key: "publications", label: p.publications, section: "publications" },
  ];
  return (
    <>
      <h1 className="text-3xl font-bold text-cocoa-900">{p.heading}</h1>
      <p className="mt-1 text-lg text-cocoa-800">{p.welcome(user.name)}</p>

      {loaderData.goingLive ? <GoingLive items={loaderData.goingLive} /> : null}

      <section aria-labelledby="panel-counts" className="mt-6">
        <h2 id="panel-counts" className="sr-only">
          {p.counts}
        </h2>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {cards
            .filter((card) => counts[card.key] !== undefined)
            .map((card) => (
              <li key={card.key}>
                <Link
                  to={`${sectionHref(card.section)}${card.search ?? ""}`}
                  className="block rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-300 transition hover:shadow-md hover:ring-crust-600"
                >
                  <span className="block text-3xl font-extrabold text-crust-700">{counts[card.key]}</span>
                  <span className="mt-1 block font-semibold text-cocoa-900">{card.label}</span>
                </Link>
              </li>
            ))}
        </ul>
      </section>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        {loaderData.latestContactRequests ? (
          <section aria-labelledby="panel-contact" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-300">
            <div className="mb-3 flex items-baseline justify-between gap-3">
              <h2 id="panel-contact" className="text-xl font-bold text-cocoa-900">
                {p.latestContact}
              </h2>
              <Link
                to={sectionHref("contactRequests")}
                className="font-semibold text-crust-700 underline-offset-4 hover:underline"
              >
                {p.allContact}
              </Link>
            </div>
            {loaderData.latestContactRequests.length === 0 ? (
              <p className="text-cocoa-800">{p.noContact}</p>
            ) : (
              <ul className="divide-y divide-cream-200">
                {loaderData.latestContactRequests.map((r) => (
                  <li key={r.id} className="py-3">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <span className="font-semibold text-cocoa-900">{r.name}</span>
                      <span className="text-sm text-cocoa-800">{formatDateTime(r.created_at)}</span>
                    </div>
                    <p className="mt-1 line-clamp-2 text-cocoa-800">{r.message}</p>
                    {r.handled_at ? null : (
                      <span className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {heAdmin.contact.open}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        {loaderData.latestClients ? (
          <section aria-labelledby="panel-clients" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-300">
            <div className="mb-3 flex items-baseline justify-between gap-3">
              <h2 id="panel-clients" className="text-xl font-bold text-cocoa-900">
                {p.latestClients}
              </h2>
              <Link
                to={sectionHref("clients")}
                className="font-semibold text-crust-700 underline-offset-4 hover:underline"
              >
                {p.allClients}
              </Link>
            </div>
            {loaderData.latestClients.length === 0 ? (
              <p className="text-cocoa-800">{p.noClients}</p>
            ) : (
              <ul className="divide-y divide-cream-200">
                {loaderData.latestClients.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
                    <bdi dir="ltr" className="font-semibold text-cocoa-900">
                      {c.email}
                    </bdi>
                    <span className="text-sm text-cocoa-800">
                      {heAdmin.sources[c.source] ?? c.source} · {formatDateTime(c.created_at)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        <section aria-labelledby="panel-quick" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-300">
          <h2 id="panel-quick" className="mb-3 text-xl font-bold text-cocoa-900">
            {p.quick}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {permissions.Product.create ? (
              <li>
                <Link
                  to={`${sectionHref("products")}?new=1`}
                  className="inline-block rounded-full bg-crust-700 px-4 py-2 font-semibold text-white hover:bg-crust-600"
                >
                  {heAdmin.products.create}
                </Link>
              </li>
            ) : null}
            {permissions.Category.create ? (
              <li>
                <Link
                  to={`${sectionHref("categories")}?new=1`}
                  className="inline-block rounded-full border-2 border-crust-700 px-4 py-2 font-semibold text-crust-700 hover:bg-cream-100"
                >
                  {heAdmin.categories.create}
                </Link>
              </li>
            ) : null}
            {permissions.Sale.create ? (
              <li>
                <Link
                  to={`${sectionHref("sales")}?new=1`}
                  className="inline-block rounded-full border-2 border-crust-700 px-4 py-2 font-semibold text-crust-700 hover:bg-cream-100"
                >
                  {heAdmin.sales.create}
                </Link>
              </li>
            ) : null}
          </ul>
        </section>
      </div>
    </>
  );
}

/** Settings and branch details still at their demo values, each a link to where it is edited. */
function GoingLive({ items }: { items: GoingLiveItem[] }) {
  if (items.length === 0) {
    return <p className="mt-4 rounded-xl bg-green-50 px-4 py-3 font-semibold text-green-900">{p.goingLiveDone}</p>;
  }
  return (
    <section
      aria-labelledby="panel-going-live"
      className="mt-6 rounded-2xl bg-amber-50 p-5 shadow-sm ring-1 ring-amber-300"
    >
      <h2 id="panel-going-live" className="flex items-center gap-2 text-xl font-bold text-amber-950">
        <AlertIcon className="size-6 shrink-0" />
        {p.goingLive}
      </h2>
      <p className="mt-1 text-amber-950">{p.goingLiveIntro}</p>
      <ul className="mt-3 grid gap-x-6 gap-y-1.5 md:grid-cols-2">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.href}
              className="font-semibold text-amber-950 underline underline-offset-4 hover:text-crust-700"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
