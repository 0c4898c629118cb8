/** Small presentational pieces of the catalogue pages. */
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ProductTag } from "../../../domain/contracts/catalogue.ts";
import { he } from "../../../domain/i18n/site.ts";
import { tagTone } from "../../lib/format.ts";

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
        <Link to={link.to} className="font-semibold text-crust-700 underline underline-offset-4 hover:text-crust-600">
          {link.label}
        </Link>
      ) : null}
    </div>
  );
}

export interface Crumb {
  label: string;
  to?: string;
}

/** "Home › Categories › Cakes": the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label={he.catalogue.breadcrumbs} className="text-sm text-cocoa-800">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {items.map((item, index) => (
          <li key={item.to ?? item.label} className="flex items-center gap-2">
            {index > 0 ? (
              <span aria-hidden="true" className="text-crust-600">
                ‹
              </span>
            ) : null}
            {item.to ? (
              <Link to={item.to} className="underline-offset-4 hover:text-crust-700 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-semibold text-cocoa-900">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A rounded chip linking somewhere (subcategories, 'suitable for'). */
export function Chip({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-10 items-center rounded-full bg-cream-50 px-4 font-semibold text-crust-700 ring-1 ring-crust-500/60 hover:bg-cream-200"
    >
      {children}
    </Link>
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

/** The five-star display of the product page (spec §2). */
export function FiveStars() {
  return (
    <span className="inline-flex items-center gap-0.5 text-[#a35f00]" role="img" aria-label={he.product.rating}>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="size-5" fill="currentColor">
          <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
        </svg>
      ))}
    </span>
  );
}
