/**
 * Category management (spec §2 /admin/categories): main categories and subcategories. Deleting keeps the
 * category's products (they are only unlinked); a main category with subcategories cannot be deleted
 * until they are moved or deleted — the dialog says so.
 */

import type { AdminCategory, AdminCategoryRow } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { he } from "../../../domain/i18n/site.ts";
import { categorySchema } from "../../../domain/schemas/admin/category.ts";
import { Details, StatusBadge, Thumb, YesNo } from "../../components/admin/bits.tsx";
import { CrudScreen, FormActions, type FormProps } from "../../components/admin/crud-screen.tsx";
import { CheckboxInput, SelectInput, TextAreaInput, TextInput } from "../../components/admin/fields.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import type { ListColumn } from "../../components/admin/list.tsx";
import { adminMeta, revalidateOnPathChange } from "../../components/admin/meta.ts";
import { STATUS_OPTIONS, useCategoryOptions } from "../../components/admin/product-form.tsx";
import { useAdminForm } from "../../components/admin/use-admin-form.ts";
import { requireSection } from "../../lib/admin-guard.server.ts";
import { apiJson } from "../../lib/api-client.ts";
import type { Route } from "./+types/categories";

export function meta() {
  return adminMeta(heAdmin.titles.categories);
}

export async function loader({ context }: Route.LoaderArgs) {
  requireSection(context, "Category");
  return null;
}

export const shouldRevalidate = revalidateOnPathChange;

const c = heAdmin.categories;
const f = heAdmin.fields;
const m = heAdmin.messages;

const columns: ListColumn<AdminCategoryRow>[] = [
  { id: "image", name: f.mainImage, render: (r) => <Thumb picture={r.mainImage} /> },
  { id: "id", name: heAdmin.id, sortable: true, render: (r) => <bdi>{r.id}</bdi> },
  {
    id: "name",
    name: f.name,
    sortable: true,
    isRowHeader: true,
    render: (r) => <span className="font-semibold">{r.name}</span>,
  },
  { id: "is_main", name: f.isMain, sortable: true, render: (r) => (r.is_main ? c.typeMain : c.typeSub) },
  { id: "parent_name", name: f.parent, wide: true, sortable: true, render: (r) => r.parent_name ?? heAdmin.none },
  { id: "products", name: f.products, render: (r) => <bdi>{r.products_count}</bdi> },
  { id: "status", name: heAdmin.statusLabel, sortable: true, render: (r) => <StatusBadge status={r.status} /> },
  {
    id: "visibility_home_page",
    wide: true,
    name: heAdmin.homeVisibility,
    sortable: true,
    render: (r) => <YesNo value={r.visibility_home_page} />,
  },
  { id: "position", name: f.position, wide: true, sortable: true, render: (r) => <bdi>{r.position}</bdi> },
  {
    id: "created_at",
    wide: true,
    name: heAdmin.createdAt,
    sortable: true,
    render: (r) => <span className="whitespace-nowrap text-sm">{formatDateTime(r.created_at)}</span>,
  },
];

