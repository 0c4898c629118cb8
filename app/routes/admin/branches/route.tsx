/** Branches (shown on the public site; the spec gives no way to edit them, the shop needs one). */

import type { AdminBranch } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { branchSchema } from "../../../../domain/schemas/admin/branch.ts";
import { AdminForm, type FormProps, useCrudForm } from "../../../components/admin/admin-form.tsx";
import { Details, Thumb } from "../../../components/admin/bits.tsx";
import { CrudScreen } from "../../../components/admin/crud-screen.tsx";
import { TextAreaInput, TextInput } from "../../../components/admin/fields.tsx";
import { formatDateTime } from "../../../components/admin/format.ts";
import type { ListColumn } from "../../../components/admin/list.tsx";
import { sectionMeta } from "../../../components/admin/meta.ts";
import { ExternalLink } from "../../../components/ui/external-link.tsx";
import { HoursEditor } from "./hours-editor.tsx";

export const meta = sectionMeta("branches");

const b = heAdmin.branches;
const f = heAdmin.fields;
const m = heAdmin.messages;

const columns: ListColumn<AdminBranch>[] = [
  { id: "image", name: f.mainImage, render: (r) => <Thumb picture={r.mainImage} /> },
  { id: "id", name: heAdmin.id, sortable: true, render: (r) => <bdi>{r.id}</bdi> },
  {
    id: "name",
    name: f.name,
    sortable: true,
    isRowHeader: true,
    render: (r) => <span className="font-semibold">{r.name}</span>,
  },
  { id: "address", name: f.address, sortable: true, render: (r) => <span className="text-sm">{r.address}</span> },
  { id: "phone", name: f.phone, sortable: true, render: (r) => <bdi dir="ltr">{r.phone}</bdi> },
  { id: "position", name: f.position, wide: true, sortable: true, render: (r) => <bdi>{r.position}</bdi> },
];

function BranchForm(props: FormProps<AdminBranch>) {
  const { item } = props;
  const form = useCrudForm(props, {
    schema: branchSchema,
    initial: {
      name: item?.name ?? "",
      address: item?.address ?? "",
      location: item?.location ?? "",
      phone: item?.phone ?? "",
      email: item?.email ?? "",
      content: item?.content ?? "",
      accessibility: item?.accessibility ?? "",
      position: item ? String(item.position) : "0",
      opening_hours: item?.opening_hours ?? [],
    },
  });
  const { values, set, errors } = form;
  return (
    <AdminForm form={form} onCancel={props.onCancel}>
      <TextInput
        name="name"
        label={f.name}
        value={values.name}
        onChange={(v) => set("name", v)}
        errors={errors.name}
        isRequired
        autoFocus
      />
      <TextInput
        name="address"
        label={f.address}
        value={values.address}
        onChange={(v) => set("address", v)}
        errors={errors.address}
      />
      <TextInput
        name="phone"
        label={f.phone}
        type="tel"
        dir="ltr"
        value={values.phone}
        onChange={(v) => set("phone", v)}
        errors={errors.phone}
      />
      <TextInput
        name="email"
        label={f.email}
        type="email"
        dir="ltr"
        value={values.email}
        onChange={(v) => set("email", v)}
        errors={errors.email}
      />
      <TextInput
        name="location"
        label={f.location}
        type="url"
        dir="ltr"
        value={values.location}
        onChange={(v) => set("location", v)}
        errors={errors.location}
        hint={f.locationHint}
        className="md:col-span-2"
      />
      <TextAreaInput
        name="content"
        label={f.content}
        value={values.content}
        onChange={(v) => set("content", v)}
        errors={errors.content}
        className="md:col-span-2"
      />
      <TextAreaInput
        name="accessibility"
        label={f.accessibility}
        value={values.accessibility}
        onChange={(v) => set("accessibility", v)}
        errors={errors.accessibility}
        rows={2}
        className="md:col-span-2"
      />
      <HoursEditor value={values.opening_hours} onChange={(h) => set("opening_hours", h)} errors={errors} />
      <TextInput
        name="position"
        label={f.position}
        value={values.position}
        onChange={(v) => set("position", v)}
        errors={errors.position}
        inputMode="numeric"
        dir="ltr"
        hint={f.positionHint}
      />
    </AdminForm>
  );
}

function BranchView({ item }: { item: AdminBranch }) {
  const hours = heAdmin.days.map((day, i) => {
    const h = item.opening_hours.find((e) => e.day === i);
    return `${day}: ${h ? `${h.opens}–${h.closes}` : f.closed}`;
  });
  return (
    <div className="space-y-4">
      {item.images?.length ? (
        <img src={item.images[0]!.path} alt={item.images[0]!.alt} className="h-40 w-full rounded-xl object-cover" />
      ) : null}
      <Details
        items={[
          [f.name, item.name],
          [f.address, item.address],
          [
            f.phone,
            <bdi key="p" dir="ltr">
              {item.phone}
            </bdi>,
          ],
          [
            f.email,
            <bdi key="e" dir="ltr">
              {item.email}
            </bdi>,
          ],
          [
            f.location,
            item.location ? (
              <ExternalLink key="l" href={item.location} className="text-crust-700 underline">
                {f.location}
              </ExternalLink>
            ) : (
              ""
            ),
          ],
          [
            f.openingHours,
            <ul key="h">
              {hours.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>,
          ],
          [
            f.content,
            <span key="c" className="whitespace-pre-line">
              {item.content}
            </span>,
          ],
          [f.accessibility, item.accessibility],
          [heAdmin.updatedAt, formatDateTime(item.updated_at)],
        ]}
      />
    </div>
  );
}

export default function Branches() {
  return (
    <CrudScreen<AdminBranch, AdminBranch>
      subject="Branch"
      endpoint="/api/admin/branches"
      imagesSection="branches"
      columns={columns}
      rowName={(r) => r.name}
      searchLabels={{ title: f.name, content: `${f.address} / ${f.content}` }}
      modalSize="lg"
      messages={{
        heading: b.heading,
        create: b.create,
        createTitle: b.createTitle,
        editTitle: (i) => b.editTitle(i.name),
        viewTitle: (i) => b.viewTitle(i.name),
        deleteWhat: (r) => b.deleteWhat(r.name),
        saved: m.branchSaved,
        updated: m.branchUpdated,
        deleted: m.branchDeleted,
        saveError: m.branchSaveError,
        deleteError: m.branchDeleteError,
      }}
      Form={BranchForm}
      View={BranchView}
    />
  );
}
