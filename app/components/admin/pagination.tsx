/**
 * Admin pagination (spec §9): shown only when there are more rows than fit one page; previous/next are
 * disabled when the paginator has no URL for them; the current page and the ellipses do nothing.
 */
import type { Paginated } from "../../lib/admin-types.ts";
import { he } from "../../lib/i18n/he.ts";
import { ADMIN_WINDOW_LIMIT, pageWindow } from "./page-window.ts";

const base =
  "inline-flex min-w-10 items-center justify-center rounded-lg px-3 py-2 font-semibold outline-none focus-visible:ring-4 focus-visible:ring-crust-600/40";

export function AdminPagination({
  page,
  onPage,
  windowLimit = ADMIN_WINDOW_LIMIT,
}: {
  page: Pick<
    Paginated<unknown>,
    "current_page" | "last_page" | "total" | "per_page" | "next_page_url" | "prev_page_url"
  >;
  onPage: (page: number) => void;
  windowLimit?: number;
}) {
  if (page.total <= page.per_page) return null;
  const p = he.admin.pagination;
  const items = pageWindow(page.current_page, page.last_page, windowLimit);
  return (
    <nav aria-label={p.label} className="mt-4">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <button
            type="button"
            className={`${base} text-crust-700 hover:bg-cream-200 disabled:text-cocoa-800/50 disabled:hover:bg-transparent`}
            disabled={!page.prev_page_url}
            onClick={() => onPage(page.current_page - 1)}
          >
            {p.previous}
          </button>
        </li>
        {items.map((item, index) =>
          item === "ellipsis" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity but its place
            <li key={`gap-${index}`} aria-hidden="true" className="px-2 text-cocoa-800">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page.current_page ? (
                <span aria-current="page" className={`${base} bg-crust-700 text-white`}>
                  <span className="sr-only">{p.current(item)}</span>
                  <span aria-hidden="true">{item}</span>
                </span>
              ) : (
                <button
                  type="button"
                  className={`${base} text-cocoa-900 hover:bg-cream-200`}
                  onClick={() => onPage(item)}
                  aria-label={p.page(item)}
                >
                  {item}
                </button>
              )}
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={`${base} text-crust-700 hover:bg-cream-200 disabled:text-cocoa-800/50 disabled:hover:bg-transparent`}
            disabled={!page.next_page_url}
            onClick={() => onPage(page.current_page + 1)}
          >
            {p.next}
          </button>
        </li>
      </ul>
    </nav>
  );
}
