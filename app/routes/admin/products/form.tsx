/**
 * The product modal's form (create and edit): spec §3 fields, client-side validation per spec §5, then
 * photos, sizes, tags and categories — a product is created complete in one save (issue 12). The save
 * writes the product (POST, or PUT when editing), then the spec's own calls with its id: POST
 * /api/admin/sizes and /api/admin/tags for each item not yet on the server (also one typed in the add
 * inputs but not added), POST /api/admin/product/{id}/category, and POST /api/admin/images per photo. When
 * one of those fails, the product is kept: the form names what failed (toast and a note at its top), keeps
 * it for another try, and goes on as the edit form of the stored product. A failed category assignment
 * also says 'error saving product' (spec §8).
 */
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { AdminProduct, AdminSize, AdminTag } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { PRODUCT_FIELDS, productSchema } from "../../../../domain/schemas/admin/product.ts";
import { AdminForm, FormActions, type FormProps, useCrudForm } from "../../../components/admin/admin-form.tsx";
import { useCategoryOptions } from "../../../components/admin/category-options.ts";
import { notify } from "../../../components/admin/toast.tsx";
import {
  refusalMessage,
  type UploadItem,
  UploadPicker,
  uploadImage,
  withChosenFiles,
  withoutFile,
} from "../../../components/admin/upload-picker.tsx";
import { ErrorIcon } from "../../../components/ui/icon.tsx";
import { sectionHref } from "../../../lib/admin-sections.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { KashrutFields } from "./kashrut-fields.tsx";
import {
  CategoryPicker,
  type DraftHandle,
  type SizeDraft,
  type SizeItem,
  SizesEditor,
  type TagDraft,
  type TagItem,
  TagsEditor,
} from "./parts.tsx";
import { PlainFormField, plainFieldValues } from "./plain-fields.tsx";

const m = heAdmin.messages;
const p = heAdmin.products;

let temporaryKey = -1;

/** A list in state whose latest value a save can read before React renders again. */
function useList<T>(initial: T[]) {
  const [list, setList] = useState(initial);
  const latest = useRef(list);
  const update = (change: (list: T[]) => T[]) => {
    latest.current = change(latest.current);
    setList(latest.current);
  };
  return [list, update, latest] as const;
}

