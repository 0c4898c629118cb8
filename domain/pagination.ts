/**
 * Laravel-style pagination, shared by every paged list (public products, admin lists…): pure code that
 * pages, the API and the admin screens share; callers pass their own `count`/`fetch` queries.
 *
 * The JSON is Laravel's LengthAwarePaginator in its flat form (spec §3, architecture.md):
 * `data, current_page, last_page, per_page, total, from, to, path, first_page_url, last_page_url,
 * next_page_url, prev_page_url, links`. Differences from Laravel, on purpose:
 *  - URLs are root-relative (`/products?search=x&page=2`), not absolute: they stay right behind any
 *    proxy or host name, and the same helper serves pages (`/products`) and the API (`/api/products`).
 *  - `links` labels are Hebrew ("הקודם" / "הבא"); the page window of `links` is Laravel's
 *    (3 pages on each side, "..." entries with `url: null`).
 *
 * Page numbers follow Laravel too: anything that is not an integer ≥ 1 means page 1; a page past the
 * end gives empty `data` (with `from`/`to` null) — callers that render HTML may redirect instead.
 *
 * Usage (any query builder):
 *   const page = parsePage(url.searchParams.get("page"));
 *   return paginateQuery({
 *     page, perPage: 20, path: "/api/admin/products", query: { search_global: "חלה" },
 *     count: () => countRows(),                         // total rows matching the filters
 *     fetch: (limit, offset) => selectRows(limit, offset), // that page's rows, in display order
 *   });
 */
import type { PageLink, Paginated } from "./contracts/catalogue.ts";
import { heCatalogue } from "./i18n/catalogue.ts";

/** Public product grid page size (spec §9 leaves it open): 12 divides into 2, 3 and 4 columns. */
export const PRODUCTS_PER_PAGE = 12;

/** Above this, a page number is treated as "past the end" without building a huge OFFSET. */
export const MAX_PAGE = 1_000_000;

/** How many page numbers `links` shows on each side of the current page (Laravel's default). */
const LINKS_ON_EACH_SIDE = 3;

/** Laravel's labels for `links`, in Hebrew; "..." is Laravel's own gap marker. */
export const PAGE_LABELS = {
  previous: heCatalogue.pagination.previous,
  next: heCatalogue.pagination.next,
  ellipsis: "...",
} as const;

/** Laravel's rule: a positive integer, else 1. Capped at MAX_PAGE. */
export function parsePage(raw: unknown): number {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^\d{1,16}$/.test(text)) return 1;
  const page = Number(text);
  if (page < 1) return 1;
  return Math.min(page, MAX_PAGE);
}

export type QueryParams = Record<string, string | number | null | undefined> | URLSearchParams;

/** `path?query&page=N`, dropping empty parameters and any previous `page`. */
export function pageUrl(path: string, query: QueryParams | undefined, page: number): string {
  const params = new URLSearchParams();
  const entries = query instanceof URLSearchParams ? [...query.entries()] : Object.entries(query ?? {});
  for (const [key, value] of entries) {
    if (key === "page" || value === null || value === undefined || value === "") continue;
    params.append(key, String(value));
  }
  params.set("page", String(page));
  return `${path}?${params.toString()}`;
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

/** Laravel's UrlWindow: page numbers and "..." gaps for `links`. */
export function linkWindow(current: number, last: number, onEachSide = LINKS_ON_EACH_SIDE): (number | "...")[] {
  if (last <= 1) return [1];
  const window = onEachSide + 4;
  if (last < onEachSide * 2 + 8) return range(1, last);
  let first: number[];
  let slider: number[] | null = null;
  let end: number[];
  if (current <= window) {
    first = range(1, window + onEachSide);
    end = [last - 1, last];
  } else if (current > last - window) {
    first = [1, 2];
    end = range(last - (window + (onEachSide - 1)), last);
  } else {
    first = [1, 2];
    slider = range(current - onEachSide, current + onEachSide);
    end = [last - 1, last];
  }
  return slider ? [...first, "...", ...slider, "...", ...end] : [...first, "...", ...end];
}

export interface PaginateOptions {
  total: number;
  page: number;
  perPage: number;
  /** Root-relative path of the list, e.g. "/products" or "/api/products". */
  path: string;
  /** Filters to keep in every page URL (e.g. { search }); empty values are dropped. */
  query?: QueryParams;
}

/** Wraps one page of rows in the paginator JSON. */
export function paginate<T>(data: T[], options: PaginateOptions): Paginated<T> {
  const { total, page, perPage, path, query } = options;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (n: number) => pageUrl(path, query, n);
  const from = data.length ? (page - 1) * perPage + 1 : null;
  const to = from === null ? null : from + data.length - 1;
  const prev = page > 1 ? url(Math.min(page - 1, lastPage)) : null;
  const next = page < lastPage ? url(page + 1) : null;
  const links: PageLink[] = [
    { url: prev, label: PAGE_LABELS.previous, active: false },
    ...linkWindow(page, lastPage).map((item) =>
      item === "..."
        ? { url: null, label: PAGE_LABELS.ellipsis, active: false }
        : { url: url(item), label: String(item), active: item === page },
    ),
    { url: next, label: PAGE_LABELS.next, active: false },
  ];
  return {
    data,
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    total,
    from,
    to,
    path,
    first_page_url: url(1),
    last_page_url: url(lastPage),
    next_page_url: next,
    prev_page_url: prev,
    links,
  };
}

/** Counts, then fetches only when the page has rows; returns the paginator JSON. */
export async function paginateQuery<T>(
  options: Omit<PaginateOptions, "total"> & {
    count: () => Promise<number>;
    fetch: (limit: number, offset: number) => Promise<T[]>;
  },
): Promise<Paginated<T>> {
  const total = await options.count();
  const offset = (options.page - 1) * options.perPage;
  const data = offset < total ? await options.fetch(options.perPage, offset) : [];
  return paginate(data, { ...options, total });
}
