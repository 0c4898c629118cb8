/**
 * The product grid of the catalogue pages: product tiles with the dietary badge, the short title and the
 * lowest price under the name. Apart from tiles.tsx, so that the home page (whose product tiles show the
 * name only) does not load the kashrut components the badge comes from.
 */
import type { ProductSummary } from "../../../domain/contracts/catalogue.ts";
import { heCatalogue } from "../../../domain/i18n/catalogue.ts";
import { formatShekels } from "../../../domain/money.ts";
import { SoldOutBadge } from "./bits.tsx";
import { DietaryBadge } from "./kashrut.tsx";
import { ImageTile } from "./tiles.tsx";

/** Two columns on phones, three on tablets, four (300 px each) from 1024 px. */
export const TILE_GRID = "grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4 lg:gap-x-6";

function ProductTile({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  return (
    <ImageTile to={`/product/${product.id}`} name={product.name} picture={product.mainImage} priority={priority}>
      {product.dietary || product.sold_out ? (
        <span className="flex flex-wrap gap-1">
          {product.sold_out ? <SoldOutBadge /> : null}
          {product.dietary ? <DietaryBadge dietary={product.dietary} /> : null}
        </span>
      ) : null}
      {product.title ? <span className="line-clamp-2 text-sm text-cocoa-800">{product.title}</span> : null}
      {product.price_from !== null ? (
        <span data-price="" className="mt-auto self-start pt-1 text-base font-semibold text-crust-700">
          {heCatalogue.catalogue.priceFrom}
          <bdi className="whitespace-nowrap">{formatShekels(product.price_from)}</bdi>
        </span>
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
