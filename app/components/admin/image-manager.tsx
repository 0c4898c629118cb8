/**
 * The images screen of a product, category, branch, sale or publication (spec §4, issue 6): several files
 * at once with the hint 'SVG, PNG, JPG or GIF, max 800x400px', the main image (the first) and the order,
 * and deletes behind the confirmation. After an upload the screen stays (spec: "the product images
 * screen"); after a delete it closes back to the list (spec: "the product index").
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { Button, DropZone, FileTrigger, isFileDropItem, Text } from "react-aria-components";
import type { AdminImage } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { ImageOwnerType } from "../../../domain/schemas/admin/images.ts";
import { ApiError, apiJson, apiUpload } from "../../lib/api-client.ts";
import { ArrowIcon, ImageIcon, StarIcon, TrashIcon } from "../ui/icon.tsx";
import { ConfirmDelete } from "./confirm-delete.tsx";
import { buttonClass } from "./fields.tsx";
import { notify } from "./toast.tsx";

const s = heAdmin.imagesScreen;
const m = heAdmin.messages;

/** What the picker and the drop zone take; HEIC/HEIF are phone photos, decoded on the server. */
const ACCEPTED_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/svg+xml",
  "image/heic",
  "image/heif",
];

/** A chosen file on its way: a preview before upload, then its own progress and the server's verdict. */
interface UploadItem {
  key: string;
  file: File;
  /** Object URL for the thumbnail (browsers without HEIC support show an icon instead). */
  preview: string;
  state: "waiting" | "sending" | "processing" | "done" | "refused";
  percent: number;
  message?: string;
}

function stateText(item: UploadItem): string {
  switch (item.state) {
    case "waiting":
      return s.fileWaiting;
    case "sending":
      return s.fileSending(item.percent);
    case "processing":
      return s.fileProcessing;
    case "done":
      return s.fileDone;
    case "refused":
      return item.message ? `${s.fileRefused}: ${item.message}` : s.fileRefused;
  }
}

