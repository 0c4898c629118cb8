/**
 * Tiles of the catalogue: an image at 300×260 with a name (spec §2 "home tiles are 300x260"),
 * and whatever the caller puts under the name (the product grid: product-grid.tsx), plus the home
 * sections' rows and headings. Grids of tiles share TILE_SIZES, so the browser picks the right variant at
 * every width.
 */
import type { ReactNode } from "react";
import type { Picture } from "../../../domain/contracts/catalogue.ts";
import { ResponsivePicture } from "../ui/picture.tsx";

export const TILE_WIDTH = 300;
export const TILE_HEIGHT = 260;

/**
 * Home sections: tiles exactly 300 px wide from 1024 px (three or four to a row, short rows centred),
 * two or three fluid columns below. Put it in a container of at least HOME_ROW_WIDTH for four.
 */
export const TILE_ROW = "flex flex-wrap justify-center gap-x-4 gap-y-6 lg:gap-x-6";
export const TILE_ROW_ITEM = "w-[calc(50%-0.5rem)] sm:w-[calc(33.333%-0.667rem)] lg:w-[300px]";
/** 4 × 300 px + 3 × 24 px gaps + 2 × 24 px padding. */
export const HOME_SECTION = "mx-auto max-w-[1320px] px-4 sm:px-6";
export const TILE_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 23vw, (min-width: 640px) 31vw, 46vw";
/** Home rows are 300 px from 1024 px on. */
export const HOME_TILE_SIZES = "(min-width: 1024px) 300px, (min-width: 640px) 31vw, 46vw";

export function ImageTile({
  to,
  name,
  picture,
  priority = false,
  sizes = TILE_SIZES,
  children,
}: {
  to: string;
  name: string;
  picture: Picture | null;
  priority?: boolean;
  sizes?: string;
  children?: ReactNode;
}) {
  return (
    <a
      href={to}
      // The floating chat button may pass over the image, not the text (chat-button.tsx).
      data-chat-tile=""
      className="group flex h-full flex-col overflow-hidden rounded-2xl bg-cream-50 shadow-sm ring-1 ring-cream-300 transition hover:shadow-md hover:ring-crust-500"
    >
      <span className="block overflow-hidden bg-cream-200">
        <ResponsivePicture
          picture={picture}
          alt=""
          sizes={sizes}
          width={TILE_WIDTH}
          height={TILE_HEIGHT}
          priority={priority}
          className="aspect-[300/260] w-full object-cover transition duration-300 group-hover:scale-[1.03]"
        />
      </span>
      <span data-chat-avoid="" className="flex flex-1 flex-col gap-1 px-3 py-3 sm:px-4">
        <span className="text-lg leading-snug font-bold text-cocoa-900">{name}</span>
        {children}
      </span>
    </a>
  );
}

/** A home section's heading, with a link to the whole list beside it. */
export function SectionHeading({
  id,
  title,
  link,
}: {
  id: string;
  title: string;
  link?: { to: string; label: string };
}) {
  return (
    <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
      <h2 id={id} className="text-2xl font-extrabold text-cocoa-900 sm:text-3xl">
        {title}
      </h2>
      {link ? (
        <a href={link.to} className="font-semibold text-crust-700 underline underline-offset-4 hover:text-crust-600">
          {link.label}
        </a>
      ) : null}
    </div>
  );
}
