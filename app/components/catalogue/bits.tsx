/** Small presentational pieces of the catalogue pages. */
import type { ProductTag } from "../../../domain/contracts/catalogue.ts";
import { heCatalogue } from "../../../domain/i18n/catalogue.ts";
import { tagTone } from "../../lib/format.ts";
import { subcategoryHref } from "../../lib/links.ts";
import type { Crumb } from "../../lib/structured-data.ts";

/**
 * "Home › Categories › Cakes": the same trail the page gives search engines (breadcrumbJsonLd); the last
 * crumb is the current page.
 */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label={heCatalogue.catalogue.breadcrumbs} className="text-sm text-cocoa-800">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {items.map((item, index) => (
          <li key={`${item.path} ${item.name}`} className="flex items-center gap-2">
            {index > 0 ? (
              <span aria-hidden="true" className="text-crust-600">
                ‹
              </span>
            ) : null}
            {index < items.length - 1 ? (
              <a href={item.path} className="underline-offset-4 hover:text-crust-700 hover:underline">
                {item.name}
              </a>
            ) : (
              <span aria-current="page" className="font-semibold text-cocoa-900">
                {item.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A headed row of category chips, each a link to its category's products (a category's subcategories, the
 * categories a product suits). `inline` puts the heading on the chips' line.
 */
export function CategoryChips({
  id,
  heading,
  categories,
  inline = false,
}: {
  id: string;
  heading: string;
  categories: { id: number; name: string }[];
  inline?: boolean;
}) {
  if (!categories.length) return null;
  return (
    <div className={inline ? "flex flex-wrap items-center gap-2" : "mt-6"}>
      <h2 id={id} className={inline ? "font-bold text-cocoa-900" : "mb-3 text-lg font-bold text-cocoa-900"}>
        {heading}
      </h2>
      <ul aria-labelledby={id} className="flex flex-wrap gap-2">
        {categories.map((category) => (
          <li key={category.id}>
            <a
              href={subcategoryHref(category.id)}
              className="inline-flex min-h-10 items-center rounded-full bg-cream-50 px-4 font-semibold text-crust-700 ring-1 ring-crust-500/60 hover:bg-cream-200"
            >
              {category.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const TONE_CLASSES = {
  red: "bg-tag-red text-white",
  blue: "bg-tag-blue text-white",
  orange: "bg-tag-orange text-white",
  neutral: "bg-cream-200 text-cocoa-900 ring-1 ring-cream-300",
} as const;

/** A product tag in its colour (the Hebrew words אדום / כחול / כתום pick it). */
export function TagBadge({ tag }: { tag: ProductTag }) {
  const tone = tagTone(tag.color);
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-bold ${TONE_CLASSES[tone]}`}
    >
      {tag.name}
    </span>
  );
}

/** "אזל להיום" (issue 30): on the product tile and beside the product's name. */
export function SoldOutBadge({ large = false }: { large?: boolean }) {
  return (
    <span
      data-sold-out=""
      className={`inline-flex items-center rounded-full bg-berry-700 font-bold text-white ${large ? "px-3 py-1 text-base" : "px-2 py-0.5 text-sm"}`}
    >
      {heCatalogue.product.soldOut}
    </span>
  );
}

const STAR_PATH = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

/**
 * Five stars filled up to `rating` (0–5, fractions filled in part, from the start side), drawn for the eye
 * only: the caller gives the accessible name (issue 12: the stars show real reviews, never a fixed 5).
 */
export function Stars({ rating, className = "size-5" }: { rating: number; className?: string }) {
  return (
    <span aria-hidden="true" className="inline-flex items-center gap-0.5 text-[#a35f00]">
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.min(1, Math.max(0, rating - i));
        return (
          <span key={i} className={`relative inline-block ${className}`}>
            <svg aria-hidden="true" viewBox="0 0 24 24" focusable="false" className="absolute inset-0 size-full">
              <path d={STAR_PATH} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
            </svg>
            {fill > 0 ? (
              <span className="absolute inset-y-0 start-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  focusable="false"
                  className={`absolute inset-y-0 start-0 ${className}`}
                >
                  <path d={STAR_PATH} fill="currentColor" />
                </svg>
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}

/** An average as the page writes it: one decimal at most ("4.5", "4"). */
export const formatRating = (value: number) =>
  new Intl.NumberFormat("he-IL", { maximumFractionDigits: 1 }).format(value);

/**
 * A product's rating: the average of its approved reviews with their count ("4.5 מתוך 5 · 12 ביקורות"), or
 * empty stars and "עדיין אין ביקורות". One image to assistive technology, named by the same words.
 */
export function ProductRating({ average, count }: { average: number | null; count: number }) {
  const shown = average === null ? null : formatRating(average);
  return (
    <span
      role="img"
      aria-label={shown === null ? heCatalogue.product.noReviewsLabel : heCatalogue.product.ratingLabel(shown, count)}
      className="inline-flex flex-wrap items-center gap-2"
    >
      <Stars rating={average ?? 0} />
      <span className="font-semibold text-cocoa-800">
        {shown === null ? heCatalogue.product.noReviews : heCatalogue.product.rating(shown, count)}
      </span>
    </span>
  );
}