/** The spec's hint with HEIC added, each Latin part isolated so it reads in order in the Hebrew sentence. */
function UploadHint() {
  return (
    <p id="upload-hint" className="text-sm text-cocoa-800">
      {s.hintFormats.map((name) => (
        <span key={name}>
          <bdi dir="ltr">{name}</bdi>
          {name === s.hintFormats.at(-1) ? " " : ", "}
        </span>
      ))}
      {s.hintOr} <bdi dir="ltr">{s.hintHeic}</bdi> {s.hintPhones}, {s.hintSize} <bdi dir="ltr">{s.hintPixels}</bdi>
    </p>
  );
}

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

  const update = (key: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  /**
   * One request per file (the spec's POST /api/admin/images with one files[] entry), one after another:
   * each file gets its own progress and its own verdict, and a refused photo does not sink the others.
   */
  async function upload() {
    if (uploading) return;
    setUploadErrors([]);
    const pending = items.filter((item) => item.state === "waiting" || item.state === "refused");
    if (pending.length === 0) {
      setUploadErrors([heAdmin.validation.noFiles]);
      return;
    }
    setUploading(true);
    let saved = 0;
    let failure: unknown = null;
    for (const item of pending) {
      const form = new FormData();
      form.append("id", String(id));
      form.append("type", type);
      form.append("directory", `${type === "category" ? "categories" : type === "branch" ? "branches" : `${type}s`}`);
      form.append("files[]", item.file, item.file.name);
      update(item.key, { state: "sending", percent: 0, message: undefined });
      try {
        await apiUpload("/api/admin/images", form, (sent, total) => {
          const percent = Math.floor((sent / total) * 100);
          update(item.key, percent >= 100 ? { state: "processing", percent: 100 } : { state: "sending", percent });
        });
        update(item.key, { state: "done", percent: 100 });
        saved++;
      } catch (error) {
        failure = error;
        const message =
          error instanceof ApiError ? (Object.values(error.fieldErrors).flat()[0] ?? error.body?.message) : undefined;
        update(item.key, { state: "refused", message });
      }
    }
    if (saved > 0) {
      notify.success(saved === 1 ? m.imageSaved : m.imagesSaved);
      await load();
    }
    if (failure) notify.failure(m.imageSaveError, failure);
    setUploading(false);
  }

  function removeItem(key: string) {
    setItems((current) => {
      const gone = current.find((item) => item.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return current.filter((item) => item.key !== key);
    });
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
    setItems((current) => {
      // Files already uploaded leave the list when new ones are chosen.
      const kept = current.filter((item) => {
        if (item.state === "done") URL.revokeObjectURL(item.preview);
        return item.state !== "done";
      });
      const added = list
        .filter((f) => !kept.some((c) => c.file.name === f.name && c.file.size === f.size))
        .map(
          (file): UploadItem => ({
            key: `${file.name}-${file.size}-${file.lastModified}`,
            file,
            preview: URL.createObjectURL(file),
            state: "waiting",
            percent: 0,
          }),
        );
      return [...kept, ...added];
    });
  };

  return (
    <div>
      <section aria-labelledby="upload-heading" className="rounded-xl bg-cream-50 p-4 ring-1 ring-cream-300">
        <h3 id="upload-heading" className="mb-2 text-lg font-bold text-cocoa-900">
          {s.upload}
        </h3>
        <DropZone
          aria-label={s.upload}
          getDropOperation={(types) => (ACCEPTED_TYPES.some((t) => types.has(t)) ? "copy" : "cancel")}
          onDrop={async (event) => {
            const dropped = await Promise.all(event.items.filter(isFileDropItem).map((item) => item.getFile()));
            addFiles(dropped);
          }}
          className="flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-crust-600/60 bg-white px-4 py-6 text-center outline-none data-[drop-target]:border-crust-700 data-[drop-target]:bg-cream-100 data-[focus-visible]:ring-4 data-[focus-visible]:ring-crust-600/40"
        >
          <ImageIcon className="size-8 text-crust-700" />
          <Text slot="label" className="text-cocoa-900">
            {s.dropHere}
          </Text>
          <FileTrigger
            allowsMultiple
            acceptedFileTypes={[...ACCEPTED_TYPES, ".heic", ".heif"]}
            onSelect={(list) => addFiles(list ? [...list] : [])}
          >
            <Button className={buttonClass.secondary}>{s.chooseFiles}</Button>
          </FileTrigger>
          <UploadHint />
        </DropZone>
        {items.length ? (
          <div className="mt-3">
            <p className="font-semibold text-cocoa-900" aria-live="polite">
              {s.selected(items.length)}
            </p>
            <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label={s.upload}>
              {items.map((item) => (
                <UploadRow key={item.key} item={item} onRemove={uploading ? undefined : () => removeItem(item.key)} />
              ))}
            </ul>
          </div>
        ) : null}
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
      </section>

      <section aria-labelledby="images-heading" className="mt-5">
        <h3 id="images-heading" className="text-lg font-bold text-cocoa-900">
          {heAdmin.images}
        </h3>
        <p className="mb-3 text-sm text-cocoa-800">{s.orderHint}</p>
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
                  <img
                    src={image.path}
                    alt={image.alt}
                    width={image.width}
                    height={image.height}
                    className="aspect-[4/3] w-full bg-cream-200 object-cover"
                  />
                  {index === 0 ? (
                    <span className="absolute start-2 top-2 inline-flex items-center gap-1 rounded-full bg-crust-700 px-2.5 py-1 text-xs font-bold text-white">
                      <StarIcon className="size-3.5" />
                      {s.main}
                    </span>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center gap-1 p-2">
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
                    className={buttonClass.danger}
                  >
                    <TrashIcon className="size-4" />
                    <span>{heAdmin.delete}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <ConfirmDelete
        isOpen={deleting !== null}
        what={s.imageWhat}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </div>
  );
}

/** One chosen file: its thumbnail, name, state in words and a progress bar while it is being sent. */
function UploadRow({ item, onRemove }: { item: UploadItem; onRemove?: () => void }) {
  const [previewFailed, setPreviewFailed] = useState(false);
  const text = stateText(item);
  return (
    <li
      data-upload-state={item.state}
      className="flex items-center gap-3 rounded-xl bg-white p-2 ring-1 ring-cream-300"
    >
      {previewFailed ? (
        <span className="grid size-14 shrink-0 place-items-center rounded-lg bg-cream-200" aria-hidden="true">
          <ImageIcon className="size-6 text-crust-700" />
        </span>
      ) : (
        <img
          src={item.preview}
          alt=""
          onError={() => setPreviewFailed(true)}
          className="size-14 shrink-0 rounded-lg bg-cream-200 object-cover"
        />
      )}
      <div className="min-w-0 flex-1">
        <p dir="ltr" className="truncate text-end text-sm font-medium text-cocoa-900">
          {item.file.name}
        </p>
        <p
          role="status"
          className={`text-sm ${item.state === "refused" ? "font-semibold text-berry-700" : item.state === "done" ? "font-semibold text-olive-700" : "text-cocoa-800"}`}
        >
          {text}
        </p>
        {item.state === "sending" || item.state === "processing" ? (
          <progress
            max={100}
            value={item.state === "processing" ? undefined : item.percent}
            aria-label={s.progressLabel(item.file.name)}
            className="mt-1 h-2 w-full appearance-none overflow-hidden rounded-full bg-cream-200 [&::-moz-progress-bar]:bg-crust-700 [&::-webkit-progress-bar]:bg-cream-200 [&::-webkit-progress-value]:bg-crust-700"
          />
        ) : null}
      </div>
      {onRemove && item.state !== "done" ? (
        <Button aria-label={s.removeFile(item.file.name)} onPress={onRemove} className={buttonClass.quiet}>
          <TrashIcon className="size-4" />
        </Button>
      ) : null}
    </li>
  );
}
