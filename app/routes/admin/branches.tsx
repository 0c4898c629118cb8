/** Branches (shown on the public site; the spec gives no way to edit them, the shop needs one). */

import type { AdminBranch } from "../../../domain/contracts/admin.ts";
import { DEFAULT_RULES } from "../../../domain/hours/rules.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { he } from "../../../domain/i18n/site.ts";
import { branchSchema } from "../../../domain/schemas/admin/branch.ts";
import { Details, Thumb } from "../../components/admin/bits.tsx";
import { CrudScreen, FormActions, type FormProps } from "../../components/admin/crud-screen.tsx";
import { TextAreaInput, TextInput } from "../../components/admin/fields.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { HoursEditor } from "../../components/admin/hours-editor.tsx";
import type { ListColumn } from "../../components/admin/list.tsx";
import { adminMeta, revalidateOnPathChange } from "../../components/admin/meta.ts";
import { useAdminForm } from "../../components/admin/use-admin-form.ts";
import { requireSection } from "../../lib/admin-guard.server.ts";
import { apiJson } from "../../lib/api-client.ts";
import type { Route } from "./+types/branches";

export function meta() {
  return adminMeta(heAdmin.titles.branches);
}

export async function loader({ context }: Route.LoaderArgs) {
  requireSection(context, "Branch");
  return null;
}

export const shouldRevalidate = revalidateOnPathChange;

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

function BranchForm({ item, onSaved, onCancel, errorTitle }: FormProps<AdminBranch>) {
  const form = useAdminForm({
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
      hours_rules: item?.hours_rules ?? DEFAULT_RULES,
    },
    errorTitle,
    submit: async (data) => {
      if (item) {
        await apiJson(`/api/admin/branches/${item.id}`, { method: "PUT", json: data });
        return "updated" as const;
      }
      await apiJson("/api/admin/branches", { method: "POST", json: data });
      return "created" as const;
    },
    onSaved,
  });
  const { values, set, errors } = form;
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit}
      data-saved={form.saved === null ? undefined : String(form.saved)}
      className="grid gap-4 md:grid-cols-2"
    >
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
      <HoursEditor
        weekly={values.opening_hours}
        rules={values.hours_rules}
        onWeekly={(h) => set("opening_hours", h)}
        onRules={(r) => set("hours_rules", r)}
        errors={errors}
      />
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
      <div className="md:col-span-2">
        <FormActions loading={form.loading} onCancel={onCancel} />
      </div>
    </form>
  );
}

function BranchView({ item }: { item: AdminBranch }) {
  const hours = heAdmin.days.map((day, i) => {
    const list = item.opening_hours.filter((e) => e.day === i);
    return `${day}: ${list.length ? list.map((h) => `${h.opens}–${h.closes}`).join(", ") : f.closed}`;
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
              <a
                key="l"
                href={item.location}
                target="_blank"
                rel="noopener noreferrer"
                className="text-crust-700 underline"
              >
                {f.location}
                <span className="sr-only"> {he.site.newTab}</span>
              </a>
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
