/** Club members (spec "clients", §7 /api/clients, §8 messages) with a CSV export. */

import type { AdminClient, ClientStatus } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { clientSchema } from "../../../domain/schemas/admin/client.ts";
import { AdminForm, bindFields, type FormProps, useCrudForm } from "../../components/admin/admin-form.tsx";
import { type BadgeTone, Details, ToneBadge } from "../../components/admin/bits.tsx";
import { column } from "../../components/admin/columns.tsx";
import { CrudScreen, crudMessages } from "../../components/admin/crud-screen.tsx";
import { buttonClass } from "../../components/admin/fields.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import type { ListColumn } from "../../components/admin/list.tsx";
import { sectionMeta } from "../../components/admin/meta.ts";
import { DownloadIcon } from "../../components/ui/other-icons.tsx";

export const meta = sectionMeta("clients");

const c = heAdmin.clients;
const f = heAdmin.fields;

const STATUS_TONE: Record<ClientStatus, BadgeTone> = {
  confirmed: "positive",
  pending: "waiting",
  noConsent: "neutral",
};

/** Double opt-in: pending until the member follows the e-mail's link. */
function ClientStatusBadge({ status }: { status: ClientStatus }) {
  return <ToneBadge tone={STATUS_TONE[status]}>{c.statuses[status]}</ToneBadge>;
}

const when = (value: string | null) => (value ? formatDateTime(value) : "—");

const columns: ListColumn<AdminClient>[] = [
  column.id(),
  {
    id: "email",
    name: f.email,
    sortable: true,
    isRowHeader: true,
    // On a phone the row is a card that shows the status column too (components/admin/list.tsx).
    render: (r) => (
      <bdi dir="ltr" className="font-semibold">
        {r.email}
      </bdi>
    ),
  },
  { id: "status", name: c.status, render: (r) => <ClientStatusBadge status={r.status} /> },
  { id: "source", name: f.source, sortable: true, render: (r) => heAdmin.sources[r.source] ?? r.source },
  column.createdAt({ name: c.joined }),
];

function ClientForm(props: FormProps<AdminClient>) {
  const form = useCrudForm(props, { schema: clientSchema, values: (item) => ({ email: item?.email ?? "" }) });
  const field = bindFields(form);
  return (
    <AdminForm form={form} onCancel={props.onCancel} className="space-y-4">
      {field.text("email", f.email, { type: "email", dir: "ltr", isRequired: true, autoFocus: true })}
    </AdminForm>
  );
}

function ClientView({ item }: { item: AdminClient }) {
  return (
    <Details
      items={[
        [
          f.email,
          <bdi key="e" dir="ltr">
            {item.email}
          </bdi>,
        ],
        [c.status, <ClientStatusBadge key="s" status={item.status} />],
        [f.source, heAdmin.sources[item.source] ?? item.source],
        [c.joined, formatDateTime(item.created_at)],
        [c.consentAt, when(item.consent_at)],
        [c.consentSource, item.consent_source ? (c.consentSources[item.consent_source] ?? item.consent_source) : "—"],
        [
          c.consentAddress,
          <bdi key="a" dir="ltr">
            {item.consent_address || "—"}
          </bdi>,
        ],
        [c.consentVersion, item.consent_version ?? "—"],
        [c.confirmedAt, when(item.confirmed_at)],
        [heAdmin.updatedAt, formatDateTime(item.updated_at)],
      ]}
    />
  );
}

export default function Clients() {
  return (
    <CrudScreen<AdminClient, AdminClient>
      subject="Client"
      endpoint="/api/clients"
      columns={columns}
      rowName={(r) => r.email}
      searchLabels={{ title: f.email, content: null }}
      headerExtra={
        <a href="/api/clients/export" download className={buttonClass.secondary} title={c.exportHint}>
          <DownloadIcon className="size-5" />
          {c.export}
        </a>
      }
      messages={crudMessages(c, "client", (x) => x.email)}
      Form={ClientForm}
      View={ClientView}
    />
  );
}
