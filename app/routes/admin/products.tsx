/** Product management (spec §2 /admin/products): list, create, edit, view, images and delete. */
import { useEffect, useState } from "react";
import { Outlet, useNavigate } from "react-router";
import type { AdminProduct, AdminProductRow } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { he } from "../../../domain/i18n/site.ts";
import { formatShekels } from "../../../domain/money.ts";
import { Details, StatusBadge, TagChip, Thumb, YesNo } from "../../components/admin/bits.tsx";
import { ConfirmDelete } from "../../components/admin/confirm-delete.tsx";
import { buttonClass } from "../../components/admin/fields.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { EditIcon, EyeIcon, ImageIcon, PlusIcon, TrashIcon } from "../../components/admin/icons.tsx";
import {
  AdminTable,
  type ListColumn,
  ListFooter,
  ListHeader,
  RowAction,
  SearchToolbar,
} from "../../components/admin/list.tsx";
import { adminMeta, revalidateOnPathChange } from "../../components/admin/meta.ts";
import { AdminModal } from "../../components/admin/modal.tsx";
import { ProductForm } from "../../components/admin/product-form.tsx";
import { notify } from "../../components/admin/toast.tsx";
import { useAdminList } from "../../components/admin/use-admin-list.ts";
import { requireSection } from "../../lib/admin-guard.server.ts";
import { useCan } from "../../lib/admin-permissions.ts";
import { apiJson } from "../../lib/api-client.ts";
import type { Route } from "./+types/products";

export function meta() {
  return adminMeta(heAdmin.titles.products);
}

export async function loader({ context }: Route.LoaderArgs) {
  requireSection(context, "Product");
  return null;
}

export const shouldRevalidate = revalidateOnPathChange;

const p = heAdmin.products;
const m = heAdmin.messages;

type ModalState =
  | { kind: "none" }
  | { kind: "create" }
  | { kind: "edit" | "view"; product: AdminProduct }
  | { kind: "delete"; row: AdminProductRow };

export function useOpenById<T>(
  endpoint: string,
  onLoaded: (item: T, kind: "edit" | "view") => void,
  errorTitle: string,
) {
  return async (id: number, kind: "edit" | "view") => {
    try {
      const body = await apiJson<{ data: T }>(`${endpoint}/${id}`);
      onLoaded(body.data, kind);
    } catch (error) {
      notify.failure(errorTitle, error);
    }
  };
}

