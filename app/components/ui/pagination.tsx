/**
 * Page navigation for any Laravel paginator (server/services/pagination.ts), public site and admin alike.
 *
 *   <Pagination meta={page} windowLimit={2} />
 *
 * Behaviour (spec §9):
 *  - Rendered only when `total` exceeds `per_page`.
 *  - `windowLimit`: page numbers shown on each side of the current one (2 on the public site);
 *    0 shows every page, -1 shows no page numbers (only previous/next). First and last pages are
 *    always shown; a gap of one page shows that page, a longer gap shows "…".
 *  - Previous/next are disabled when `prev_page_url` / `next_page_url` is missing.
 *  - The current page and the "…" are not links, so clicking them does nothing.
 *  - Every page is a real link (`?page=N`, other query parameters kept): it works without JavaScript,
 *    can be opened in a new tab and shared. With JavaScript React Router navigates client-side.
 *
 * Hrefs come from `first_page_url` with its `page` parameter replaced, so the paginator of a page
 * route (path "/products") yields page links; pass `hrefFor` when the meta came from the JSON API
 * and the links must point elsewhere (e.g. an admin screen that shows `/api/admin/products`).
 */
import { Link } from "react-router";
import type { PaginatorMeta } from "../../../domain/contracts/catalogue.ts";
import { heCatalogue } from "../../../domain/i18n/catalogue.ts";
import { ChevronIcon } from "./icon.tsx";

export type PaginationMeta = Pick<
  PaginatorMeta,
  "current_page" | "last_page" | "per_page" | "total" | "first_page_url" | "next_page_url" | "prev_page_url"
>;

export interface PaginationProps {
  meta: PaginationMeta;
  /** Page numbers on each side of the current page: 2 on the public site; 0 = all pages; -1 = none. */
  windowLimit?: number;
  /** Href of page N; defaults to `first_page_url` with `page=N`. */
  hrefFor?: (page: number) => string;
  /** Accessible name of the navigation landmark (two paginations on one screen need different ones). */
  label?: string;
  className?: string;
}

export type PageItem = number | "…";

/** The page numbers and gaps to show (the algorithm of laravel-vue-pagination's `limit`). */
export function pageItems(current: number, last: number, windowLimit: number): PageItem[] {
  if (windowLimit < 0 || last < 1) return [];
  if (windowLimit === 0) return Array.from({ length: last }, (_, i) => i + 1);
  const left = current - windowLimit;
  const right = current + windowLimit;
  const shown: number[] = [];
  for (let i = 1; i <= last; i++) {
    if (i === 1 || i === last || (i >= left && i <= right)) shown.push(i);
  }
  const items: PageItem[] = [];
  let previous: number | undefined;
  for (const page of shown) {
    if (previous !== undefined) {
      if (page - previous === 2) items.push(previous + 1);
      else if (page - previous > 2) items.push("…");
    }
    items.push(page);
    previous = page;
  }
  return items;
}

/** `url` with its `page` query parameter set to N; keeps the path, other parameters and any origin. */
export function withPage(url: string, page: number): string {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(url);
  const parsed = new URL(url, "http://relative.invalid");
  parsed.searchParams.set("page", String(page));
  return absolute ? parsed.toString() : `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

const baseItem =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 text-base font-semibold transition-colors";
const linkItem = `${baseItem} text-cocoa-900 ring-1 ring-cream-300 bg-cream-50 hover:bg-cream-200 hover:ring-crust-500`;
const disabledItem = `${baseItem} cursor-not-allowed text-cocoa-800/60 ring-1 ring-cream-200`;

export function Pagination({ meta, windowLimit = 2, hrefFor, label, className }: PaginationProps) {
  if (meta.total <= meta.per_page) return null;
  const href = hrefFor ?? ((page: number) => withPage(meta.first_page_url, page));
  const current = meta.current_page;
  const items = pageItems(current, meta.last_page, windowLimit);

  return (
    <nav aria-label={label ?? heCatalogue.pagination.label} className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {meta.prev_page_url ? (
            <Link to={href(Math.min(current - 1, meta.last_page))} rel="prev" className={linkItem}>
              <ChevronIcon direction="start" className="size-5" />
              <span className="pe-1">{heCatalogue.pagination.previous}</span>
            </Link>
          ) : (
            // biome-ignore lint/a11y/useValidAnchor: a disabled link (no href) is the accessible pattern here
            <a role="link" aria-disabled="true" className={disabledItem}>
              <ChevronIcon direction="start" className="size-5" />
              <span className="pe-1">{heCatalogue.pagination.previous}</span>
            </a>
          )}
        </li>
        {items.map((item, index) =>
          item === "…" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: two gaps can exist; their position is their identity
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-cocoa-800">
              …
            </li>
          ) : item === current ? (
            <li key={item}>
              <span aria-current="page" className={`${baseItem} bg-crust-700 text-white`}>
                <span className="sr-only">{heCatalogue.pagination.current(item)}</span>
                <span aria-hidden="true">{item}</span>
              </span>
            </li>
          ) : (
            <li key={item}>
              <Link to={href(item)} className={linkItem} aria-label={heCatalogue.pagination.page(item)}>
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {meta.next_page_url ? (
            <Link to={href(current + 1)} rel="next" className={linkItem}>
              <span className="ps-1">{heCatalogue.pagination.next}</span>
              <ChevronIcon direction="end" className="size-5" />
            </Link>
          ) : (
            // biome-ignore lint/a11y/useValidAnchor: a disabled link (no href) is the accessible pattern here
            <a role="link" aria-disabled="true" className={disabledItem}>
              <span className="ps-1">{heCatalogue.pagination.next}</span>
              <ChevronIcon direction="end" className="size-5" />
            </a>
          )}
        </li>
      </ul>
    </nav>
  );
}
