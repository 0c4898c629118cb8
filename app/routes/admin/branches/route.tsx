/** Branches (shown on the public site; the spec gives no way to edit them, the shop needs one). */

import { certificateToday } from "../../../../domain/certificates.ts";
import type { AdminBranch, OpeningHoursEntry } from "../../../../domain/contracts/admin.ts";
import { DEFAULT_RULES } from "../../../../domain/hours/rules.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { rangeText } from "../../../../domain/i18n/bidi.ts";
import { branchSchema } from "../../../../domain/schemas/admin/branch.ts";
import {
  AdminForm,
  bindFields,
  type FormProps,
  textValues,
  useCrudForm,
} from "../../../components/admin/admin-form.tsx";
import { ItemDetails, MultilineText } from "../../../components/admin/bits.tsx";
import { column } from "../../../components/admin/columns.tsx";
import { CrudScreen, crudMessages } from "../../../components/admin/crud-screen.tsx";
import { DateOnlyInput } from "../../../components/admin/fields.tsx";
import { formatDateTime } from "../../../components/admin/format.ts";
import type { ListColumn } from "../../../components/admin/list.tsx";
import { sectionMeta } from "../../../components/admin/meta.ts";
import { ExternalLink } from "../../../components/ui/external-link.tsx";
import { weekTable } from "../../../lib/opening-hours.ts";
import { CertificateBadge, CertificateScan } from "./certificate.tsx";
import { HoursEditor } from "./hours-editor.tsx";

export const meta = sectionMeta("branches");

const b = heAdmin.branches;
const f = heAdmin.fields;
const k = heAdmin.kashrut;

const columns: ListColumn<AdminBranch>[] = [
  column.image(),
  column.id(),
  column.name(),
  { id: "address", name: f.address, sortable: true, render: (r) => <span className="text-sm">{r.address}</span> },
  { id: "phone", name: f.phone, sortable: true, render: (r) => <bdi dir="ltr">{r.phone}</bdi> },
  {
    id: "certificate",
    name: k.certificate,
    render: (r) => (
      <CertificateBadge state={r.kashrut_state} validUntil={r.kashrut_valid_until} today={certificateToday()} />
    ),
  },
  column.position(),
];

function BranchForm(props: FormProps<AdminBranch>) {
  const form = useCrudForm(props, {
    schema: branchSchema,
    values: (item) => ({
      ...textValues(item, ["name", "address", "location", "phone", "email", "content", "accessibility"]),
      position: item ? String(item.position) : "0",
      opening_hours: item?.opening_hours ?? [],
      hours_rules: item?.hours_rules ?? DEFAULT_RULES,
      ...textValues(item, ["kashrut_authority", "kashrut_certificate_number", "kashrut_valid_until"]),
    }),
    describe: {
      opening_hours: (value) =>
        weekTable(value as OpeningHoursEntry[])
          .map(
            ({ day, intervals }) =>
              `${heAdmin.days[day]}: ${intervals.length ? intervals.map((i) => rangeText(i.opens, i.closes)).join(", ") : f.closed}`,
          )
          .join("\n"),
    },
  });
  const { values, set, errors } = form;
  const field = bindFields(form);
  return (
    <AdminForm form={form} onCancel={props.onCancel}>
      {field.text("name", f.name, { isRequired: true, autoFocus: true })}
      {field.text("address", f.address)}
      {field.text("phone", f.phone, { type: "tel", dir: "ltr" })}
      {field.text("email", f.email, { type: "email", dir: "ltr" })}
      {field.text("location", f.location, {
        type: "url",
        dir: "ltr",
        hint: f.locationHint,
        className: "md:col-span-2",
      })}
      {field.textArea("content", f.content, { className: "md:col-span-2" })}
      {field.textArea("accessibility", f.accessibility, { rows: 2, className: "md:col-span-2" })}
      <HoursEditor
        weekly={values.opening_hours}
        rules={values.hours_rules}
        onWeekly={(h) => set("opening_hours", h)}
        onRules={(r) => set("hours_rules", r)}
        errors={errors}
      />
      {field.text("position", f.position, { inputMode: "numeric", dir: "ltr", hint: f.positionHint })}
      <fieldset className="grid grid-cols-1 gap-4 rounded-xl bg-cream-50 p-4 ring-1 ring-cream-300 md:col-span-2 md:grid-cols-3">
        <legend className="px-1 font-bold text-cocoa-900">{k.certificate}</legend>
        {field.text("kashrut_authority", k.authority, { hint: k.authorityHint })}
        {field.text("kashrut_certificate_number", k.number, { dir: "ltr" })}
        {/* Day.month.year in Hebrew segments like every date of the back office (a native date input follows the
            browser's language: 12/16/2026 in an English Chromium). */}
        <DateOnlyInput
          {...field.bind("kashrut_valid_until")}
          label={k.validUntil}
          hint={k.validUntilHint}
          clearLabel={heAdmin.fields.clearDate}
        />
        <div className="md:col-span-3">
          {props.item ? (
            <CertificateScan branchId={props.item.id} initial={props.item.kashrut_scan} branchName={props.item.name} />
          ) : (
            <p className="text-sm text-cocoa-800">{k.scanAfterSave}</p>
          )}
        </div>
      </fieldset>
    </AdminForm>
  );
}

function BranchView({ item }: { item: AdminBranch }) {
  const hours = heAdmin.days.map((day, i) => {
    const list = item.opening_hours.filter((e) => e.day === i);
    return `${day}: ${list.length ? list.map((h) => rangeText(h.opens, h.closes)).join(", ") : f.closed}`;
  });
  return (
    <ItemDetails
      images={item.images}
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
        [f.content, <MultilineText key="c" text={item.content} />],
        [f.accessibility, item.accessibility],
        [
          k.certificate,
          <span key="k" className="flex flex-col gap-1">
            <CertificateBadge
              state={item.kashrut_state}
              validUntil={item.kashrut_valid_until}
              today={certificateToday()}
            />
            {item.kashrut_authority ? <span>{item.kashrut_authority}</span> : null}
            {item.kashrut_certificate_number ? (
              <span>
                {k.number}: <bdi dir="ltr">{item.kashrut_certificate_number}</bdi>
              </span>
            ) : null}
            {item.kashrut_scan ? (
              <img
                src={item.kashrut_scan.path}
                alt={item.kashrut_scan.alt || k.scan}
                className="h-32 w-auto self-start rounded-lg object-contain ring-1 ring-cream-300"
              />
            ) : null}
          </span>,
        ],
        [heAdmin.updatedAt, formatDateTime(item.updated_at)],
      ]}
    />
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
      messages={crudMessages(b, "branch", (x) => x.name)}
      Form={BranchForm}
      View={BranchView}
    />
  );
}
