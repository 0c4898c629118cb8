/** The contact-request inbox: newest first, open / handled filter, mark handled, view, delete. */
import { useEffect, useState } from "react";
import type { AdminContactRequest } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { Details } from "../../components/admin/bits.tsx";
import { ConfirmDelete } from "../../components/admin/confirm-delete.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { CheckIcon, EyeIcon, TrashIcon } from "../../components/admin/icons.tsx";
import {
  AdminTable,
  type ListColumn,
  ListFooter,
  ListHeader,
  RowAction,
  SearchToolbar,
} from "../../components/admin/list.tsx";
import { adminMeta, revalidateOnPathChange } from "../../components/admin/meta.ts";
import { AdminModal } from "../../components/admin/modal.tsx";
import { notify } from "../../components/admin/toast.tsx";
import { useAdminList } from "../../components/admin/use-admin-list.ts";
import { requireSection } from "../../lib/admin-guard.server.ts";
import { useCan } from "../../lib/admin-permissions.ts";
import { apiJson } from "../../lib/api-client.ts";
import type { Route } from "./+types/contact-requests";

export function meta() {
  return adminMeta(heAdmin.titles.contactRequests);
}

export async function loader({ context }: Route.LoaderArgs) {
  requireSection(context, "ContactRequest");
  return null;
}

export const shouldRevalidate = revalidateOnPathChange;

const c = heAdmin.contact;
const f = heAdmin.fields;
const m = heAdmin.messages;
const EXTRA_KEYS = ["status"] as const;

function HandledBadge({ handledAt }: { handledAt: string | null }) {
  return handledAt ? (
    <span className="inline-flex rounded-full bg-olive-700/10 px-2.5 py-0.5 text-sm font-semibold text-olive-700">
      {f.handled}
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900">
      {c.open}
    </span>
  );
}

export default function ContactRequests() {
  const list = useAdminList<AdminContactRequest>("/api/admin/contact-requests", EXTRA_KEYS);
  const can = useCan("ContactRequest");
  const [viewing, setViewing] = useState<AdminContactRequest | null>(null);
  const [deleting, setDeleting] = useState<AdminContactRequest | null>(null);
  const urlFilter = list.params.get("status") ?? "all";
  // Shown at once; the URL (and the rows) follow.
  const [filter, setFilter] = useState(urlFilter);
  useEffect(() => setFilter(urlFilter), [urlFilter]);

  const columns: ListColumn<AdminContactRequest>[] = [
    {
      id: "created_at",
      name: c.received,
      sortable: true,
      render: (r) => <span className="whitespace-nowrap text-sm">{formatDateTime(r.created_at)}</span>,
    },
    {
      id: "name",
      name: f.name,
      sortable: true,
      isRowHeader: true,
      render: (r) => <span className="font-semibold">{r.name}</span>,
    },
    {
      id: "email",
      name: f.email,
      sortable: true,
      render: (r) => (
        <a href={`mailto:${r.email}`} dir="ltr" className="text-crust-700 underline-offset-4 hover:underline">
          {r.email}
        </a>
      ),
    },
    {
      id: "phone",
      wide: true,
      name: f.phone,
      render: (r) => (
        <a
          href={`tel:${r.phone}`}
          dir="ltr"
          className="whitespace-nowrap text-crust-700 underline-offset-4 hover:underline"
        >
          {r.phone}
        </a>
      ),
    },
    {
      id: "message",
      name: f.message,
      render: (r) => <span className="line-clamp-2 max-w-md text-sm">{r.message}</span>,
    },
    {
      id: "handled_at",
      name: heAdmin.statusLabel,
      sortable: true,
      render: (r) => <HandledBadge handledAt={r.handled_at} />,
    },
  ];

  async function setHandled(row: AdminContactRequest, handled: boolean) {
    try {
      const body = await apiJson<{ message: string; data: AdminContactRequest }>(
        `/api/admin/contact-requests/${row.id}`,
        {
          method: "PUT",
          json: { handled },
        },
      );
      notify.success(body.message);
      if (viewing?.id === row.id) setViewing(body.data);
      list.reload();
    } catch (error) {
      notify.failure(m.contactUpdateError, error);
    }
  }

  async function remove(row: AdminContactRequest) {
    try {
      await apiJson(`/api/admin/contact-requests/${row.id}`, { method: "DELETE" });
      notify.success(m.contactDeleted);
      list.reloadFirstPage();
    } catch (error) {
      notify.failure(m.contactDeleteError, error);
    }
  }

  return (
    <>
      <ListHeader title={c.heading} />
      <SearchToolbar list={list} labels={{ title: `${f.name} / ${f.email}`, content: f.message }}>
        <fieldset className="mt-3 flex flex-wrap items-center gap-4">
          <legend className="sr-only">{c.filter}</legend>
          <span aria-hidden="true" className="font-medium text-cocoa-900">
            {c.filter}:
          </span>
          {(
            [
              ["open", c.open],
              ["handled", c.handled],
              ["all", c.all],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="inline-flex items-center gap-2 text-cocoa-900">
              <input
                type="radio"
                name="status"
                value={value}
                checked={filter === value}
                onChange={() => {
                  setFilter(value);
                  list.update({ status: value === "all" ? null : value });
                }}
                className="size-5 accent-crust-700"
              />
              {label}
            </label>
          ))}
        </fieldset>
      </SearchToolbar>
      <AdminTable
        label={c.heading}
        columns={columns}
        list={list}
        actions={(row) => (
          <>
            <RowAction
              label={heAdmin.view}
              subject={row.name}
              icon={<EyeIcon className="size-4" />}
              onPress={() => setViewing(row)}
            />
            {can.update ? (
              <RowAction
                label={row.handled_at ? c.reopen : c.markHandled}
                subject={row.name}
                icon={<CheckIcon className="size-4" />}
                onPress={() => setHandled(row, !row.handled_at)}
              />
            ) : null}
            {can.delete ? (
              <RowAction
                label={heAdmin.delete}
                subject={row.name}
                tone="danger"
                icon={<TrashIcon className="size-4" />}
                onPress={() => setDeleting(row)}
              />
            ) : null}
          </>
        )}
      />
      <ListFooter list={list} />

      <AdminModal
        isOpen={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? `${f.message}: ${viewing.name}` : ""}
      >
        {viewing ? (
          <div className="space-y-4">
            <Details
              items={[
                [f.name, viewing.name],
                [
                  f.email,
                  <a key="e" href={`mailto:${viewing.email}`} dir="ltr" className="text-crust-700 underline">
                    {viewing.email}
                  </a>,
                ],
                [
                  f.phone,
                  <a key="p" href={`tel:${viewing.phone}`} dir="ltr" className="text-crust-700 underline">
                    {viewing.phone}
                  </a>,
                ],
                [c.received, formatDateTime(viewing.created_at)],
                [heAdmin.statusLabel, <HandledBadge key="s" handledAt={viewing.handled_at} />],
                [
                  f.message,
                  <span key="m" className="whitespace-pre-line">
                    {viewing.message}
                  </span>,
                ],
              ]}
            />
            {can.update ? (
              <div className="flex justify-end border-t border-cream-300 pt-4">
                <button
                  type="button"
                  onClick={() => setHandled(viewing, !viewing.handled_at)}
                  className="rounded-full bg-crust-700 px-5 py-2.5 font-semibold text-white hover:bg-crust-600"
                >
                  {viewing.handled_at ? c.reopen : c.markHandled}
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
      </AdminModal>

      <ConfirmDelete
        isOpen={deleting !== null}
        what={deleting ? c.deleteWhat(deleting.name) : ""}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </>
  );
}
