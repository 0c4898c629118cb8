/** Product management (spec §2 /admin/products): list, create, edit, view, images and delete. */
import type { AdminProduct, AdminProductRow } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { column } from "../../../components/admin/columns.tsx";
import { CrudScreen, crudMessages } from "../../../components/admin/crud-screen.tsx";
import type { ListColumn } from "../../../components/admin/list.tsx";
import { sectionMeta } from "../../../components/admin/meta.ts";
import { ProductForm } from "./form.tsx";
import { ProductView } from "./view.tsx";

export const meta = sectionMeta("products");

const p = heAdmin.products;
const f = heAdmin.fields;

const columns: ListColumn<AdminProductRow>[] = [
  column.image(),
  column.id(),
  column.name((r) => r.title),
  { id: "serial_id", name: f.serialId, sortable: true, render: (r) => <bdi dir="ltr">{r.serial_id}</bdi> },
  {
    id: "category",
    wide: true,
    name: f.categories,
    render: (r) => <span className="text-sm">{r.category.map((c) => c.name).join(", ") || heAdmin.none}</span>,
  },
  column.status(),
  column.homeVisibility(),
  column.createdAt({ wide: true }),
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
      messages={crudMessages(p, "product", (x) => x.name)}
      Form={ProductForm}
      View={ProductView}
    />
  );
}
