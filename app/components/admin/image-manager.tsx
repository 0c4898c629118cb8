/**
 * The images screen of a product, category, branch, sale or publication (spec §4, issue 6): several files
 * at once with the hint 'SVG, PNG, JPG or GIF, max 800x400px', the main image (the first) and the order,
 * and deletes behind the confirmation. After an upload the screen stays (spec: "the product images
 * screen"); after a delete it closes back to the list (spec: "the product index").
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "react-aria-components";
import type { AdminImage } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { ImageOwnerType } from "../../../domain/schemas/admin/images.ts";
import { ApiError, apiJson } from "../../lib/api-client.ts";
import { ArrowIcon, StarIcon, TrashIcon } from "../ui/other-icons.tsx";
import { StoredImage, TitledSection } from "./bits.tsx";
import { ConfirmDelete } from "./confirm-delete.tsx";
import { buttonClass } from "./fields.tsx";
import { notify } from "./toast.tsx";
import { useUnsavedChangesGuard } from "./unsaved-changes.tsx";
import { type UploadItem, UploadPicker, uploadEach, withChosenFiles, withoutFile } from "./upload-picker.tsx";

const s = heAdmin.imagesScreen;
const m = heAdmin.messages;

export function ImageManager({
  type,
  id,
  onOwnerName,
  onDeleted,
}: {
  type: ImageOwnerType;
  id: number;
  onOwnerName?: (name: string) => void;
  /** Spec §4: after an image delete the screen goes back to the index. */
  onDeleted: () => void;
}) {
  const [images, setImages] = useState<AdminImage[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [uploading, setUploading] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  // Files chosen but not uploaded are unsaved changes: closing or leaving the screen asks first.
  const unsavedChanges = useUnsavedChangesGuard(() => itemsRef.current.some((item) => item.state === "waiting"));
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<AdminImage | null>(null);
  const [busyOrder, setBusyOrder] = useState(false);

  const load = useCallback(async () => {
    try {
      const body = await apiJson<{ data: AdminImage[]; owner: { name: string } }>(
        `/api/admin/images?type=${type}&id=${id}`,
      );
      setImages(body.data);
      onOwnerName?.(body.owner.name);
      setLoadError(null);
    } catch (error) {
      setLoadError(error instanceof ApiError && error.body?.message ? error.body.message : heAdmin.loadFailed);
    } finally {
      setLoading(false);
    }
  }, [type, id, onOwnerName]);

  useEffect(() => {
    void load();
  }, [load]);

  // Thumbnails' object URLs are released when the screen closes.
  useEffect(
    () => () => {
      for (const item of itemsRef.current) URL.revokeObjectURL(item.preview);
    },
    [],
  );

  /** The files waiting (or refused before), one request each (uploadEach). */
  async function upload() {
    if (uploading) return;
    setUploadErrors([]);
    const pending = items.filter((item) => item.state === "waiting" || item.state === "refused");
    if (pending.length === 0) {
      setUploadErrors([heAdmin.validation.noFiles]);
      return;
    }
    setUploading(true);
    const { saved, refused } = await uploadEach(type, id, pending, setItems);
    if (saved > 0) {
      notify.success(saved === 1 ? m.imageSaved : m.imagesSaved);
      await load();
    }
    const failure = refused.at(-1);
    if (failure) notify.failure(m.imageSaveError, failure.error);
    setUploading(false);
  }

  function removeItem(key: string) {
    setItems((current) => withoutFile(current, key));
  }

  async function saveOrder(order: number[], focusId: number, focusAction: string) {
    if (busyOrder) return;
    setBusyOrder(true);
    try {
      const body = await apiJson<{ data: AdminImage[] }>("/api/admin/images/order", {
        method: "PUT",
        json: { type, id, order },
      });
      setImages(body.data);
      notify.success(m.imageOrderSaved);
      requestAnimationFrame(() => {
        const card = document.querySelector(`[data-image-id="${focusId}"]`);
        const target =
          card?.querySelector<HTMLElement>(`[data-action="${focusAction}"]:not([disabled])`) ??
          card?.querySelector<HTMLElement>("button:not([disabled])");
        target?.focus();
      });
    } catch (error) {
      notify.failure(m.imageSaveError, error);
    } finally {
      setBusyOrder(false);
    }
  }

  function move(index: number, by: -1 | 1) {
    const order = images.map((i) => i.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    void saveOrder(order, moved!, by === -1 ? "earlier" : "later");
  }

  function makeMain(index: number) {
    const order = images.map((i) => i.id);
    const [moved] = order.splice(index, 1);
    void saveOrder([moved!, ...order], moved!, "later");
  }

  async function remove(image: AdminImage) {
    try {
      await apiJson(`/api/admin/images/${image.id}`, { method: "DELETE" });
      notify.success(m.imageDeleted);
      onDeleted();
    } catch (error) {
      notify.failure(m.imageDeleteError, error);
      await load();
    }
  }

  const addFiles = (list: File[]) => {
    setUploadErrors([]);
    setItems((current) => withChosenFiles(current, list));
  };

  return (
    <div>
      <TitledSection id="upload-heading" title={s.upload} className="rounded-xl bg-cream-50 p-4 ring-1 ring-cream-300">
        <UploadPicker label={s.upload} items={items} onAdd={addFiles} onRemove={uploading ? undefined : removeItem} />
        {uploadErrors.length ? (
          <ul id="upload-errors" className="mt-2 text-sm font-medium text-berry-700">
            {uploadErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
        <div className="mt-3 flex justify-end">
          <Button
            onPress={upload}
            isDisabled={uploading}
            aria-describedby={uploadErrors.length ? "upload-errors" : "upload-hint"}
            className={buttonClass.primary}
          >
            {uploading ? heAdmin.busy : s.uploadButton}
          </Button>
        </div>
      </TitledSection>

      <TitledSection id="images-heading" title={heAdmin.images} hint={s.orderHint} className="mt-5">
        {loadError ? (
          <p role="alert" className="font-semibold text-berry-700">
            {loadError}
          </p>
        ) : loading ? (
          <p className="text-cocoa-800">{heAdmin.loading}</p>
        ) : images.length === 0 ? (
          <p className="text-cocoa-800">{s.none}</p>
        ) : (
          <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy={busyOrder}>
            {images.map((image, index) => (
              <li
                key={image.id}
                data-image-id={image.id}
                className="overflow-hidden rounded-xl bg-white ring-1 ring-cream-300"
              >
                <div className="relative">
                  <StoredImage image={image} className="aspect-[4/3] w-full bg-cream-200 object-cover" />
                  {index === 0 ? (
                    <span className="absolute start-2 top-2 inline-flex items-center gap-1 rounded-full bg-crust-700 px-2.5 py-1 text-xs font-bold text-white">
                      <StarIcon className="size-3.5" />
                      {s.main}
                    </span>
                  ) : null}
                </div>
                {/* Two rows on every card, so the cards of one row line up: the place and the arrows, then the
                    actions, with delete always at the row's end. */}
                <div className="flex items-center gap-1 px-2 pt-2">
                  <span className="me-auto text-sm text-cocoa-800">
                    {index + 1} / {images.length}
                  </span>
                  <Button
                    data-action="earlier"
                    aria-label={`${s.moveUp}: ${image.alt}`}
                    isDisabled={index === 0 || busyOrder}
                    onPress={() => move(index, -1)}
                    className={buttonClass.quiet}
                  >
                    <ArrowIcon to="start" className="size-4" />
                  </Button>
                  <Button
                    data-action="later"
                    aria-label={`${s.moveDown}: ${image.alt}`}
                    isDisabled={index === images.length - 1 || busyOrder}
                    onPress={() => move(index, 1)}
                    className={buttonClass.quiet}
                  >
                    <ArrowIcon to="end" className="size-4" />
                  </Button>
                </div>
                <div className="flex flex-wrap items-center gap-1 px-2 pb-2">
                  {index > 0 ? (
                    <Button
                      aria-label={`${s.makeMain}: ${image.alt}`}
                      isDisabled={busyOrder}
                      onPress={() => makeMain(index)}
                      className={buttonClass.quiet}
                    >
                      <StarIcon className="size-4" />
                      <span>{s.main}</span>
                    </Button>
                  ) : null}
                  <Button
                    aria-label={`${s.deleteImage}: ${image.alt}`}
                    onPress={() => setDeleting(image)}
                    className={`ms-auto ${buttonClass.danger}`}
                  >
                    <TrashIcon className="size-4" />
                    <span>{heAdmin.delete}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </TitledSection>

      <ConfirmDelete
        isOpen={deleting !== null}
        what={s.imageWhat}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
      {unsavedChanges}
    </div>
  );
}
