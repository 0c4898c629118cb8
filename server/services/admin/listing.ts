/**
 * The shared machinery of every admin list: search on id, title and content plus a global search,
 * sorting by a whitelisted column, and `listPage`, which every flat admin list pages through; the paginator
 * JSON comes from domain/pagination.ts.
 */
import { type Expression, type Selectable, type SqlBool, sql } from "kysely";
import type { Paginated } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { paginateQuery, paginate as sharedPaginate } from "../../../domain/pagination.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import type { DB } from "../../db/database.ts";
import { ROW_COUNTED } from "../../db/migrations/017-data-growth.ts";
import type { Database } from "../../db/schema.ts";
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
 * (products use the normalized Hebrew search text); `contains` replaces containsAny with an equivalent
 * condition that an index can answer (products on SQLite: admin/product-search.ts).
 */
export function listConditions(
  config: ListConfig,
  query: ListQuery,
  globalExtra?: (term: string) => Expression<SqlBool> | null,
  contains: (columns: string[], term: string) => Expression<SqlBool> = containsAny,
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (query.search_id !== undefined) conditions.push(sql<SqlBool>`${sql.ref(config.id)} = ${query.search_id}`);
  if (query.search_title) conditions.push(contains(config.title, query.search_title));
  if (query.search_content) conditions.push(contains(config.content, query.search_content));
  if (query.search_global) {
    const term = query.search_global;
    // The list's own matcher first: on PostgreSQL the OR is evaluated left to right for every candidate row,
    // and the products' normalized text (one short column) decides most rows before the longer ones are read.
    const parts: Expression<SqlBool>[] = [];
    const extra = globalExtra?.(term);
    if (extra) parts.push(extra);
    parts.push(contains([...config.title, ...config.content, ...(config.extraGlobal ?? [])], term));
    if (/^\d{1,9}$/.test(term)) parts.push(sql<SqlBool>`${sql.ref(config.id)} = ${Number(term)}`);
    conditions.push(sql<SqlBool>`(${sql.join(parts, sql` or `)})`);
  }
  return conditions;
}

/** The SQL column for order_column, or a 422 when the list does not allow it. */
export function orderColumnOf(config: ListConfig, query: ListQuery): string {
  // Own properties only: `constructor` or `__proto__` must not be read through the prototype chain.
  const column = Object.hasOwn(config.orderColumns, query.order_column)
    ? config.orderColumns[query.order_column]
    : undefined;
  if (typeof column !== "string") throw new ValidationError({ order_column: [heAdmin.validation.orderColumn] });
  return column;
}

/** One page of a list as Laravel's paginator JSON (the shared helper), keeping the list's other parameters. */
export function paginate<T>(
  rows: T[],
  total: number,
  query: Pick<ListQuery, "page" | "per_page">,
  path: string,
  params: URLSearchParams = new URLSearchParams(),
): Paginated<T> {
  return sharedPaginate(rows, { total, page: query.page, perPage: query.per_page, path, query: params });
}

/** The tables whose admin list is one table, searched and sorted by a ListConfig. */
export type ListTable =
  | "branches"
  | "clients"
  | "contact_requests"
  | "reviews"
  | "products"
  | "sales"
  | "publications"
  | "audit_log"
  | "trash";

export interface ListPageOptions<T extends ListTable, Item> {
  table: T;
  config: ListConfig;
  query: ListQuery;
  /** The list's conditions (listConditions plus the list's own filters). */
  conditions: Expression<SqlBool>[];
  /** Root-relative path and the other query parameters, for the paginator's URLs. */
  path: string;
  params?: URLSearchParams;
  /** Rows of one page → the list's items (may read related data for just these rows). */
  map: (rows: Selectable<Database[T]>[]) => Item[] | Promise<Item[]>;
  /**
   * Runs the search that finds a searched page's ids (and its total) on a connection the list prepared, e.g.
   * with planner settings (admin/product-search.ts `productSearchRunner`); the default runs it on `db` as is.
   */
  searchWith?: SearchRunner;
}

/** Runs `find` on a database handle of the runner's choosing and returns its result. */
export type SearchRunner = <R>(find: (db: DB) => Promise<R>) => Promise<R>;