export default function Products() {
  const list = useAdminList<AdminProductRow>("/api/admin/products");
  const can = useCan("Product");
  const canImages = useCan("Image");
  const navigate = useNavigate();
  const [modal, setModal] = useState<ModalState>({ kind: "none" });
  const close = () => setModal({ kind: "none" });
  const open = useOpenById<AdminProduct>(
    "/api/admin/products",
    (product, kind) => setModal({ kind, product }),
    heAdmin.loadFailed,
  );

  // The panel's quick action links here with ?new=1.
  useEffect(() => {
    if (list.params.get("new") === "1" && can.create) {
      setModal({ kind: "create" });
      list.update({ new: null }, true);
    }
  }, [list, can.create]);

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

  async function remove(row: AdminProductRow) {
    try {
      await apiJson(`/api/admin/products/${row.id}`, { method: "DELETE" });
      notify.success(m.productDeleted);
      list.reloadFirstPage();
    } catch (error) {
      notify.failure(m.productDeleteError, error);
    }
  }

  return (
    <>
      <ListHeader title={p.heading}>
        {can.create ? (
          <button type="button" className={buttonClass.primary} onClick={() => setModal({ kind: "create" })}>
            <PlusIcon className="size-5" />
            {p.create}
          </button>
        ) : null}
      </ListHeader>
      <SearchToolbar list={list} />
      <AdminTable
        label={p.heading}
        columns={columns}
        list={list}
        actions={(row) => (
          <>
            <RowAction
              label={heAdmin.view}
              subject={row.name}
              icon={<EyeIcon className="size-4" />}
              onPress={() => open(row.id, "view")}
            />
            {can.update ? (
              <RowAction
                label={heAdmin.edit}
                subject={row.name}
                icon={<EditIcon className="size-4" />}
                onPress={() => open(row.id, "edit")}
              />
            ) : null}
            {canImages.read ? (
              <RowAction
                label={heAdmin.images}
                subject={row.name}
                icon={<ImageIcon className="size-4" />}
                onPress={() =>
                  navigate({ pathname: `/admin/products/${row.id}/images`, search: list.params.toString() })
                }
              />
            ) : null}
            {can.delete ? (
              <RowAction
                label={heAdmin.delete}
                subject={row.name}
                tone="danger"
                icon={<TrashIcon className="size-4" />}
                onPress={() => setModal({ kind: "delete", row })}
              />
            ) : null}
          </>
        )}
      />
      <ListFooter list={list} />

      <AdminModal
        isOpen={modal.kind === "create" || modal.kind === "edit"}
        onClose={close}
        size="lg"
        title={modal.kind === "edit" ? p.editTitle(modal.product.name) : p.createTitle}
      >
        {modal.kind === "create" || modal.kind === "edit" ? (
          <ProductForm
            key={modal.kind === "edit" ? modal.product.id : "new"}
            product={modal.kind === "edit" ? modal.product : undefined}
            onCancel={close}
            onSaved={(kind) => {
              notify.success(kind === "created" ? m.productSaved : m.productUpdated);
              close();
              list.reloadFirstPage();
            }}
          />
        ) : null}
      </AdminModal>

      <AdminModal
        isOpen={modal.kind === "view"}
        onClose={close}
        size="lg"
        title={modal.kind === "view" ? p.viewTitle(modal.product.name) : ""}
      >
        {modal.kind === "view" ? <ProductView product={modal.product} /> : null}
      </AdminModal>

      <ConfirmDelete
        isOpen={modal.kind === "delete"}
        what={modal.kind === "delete" ? p.deleteWhat(modal.row.name) : ""}
        onClose={close}
        onConfirm={() => (modal.kind === "delete" ? remove(modal.row) : undefined)}
      />

      <Outlet context={{ reload: list.reload }} />
    </>
  );
}

const f = heAdmin.fields;

function ProductView({ product }: { product: AdminProduct }) {
  return (
    <div className="space-y-5">
      {product.images.length ? (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {product.images.map((image) => (
            <li key={image.id} className="shrink-0">
              <img
                src={image.path}
                alt={image.alt}
                width={image.width}
                height={image.height}
                className="h-28 w-36 rounded-lg object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <Details
        items={[
          [f.name, product.name],
          [f.title, product.title],
          [
            f.serialId,
            <bdi key="sku" dir="ltr">
              {product.serial_id}
            </bdi>,
          ],
          [heAdmin.statusLabel, <StatusBadge key="status" status={product.status} />],
          [heAdmin.homeVisibility, <YesNo key="home" value={product.visibility_home_page} />],
          [f.categories, product.category.map((c) => c.name).join(", ") || heAdmin.products.noCategories],
          [
            f.sizes,
            product.size.length ? (
              <ul key="sizes">
                {product.size.map((s) => (
                  <li key={s.id}>
                    {s.name}: <bdi>{formatShekels(s.price)}</bdi>
                  </li>
                ))}
              </ul>
            ) : (
              ""
            ),
          ],
          [
            f.tags,
            product.tag.length ? (
              <span key="tags" className="flex flex-wrap gap-1">
                {product.tag.map((t) => (
                  <TagChip key={t.id} name={t.name} color={t.color} />
                ))}
              </span>
            ) : (
              ""
            ),
          ],
          [
            f.content,
            <span key="content" className="whitespace-pre-line">
              {product.content}
            </span>,
          ],
          [heAdmin.createdAt, formatDateTime(product.created_at)],
          [heAdmin.updatedAt, formatDateTime(product.updated_at)],
        ]}
      />
      {product.status === 1 ? (
        <a
          href={`/product/${product.id}`}
          target="_blank"
          rel="noopener"
          className="inline-block font-semibold text-crust-700 underline-offset-4 hover:underline"
        >
          {heAdmin.publicPage}
          <span className="sr-only"> {he.site.newTab}</span>
        </a>
      ) : null}
    </div>
  );
}
