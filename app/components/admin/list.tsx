/**
 * The parts every admin list is made of: a header with the create button, the search toolbar (global,
 * id, title, content), a sortable React Aria table with per-row actions, and the footer with the
 * row count, rows-per-page and pagination.
 */
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import {
  Button,
  Cell,
  Column,
  Row,
  type SortDescriptor,
  Table,
  TableBody,
  TableHeader,
  Tooltip,
  TooltipTrigger,
} from "react-aria-components";
import { useLocation } from "react-router";
import type { Paginated } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { DEFAULT_PER_PAGE, PER_PAGE_CHOICES } from "../../../domain/schemas/admin/list.ts";
import { ApiError } from "../../lib/api-client.ts";
import { SearchIcon, SortIcon } from "../ui/icon.tsx";
import { Pagination } from "../ui/pagination.tsx";
import { buttonClass } from "./fields.tsx";
import type { AdminList } from "./use-admin-list.ts";

export function ListHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-3xl font-bold text-cocoa-900">{title}</h1>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </div>
  );
}

export const inputClass =
  "w-full rounded-lg border border-cocoa-800/40 bg-white px-3 py-2 text-cocoa-900 outline-none focus:border-crust-700 focus:ring-4 focus:ring-crust-600/25";

/** Search on everything, or on id, title and content separately (spec §2, §7). */
export function SearchToolbar({
  list,
  labels,
  children,
}: {
  list: Pick<AdminList<unknown>, "params" | "update">;
  /** Per-list names of the title and content searches; null hides that search. */
  labels?: Partial<Record<"title" | "content", string | null>>;
  children?: ReactNode;
}) {
  const l = heAdmin.list;
  const read = () => ({
    search_global: list.params.get("search_global") ?? "",
    search_id: list.params.get("search_id") ?? "",
    search_title: list.params.get("search_title") ?? "",
    search_content: list.params.get("search_content") ?? "",
  });
  const [values, setValues] = useState(read);
  const paramsKey = list.params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL (back/forward)
  useEffect(() => setValues(read()), [paramsKey]);
  const hasSearch = Object.values(values).some(Boolean) || Object.values(read()).some(Boolean);

  function submit(event: FormEvent) {
    event.preventDefault();
    list.update(values);
  }
  function clear() {
    const empty = { search_global: "", search_id: "", search_title: "", search_content: "" };
    setValues(empty);
    list.update(empty);
  }
  const field = (key: keyof ReturnType<typeof read>, label: string, extra: object = {}) => (
    <div className="min-w-0">
      <label htmlFor={`list-${key}`} className="mb-1 block text-sm font-medium text-cocoa-900">
        {label}
      </label>
      <input
        id={`list-${key}`}
        name={key}
        type="search"
        value={values[key]}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        className={inputClass}
        {...extra}
      />
    </div>
  );

  return (
    <search className="mb-4 block rounded-xl bg-white p-4 shadow-sm ring-1 ring-cream-300">
      <form
        onSubmit={submit}
        aria-label={l.searchHeading}
        className="grid gap-3 md:grid-cols-[2fr_1fr_1.5fr_1.5fr_auto] md:items-end"
      >
        {field("search_global", l.searchGlobal)}
        {field("search_id", l.searchId, { inputMode: "numeric", dir: "ltr", pattern: "[0-9]*" })}
        {labels?.title === null ? null : field("search_title", labels?.title ?? l.searchTitle)}
        {labels?.content === null ? null : field("search_content", labels?.content ?? l.searchContent)}
        <div className="flex gap-2">
          <button type="submit" className={buttonClass.primary}>
            <SearchIcon className="size-4" />
            {l.search}
          </button>
          {hasSearch ? (
            <button type="button" onClick={clear} className={buttonClass.secondary}>
              {l.clear}
            </button>
          ) : null}
        </div>
      </form>
      {children}
    </search>
  );
}

export interface ListColumn<T> {
  id: string;
  name: string;
  sortable?: boolean;
  isRowHeader?: boolean;
  render: (row: T) => ReactNode;
  className?: string;
  /** Hidden on narrower screens (tablets) to keep the row readable. */
  wide?: boolean;
}

