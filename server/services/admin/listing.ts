/**
 * The shared machinery of every admin list: search on id, title and content plus a global search,
 * sorting by a whitelisted column, and Laravel's paginator JSON (spec §3, §7, §9).
 */
import { type Expression, type SqlBool, sql } from "kysely";
import type { PageLink, Paginated } from "../../../app/lib/admin-types.ts";
import { he } from "../../../app/lib/i18n/he.ts";
import type { ListQuery } from "../../../app/lib/schemas/admin/list.ts";
import { ValidationError } from "../../errors.ts";
import { escapeLike } from "../search/hebrew.ts";

/** How one list searches and sorts; column names are qualified ("products.name") where joins need it. */
export interface ListConfig {
  /** The id column, matched exactly by search_id (and by a numeric search_global). */
  id: string;
  /** Matched by search_title (case-insensitive substring). */
  title: string[];
  /** Matched by search_content. */
  content: string[];
  /** Also matched by search_global (besides id, title and content). */
  extraGlobal?: string[];
  /** order_column value → SQL column. */
  orderColumns: Record<string, string>;
}

/** Case-insensitive substring match of any column; numbers are compared as text. */
export function containsAny(columns: string[], term: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  const parts = columns.map(
    (column) => sql<SqlBool>`lower(cast(${sql.ref(column)} as text)) like ${pattern} escape '\\'`,
  );
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * The WHERE conditions for a list query. `globalExtra` lets a list add its own global matcher
 * (products use the normalized Hebrew search text).
 */
export function listConditions(
  config: ListConfig,
  query: ListQuery,
  globalExtra?: (term: string) => Expression<SqlBool> | null,
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (query.search_id !== undefined) conditions.push(sql<SqlBool>`${sql.ref(config.id)} = ${query.search_id}`);
  if (query.search_title) conditions.push(containsAny(config.title, query.search_title));
  if (query.search_content) conditions.push(containsAny(config.content, query.search_content));
  if (query.search_global) {
    const term = query.search_global;
    const parts: Expression<SqlBool>[] = [
      containsAny([...config.title, ...config.content, ...(config.extraGlobal ?? [])], term),
    ];
    if (/^\d{1,9}$/.test(term)) parts.push(sql<SqlBool>`${sql.ref(config.id)} = ${Number(term)}`);
    const extra = globalExtra?.(term);
    if (extra) parts.push(extra);
    conditions.push(sql<SqlBool>`(${sql.join(parts, sql` or `)})`);
  }
  return conditions;
}

/** The SQL column for order_column, or a 422 when the list does not allow it. */
export function orderColumnOf(config: ListConfig, query: ListQuery): string {
  const column = config.orderColumns[query.order_column];
  if (!column) throw new ValidationError({ order_column: [he.admin.validation.orderColumn] });
  return column;
}

/** Builds Laravel's paginator JSON; URLs are relative and keep the list's other query parameters. */
export function paginate<T>(
  rows: T[],
  total: number,
  query: Pick<ListQuery, "page" | "per_page">,
  path: string,
  params: URLSearchParams = new URLSearchParams(),
): Paginated<T> {
  const perPage = query.per_page;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = query.page;
  const urlFor = (page: number) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    next.set("page", String(page));
    return `${path}?${next.toString()}`;
  };
  const from = rows.length ? (current - 1) * perPage + 1 : null;
  const to = from === null ? null : from + rows.length - 1;
  const links: PageLink[] = [
    { url: current > 1 ? urlFor(current - 1) : null, label: he.admin.pagination.previous, active: false },
    ...linkWindow(current, lastPage).map((page) =>
      page === null
        ? { url: null, label: "...", active: false }
        : { url: urlFor(page), label: String(page), active: page === current },
    ),
    { url: current < lastPage ? urlFor(current + 1) : null, label: he.admin.pagination.next, active: false },
  ];
  return {
    current_page: current,
    data: rows,
    first_page_url: urlFor(1),
    from,
    last_page: lastPage,
    last_page_url: urlFor(lastPage),
    links,
    next_page_url: current < lastPage ? urlFor(current + 1) : null,
    path,
    per_page: perPage,
    prev_page_url: current > 1 ? urlFor(current - 1) : null,
    to,
    total,
  };
}

/** Laravel's UrlWindow (3 pages on each side): every page when few, else the ends, the slider and gaps (null). */
export function linkWindow(current: number, last: number, onEachSide = 3): (number | null)[] {
  if (last < onEachSide * 2 + 8) return Array.from({ length: last }, (_, i) => i + 1);
  const wanted = new Set<number>([1, 2, last - 1, last]);
  for (let p = current - onEachSide; p <= current + onEachSide; p++) if (p >= 1 && p <= last) wanted.add(p);
  const pages = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  pages.forEach((page, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && page - previous > 1) result.push(null);
    result.push(page);
  });
  return result;
}

export const offsetOf = (query: Pick<ListQuery, "page" | "per_page">) => (query.page - 1) * query.per_page;

export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const now = () => new Date().toISOString();
