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
import type { AdminProduct, CategoryOption } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { PRODUCT_FIELDS, productSchema } from "../../../../domain/schemas/admin/product.ts";
import { AdminForm, FormActions, type FormProps, useCrudForm } from "../../../components/admin/admin-form.tsx";
import { FormLoading, TitledSection } from "../../../components/admin/bits.tsx";
import { useCategoryOptions } from "../../../components/admin/category-options.ts";
import { notify } from "../../../components/admin/toast.tsx";
import {
  type UploadItem,
  UploadPicker,
  uploadEach,
  withChosenFiles,
  withoutFile,
} from "../../../components/admin/upload-picker.tsx";
import { ErrorIcon } from "../../../components/ui/other-icons.tsx";
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

/**
 * A product's sizes or tags as the form keeps them. In the edit modal an add or a remove is saved at once
 * (with its toast; a failed add is thrown back to the editor, which keeps the typed item); in the create
 * modal, and for an item not on the server yet, only the list changes. `saveNew` sends, after the product's
 * save, each item not on the server yet, and adds the names of those that failed to `failed`.
 */
function subItems<Item extends Draft & { id: number; name: string }, Draft>(options: {
  endpoint: string;
  /** The product being edited; none in the create modal. */
  productId: number | undefined;
  json: (draft: Draft, productId: number) => Record<string, unknown>;
  list: { current: Item[] };
  update: (change: (list: Item[]) => Item[]) => void;
  messages: {
    saved: string;
    saveError: string;
    deleted: string;
    deleteError: string;
    failed: (name: string) => string;
  };
}) {
  const { endpoint, productId, json, update, messages } = options;
  const post = (draft: Draft, productId: number) =>
    apiJson<{ data: Item }>(endpoint, { method: "POST", json: json(draft, productId) });
  const add = async (draft: Draft) => {
    if (productId === undefined) {
      update((list) => [...list, { id: temporaryKey--, ...draft } as Item]);
      return;
    }
    try {
      const body = await post(draft, productId);
      update((list) => [...list, body.data]);
      notify.success(messages.saved);
    } catch (error) {
      notify.failure(messages.saveError, error);
      throw error;
    }
  };
  const remove = async (item: Item) => {
    if (productId === undefined || item.id < 0) {
      update((list) => list.filter((i) => i.id !== item.id));
      return;
    }
    try {
      await apiJson(`${endpoint}/${item.id}`, { method: "DELETE" });
      update((list) => list.filter((i) => i.id !== item.id));
      notify.success(messages.deleted);
    } catch (error) {
      notify.failure(messages.deleteError, error);
    }
  };
  return {
    /** The sizes or tags editor's add, remove and whether a remove asks first (only what is stored). */
    editor: { onAdd: add, onRemove: remove, confirmRemoval: productId !== undefined },
    saveNew: async (savedId: number, failed: string[]) => {
      for (const item of options.list.current.filter((i) => i.id < 0)) {
        try {
          const body = await post(item, savedId);
          update((list) => list.map((i) => (i.id === item.id ? body.data : i)));
        } catch {
          failed.push(messages.failed(item.name));
        }
      }
    },
  };
}

/**
 * The form appears whole, once its category choices are in (issue 34). The category list decides the form's
 * height: shown before it, the photos, sizes, tags and the save button below it moved down by hundreds of
 * pixels when the choices arrived — from under a pointer about to press "שמור", so that a press began on the
 * button and ended on a category, and the save never happened. Until then the dialog says it is loading.
 */
export function ProductForm(props: FormProps<AdminProduct>) {
  const categoryOptions = useCategoryOptions();
  if (categoryOptions === null) return <FormLoading />;
  return <LoadedProductForm {...props} categoryOptions={categoryOptions} />;
}

function LoadedProductForm({
  categoryOptions,
  ...props
}: FormProps<AdminProduct> & { categoryOptions: CategoryOption[] }) {
  const { item: product, onCancel } = props;
  const [sizes, updateSizes, sizesNow] = useList<SizeItem>(product?.size ?? []);
  const [tags, updateTags, tagsNow] = useList<TagItem>(product?.tag ?? []);
  const [photos, updatePhotos, photosNow] = useList<UploadItem>([]);
  const [failures, setFailures] = useState<string[] | null>(null);
  const [uploading, setUploading] = useState(false);
  const sizeDraft = useRef<DraftHandle<SizeDraft>>(null);
  const tagDraft = useRef<DraftHandle<TagDraft>>(null);
  const editing = product !== undefined;
  const sizeItems = subItems<SizeItem, SizeDraft>({
    endpoint: "/api/admin/sizes",
    productId: product?.id,
    json: (size, productId) => ({ name: size.name, price: size.price, product_id: productId }),
    list: sizesNow,
    update: updateSizes,
    messages: {
      saved: m.sizeSaved,
      saveError: m.sizeSaveError,
      deleted: m.sizeDeleted,
      deleteError: m.sizeDeleteError,
      failed: p.failedSize,
    },
  });
  const tagItems = subItems<TagItem, TagDraft>({
    endpoint: "/api/admin/tags",
    productId: product?.id,
    json: (tag, productId) => ({ name: tag.name, color: tag.color, tagable_id: productId, tagable_type: "product" }),
    list: tagsNow,
    update: updateTags,
    messages: {
      saved: m.tagSaved,
      saveError: m.tagSaveError,
      deleted: m.tagDeleted,
      deleteError: m.tagDeleteError,
      failed: p.failedTag,
    },
  });

  const form = useCrudForm(props, {
    schema: productSchema,
    values: (product) => ({
      ...plainFieldValues(product),
      categories: product?.category.map((c) => c.id) ?? [],
      dietary: (product?.dietary ?? "") as string,
      chalav_yisrael: product?.chalav_yisrael ?? false,
      pas_yisrael: product?.pas_yisrael ?? false,
      kosher_for_passover: product?.kosher_for_passover ?? false,
      // A new product starts with no choice made (issue 29); a stored one shows its decision.
      allergen_status: (product?.allergen_status ?? "") as string,
      allergens: (product?.allergens ?? []) as string[],
      may_contain: (product?.may_contain ?? []) as string[],
    }),
    describe: {
      categories: (ids) =>
        (ids as number[]).map((id) => categoryOptions.find((o) => o.id === id)?.name ?? String(id)).join(", ") ||
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
      await sizeItems.saveNew(saved.id, failed);
      await tagItems.saveNew(saved.id, failed);
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
      const { refused } = await uploadEach("product", saved.id, waiting, updatePhotos);
      for (const { file } of refused) failed.push(p.failedPhoto(file.name));
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

      <TitledSection
        id="product-photos"
        title={p.photos}
        hint={editing ? p.photosEditHint : p.photosHint}
        className="rounded-xl p-4 ring-1 ring-cream-300"
      >
        <UploadPicker
          label={p.photos}
          items={photos}
          onAdd={(files) => updatePhotos((list) => withChosenFiles(list, files))}
          onRemove={uploading ? undefined : (key) => updatePhotos((list) => withoutFile(list, key))}
        />
      </TitledSection>

      <div className="grid gap-4 md:grid-cols-2">
        <SizesEditor items={sizes} handle={sizeDraft} {...sizeItems.editor} />
        <TagsEditor items={tags} handle={tagDraft} {...tagItems.editor} />
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