function CategoryForm({ item, onSaved, onCancel, errorTitle }: FormProps<AdminCategory>) {
  const options = useCategoryOptions();
  const form = useAdminForm({
    schema: categorySchema,
    initial: {
      name: item?.name ?? "",
      information: item?.information ?? "",
      status: item ? String(item.status) : "1",
      is_main: item ? item.is_main : true,
      parent_id: item?.parent_id ? String(item.parent_id) : "",
      visibility_home_page: item?.visibility_home_page ?? false,
      position: item ? String(item.position) : "0",
    },
    errorTitle,
    submit: async (data) => {
      if (item) {
        await apiJson(`/api/admin/categories/${item.id}`, { method: "PUT", json: data });
        return "updated" as const;
      }
      await apiJson("/api/admin/categories", { method: "POST", json: data });
      return "created" as const;
    },
    onSaved,
  });
  const { values, set, errors } = form;
  const parents = (options ?? []).filter((o) => o.is_main && o.id !== item?.id);

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
      <SelectInput
        name="status"
        label={heAdmin.statusLabel}
        value={values.status}
        onChange={(v) => set("status", v)}
        options={STATUS_OPTIONS}
        errors={errors.status}
        hint={heAdmin.statusHint}
        isRequired
      />
      <TextAreaInput
        name="information"
        label={f.information}
        value={values.information}
        onChange={(v) => set("information", v)}
        errors={errors.information}
        className="md:col-span-2"
      />
      <fieldset className="md:col-span-2">
        <legend className="mb-1 font-medium text-cocoa-900">{f.isMain}</legend>
        <div className="flex flex-wrap gap-5">
          {[
            { value: true, label: f.mainCategory },
            { value: false, label: f.subCategory },
          ].map((o) => (
            <label key={String(o.value)} className="inline-flex items-center gap-2 text-cocoa-900">
              <input
                type="radio"
                name="is_main"
                checked={values.is_main === o.value}
                onChange={() => set("is_main", o.value)}
                className="size-5 accent-crust-700"
              />
              {o.label}
            </label>
          ))}
        </div>
        {errors.is_main ? <p className="mt-1 text-sm font-medium text-berry-700">{errors.is_main.join(" ")}</p> : null}
      </fieldset>
      {values.is_main ? null : (
        <SelectInput
          name="parent_id"
          label={f.parent}
          value={values.parent_id}
          onChange={(v) => set("parent_id", v)}
          options={[{ value: "", label: f.noParent }, ...parents.map((p) => ({ value: String(p.id), label: p.name }))]}
          errors={errors.parent_id}
          isRequired
        />
      )}
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
        <CheckboxInput
          name="visibility_home_page"
          label={heAdmin.homeVisibility}
          checked={values.visibility_home_page}
          onChange={(v) => set("visibility_home_page", v)}
        />
      </div>
      <div className="md:col-span-2">
        <FormActions loading={form.loading} onCancel={onCancel} />
      </div>
    </form>
  );
}

function CategoryView({ item }: { item: AdminCategory }) {
  return (
    <div className="space-y-4">
      {item.images.length ? (
        <img src={item.images[0]!.path} alt={item.images[0]!.alt} className="h-40 w-full rounded-xl object-cover" />
      ) : null}
      <Details
        items={[
          [f.name, item.name],
          [f.isMain, item.is_main ? c.typeMain : c.typeSub],
          [f.parent, item.parent_name ?? ""],
          [f.subCategories, item.subCategories.map((s) => s.name).join(", ")],
          [f.products, String(item.products_count)],
          [heAdmin.statusLabel, <StatusBadge key="s" status={item.status} />],
          [heAdmin.homeVisibility, <YesNo key="h" value={item.visibility_home_page} />],
          [f.position, String(item.position)],
          [
            f.information,
            <span key="i" className="whitespace-pre-line">
              {item.information}
            </span>,
          ],
          [heAdmin.createdAt, formatDateTime(item.created_at)],
        ]}
      />
      {item.status === 1 ? (
        <a
          href={`/categories/${item.id}`}
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

export default function Categories() {
  return (
    <CrudScreen<AdminCategoryRow, AdminCategory>
      subject="Category"
      endpoint="/api/admin/categories"
      imagesSection="categories"
      columns={columns}
      rowName={(r) => r.name}
      searchLabels={{ title: f.name, content: f.information }}
      messages={{
        heading: c.heading,
        create: c.create,
        createTitle: c.createTitle,
        editTitle: (i) => c.editTitle(i.name),
        viewTitle: (i) => c.viewTitle(i.name),
        deleteWhat: (r) => c.deleteWhat(r.name),
        saved: m.categorySaved,
        updated: m.categoryUpdated,
        deleted: m.categoryDeleted,
        saveError: m.categorySaveError,
        deleteError: m.categoryDeleteError,
      }}
      deleteDetails={(r) => c.deleteProducts(r.products_count)}
      deleteBlocked={(r) => (r.subcategories_count > 0 ? m.categoryHasChildren(r.subcategories_count) : undefined)}
      Form={CategoryForm}
      View={CategoryView}
    />
  );
}
