/**
 * The audit log (issue 14, admin only): who changed what and when, newest first, filtered by user (name
 * or e-mail), action, item type and dates. Read-only: a CrudScreen without a form or deletes, whose view
 * shows the changed fields (values for catalogue data; names only for personal data).
 */
import type { AdminAuditEntry, AuditChange } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "../../../domain/schemas/admin/audit.ts";
import { type BadgeTone, Details, ToneBadge } from "../../components/admin/bits.tsx";
import { CrudScreen } from "../../components/admin/crud-screen.tsx";
import { DateOnlyInput } from "../../components/admin/fields.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { inputClass, type ListColumn, RowAction } from "../../components/admin/list.tsx";
import { sectionMeta } from "../../components/admin/meta.ts";
import { type AdminList, useParamFields } from "../../components/admin/use-admin-list.ts";
import { UserIcon } from "../../components/ui/other-icons.tsx";

export const meta = sectionMeta("audit");

const a = heAdmin.audit;
const FILTER_KEYS = ["action", "entity_type", "from", "to", "user_id"] as const;
/** The filters with a field of their own (the user filter comes from a row's link). */
const FILTER_FIELDS = ["action", "entity_type", "from", "to"] as const;

const f = heAdmin.fields;
const st = heAdmin.settings;
/** The Hebrew name of a recorded field, from the labels the forms use; unknown names are shown as stored. */
const FIELD_LABELS: Record<string, string> = {
  name: f.name,
  title: f.title,
  content: f.content,
  serial_id: f.serialId,
  status: heAdmin.statusLabel,
  visibility_home_page: heAdmin.homeVisibility,
  category: f.categories,
  categories: f.categories,
  parent_id: f.parent,
  is_main: f.isMain,
  information: f.information,
  position: f.position,
  price: f.price,
  color: f.color,
  phone: f.phone,
  address: f.address,
  location: f.location,
  opening_hours: f.openingHours,
  accessibility: f.accessibility,
  brand_name: st.brandName,
  tagline: st.tagline,
  whatsapp_number: st.whatsapp,
  order_url: st.orderUrl,
  club_url: st.clubUrl,
  facebook_url: st.facebook,
  instagram_url: st.instagram,
  ...a.fieldNames,
};
const fieldLabel = (field: string) => (Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field]! : field);

const actionLabel = (action: string) => a.actions[action] ?? action;
const entityLabel = (type: string | null) => (type ? (a.entities[type] ?? type) : "");

/** "מוצר 12 · חלה" — the type, the id and, for catalogue items, the name it had. */
function entityText(entry: AdminAuditEntry): string {
  if (!entry.entity_type) return "";
  const ref = a.entityRef(entityLabel(entry.entity_type), entry.entity_id);
  return entry.entity_label ? `${ref} · ${entry.entity_label}` : ref;
}

const ACTION_TONE: Record<string, BadgeTone> = {
  delete: "negative",
  purge: "negative",
  restore: "positive",
  sign_in_failed: "waiting",
  create: "positive",
  upload: "positive",
};

function ActionBadge({ action }: { action: string }) {
  return <ToneBadge tone={ACTION_TONE[action] ?? "neutral"}>{actionLabel(action)}</ToneBadge>;
}

function UserCell({ entry }: { entry: AdminAuditEntry }) {
  return (
    <span className="block min-w-36">
      <span className="block font-semibold">{entry.user_name ?? a.unknownUser}</span>
      {entry.user_email ? (
        <span className="block text-sm text-cocoa-800">
          <bdi dir="ltr">{entry.user_email}</bdi>
        </span>
      ) : null}
    </span>
  );
}

const columns: ListColumn<AdminAuditEntry>[] = [
  {
    id: "created_at",
    name: a.when,
    sortable: true,
    isRowHeader: true,
    render: (r) => <span className="whitespace-nowrap">{formatDateTime(r.created_at)}</span>,
  },
  { id: "user_email", name: a.user, sortable: true, render: (r) => <UserCell entry={r} /> },
  { id: "action", name: a.action, sortable: true, render: (r) => <ActionBadge action={r.action} /> },
  { id: "entity_type", name: a.entity, sortable: true, render: (r) => entityText(r) },
  {
    id: "changes",
    name: a.changes,
    wide: true,
    render: (r) => (
      <span className="line-clamp-2 max-w-xs text-sm">
        {r.changes.map((c) => fieldLabel(c.field)).join(", ") || a.noChanges}
      </span>
    ),
  },
  {
    id: "address",
    name: a.address,
    wide: true,
    render: (r) => (
      <bdi dir="ltr" className="text-sm">
        {r.address}
      </bdi>
    ),
  },
];

function shown(value: unknown): string {
  if (value === undefined || value === null || value === "") return heAdmin.none;
  if (typeof value === "boolean") return value ? heAdmin.yes : heAdmin.no;
  return typeof value === "string" || typeof value === "number" ? String(value) : JSON.stringify(value);
}

