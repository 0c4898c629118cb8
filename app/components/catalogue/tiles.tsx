/**
 * Tiles of the catalogue: an image at 300×260 with a name (spec §2 "home tiles are 300x260"),
 * optionally with the product's short title and its lowest price. Grids of tiles share TILE_SIZES,
 * so the browser picks the right variant at every width.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Picture, ProductSummary } from "../../../domain/contracts/catalogue.ts";
import { he } from "../../../domain/i18n/site.ts";
import { formatShekels } from "../../../domain/money.ts";
import { ResponsivePicture } from "../ui/picture.tsx";

export const TILE_WIDTH = 300;
export const TILE_HEIGHT = 260;

/** Two columns on phones, three on tablets, four (300 px each) from 1024 px. */
export const TILE_GRID = "grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4 lg:gap-x-6";
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
    <Link
      to={to}
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
      <span className="flex flex-1 flex-col gap-1 px-3 py-3 sm:px-4">
        <span className="text-lg leading-snug font-bold text-cocoa-900">{name}</span>
        {children}
      </span>
    </Link>
  );
}

export function ProductTile({
  product,
  priority = false,
  details = true,
  sizes,
}: {
  product: ProductSummary;
  priority?: boolean;
  /** Show the short title and the lowest price under the name. */
  details?: boolean;
  sizes?: string;
}) {
  return (
    <ImageTile
      to={`/product/${product.id}`}
      name={product.name}
      picture={product.mainImage}
      priority={priority}
      sizes={sizes}
    >
      {details ? (
        <>
          {product.title ? <span className="line-clamp-2 text-sm text-cocoa-800">{product.title}</span> : null}
          {product.price_from !== null ? (
            <span className="mt-auto pt-1 text-base font-semibold text-crust-700">
              {he.catalogue.priceFrom}
              <bdi className="whitespace-nowrap">{formatShekels(product.price_from)}</bdi>
            </span>
          ) : null}
        </>
      ) : null}
    </ImageTile>
  );
}

export function ProductGrid({
  products,
  priorityCount = 0,
  label,
}: {
  products: ProductSummary[];
  /** How many leading tiles are above the fold (eager, high priority). */
  priorityCount?: number;
  label?: string;
}) {
  return (
    <ul className={TILE_GRID} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductTile product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
