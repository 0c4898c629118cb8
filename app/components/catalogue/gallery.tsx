/**
 * The product's 'view images' modal (spec §2): one large image at a time, previous/next buttons,
 * thumbnails, a live "image 2 of 3" counter, ←/→ keys (right-to-left: ← is next), Escape or the
 * close button to leave. Images load only when the modal opens.
 */
import { useState } from "react";
import type { Picture } from "../../../domain/contracts/catalogue.ts";
import { heCatalogue } from "../../../domain/i18n/catalogue.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { ChevronIcon, CloseIcon } from "../ui/icon.tsx";
import { ModalDialog } from "../ui/modal-dialog.tsx";
import { GalleryIcon } from "../ui/other-icons.tsx";
import { ResponsivePicture } from "../ui/picture.tsx";

const OPEN_CLASS =
  "inline-flex min-h-11 items-center gap-2 rounded-full bg-cream-50 px-5 font-semibold text-cocoa-900 shadow-sm ring-1 ring-cream-300 hover:bg-cream-200";

export function ProductGallery({ name, images }: { name: string; images: Picture[] }) {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  // Not useId: the gallery is an island, whose useId differs between server and browser (island.tsx).
  const titleId = "gallery-title";
  const count = images.length;
  const current = images[index];
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const hydrated = useHydrated();
  if (count === 0) return null;
  const openLabel = (
    <>
      <GalleryIcon className="size-5" />
      {heCatalogue.product.viewImages}
      <span className="text-cocoa-800">({count})</span>
    </>
  );

  const navButton =
    "inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1 rounded-full bg-cream-50 px-3 font-semibold text-cocoa-900 ring-1 ring-cream-300 hover:bg-cream-200 disabled:opacity-50 sm:px-4";

  return (
    <>
      {hydrated ? (
        <button
          type="button"
          data-focus-key="gallery-open"
          onClick={() => {
            setIndex(0);
            setOpen(true);
          }}
          className={OPEN_CLASS}
        >
          {openLabel}
        </button>
      ) : (
        // Without JavaScript the gallery cannot open: the link shows the main image at full size instead.
        <a href={images[0]?.url} data-focus-key="gallery-open" className={OPEN_CLASS}>
          {openLabel}
        </a>
      )}
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        labelledBy={titleId}
        className="m-auto w-[calc(100%-1.5rem)] max-w-4xl rounded-3xl bg-cream-100 p-0 text-cocoa-900 shadow-2xl backdrop:bg-cocoa-900/75"
        onKeyDown={(event) => {
          if (count < 2) return;
          // Right-to-left: the next image is to the left.
          if (event.key === "ArrowLeft") go(1);
          else if (event.key === "ArrowRight") go(-1);
        }}
      >
        <div className="flex flex-col gap-4 p-4 sm:p-6">
          <div className="flex items-center justify-between gap-4">
            <h2 id={titleId} className="text-xl font-bold">
              {heCatalogue.product.galleryTitle(name)}
            </h2>
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-cream-200"
            >
              <CloseIcon className="size-6" />
              <span className="sr-only">{heCatalogue.product.closeGallery}</span>
            </button>
          </div>
          {current ? (
            <figure className="overflow-hidden rounded-2xl bg-cream-200">
              <ResponsivePicture
                picture={current}
                sizes="(min-width: 928px) 848px, 92vw"
                priority
                className="max-h-[60vh] w-full object-contain"
              />
            </figure>
          ) : null}
          <div className="flex items-center justify-between gap-3">
            <button type="button" className={navButton} onClick={() => go(-1)} disabled={count < 2}>
              <ChevronIcon direction="start" className="size-5" />
              <span className="sr-only sm:not-sr-only">{heCatalogue.product.previousImage}</span>
            </button>
            <p aria-live="polite" className="text-center font-semibold">
              {heCatalogue.product.imageCounter(index + 1, count)}
            </p>
            <button type="button" className={navButton} onClick={() => go(1)} disabled={count < 2}>
              <span className="sr-only sm:not-sr-only">{heCatalogue.product.nextImage}</span>
              <ChevronIcon direction="end" className="size-5" />
            </button>
          </div>
          {count > 1 ? (
            <ul className="flex flex-wrap justify-center gap-2">
              {images.map((image, i) => (
                <li key={image.id}>
                  <button
                    type="button"
                    aria-pressed={i === index}
                    onClick={() => setIndex(i)}
                    className="block overflow-hidden rounded-xl ring-2 ring-transparent aria-pressed:ring-crust-700"
                  >
                    <ResponsivePicture
                      picture={image}
                      alt={heCatalogue.product.showImage(i + 1)}
                      sizes="96px"
                      width={96}
                      height={72}
                      className="aspect-[4/3] w-24 object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </ModalDialog>
    </>
  );
}
