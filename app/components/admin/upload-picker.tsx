/**
 * Choosing images before they are sent (issue 12): the drop zone and file picker with the spec's hint, each
 * chosen file with its thumbnail, its state in words and its own progress, and the one upload call — the
 * spec's POST /api/admin/images with one files[] entry, so every file gets its own verdict. The images
 * screen (image-manager.tsx) and the new-product form (photos uploaded right after the product is created)
 * both use it.
 */
import { useState } from "react";
import { Button, DropZone, FileTrigger, isFileDropItem, Text } from "react-aria-components";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { ImageOwnerType } from "../../../domain/schemas/admin/images.ts";
import { ApiError, apiUpload } from "../../lib/api-client.ts";
import { ImageIcon, TrashIcon } from "../ui/other-icons.tsx";
import { buttonClass } from "./fields.tsx";

const s = heAdmin.imagesScreen;

/** What the picker and the drop zone take; HEIC/HEIF are phone photos, decoded on the server. */
export const ACCEPTED_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/svg+xml",
  "image/heic",
  "image/heif",
];

/** A chosen file on its way: a preview before upload, then its own progress and the server's verdict. */
export interface UploadItem {
  key: string;
  file: File;
  /** Object URL for the thumbnail (browsers without HEIC support show an icon instead). */
  preview: string;
  state: "waiting" | "sending" | "processing" | "done" | "refused";
  percent: number;
  message?: string;
}

export function stateText(item: UploadItem): string {
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
export function UploadHint() {
  return (
    <p id="upload-hint" className="text-sm text-cocoa-800">
      {s.hintFormats.map((name) => (
        <span key={name}>
          <bdi dir="ltr">{name}</bdi>
          {name === s.hintFormats.at(-1) ? " " : ", "}
        </span>
      ))}
      {s.hintOr} <bdi dir="ltr">{s.hintHeic}</bdi> {s.hintPhones}. {s.hintSize}: <bdi dir="ltr">{s.hintPixels}</bdi>{" "}
      {s.hintScaled}
    </p>
  );
}

/** The list with these files added (once each); files already uploaded leave it. */
export function withChosenFiles(current: UploadItem[], files: File[]): UploadItem[] {
  const kept = current.filter((item) => {
    if (item.state === "done") URL.revokeObjectURL(item.preview);
    return item.state !== "done";
  });
  const added = files
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
}

/** The list without this file (its thumbnail released). */
export function withoutFile(current: UploadItem[], key: string): UploadItem[] {
  const gone = current.find((item) => item.key === key);
  if (gone) URL.revokeObjectURL(gone.preview);
  return current.filter((item) => item.key !== key);
}

/** Where an owner type's files go (the spec's `directory` field). */
function directoryOf(type: ImageOwnerType): string {
  return type === "category" ? "categories" : type === "branch" ? "branches" : `${type}s`;
}

/** Uploads one file to its owner, reporting its progress as a change of its row. Throws ApiError when refused. */
async function uploadImage(
  type: ImageOwnerType,
  id: number,
  file: File,
  onChange: (change: Partial<UploadItem>) => void,
): Promise<void> {
  const form = new FormData();
  form.append("id", String(id));
  form.append("type", type);
  form.append("directory", directoryOf(type));
  form.append("files[]", file, file.name);
  await apiUpload("/api/admin/images", form, (sent, total) => {
    const percent = Math.floor((sent / total) * 100);
    onChange(percent >= 100 ? { state: "processing", percent: 100 } : { state: "sending", percent });
  });
}

/** Why the server refused a file, for its row (its first field error, else its message). */
function refusalMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? (Object.values(error.fieldErrors).flat()[0] ?? error.body?.message) : undefined;
}

/**
 * Uploads `pending` to their owner one after another (one request each, with one `files[]` entry): each row gets
 * its own progress and verdict through `setItems`, and a refused file does not stop the others. Returns how many
 * were saved and the files refused, in order, with why.
 */
export async function uploadEach(
  type: ImageOwnerType,
  id: number,
  pending: readonly UploadItem[],
  setItems: (apply: (list: UploadItem[]) => UploadItem[]) => void,
): Promise<{ saved: number; refused: { file: File; error: unknown }[] }> {
  const refused: { file: File; error: unknown }[] = [];
  for (const item of pending) {
    const change = (c: Partial<UploadItem>) =>
      setItems((list) => list.map((row) => (row.key === item.key ? { ...row, ...c } : row)));
    change({ state: "sending", percent: 0, message: undefined });
    try {
      await uploadImage(type, id, item.file, change);
      change({ state: "done", percent: 100 });
    } catch (error) {
      change({ state: "refused", message: refusalMessage(error) });
      refused.push({ file: item.file, error });
    }
  }
  return { saved: pending.length - refused.length, refused };
}

/** The drop zone, the file picker, the hint and the chosen files. */
export function UploadPicker({
  label,
  items,
  onAdd,
  onRemove,
}: {
  label: string;
  items: UploadItem[];
  onAdd: (files: File[]) => void;
  /** Without it (while uploading) files cannot be taken off the list. */
  onRemove?: (key: string) => void;
}) {
  return (
    <>
      <DropZone
        aria-label={label}
        getDropOperation={(types) => (ACCEPTED_TYPES.some((t) => types.has(t)) ? "copy" : "cancel")}
        onDrop={async (event) => {
          const dropped = await Promise.all(event.items.filter(isFileDropItem).map((item) => item.getFile()));
          onAdd(dropped);
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
          onSelect={(list) => onAdd(list ? [...list] : [])}
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
          <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label={label}>
            {items.map((item) => (
              <UploadRow key={item.key} item={item} onRemove={onRemove ? () => onRemove(item.key) : undefined} />
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** "HEIC" for "IMG_0042.heic": the file's kind, for the placeholder of a photo without a preview. */
const extensionOf = (name: string) => name.split(".").at(-1)?.slice(0, 5).toUpperCase() ?? "";

/**
 * One chosen file: its thumbnail, name, state in words and a progress bar while it is being sent. A photo the
 * browser cannot draw (issue 29: HEIC, which only Safari shows) gets a placeholder naming its type and a line
 * saying the picture appears once uploaded (the server converts it).
 */
export function UploadRow({ item, onRemove }: { item: UploadItem; onRemove?: () => void }) {
  const [previewFailed, setPreviewFailed] = useState(false);
  const text = stateText(item);
  return (
    <li
      data-upload-state={item.state}
      className="flex items-center gap-3 rounded-xl bg-white p-2 ring-1 ring-cream-300"
    >
      {previewFailed ? (
        // A photo the browser cannot draw (HEIC outside Safari): its type in words instead of a blank square.
        <span
          className="grid size-14 shrink-0 place-items-center rounded-lg bg-cream-200 text-crust-700"
          aria-hidden="true"
        >
          <ImageIcon className="size-5" />
          <span dir="ltr" className="text-xs font-bold">
            {extensionOf(item.file.name)}
          </span>
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
        {previewFailed && item.state !== "done" ? <p className="text-sm text-cocoa-800">{s.noPreview}</p> : null}
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
