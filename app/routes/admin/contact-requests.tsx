/** The contact-request inbox: newest first, open / handled filter, mark handled, view, delete. */
import type { AdminContactRequest } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { Details, MultilineText } from "../../components/admin/bits.tsx";
import { column } from "../../components/admin/columns.tsx";
import { type CrudControls, CrudScreen, putRowChange, type ViewProps } from "../../components/admin/crud-screen.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { type ListColumn, RowAction } from "../../components/admin/list.tsx";
import { sectionMeta } from "../../components/admin/meta.ts";
import { CheckIcon } from "../../components/ui/other-icons.tsx";
import { useCan } from "../../lib/admin-permissions.ts";

export const meta = sectionMeta("contactRequests");

const c = heAdmin.contact;
const f = heAdmin.fields;
const m = heAdmin.messages;

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

const columns: ListColumn<AdminContactRequest>[] = [
  column.createdAt({ name: c.received }),
  column.name(),
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

const setHandled = (row: AdminContactRequest, handled: boolean, controls: CrudControls<AdminContactRequest>) =>
  putRowChange(controls, `/api/admin/contact-requests/${row.id}`, { handled }, m.contactUpdateError);

const FILTER_OPTIONS = [
  ["open", c.open],
  ["handled", c.handled],
  ["all", c.all],
] as const;

function ContactRequestView({ item, controls }: ViewProps<AdminContactRequest>) {
  const can = useCan("ContactRequest");
  return (
    <div className="space-y-4">
      <Details
        items={[
          [f.name, item.name],
          [
            f.email,
            <a key="e" href={`mailto:${item.email}`} dir="ltr" className="text-crust-700 underline">
              {item.email}
            </a>,
          ],
          [
            f.phone,
            <a key="p" href={`tel:${item.phone}`} dir="ltr" className="text-crust-700 underline">
              {item.phone}
            </a>,
          ],
          [c.received, formatDateTime(item.created_at)],
          [heAdmin.statusLabel, <HandledBadge key="s" handledAt={item.handled_at} />],
          [f.message, <MultilineText key="m" text={item.message} />],
        ]}
      />
      {can.update ? (
        <div className="flex justify-end border-t border-cream-300 pt-4">
          <button
            type="button"
            onClick={() => setHandled(item, !item.handled_at, controls)}
            className="rounded-full bg-crust-700 px-5 py-2.5 font-semibold text-white hover:bg-crust-600"
          >
            {item.handled_at ? c.reopen : c.markHandled}
          </button>
        </div>
      ) : null}
    </div>
  );
}

export default function ContactRequests() {
  const can = useCan("ContactRequest");
  return (
    <CrudScreen<AdminContactRequest, AdminContactRequest>
      subject="ContactRequest"
      endpoint="/api/admin/contact-requests"
      columns={columns}
      rowName={(r) => r.name}
      searchLabels={{ title: `${f.name} / ${f.email}`, content: f.message }}
      radioFilter={{ param: "status", legend: c.filter, options: FILTER_OPTIONS }}
      messages={{
        heading: c.heading,
        viewTitle: (i) => `${f.message}: ${i.name}`,
        deleteWhat: (r) => c.deleteWhat(r.name),
        deleted: m.contactDeleted,
        deleteError: m.contactDeleteError,
      }}
      rowIsItem
      View={ContactRequestView}
      rowActions={(row, controls) =>
        can.update ? (
          <RowAction
            label={row.handled_at ? c.reopen : c.markHandled}
            subject={row.name}
            icon={<CheckIcon className="size-4" />}
            onPress={() => setHandled(row, !row.handled_at, controls)}
          />
        ) : null
      }
    />
  );
}
