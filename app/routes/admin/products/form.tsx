/**
 * The product modal's form (create and edit): spec §3 fields, client-side validation per spec §5, then
 * sizes, tags and categories. A new product's sizes and tags wait for its id and are sent right after it;
 * categories are saved through POST /api/admin/product/{id}/category, and if that fails the toast says
 * 'error saving product' (spec §8).
 */
import { useState } from "react";
import { Link } from "react-router";
import type { AdminProduct, AdminSize, AdminTag } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { productSchema } from "../../../../domain/schemas/admin/product.ts";
import {
  AdminForm,
  bindFields,
  FormActions,
  type FormProps,
  useCrudForm,
} from "../../../components/admin/admin-form.tsx";
import { useCategoryOptions } from "../../../components/admin/category-options.ts";
import { HomeVisibilityCheckbox, StatusSelect } from "../../../components/admin/fields.tsx";
import { notify } from "../../../components/admin/toast.tsx";
import { sectionHref } from "../../../lib/admin-sections.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { CategoryPicker, type SizeItem, SizesEditor, type TagItem, TagsEditor } from "./parts.tsx";

const f = heAdmin.fields;
const m = heAdmin.messages;

let temporaryKey = -1;

export function ProductForm(props: FormProps<AdminProduct>) {
  const { item: product, onCancel } = props;
  const categoryOptions = useCategoryOptions();
  const [sizes, setSizes] = useState<SizeItem[]>(product?.size ?? []);
  const [tags, setTags] = useState<TagItem[]>(product?.tag ?? []);
  const editing = product !== undefined;

  const form = useCrudForm(props, {
    schema: productSchema,
    values: (product) => ({
      name: product?.name ?? "",
      title: product?.title ?? "",
      content: product?.content ?? "",
      serial_id: product ? String(product.serial_id) : "",
      status: product ? String(product.status) : "1",
      visibility_home_page: product?.visibility_home_page ?? false,
      categories: product?.category.map((c) => c.id) ?? [],
    }),
    describe: {
      categories: (ids) =>
        (ids as number[]).map((id) => categoryOptions?.find((o) => o.id === id)?.name ?? String(id)).join(", ") ||
        heAdmin.conflict.empty,
    },
    onLoadNewer: (newer) => {
      setSizes(newer.size);
      setTags(newer.tag);
    },
    afterSave: async (saved, values) => {
      if (!editing) {
        // Sizes and tags waited for the product's id.
        for (const size of sizes) {
          try {
            await apiJson("/api/admin/sizes", {
              method: "POST",
              json: { name: size.name, price: size.price, product_id: saved.id },
            });
          } catch (error) {
            notify.failure(m.sizeSaveError, error);
          }
        }
        for (const tag of tags) {
          try {
            await apiJson("/api/admin/tags", {
              method: "POST",
              json: { name: tag.name, color: tag.color, tagable_id: saved.id, tagable_type: "product" },
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
          await apiJson(`/api/admin/product/${saved.id}/category`, { method: "POST", json: { categories: chosen } });
        } catch (error) {
          notify.failure(m.productSaveError, error);
        }
      }
    },
  });
  const { values, set, errors, loading } = form;
  const field = bindFields(form);

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
      <AdminForm form={form} id="product-form" actions={false}>
        {field.text("name", f.name, { isRequired: true, autoFocus: true })}
        {field.text("title", f.title, { isRequired: true })}
        {field.text("serial_id", f.serialId, { inputMode: "numeric", dir: "ltr", isRequired: true })}
        <StatusSelect value={values.status} onChange={(v) => set("status", v)} errors={errors.status} />
        {field.textArea("content", f.content, { rows: 4, className: "md:col-span-2" })}
        <HomeVisibilityCheckbox
          checked={values.visibility_home_page}
          onChange={(v) => set("visibility_home_page", v)}
          errors={errors.visibility_home_page}
        />
        <div className="md:col-span-2">
          <CategoryPicker
            options={categoryOptions}
            value={values.categories}
            onChange={(ids) => set("categories", ids)}
            errors={errors.categories}
          />
        </div>
      </AdminForm>

      <div className="grid gap-4 md:grid-cols-2">
        <SizesEditor items={sizes} onAdd={addSize} onRemove={removeSize} confirmRemoval={editing} />
        <TagsEditor items={tags} onAdd={addTag} onRemove={removeTag} confirmRemoval={editing} />
      </div>
      {editing ? null : <p className="text-sm text-cocoa-800">{heAdmin.products.pendingHint}</p>}

      <FormActions
        form="product-form"
        loading={loading}
        onCancel={onCancel}
        start={
          editing ? (
            <Link
              to={`${sectionHref("products")}/${product.id}/images`}
              className="font-semibold text-crust-700 underline-offset-4 hover:underline"
            >
              {heAdmin.images}
            </Link>
          ) : null
        }
      />
    </div>
  );
}