function ChangesTable({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0) return <p className="text-cocoa-800">{a.noChanges}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{a.changes}</caption>
        <thead>
          <tr className="border-b border-cream-300 text-cocoa-800">
            <th scope="col" className="py-2 pe-3 text-start font-semibold">
              {a.field}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-semibold">
              {a.before}
            </th>
            <th scope="col" className="py-2 text-start font-semibold">
              {a.after}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} className="border-b border-cream-200 align-top">
              <th scope="row" className="py-2 pe-3 text-start font-medium">
                {fieldLabel(change.field)}
              </th>
              {change.personal ? (
                <td colSpan={2} className="py-2 text-cocoa-800">
                  {a.personal}
                </td>
              ) : (
                <>
                  <td className="py-2 pe-3 break-words">{"from" in change ? shown(change.from) : heAdmin.none}</td>
                  <td className="py-2 break-words">{"to" in change ? shown(change.to) : heAdmin.none}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EntryView({ item }: { item: AdminAuditEntry }) {
  return (
    <div className="space-y-5">
      <Details
        items={[
          [a.when, formatDateTime(item.created_at)],
          [a.user, <UserCell key="u" entry={item} />],
          [a.action, <ActionBadge key="a" action={item.action} />],
          [a.entity, entityText(item)],
          [
            a.address,
            <bdi key="ip" dir="ltr">
              {item.address}
            </bdi>,
          ],
        ]}
      />
      <section aria-labelledby="audit-changes">
        <h3 id="audit-changes" className="mb-2 font-semibold text-cocoa-900">
          {a.changes}
        </h3>
        <ChangesTable changes={item.changes} />
      </section>
    </div>
  );
}

/** One filter: a choice among the list's values ("all" first), its visible label above it. */
function SelectFilter({
  id,
  label,
  value,
  options,
  optionLabel,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  optionLabel: (option: string) => string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-cocoa-900">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
        <option value="">{a.all}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filters that choose one value, in their order. */
const SELECT_FILTERS = [
  { field: "action", id: "audit-action", label: a.action, options: AUDIT_ACTIONS, optionLabel: actionLabel },
  {
    field: "entity_type",
    id: "audit-entity",
    label: a.entityType,
    options: AUDIT_ENTITY_TYPES,
    optionLabel: entityLabel,
  },
] as const;

/** Action, item type and date range; each change updates the URL (and the rows) at once. */
function Filters({ list }: { list: AdminList<AdminAuditEntry> }) {
  const { values, setValues } = useParamFields(list, FILTER_FIELDS);
  const set = (key: (typeof FILTER_FIELDS)[number], value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    list.update({ [key]: value || null });
  };
  const userId = list.params.get("user_id");
  const active = Object.values(values).some(Boolean) || userId !== null;
  return (
    <>
      {userId ? (
        <p className="mt-3 font-medium text-cocoa-900" role="status">
          {a.userFilter(userId)}
        </p>
      ) : null}
      <fieldset className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end">
        <legend className="sr-only">{a.filters}</legend>
        {SELECT_FILTERS.map(({ field, ...filter }) => (
          <SelectFilter key={field} {...filter} value={values[field]} onChange={(value) => set(field, value)} />
        ))}
        {/* The project's Hebrew date field (day.month.year in any browser language), not the native input. */}
        <DateOnlyInput
          name="from"
          label={a.from}
          value={values.from}
          max={values.to || undefined}
          onChange={(value) => set("from", value)}
          clearLabel={f.clearDate}
        />
        <DateOnlyInput
          name="to"
          label={a.to}
          value={values.to}
          min={values.from || undefined}
          onChange={(value) => set("to", value)}
          clearLabel={f.clearDate}
        />
        {active ? (
          <button
            type="button"
            onClick={() => list.update({ action: null, entity_type: null, from: null, to: null, user_id: null })}
            className="rounded-full px-4 py-2 font-semibold text-crust-700 underline-offset-4 hover:underline"
          >
            {a.clear}
          </button>
        ) : null}
      </fieldset>
    </>
  );
}

export default function AuditLog() {
  return (
    <CrudScreen<AdminAuditEntry, AdminAuditEntry>
      subject="AuditLog"
      endpoint="/api/admin/audit"
      readOnly
      columns={columns}
      rowName={(r) => `${actionLabel(r.action)} ${entityText(r)}`.trim()}
      searchLabels={{ title: a.userSearch, content: a.itemSearch }}
      extraKeys={FILTER_KEYS}
      headerExtra={<p className="max-w-xl text-cocoa-800">{a.intro}</p>}
      toolbarExtra={(list) => <Filters list={list} />}
      messages={{
        heading: a.heading,
        viewTitle: (item) => a.entryTitle(item.id),
        deleteWhat: () => "",
        deleted: "",
        deleteError: "",
      }}
      rowIsItem
      View={EntryView}
      rowActions={(row, controls) =>
        row.user_id !== null && controls.list.params.get("user_id") !== String(row.user_id) ? (
          <RowAction
            label={a.byUser}
            subject={row.user_name ?? row.user_email ?? ""}
            icon={<UserIcon className="size-4" />}
            onPress={() => controls.list.update({ user_id: String(row.user_id) })}
          />
        ) : null
      }
      modalSize="lg"
    />
  );
}
