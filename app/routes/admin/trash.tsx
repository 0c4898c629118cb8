/**
 * The trash ("סל המחזור", issue 12): what was deleted in the last 30 days, newest first, by kind, with when
 * and by whom; "שחזור" puts an item back as it was (the site shows it again at once), "מחק לצמיתות" (admins
 * only, after the spec's confirmation) deletes it for good with its images. Each role sees only the kinds it
 * may delete (domain/permissions.ts), as the API answers.
 */
import type { AdminTrashItem } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { TRASH_SUBJECTS } from "../../../domain/permissions.ts";
import { TRASH_DAYS } from "../../../domain/schemas/admin/trash.ts";
import { Details, Thumb } from "../../components/admin/bits.tsx";
import { type CrudControls, CrudScreen, type ViewProps } from "../../components/admin/crud-screen.tsx";
import { formatDate, formatDateTime } from "../../components/admin/format.ts";
import { type ListColumn, RowAction } from "../../components/admin/list.tsx";
import { sectionMeta } from "../../components/admin/meta.ts";
import { notify } from "../../components/admin/toast.tsx";
import { RestoreIcon } from "../../components/ui/other-icons.tsx";
import { useAdminSession, useCan } from "../../lib/admin-permissions.ts";
import { apiJson } from "../../lib/api-client.ts";

export const meta = sectionMeta("trash");

const t = heAdmin.trash;
const m = heAdmin.messages;
const DAY_MS = 86_400_000;

const typeName = (item: AdminTrashItem) => t.types[item.entity_type] ?? item.entity_type;
const nameOf = (item: AdminTrashItem) => item.label || `${typeName(item)} ${item.entity_id}`;
const daysLeft = (item: AdminTrashItem) => Math.max(0, Math.ceil((Date.parse(item.purge_at) - Date.now()) / DAY_MS));

function TypeBadge({ item }: { item: AdminTrashItem }) {
  return (
    <span className="inline-flex rounded-full bg-cream-200 px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap text-cocoa-900">
      {typeName(item)}
    </span>
  );
}

const columns: ListColumn<AdminTrashItem>[] = [
  {
    id: "label",
    name: t.name,
    sortable: true,
    isRowHeader: true,
    render: (r) => (
      <span className="flex min-w-36 items-center gap-3">
        <Thumb picture={r.mainImage} size="size-10" />
        <span className="block">
          <span className="block font-semibold">{nameOf(r)}</span>
          {/* Below lg the other columns fold into this line, so a phone shows the row's actions too. */}
          <span className="block text-sm text-cocoa-800 lg:hidden">
            {typeName(r)} · {formatDate(r.deleted_at)} · {t.purgeAt} {t.daysLeft(daysLeft(r))}
          </span>
        </span>
      </span>
    ),
  },
  { id: "entity_type", name: t.type, sortable: true, wide: true, render: (r) => <TypeBadge item={r} /> },
  {
    id: "deleted_at",
    name: t.deletedAt,
    sortable: true,
    wide: true,
    render: (r) => <span className="text-sm whitespace-nowrap">{formatDateTime(r.deleted_at)}</span>,
  },
  {
    id: "deleted_by_name",
    name: t.deletedBy,
    sortable: true,
    wide: true,
    render: (r) => r.deleted_by_name ?? t.unknownUser,
  },
  {
    id: "purge_at",
    name: t.purgeAt,
    wide: true,
    render: (r) => (
      <span className="text-sm whitespace-nowrap" title={formatDate(r.purge_at)}>
        {t.daysLeft(daysLeft(r))}
      </span>
    ),
  },
];

async function restore(item: AdminTrashItem, controls: CrudControls<AdminTrashItem, AdminTrashItem>) {
  try {
    await apiJson(`/api/admin/trash/${item.id}/restore`, { method: "POST" });
    notify.success(m.trashRestored, nameOf(item));
    if (controls.viewing?.id === item.id) controls.close();
    controls.list.reload();
  } catch (error) {
    notify.failure(m.trashRestoreError, error);
  }
}

function TrashView({ item, controls }: ViewProps<AdminTrashItem>) {
  const can = useCan("Trash");
  return (
    <div className="space-y-4">
      {item.mainImage ? <Thumb picture={item.mainImage} size="size-24" /> : null}
      <Details
        items={[
          [t.type, typeName(item)],
          [t.name, nameOf(item)],
          [heAdmin.id, <bdi key="id">{item.entity_id}</bdi>],
          [heAdmin.images, <bdi key="images">{item.images_count}</bdi>],
          [t.deletedAt, formatDateTime(item.deleted_at)],
          [t.deletedBy, item.deleted_by_name ?? t.unknownUser],
          [t.purgeAt, `${formatDate(item.purge_at)} (${t.daysLeft(daysLeft(item))})`],
        ]}
      />
      {can.update ? (
        <div className="flex justify-end border-t border-cream-300 pt-4">
          <button
            type="button"
            onClick={() => restore(item, controls)}
            className="inline-flex items-center gap-2 rounded-full bg-crust-700 px-5 py-2.5 font-semibold text-white hover:bg-crust-600"
          >
            <RestoreIcon className="size-5" />
            {t.restore}
          </button>
        </div>
      ) : null}
    </div>
  );
}

export default function Trash() {
  const can = useCan("Trash");
  const { permissions } = useAdminSession();
  // The kinds this role may delete: the only ones its trash holds.
  const options = [
    ["all", t.all] as const,
    ...TRASH_SUBJECTS.filter((s) => permissions[s].delete).map((s) => [s, t.types[s] ?? s] as const),
  ];
  return (
    <CrudScreen<AdminTrashItem, AdminTrashItem>
      subject="Trash"
      endpoint="/api/admin/trash"
      columns={columns}
      rowName={nameOf}
      searchLabels={{ title: t.searchName, content: null }}
      radioFilter={{ param: "type", legend: t.filter, options }}
      headerExtra={<p className="max-w-xl text-cocoa-800">{t.intro(TRASH_DAYS)}</p>}
      deleteLabel={t.purge}
      messages={{
        heading: t.heading,
        viewTitle: (i) => t.viewTitle(nameOf(i)),
        deleteWhat: (r) => t.purgeWhat(r.entity_type, nameOf(r)),
        deleted: m.trashPurged,
        deleteError: m.trashPurgeError,
      }}
      rowIsItem
      View={TrashView}
      rowActions={(row, controls) =>
        can.update ? (
          <RowAction
            label={t.restore}
            subject={nameOf(row)}
            icon={<RestoreIcon className="size-4" />}
            onPress={() => restore(row, controls)}
          />
        ) : null
      }
    />
  );
}
