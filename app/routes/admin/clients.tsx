/** Club members (spec "clients", §7 /api/clients, §8 messages) with a CSV export. */

import type { AdminClient } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { clientSchema } from "../../../domain/schemas/admin/client.ts";
import { AdminForm, type FormProps, useCrudForm } from "../../components/admin/admin-form.tsx";
import { Details } from "../../components/admin/bits.tsx";
import { CrudScreen } from "../../components/admin/crud-screen.tsx";
import { buttonClass, TextInput } from "../../components/admin/fields.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import type { ListColumn } from "../../components/admin/list.tsx";
import { sectionMeta } from "../../components/admin/meta.ts";
import { DownloadIcon } from "../../components/ui/icon.tsx";

export const meta = sectionMeta("clients");

const c = heAdmin.clients;
const f = heAdmin.fields;
const m = heAdmin.messages;

const columns: ListColumn<AdminClient>[] = [
  { id: "id", name: heAdmin.id, sortable: true, render: (r) => <bdi>{r.id}</bdi> },
  {
    id: "email",
    name: f.email,
    sortable: true,
    isRowHeader: true,
    render: (r) => (
      <bdi dir="ltr" className="font-semibold">
        {r.email}
      </bdi>
    ),
  },
  { id: "source", name: f.source, sortable: true, render: (r) => heAdmin.sources[r.source] ?? r.source },
  {
    id: "created_at",
    name: c.joined,
    sortable: true,
    render: (r) => <span className="whitespace-nowrap text-sm">{formatDateTime(r.created_at)}</span>,
  },
];

function ClientForm(props: FormProps<AdminClient>) {
  const form = useCrudForm(props, { schema: clientSchema, initial: { email: props.item?.email ?? "" } });
  return (
    <AdminForm form={form} onCancel={props.onCancel} className="space-y-4">
      <TextInput
        name="email"
        label={f.email}
        type="email"
        dir="ltr"
        value={form.values.email}
        onChange={(v) => form.set("email", v)}
        errors={form.errors.email}
        isRequired
        autoFocus
      />
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
        [f.source, heAdmin.sources[item.source] ?? item.source],
        [c.joined, formatDateTime(item.created_at)],
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
      messages={{
        heading: c.heading,
        create: c.create,
        createTitle: c.createTitle,
        editTitle: (i) => c.editTitle(i.email),
        viewTitle: (i) => c.viewTitle(i.email),
        deleteWhat: (r) => c.deleteWhat(r.email),
        saved: m.clientSaved,
        updated: m.clientUpdated,
        deleted: m.clientDeleted,
        saveError: m.clientSaveError,
        updateError: m.clientUpdateError,
        deleteError: m.clientDeleteError,
      }}
      Form={ClientForm}
      View={ClientView}
    />
  );
}
