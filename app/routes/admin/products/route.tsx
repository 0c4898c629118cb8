/** Product management (spec §2 /admin/products): list, create, edit, view, images, delete and bulk actions (issue 30). */
import type { AdminProduct, AdminProductRow } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { ALLERGEN_STATUSES } from "../../../../domain/kashrut.ts";
import { NO_SERIAL } from "../../../../domain/schemas/admin/product.ts";
import { ScheduleBadge, StatusBadge, ToneBadge } from "../../../components/admin/bits.tsx";
import { column } from "../../../components/admin/columns.tsx";
import { CrudScreen, crudMessages } from "../../../components/admin/crud-screen.tsx";
import { type ListColumn, RowAction } from "../../../components/admin/list.tsx";
import { sectionMeta } from "../../../components/admin/meta.ts";
import { SoldOutIcon } from "../../../components/ui/other-icons.tsx";
import { useCan } from "../../../lib/admin-permissions.ts";
import { BulkActions } from "./bulk.tsx";
import { ExportLink, ImportLink } from "./csv-links.tsx";
import { ProductForm } from "./form.tsx";
import { setSoldOut } from "./sold-out.tsx";
import { ProductView } from "./view.tsx";

export const meta = sectionMeta("products");

const p = heAdmin.products;
const f = heAdmin.fields;

/** The list narrowed to one allergen decision (issue 29): the going-live list links to "not stated". */
const ALLERGEN_FILTER = [
  ...ALLERGEN_STATUSES.map((status) => [status, heAdmin.kashrut.allergenFilter[status]] as const),
  ["all", heAdmin.kashrut.allergenFilter.all],
] as const;

const columns: ListColumn<AdminProductRow>[] = [
  column.image(),
  column.id(),
  column.name((r) => r.title),
  {
    id: "serial_id",
    name: f.serialId,
    sortable: true,
    render: (r) => (r.serial_id === NO_SERIAL ? p.noSerial : <bdi dir="ltr">{r.serial_id}</bdi>),
  },
  {
    id: "category",
    wide: true,
    name: f.categories,
    render: (r) => <span className="text-sm">{r.category.map((c) => c.name).join(", ") || heAdmin.none}</span>,
  },
  {
    ...column.status<AdminProductRow>(),
    render: (r) => (
      <span className="flex flex-wrap gap-1">
        <StatusBadge status={r.status} />
        {r.schedule !== "active" ? <ScheduleBadge schedule={r.schedule} /> : null}
        {r.sold_out_until ? <ToneBadge tone="negative">{p.soldOut}</ToneBadge> : null}
      </span>
    ),
  },
  column.homeVisibility(),
  column.createdAt({ wide: true }),
];

export default function Products() {
  const can = useCan("Product");
  const canUpdate = can.update;
  return (
    <CrudScreen<AdminProductRow, AdminProduct>
      subject="Product"
      endpoint="/api/admin/products"
      imagesSection="products"
      columns={columns}
      rowName={(r) => r.name}
      modalSize="lg"
      radioFilter={{ param: "allergen_status", legend: heAdmin.kashrut.allergenFilterLegend, options: ALLERGEN_FILTER }}
      messages={crudMessages(p, "product", (x) => x.name)}
      Form={ProductForm}
      View={ProductView}
      headerExtra={can.create && canUpdate ? <ImportLink /> : undefined}
      toolbarExtra={(list) => <ExportLink query={list.query} />}
      bulk={canUpdate ? (context) => <BulkActions context={context} canTrash={can.delete} /> : undefined}
      rowActions={(row, controls) =>
        canUpdate ? (
          <RowAction
            label={row.sold_out_until ? p.soldOutClear : p.soldOutMark}
            subject={row.name}
            icon={<SoldOutIcon className="size-4" />}
            onPress={() => setSoldOut(row, !row.sold_out_until, controls)}
          />
        ) : null
      }
    />
  );
}