/**
 * One page of a flat admin list: the sort column checked (422), then only that page read and mapped.
 *
 * The page is found on ids alone and then its rows read by id (a "deferred join"): sorting and skipping touch
 * only (sort column, id) — for the default sort the created_at/id index covers it — so a deep page or a search
 * with thousands of matches never sorts or skips whole rows.
 *
 * Unfiltered, the total is a plain count (an index-only scan). Searched, the conditions (several LIKEs per row)
 * would cost a full scan twice — once to count, once to find the page — so the page's ids carry the total as a
 * window count (`count(*) over ()`, over the matches before LIMIT) and the table is scanned once; only a page
 * past the end, which returns no row to carry it, counts separately.
 */
export async function listPage<T extends ListTable, Item>(
  db: DB,
  options: ListPageOptions<T, Item>,
): Promise<Paginated<Item>> {
  const { table, config, query, conditions } = options;
  const column = orderColumnOf(config, query);
  // Kysely cannot type a query over a union of tables; the options above carry the types instead.
  const from = () => (db as DB).selectFrom(table as "branches");
  const matching = () => from().where((eb) => eb.and(conditions));
  const count = async () =>
    Number(
      (
        await matching()
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow()
      ).total,
    );
  /** Every row of the table: its trigger-kept counter when it has one (migration 017), else a count. */
  const countAll = async () => {
    if ((ROW_COUNTED as readonly string[]).includes(table)) {
      const row = await db.selectFrom("row_counts").select("n").where("name", "=", table).executeTakeFirst();
      if (row) return Number(row.n);
    }
    return count();
  };
  const opposite = query.order_direction === "asc" ? "desc" : "asc";
  const pageIds = (limit: number, offset: number, withTotal: boolean, reversed = false, on: DB = db) =>
    (on as DB)
      .selectFrom(table as "branches")
      .where((eb) => eb.and(conditions))
      .orderBy(sql.ref(column), reversed ? opposite : query.order_direction)
      .orderBy(sql.ref(config.id), reversed ? opposite : query.order_direction)
      .select(sql<number>`${sql.ref(config.id)}`.as(PAGE_ID))
      .$if(withTotal, (q) => q.select(sql<number | string>`count(*) over ()`.as(WINDOW_TOTAL)))
      .limit(limit)
      .offset(offset)
      .execute() as Promise<{ [PAGE_ID]: number; [WINDOW_TOTAL]?: number | string }[]>;
  const rowsOf = async (ids: number[]) => {
    if (ids.length === 0) return options.map([]);
    const rows = await from()
      .selectAll()
      .where(sql.ref(config.id), "in", ids)
      .orderBy(sql.ref(column), query.order_direction)
      .orderBy(sql.ref(config.id), query.order_direction)
      .execute();
    return options.map(rows as never);
  };
  const shared = {
    page: query.page,
    perPage: query.per_page,
    path: options.path,
    ...(options.params ? { query: options.params } : {}),
  };
  if (conditions.length === 0) {
    return paginateQuery({
      ...shared,
      count: countAll,
      fetch: async (limit, offset) => {
        // With the total known, a page in the second half is read from the other end (the order reversed, the
        // offset counted from the last row), so the last pages cost what the first ones do.
        const total = await countAll();
        const end = Math.min(offset + limit, total);
        const fromEnd = total - end;
        const ids =
          fromEnd < offset
            ? (await pageIds(end - offset, fromEnd, false, true)).reverse()
            : await pageIds(limit, offset, false);
        return rowsOf(ids.map((r) => Number(r[PAGE_ID])));
      },
    });
  }
  const searchWith: SearchRunner = options.searchWith ?? ((find) => find(db));
  const ids = await searchWith((on) => pageIds(query.per_page, offsetOf(query), true, false, on));
  const first = ids[0];
  const total = first ? Number(first[WINDOW_TOTAL]) : query.page > 1 ? await count() : 0;
  return sharedPaginate(await rowsOf(ids.map((r) => Number(r[PAGE_ID]))), { ...shared, total });
}

/** Columns of the page-finding query; no table has columns of these names. */
const PAGE_ID = "list_id__";
const WINDOW_TOTAL = "list_total__";

export const offsetOf = (query: Pick<ListQuery, "page" | "per_page">) => (query.page - 1) * query.per_page;

export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const now = () => new Date().toISOString();
