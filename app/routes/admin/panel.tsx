/** The panel (spec §2 says "empty"; the issue asks for a useful landing page): counts and the latest news. */
import { type ReactNode, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { formatDay } from "../../../domain/certificates.ts";
import type {
  CertificateAlert,
  DashboardData,
  DemoCatalogue,
  DemoCatalogueRemoval,
  GoingLiveItem,
} from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { canFor } from "../../../domain/permissions.ts";
import { ConfirmDelete } from "../../components/admin/confirm-delete.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { sectionMeta } from "../../components/admin/meta.ts";
import { notify } from "../../components/admin/toast.tsx";
import { AlertIcon, WarningIcon } from "../../components/ui/other-icons.tsx";
import { adminUser } from "../../lib/admin-guard.server.ts";
import { useAdminSession } from "../../lib/admin-permissions.ts";
import { type AdminSectionKey, sectionHref } from "../../lib/admin-sections.ts";
import { apiJson } from "../../lib/api-client.ts";
import { servicesContext } from "../../lib/context.ts";
import type { Route } from "./+types/panel";

export const meta = sectionMeta("panel");

export async function loader({ context }: Route.LoaderArgs): Promise<DashboardData> {
  return context.get(servicesContext).admin.dashboard.get(canFor(adminUser(context)));
}

const p = heAdmin.panel;
const k = heAdmin.kashrut;

/** The panel's quick actions: a new item where the staff member may create one (the first stands out). */
const QUICK_CREATE = [
  { section: "products", subject: "Product", label: heAdmin.products.create },
  { section: "categories", subject: "Category", label: heAdmin.categories.create },
  { section: "sales", subject: "Sale", label: heAdmin.sales.create },
] as const;
const QUICK_PRIMARY = "inline-block rounded-full bg-crust-700 px-4 py-2 font-semibold text-white hover:bg-crust-600";
const QUICK_SECONDARY =
  "inline-block rounded-full border-2 border-crust-700 px-4 py-2 font-semibold text-crust-700 hover:bg-cream-100";

/** Kashrut certificates expired (red) or expiring within 30 days (orange), in words first (issue 11). */
function CertificateAlerts({ alerts }: { alerts: CertificateAlert[] }) {
  return (
    <section
      aria-labelledby="panel-certificates"
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-300"
      data-testid="certificate-alerts"
    >
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="panel-certificates" className="flex items-center gap-2 text-xl font-bold text-cocoa-900">
          <WarningIcon className="size-6 text-tag-orange" />
          {k.alertsHeading}
        </h2>
        <Link to={sectionHref("branches")} className="font-semibold text-crust-700 underline-offset-4 hover:underline">
          {k.alertsLink}
        </Link>
      </div>
      <ul className="space-y-2">
        {alerts.map((alert) => (
          <li
            key={alert.branch_id}
            data-certificate={alert.state}
            className={
              alert.state === "expired"
                ? "rounded-xl border-s-4 border-berry-700 bg-berry-700/10 px-4 py-3 font-semibold text-berry-700"
                : "rounded-xl border-s-4 border-tag-orange bg-cream-100 px-4 py-3 font-semibold text-cocoa-900"
            }
          >
            {alert.state === "expired"
              ? k.alertExpired(alert.branch_name, formatDay(alert.valid_until))
              : k.alertExpiring(alert.branch_name, formatDay(alert.valid_until), alert.days_left)}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Panel({ loaderData }: Route.ComponentProps) {
  const { user, permissions } = useAdminSession();
  const { counts } = loaderData;
  const cards: { key: keyof DashboardData["counts"]; label: string; section: AdminSectionKey; search?: string }[] = [
    { key: "todayOrders", label: p.todayOrders, section: "orders" },
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

      {loaderData.goingLive ? <GoingLive items={loaderData.goingLive} demo={loaderData.demoCatalogue} /> : null}
      {loaderData.certificateAlerts?.length ? <CertificateAlerts alerts={loaderData.certificateAlerts} /> : null}

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
          <LatestCard card="contact" items={loaderData.latestContactRequests}>
            {(r) => (
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
            )}
          </LatestCard>
        ) : null}
        {loaderData.latestClients ? (
          <LatestCard card="clients" items={loaderData.latestClients}>
            {(c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
                <bdi dir="ltr" className="font-semibold text-cocoa-900">
                  {c.email}
                </bdi>
                <span className="text-sm text-cocoa-800">
                  {heAdmin.sources[c.source] ?? c.source} · {formatDateTime(c.created_at)}
                </span>
              </li>
            )}
          </LatestCard>
        ) : null}
        <section aria-labelledby="panel-quick" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-300">
          <h2 id="panel-quick" className="mb-3 text-xl font-bold text-cocoa-900">
            {p.quick}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {QUICK_CREATE.map(({ section, subject, label }, index) =>
              permissions[subject].create ? (
                <li key={section}>
                  <Link to={`${sectionHref(section)}?new=1`} className={index === 0 ? QUICK_PRIMARY : QUICK_SECONDARY}>
                    {label}
                  </Link>
                </li>
              ) : null,
            )}
          </ul>
        </section>
      </div>
    </>
  );
}

/** The panel's cards of latest items: their heading, the list they link to, the text when there is none. */
const LATEST: Record<
  "contact" | "clients",
  { heading: string; section: AdminSectionKey; allLabel: string; empty: string }
> = {
  contact: { heading: p.latestContact, section: "contactRequests", allLabel: p.allContact, empty: p.noContact },
  clients: { heading: p.latestClients, section: "clients", allLabel: p.allClients, empty: p.noClients },
};

/** A panel card of a section's latest items: its heading, a link to the whole list, the items or `empty`. */
function LatestCard<Item>({
  card,
  items,
  children,
}: {
  card: keyof typeof LATEST;
  items: Item[];
  /** One item's `<li>`. */
  children: (item: Item) => ReactNode;
}) {
  const { heading, section, allLabel, empty } = LATEST[card];
  const id = `panel-${card}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-300">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={id} className="text-xl font-bold text-cocoa-900">
          {heading}
        </h2>
        <Link to={sectionHref(section)} className="font-semibold text-crust-700 underline-offset-4 hover:underline">
          {allLabel}
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="text-cocoa-800">{empty}</p>
      ) : (
        <ul className="divide-y divide-cream-200">{items.map(children)}</ul>
      )}
    </section>
  );
}

/**
 * The demo catalogue's one action (issue 29): the confirmation of every delete (spec §4, its timer), then
 * every demo product, sale and news item to the trash; the toast's "בטל" brings them all back, and the trash
 * screen keeps each restorable for 30 days.
 */
function DemoCatalogueOffer({ demo }: { demo: DemoCatalogue }) {
  const [confirming, setConfirming] = useState(false);
  const revalidator = useRevalidator();
  const what = p.demoCatalogueWhat(demo.products, demo.sales, demo.publications);
  async function undo(entries: number[]) {
    try {
      for (const id of entries) await apiJson(`/api/admin/trash/${id}/restore`, { method: "POST" });
      notify.success(heAdmin.messages.trashRestored);
    } catch (error) {
      notify.failure(heAdmin.messages.trashRestoreError, error);
    }
    await revalidator.revalidate();
  }
  async function remove() {
    try {
      const body = await apiJson<{ message: string; data: DemoCatalogueRemoval }>(
        "/api/admin/going-live/demo-catalogue",
        { method: "POST", json: { confirm: true } },
      );
      const entries = body.data.trash;
      notify.success(body.message, undefined, { label: heAdmin.toast.undo, onAction: () => undo(entries) });
    } catch (error) {
      notify.failure(p.demoCatalogueError, error);
    }
    await revalidator.revalidate();
  }
  return (
    <div className="mt-4 rounded-xl bg-white/70 p-4 ring-1 ring-amber-300" data-testid="demo-catalogue">
      <h3 className="font-bold text-amber-950">{p.demoCatalogueHeading}</h3>
      <p className="mt-1 text-amber-950">{p.demoCatalogueText(what)}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="rounded-full bg-berry-700 px-5 py-2.5 font-semibold text-white outline-none hover:bg-berry-600 focus-visible:ring-4 focus-visible:ring-berry-700/40"
        >
          {p.demoCatalogueButton}
        </button>
        <Link to={sectionHref("trash")} className="font-semibold text-amber-950 underline underline-offset-4">
          {p.toTrash}
        </Link>
      </div>
      <ConfirmDelete
        isOpen={confirming}
        what={p.demoCatalogueConfirm(what)}
        details={p.demoCatalogueKeeps}
        recoverable
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

/** Settings and branch details still at their demo values, each a link to where it is edited. */
function GoingLive({ items, demo }: { items: GoingLiveItem[]; demo: DemoCatalogue | undefined }) {
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
      {demo && demo.products + demo.sales + demo.publications > 0 ? <DemoCatalogueOffer demo={demo} /> : null}
    </section>
  );
}