/** A sortable table of rows (React Aria Table: keyboard grid navigation, aria-sort). */
export function AdminTable<T extends { id: number }>({
  label,
  columns,
  list,
  actions,
}: {
  label: string;
  columns: ListColumn<T>[];
  list: AdminList<T>;
  actions?: (row: T) => ReactNode;
}) {
  const orderColumn = list.params.get("order_column") ?? "created_at";
  const direction = list.params.get("order_direction") === "asc" ? "ascending" : "descending";
  const sortDescriptor: SortDescriptor = { column: orderColumn, direction };
  const rows = list.page?.data ?? [];

  if (list.error)
    return (
      <ListError
        error={list.error}
        onRetry={list.reload}
        onReset={() => list.update({ order_column: null, order_direction: null, search_id: null })}
      />
    );

  return (
    <div
      className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-cream-300"
      aria-busy={list.loading}
      data-list-query={list.query}
    >
      <Table
        aria-label={label}
        sortDescriptor={sortDescriptor}
        onSortChange={(d) =>
          list.update({
            order_column: String(d.column),
            order_direction: d.direction === "ascending" ? "asc" : "desc",
          })
        }
        className="w-full border-collapse text-start"
      >
        <TableHeader className="bg-cream-200 text-cocoa-900">
          {columns.map((c) => (
            <Column
              key={c.id}
              id={c.id}
              isRowHeader={c.isRowHeader}
              allowsSorting={c.sortable}
              className={`px-3 py-3 text-start text-sm font-bold whitespace-nowrap outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-inset data-[focus-visible]:ring-crust-600/50 ${c.sortable ? "cursor-pointer" : ""} ${c.wide ? "hidden lg:table-cell" : ""} ${c.className ?? ""}`}
            >
              {({ sortDirection, allowsSorting }) => (
                <span className="inline-flex items-center gap-1">
                  {c.name}
                  {allowsSorting ? (
                    <SortIcon
                      direction={sortDirection}
                      className={`size-4 ${sortDirection ? "text-crust-700" : "text-cocoa-800/50"}`}
                    />
                  ) : null}
                </span>
              )}
            </Column>
          ))}
          {actions ? (
            <Column id="actions" className="px-3 py-3 text-start text-sm font-bold">
              {heAdmin.actions}
            </Column>
          ) : null}
        </TableHeader>
        <TableBody
          items={rows}
          dependencies={[columns, actions]}
          renderEmptyState={() => (
            <p className="px-4 py-10 text-center text-cocoa-800">{list.loading ? heAdmin.loading : heAdmin.empty}</p>
          )}
        >
          {(row) => (
            <Row
              id={row.id}
              columns={[...columns, ...(actions ? [{ id: "actions" } as ListColumn<T>] : [])]}
              className="border-t border-cream-200 outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-inset data-[focus-visible]:ring-crust-600/50 data-[hovered]:bg-cream-50"
            >
              {(column) => (
                <Cell
                  className={`px-3 py-2 align-middle text-cocoa-900 outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-inset data-[focus-visible]:ring-crust-600/50 ${column.wide ? "hidden lg:table-cell" : ""} ${column.className ?? ""}`}
                >
                  {column.id === "actions" && actions ? (
                    <div className="flex items-center gap-0.5">{actions(row)}</div>
                  ) : (
                    column.render(row)
                  )}
                </Cell>
              )}
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function ListError({ error, onRetry, onReset }: { error: unknown; onRetry: () => void; onReset: () => void }) {
  const message = error instanceof ApiError && error.body?.message ? error.body.message : heAdmin.loadFailed;
  return (
    <div role="alert" className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-berry-700/40">
      <p className="font-semibold text-berry-700">{message}</p>
      <div className="mt-3 flex justify-center gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={error instanceof ApiError && error.status === 422 ? onReset : onRetry}
        >
          {heAdmin.retry}
        </button>
      </div>
    </div>
  );
}

/** The back office shows three pages on each side of the current one (the public site two, spec §9). */
export const ADMIN_WINDOW_LIMIT = 3;

/** "Showing a–b of n", rows per page, and the pagination. */
export function ListFooter<T>({ list }: { list: AdminList<T> }) {
  const location = useLocation();
  const page: Paginated<T> | null = list.page;
  if (!page) return null;
  // The rows come from the JSON API; the page links point at this screen with its own query.
  const hrefFor = (n: number) => {
    const params = new URLSearchParams(list.params);
    if (n <= 1) params.delete("page");
    else params.set("page", String(n));
    const query = params.toString();
    return query ? `${location.pathname}?${query}` : location.pathname;
  };
  const l = heAdmin.list;
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-cocoa-800" aria-live="polite">
        {page.total > 0 && page.from !== null && page.to !== null
          ? l.summary(page.from, page.to, page.total)
          : heAdmin.empty}
      </p>
      <label className="flex items-center gap-2 text-sm text-cocoa-900">
        {l.perPage}
        <select
          value={String(page.per_page)}
          onChange={(e) =>
            list.update({ per_page: e.target.value === String(DEFAULT_PER_PAGE) ? null : e.target.value })
          }
          className="rounded-lg border border-cocoa-800/40 bg-white px-2 py-1"
        >
          {PER_PAGE_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <div className="w-full">
        <Pagination
          meta={page}
          windowLimit={ADMIN_WINDOW_LIMIT}
          hrefFor={hrefFor}
          label={heAdmin.pagination.label}
          className="mt-4"
        />
      </div>
    </div>
  );
}

/** A row action: an icon with its word, named with the row for screen readers ("עריכה: חלה"). */
export function RowAction({
  label,
  subject,
  icon,
  onPress,
  tone = "quiet",
}: {
  label: string;
  subject: string;
  icon: ReactNode;
  onPress: () => void;
  tone?: "quiet" | "danger";
}) {
  return (
    <TooltipTrigger delay={400} closeDelay={100}>
      <Button onPress={onPress} aria-label={`${label}: ${subject}`} className={`${buttonClass[tone]} min-h-9 min-w-9`}>
        {icon}
        <span aria-hidden="true" className="hidden 2xl:inline">
          {label}
        </span>
      </Button>
      <Tooltip offset={6} className="rounded-md bg-cocoa-900 px-2 py-1 text-sm font-semibold text-white shadow">
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
}
