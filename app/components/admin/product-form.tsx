/**
 * The product modal's form (create and edit): spec §3 fields, client-side validation per spec §5, then
 * sizes, tags and categories. Categories are saved through POST /api/admin/product/{id}/category; if that
 * fails the toast says 'error saving product' (spec §8).
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { AdminProduct, AdminSize, AdminTag, CategoryOption } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { productSchema } from "../../../domain/schemas/admin/product.ts";
import { apiJson } from "../../lib/api-client.ts";
import { CheckboxInput, SaveButton, SelectInput, TextAreaInput, TextInput } from "./fields.tsx";
import { CategoryPicker, type SizeItem, SizesEditor, type TagItem, TagsEditor } from "./product-parts.tsx";
import { notify } from "./toast.tsx";
import { useAdminForm } from "./use-admin-form.ts";

const f = heAdmin.fields;
const m = heAdmin.messages;

export const STATUS_OPTIONS = [
  { value: "1", label: heAdmin.status[1]! },
  { value: "0", label: heAdmin.status[0]! },
];

export function useCategoryOptions() {
  const [options, setOptions] = useState<CategoryOption[] | null>(null);
  useEffect(() => {
    apiJson<{ data: CategoryOption[] }>("/api/admin/categories/options")
      .then((body) => setOptions(body.data))
      .catch(() => setOptions([]));
  }, []);
  return options;
}

let temporaryKey = -1;

export function ProductForm({
  product,
  onSaved,
  onCancel,
}: {
  product?: AdminProduct;
  onSaved: (kind: "created" | "updated") => void;
  onCancel: () => void;
}) {
  const categoryOptions = useCategoryOptions();
  const [sizes, setSizes] = useState<SizeItem[]>(product?.size ?? []);
  const [tags, setTags] = useState<TagItem[]>(product?.tag ?? []);
  const editing = product !== undefined;

  const form = useAdminForm({
    schema: productSchema,
    initial: {
      name: product?.name ?? "",
      title: product?.title ?? "",
      content: product?.content ?? "",
      serial_id: product ? String(product.serial_id) : "",
      status: product ? String(product.status) : "1",
      visibility_home_page: product?.visibility_home_page ?? false,
      categories: product?.category.map((c) => c.id) ?? [],
    },
    errorTitle: m.productSaveError,
    submit: async (data, values) => {
      let id: number;
      if (editing) {
        await apiJson(`/api/admin/products/${product.id}`, { method: "PUT", json: data });
        id = product.id;
      } else {
        const created = await apiJson<{ data: AdminProduct }>("/api/admin/products", { method: "POST", json: data });
        id = created.data.id;
        // Sizes and tags waited for the product's id.
        for (const size of sizes) {
          try {
            await apiJson("/api/admin/sizes", {
              method: "POST",
              json: { name: size.name, price: size.price, product_id: id },
            });
          } catch (error) {
            notify.failure(m.sizeSaveError, error);
          }
        }
        for (const tag of tags) {
          try {
            await apiJson("/api/admin/tags", {
              method: "POST",
              json: { name: tag.name, color: tag.color, tagable_id: id, tagable_type: "product" },
            });
          } catch (error) {
            notify.failure(m.tagSaveError, error);
          }
        }
      }
      const original = product?.category.map((c) => c.id).sort() ?? [];
      const chosen = [...values.categories].sort();
      if (!editing ? chosen.length > 0 : chosen.join() !== original.join()) {
        try {
          await apiJson(`/api/admin/product/${id}/category`, { method: "POST", json: { categories: chosen } });
        } catch (error) {
          notify.failure(m.productSaveError, error);
        }
      }
      return editing ? ("updated" as const) : ("created" as const);
    },
    onSaved: (kind) => onSaved(kind),
  });
  const { values, set, errors, loading } = form;

  // Edit modal: each add or remove is saved at once.
  const addSize = async (size: { name: string; price: number }) => {
    if (!editing) {
      setSizes((list) => [...list, { id: temporaryKey--, ...size }]);
      return;
    }
    try {
      const body = await apiJson<{ data: AdminSize }>("/api/admin/sizes", {
        method: "POST",
        json: { ...size, product_id: product.id },
      });
      setSizes((list) => [...list, body.data]);
      notify.success(m.sizeSaved);
    } catch (error) {
      notify.failure(m.sizeSaveError, error);
      throw error;
    }
  };
  const removeSize = async (size: SizeItem) => {
    if (!editing) {
      setSizes((list) => list.filter((s) => s.id !== size.id));
      return;
    }
    try {
      await apiJson(`/api/admin/sizes/${size.id}`, { method: "DELETE" });
      setSizes((list) => list.filter((s) => s.id !== size.id));
      notify.success(m.sizeDeleted);
    } catch (error) {
      notify.failure(m.sizeDeleteError, error);
    }
  };
  const addTag = async (tag: { name: string; color: string }) => {
    if (!editing) {
      setTags((list) => [...list, { id: temporaryKey--, ...tag }]);
      return;
    }
    try {
      const body = await apiJson<{ data: AdminTag }>("/api/admin/tags", {
        method: "POST",
        json: { ...tag, tagable_id: product.id, tagable_type: "product" },
      });
      setTags((list) => [...list, body.data]);
      notify.success(m.tagSaved);
    } catch (error) {
      notify.failure(m.tagSaveError, error);
      throw error;
    }
  };
  const removeTag = async (tag: TagItem) => {
    if (!editing) {
      setTags((list) => list.filter((t) => t.id !== tag.id));
      return;
    }
    try {
      await apiJson(`/api/admin/tags/${tag.id}`, { method: "DELETE" });
      setTags((list) => list.filter((t) => t.id !== tag.id));
      notify.success(m.tagDeleted);
    } catch (error) {
      notify.failure(m.tagDeleteError, error);
    }
  };

  return (
    <div className="space-y-5">
      <form
        ref={form.formRef}
        id="product-form"
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
          name="title"
          label={f.title}
          value={values.title}
          onChange={(v) => set("title", v)}
          errors={errors.title}
          isRequired
        />
        <TextInput
          name="serial_id"
          label={f.serialId}
          value={values.serial_id}
          onChange={(v) => set("serial_id", v)}
          errors={errors.serial_id}
          inputMode="numeric"
          dir="ltr"
          isRequired
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
          name="content"
          label={f.content}
          value={values.content}
          onChange={(v) => set("content", v)}
          errors={errors.content}
          rows={4}
          className="md:col-span-2"
        />
        <div className="md:col-span-2">
          <CheckboxInput
            name="visibility_home_page"
            label={heAdmin.homeVisibility}
            checked={values.visibility_home_page}
            onChange={(v) => set("visibility_home_page", v)}
            errors={errors.visibility_home_page}
          />
        </div>
        <div className="md:col-span-2">
          <CategoryPicker
            options={categoryOptions}
            value={values.categories}
            onChange={(ids) => set("categories", ids)}
            errors={errors.categories}
          />
        </div>
      </form>

      <div className="grid gap-4 md:grid-cols-2">
        <SizesEditor items={sizes} onAdd={addSize} onRemove={removeSize} confirmRemoval={editing} />
        <TagsEditor items={tags} onAdd={addTag} onRemove={removeTag} confirmRemoval={editing} />
      </div>
      {editing ? null : <p className="text-sm text-cocoa-800">{heAdmin.products.pendingHint}</p>}

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-cream-300 pt-4">
        {editing ? (
          <Link
            to={`/admin/products/${product.id}/images`}
            className="font-semibold text-crust-700 underline-offset-4 hover:underline"
          >
            {heAdmin.images}
          </Link>
        ) : (
          <span />
        )}
        <div className="flex gap-2">
          <button
            type="button"
            onClick={onCancel}
            className="rounded-full border-2 border-cocoa-800/40 px-5 py-2 font-semibold text-cocoa-900 hover:bg-cream-100"
          >
            {heAdmin.cancel}
          </button>
          <SaveButton form="product-form" loading={loading} label={loading ? heAdmin.busy : heAdmin.save} />
        </div>
      </div>
    </div>
  );
}
