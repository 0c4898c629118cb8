/** Product management (spec §2 /admin/products): list, create, edit, view, images and delete. */
import type { AdminProduct, AdminProductRow } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { StatusBadge, Thumb, YesNo } from "../../../components/admin/bits.tsx";
import { CrudScreen } from "../../../components/admin/crud-screen.tsx";
import { formatDateTime } from "../../../components/admin/format.ts";
import type { ListColumn } from "../../../components/admin/list.tsx";
import { sectionMeta } from "../../../components/admin/meta.ts";
import { ProductForm } from "./form.tsx";
import { ProductView } from "./view.tsx";

export const meta = sectionMeta("products");

const p = heAdmin.products;
const f = heAdmin.fields;
const m = heAdmin.messages;

const columns: ListColumn<AdminProductRow>[] = [
  { id: "image", name: f.mainImage, render: (r) => <Thumb picture={r.mainImage} /> },
  { id: "id", name: heAdmin.id, sortable: true, render: (r) => <bdi>{r.id}</bdi> },
  {
    id: "name",
    name: f.name,
    sortable: true,
    isRowHeader: true,
    render: (r) => (
      <span className="block min-w-40">
        <span className="block font-semibold">{r.name}</span>
        <span className="block text-sm text-cocoa-800">{r.title}</span>
      </span>
    ),
  },
  { id: "serial_id", name: f.serialId, sortable: true, render: (r) => <bdi dir="ltr">{r.serial_id}</bdi> },
  {
    id: "category",
    wide: true,
    name: f.categories,
    render: (r) => <span className="text-sm">{r.category.map((c) => c.name).join(", ") || heAdmin.none}</span>,
  },
  { id: "status", name: heAdmin.statusLabel, sortable: true, render: (r) => <StatusBadge status={r.status} /> },
  {
    id: "visibility_home_page",
    wide: true,
    name: heAdmin.homeVisibility,
    sortable: true,
    render: (r) => <YesNo value={r.visibility_home_page} />,
  },
  {
    id: "created_at",
    wide: true,
    name: heAdmin.createdAt,
    sortable: true,
    render: (r) => <span className="whitespace-nowrap text-sm">{formatDateTime(r.created_at)}</span>,
  },
];

export default function Products() {
  return (
    <CrudScreen<AdminProductRow, AdminProduct>
      subject="Product"
      endpoint="/api/admin/products"
      imagesSection="products"
      columns={columns}
      rowName={(r) => r.name}
      modalSize="lg"
      messages={{
        heading: p.heading,
        create: p.create,
        createTitle: p.createTitle,
        editTitle: (i) => p.editTitle(i.name),
        viewTitle: (i) => p.viewTitle(i.name),
        deleteWhat: (r) => p.deleteWhat(r.name),
        saved: m.productSaved,
        updated: m.productUpdated,
        deleted: m.productDeleted,
        saveError: m.productSaveError,
        deleteError: m.productDeleteError,
      }}
      Form={ProductForm}
      View={ProductView}
    />
  );
}