export function ProductForm(props: FormProps<AdminProduct>) {
  const { item: product, onCancel } = props;
  const categoryOptions = useCategoryOptions();
  const [sizes, updateSizes, sizesNow] = useList<SizeItem>(product?.size ?? []);
  const [tags, updateTags, tagsNow] = useList<TagItem>(product?.tag ?? []);
  const [photos, updatePhotos, photosNow] = useList<UploadItem>([]);
  const [failures, setFailures] = useState<string[] | null>(null);
  const [uploading, setUploading] = useState(false);
  const sizeDraft = useRef<DraftHandle<SizeDraft>>(null);
  const tagDraft = useRef<DraftHandle<TagDraft>>(null);
  const editing = product !== undefined;

  const form = useCrudForm(props, {
    schema: productSchema,
    values: (product) => ({
      ...plainFieldValues(product),
      categories: product?.category.map((c) => c.id) ?? [],
      dietary: (product?.dietary ?? "") as string,
      chalav_yisrael: product?.chalav_yisrael ?? false,
      pas_yisrael: product?.pas_yisrael ?? false,
      kosher_for_passover: product?.kosher_for_passover ?? false,
      allergens: (product?.allergens ?? []) as string[],
      may_contain: (product?.may_contain ?? []) as string[],
    }),
    describe: {
      categories: (ids) =>
        (ids as number[]).map((id) => categoryOptions?.find((o) => o.id === id)?.name ?? String(id)).join(", ") ||
        heAdmin.conflict.empty,
    },
    onLoadNewer: (newer) => {
      // The newer version's sizes and tags, and those of this form not saved yet.
      updateSizes((list) => [...newer.size, ...list.filter((s) => s.id < 0)]);
      updateTags((list) => [...newer.tag, ...list.filter((t) => t.id < 0)]);
    },
    // Typed but not added: a complete item goes with the save; an incomplete one refuses it (issue 12).
    check: () => {
      const sizeOk = sizeDraft.current?.validateDraft() ?? true;
      const tagOk = tagDraft.current?.validateDraft() ?? true;
      return sizeOk && tagOk;
    },
    extraDirty: () =>
      sizesNow.current.some((s) => s.id < 0) ||
      tagsNow.current.some((t) => t.id < 0) ||
      photosNow.current.some((photo) => photo.state !== "done") ||
      (sizeDraft.current?.hasDraft() ?? false) ||
      (tagDraft.current?.hasDraft() ?? false),
    afterSave: async (saved, values) => {
      const typedSize = sizeDraft.current?.takeDraft();
      if (typedSize) updateSizes((list) => [...list, { id: temporaryKey--, ...typedSize }]);
      const typedTag = tagDraft.current?.takeDraft();
      if (typedTag) updateTags((list) => [...list, { id: temporaryKey--, ...typedTag }]);

      const failed: string[] = [];
      for (const size of sizesNow.current.filter((s) => s.id < 0)) {
        try {
          const body = await apiJson<{ data: AdminSize }>("/api/admin/sizes", {
            method: "POST",
            json: { name: size.name, price: size.price, product_id: saved.id },
          });
          updateSizes((list) => list.map((s) => (s.id === size.id ? body.data : s)));
        } catch {
          failed.push(p.failedSize(size.name));
        }
      }
      for (const tag of tagsNow.current.filter((t) => t.id < 0)) {
        try {
          const body = await apiJson<{ data: AdminTag }>("/api/admin/tags", {
            method: "POST",
            json: { name: tag.name, color: tag.color, tagable_id: saved.id, tagable_type: "product" },
          });
          updateTags((list) => list.map((t) => (t.id === tag.id ? body.data : t)));
        } catch {
          failed.push(p.failedTag(tag.name));
        }
      }
      const original = product?.category.map((c) => c.id).sort() ?? [];
      const chosen = [...values.categories].sort();
      if (!editing ? chosen.length > 0 : chosen.join() !== original.join()) {
        try {
          await apiJson(`/api/admin/product/${saved.id}/category`, { method: "POST", json: { categories: chosen } });
        } catch (error) {
          notify.failure(m.productSaveError, error);
          failed.push(p.failedCategories);
        }
      }
      const waiting = photosNow.current.filter((photo) => photo.state !== "done");
      if (waiting.length) setUploading(true);
      for (const photo of waiting) {
        const change = (c: Partial<UploadItem>) =>
          updatePhotos((list) => list.map((item) => (item.key === photo.key ? { ...item, ...c } : item)));
        change({ state: "sending", percent: 0, message: undefined });
        try {
          await uploadImage("product", saved.id, photo.file, change);
          change({ state: "done", percent: 100 });
        } catch (error) {
          change({ state: "refused", message: refusalMessage(error) });
          failed.push(p.failedPhoto(photo.file.name));
        }
      }
      setUploading(false);

      if (failed.length === 0) {
        setFailures(null);
        return undefined;
      }
      setFailures(failed);
      notify.error(p.incompleteTitle, p.failedList(failed));
      // The form goes on as the edit form of the stored product, as the server has it now.
      try {
        return { incomplete: (await apiJson<{ data: AdminProduct }>(`/api/admin/products/${saved.id}`)).data };
      } catch {
        return { incomplete: saved };
      }
    },
  });
  const { values, set, errors, loading } = form;

  // Edit modal: each add or remove is saved at once; one not on the server yet only leaves the list.
  const addSize = async (size: SizeDraft) => {
    if (!editing) {
      updateSizes((list) => [...list, { id: temporaryKey--, ...size }]);
      return;
    }
    try {
      const body = await apiJson<{ data: AdminSize }>("/api/admin/sizes", {
        method: "POST",
        json: { ...size, product_id: product.id },
      });
      updateSizes((list) => [...list, body.data]);
      notify.success(m.sizeSaved);
    } catch (error) {
      notify.failure(m.sizeSaveError, error);
      throw error;
    }
  };
  const removeSize = async (size: SizeItem) => {
    if (!editing || size.id < 0) {
      updateSizes((list) => list.filter((s) => s.id !== size.id));
      return;
    }
    try {
      await apiJson(`/api/admin/sizes/${size.id}`, { method: "DELETE" });
      updateSizes((list) => list.filter((s) => s.id !== size.id));
      notify.success(m.sizeDeleted);
    } catch (error) {
      notify.failure(m.sizeDeleteError, error);
    }
  };
  const addTag = async (tag: TagDraft) => {
    if (!editing) {
      updateTags((list) => [...list, { id: temporaryKey--, ...tag }]);
      return;
    }
    try {
      const body = await apiJson<{ data: AdminTag }>("/api/admin/tags", {
        method: "POST",
        json: { ...tag, tagable_id: product.id, tagable_type: "product" },
      });
      updateTags((list) => [...list, body.data]);
      notify.success(m.tagSaved);
    } catch (error) {
      notify.failure(m.tagSaveError, error);
      throw error;
    }
  };
  const removeTag = async (tag: TagItem) => {
    if (!editing || tag.id < 0) {
      updateTags((list) => list.filter((t) => t.id !== tag.id));
      return;
    }
    try {
      await apiJson(`/api/admin/tags/${tag.id}`, { method: "DELETE" });
      updateTags((list) => list.filter((t) => t.id !== tag.id));
      notify.success(m.tagDeleted);
    } catch (error) {
      notify.failure(m.tagDeleteError, error);
    }
  };

  return (
    <div className="space-y-5">
      {failures ? (
        <div role="alert" className="flex items-start gap-3 rounded-xl border-s-4 border-berry-700 bg-berry-700/5 p-4">
          <ErrorIcon className="mt-0.5 size-5 shrink-0 text-berry-700" />
          <div>
            <p className="font-bold text-cocoa-900">{p.incompleteTitle}</p>
            <p className="text-cocoa-900">{p.failedList(failures)}</p>
            <p className="mt-1 text-sm text-cocoa-800">{p.incompleteText}</p>
          </div>
        </div>
      ) : null}
      <AdminForm form={form} id="product-form" actions={false}>
        {PRODUCT_FIELDS.map((spec, index) =>
          spec.kind === "kashrut" ? (
            <KashrutFields
              key="kashrut"
              values={values}
              set={(key, value) => set(key, value as never)}
              errors={errors}
            />
          ) : (
            <PlainFormField
              key={spec.key}
              field={spec}
              first={index === 0}
              values={values}
              set={(key, value) => set(key, value as never)}
              errors={errors}
            />
          ),
        )}
        <div className="md:col-span-2">
          <CategoryPicker
            options={categoryOptions}
            value={values.categories}
            onChange={(ids) => set("categories", ids)}
            errors={errors.categories}
          />
        </div>
      </AdminForm>

      <section aria-labelledby="product-photos" className="rounded-xl p-4 ring-1 ring-cream-300">
        <h3 id="product-photos" className="px-1 text-lg font-bold text-cocoa-900">
          {p.photos}
        </h3>
        <p className="mb-2 px-1 text-sm text-cocoa-800">{editing ? p.photosEditHint : p.photosHint}</p>
        <UploadPicker
          label={p.photos}
          items={photos}
          onAdd={(files) => updatePhotos((list) => withChosenFiles(list, files))}
          onRemove={uploading ? undefined : (key) => updatePhotos((list) => withoutFile(list, key))}
        />
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <SizesEditor items={sizes} onAdd={addSize} onRemove={removeSize} confirmRemoval={editing} handle={sizeDraft} />
        <TagsEditor items={tags} onAdd={addTag} onRemove={removeTag} confirmRemoval={editing} handle={tagDraft} />
      </div>
      {editing ? null : <p className="text-sm text-cocoa-800">{p.pendingHint}</p>}

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
