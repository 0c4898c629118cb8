/**
 * The parts every admin list is made of: a header with the create button, the search toolbar (global,
 * id, title, content), a sortable React Aria table with per-row actions, and the footer with the
 * row count, rows-per-page and pagination.
 *
 * On a phone (below `md`, issue 12 §4) the same markup is laid out for a narrow screen: the search folds
 * behind a "חיפוש" button (open while a search or filter is active), the table's rows become cards — each
 * value under its column's name, the row actions with their words at the card's foot — and the column
 * headers a row of sort buttons. The grid's roles, keyboard navigation and sorting stay as they are.
 */
import { type CSSProperties, type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import {
  Button,
  Cell,
  Checkbox,
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
import { ChevronIcon, SearchIcon } from "../ui/icon.tsx";
import { CheckIcon, SortIcon } from "../ui/other-icons.tsx";
import { Pagination } from "../ui/pagination.tsx";
import { buttonClass } from "./fields.tsx";
import { type AdminList, useParamFields } from "./use-admin-list.ts";

export function ListHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 md:mb-5">
      <h1 className="text-2xl font-bold text-cocoa-900 md:text-3xl">{title}</h1>
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
  filterKeys = [],
  children,
}: {
  list: Pick<AdminList<unknown>, "params" | "update">;
  /** Per-list names of the title and content searches; null hides that search. */
  labels?: Partial<Record<"title" | "content", string | null>>;
  /** The URL parameters of the list's own filters (`children`): while one is set, the search stays open. */
  filterKeys?: readonly string[];
  children?: ReactNode;
}) {
  const l = heAdmin.list;
  const panelId = useId();
  const filtered = [...SEARCH_KEYS, ...filterKeys].some((key) => list.params.get(key));
  // On a phone the search is folded; a search or filter in the URL opens it, so what narrows the rows shows.
  const [open, setOpen] = useState(filtered);
  useEffect(() => {
    if (filtered) setOpen(true);
  }, [filtered]);
  const { values, setValues, read } = useParamFields(list, SEARCH_KEYS);
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
  const field = (key: (typeof SEARCH_KEYS)[number], label: string, extra: object = {}) => (
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
    <search className="mb-4 block">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={`${buttonClass.secondary} md:hidden`}
      >
        <SearchIcon className="size-4" />
        {l.searchToggle}
        {filtered ? <span className="text-sm font-medium">({l.filtered})</span> : null}
        <ChevronIcon className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        id={panelId}
        className={`${open ? "mt-3" : "hidden"} rounded-xl bg-white p-4 shadow-sm ring-1 ring-cream-300 md:mt-0 md:block`}
      >
        <form
          onSubmit={submit}
          aria-label={l.searchHeading}
          className="grid grid-cols-1 gap-3 md:grid-cols-[2fr_1fr_1.5fr_1.5fr_auto] md:items-end"
        >
          {field("search_global", l.searchGlobal)}
          {field("search_id", l.searchId, { inputMode: "numeric", dir: "ltr", pattern: "[0-9]*" })}
          {labels?.title === null ? null : field("search_title", labels?.title ?? l.searchTitle)}
          {labels?.content === null ? null : field("search_content", labels?.content ?? l.searchContent)}
          <div className="flex flex-wrap gap-2">
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
      </div>
    </search>
  );
}

/** The list parameters of the search toolbar's fields. */
const SEARCH_KEYS = ["search_global", "search_id", "search_title", "search_content"] as const;

export interface ListColumn<T> {
  id: string;
  name: string;
  sortable?: boolean;
  isRowHeader?: boolean;
  render: (row: T) => ReactNode;
  className?: string;
  /** Hidden on narrower screens (tablets) to keep the row readable. */
  wide?: boolean;
  /**
   * On a phone's card: "label" (the default) shows the value under the column's name; "plain" without it
   * (the row header and the thumbnail, which speak for themselves).
   */
  card?: "label" | "plain";
}

/**
 * Rows chosen for a bulk action (the products list, issue 30): the ids of the page's selected rows. With it the
 * table is React Aria's multiple selection — a checkbox per row (named with the row's header) and one for the
 * page in the header; Space selects the focused row, a click or tap on a row toggles it.
 */
export interface TableSelection {
  keys: ReadonlySet<number>;
  onChange: (keys: Set<number>) => void;
}

/** The selection checkbox, as React Aria's table wires it (its name: "בחר" with the row, or "בחר הכל"). */
function SelectionBox() {
  return (
    <Checkbox
      slot="selection"
      className="group inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center outline-none md:min-h-9 md:min-w-9"
    >
      {({ isSelected, isIndeterminate }) => (
        <span
          aria-hidden="true"
          className="flex size-6 items-center justify-center rounded-md border-2 border-cocoa-800 bg-white text-white group-data-[selected]:border-crust-700 group-data-[selected]:bg-crust-700 group-data-[indeterminate]:border-crust-700 group-data-[indeterminate]:bg-crust-700 group-data-[focus-visible]:ring-4 group-data-[focus-visible]:ring-crust-600/50"
        >
          {isSelected ? (
            <CheckIcon className="size-4" />
          ) : isIndeterminate ? (
            <span className="h-0.5 w-3 bg-white" />
          ) : null}
        </span>
      )}
    </Checkbox>
  );
}

/** A sortable table of rows (React Aria Table: keyboard grid navigation, aria-sort). */
export function AdminTable<T extends { id: number }>({
  label,
  columns,
  list,
  actions,
  selection,
}: {
  label: string;
  columns: ListColumn<T>[];
  list: AdminList<T>;
  actions?: (row: T) => ReactNode;
  selection?: TableSelection;
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

  // A card puts the thumbnail beside the row header, when the list has one.
  const media = columns.some((c) => c.card === "plain" && !c.isRowHeader);
  return (
    <div
      className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-cream-300 max-md:overflow-visible max-md:rounded-none max-md:bg-transparent max-md:shadow-none max-md:ring-0"
      aria-busy={list.loading}
      data-list-query={list.query}
      style={{ "--sort-label": JSON.stringify(heAdmin.list.sortBy) } as CSSProperties}
    >
      <Table
        aria-label={label}
        {...(selection
          ? {
              selectionMode: "multiple" as const,
              selectedKeys: selection.keys as Set<number>,
              onSelectionChange: (keys) =>
                selection.onChange(keys === "all" ? new Set(rows.map((r) => r.id)) : new Set([...keys].map(Number))),
            }
          : {})}
        sortDescriptor={sortDescriptor}
        onSortChange={(d) =>
          list.update({
            order_column: String(d.column),
            order_direction: d.direction === "ascending" ? "asc" : "desc",
          })
        }
        className="w-full border-collapse text-start max-md:block"
      >
        <TableHeader className="bg-cream-200 text-cocoa-900 max-md:block max-md:bg-transparent max-md:[&>tr]:mb-3 max-md:[&>tr]:flex max-md:[&>tr]:flex-wrap max-md:[&>tr]:items-center max-md:[&>tr]:gap-1.5 max-md:[&>tr]:before:text-sm max-md:[&>tr]:before:font-medium max-md:[&>tr]:before:content-(--sort-label)">
          {selection ? (
            <Column
              id="select"
              className="w-12 px-2 py-1 text-start outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-inset data-[focus-visible]:ring-crust-600/50 max-md:order-first max-md:basis-full max-md:px-0"
            >
              <span className="inline-flex items-center gap-1">
                <SelectionBox />
                <span aria-hidden="true" className="text-sm font-medium md:hidden">
                  {heAdmin.list.selectPage}
                </span>
              </span>
            </Column>
          ) : null}
          {columns.map((c) => (
            <Column
              key={c.id}
              id={c.id}
              isRowHeader={c.isRowHeader}
              allowsSorting={c.sortable}
              className={`px-3 py-3 text-start text-sm font-bold whitespace-nowrap outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-inset data-[focus-visible]:ring-crust-600/50 ${c.sortable ? "cursor-pointer max-md:rounded-full max-md:bg-white max-md:px-2.5 max-md:py-1 max-md:ring-1 max-md:ring-cream-300 max-md:data-[sort-direction]:ring-2 max-md:data-[sort-direction]:ring-crust-700" : "max-md:hidden"} ${c.wide ? "hidden lg:table-cell" : ""} ${c.className ?? ""}`}
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
            <Column id="actions" className="px-3 py-3 text-start text-sm font-bold max-md:hidden">
              {heAdmin.actions}
            </Column>
          ) : null}
        </TableHeader>
        <TableBody
          items={rows}
          dependencies={[columns, actions]}
          className="max-md:flex max-md:flex-col max-md:gap-3 max-md:[&>tr>td[colspan]]:block"
          renderEmptyState={() => (
            <p className="px-4 py-10 text-center text-cocoa-800 max-md:rounded-xl max-md:bg-white max-md:ring-1 max-md:ring-cream-300">
              {list.loading ? heAdmin.loading : heAdmin.empty}
            </p>
          )}
        >
          {(row) => (
            <Row
              id={row.id}
              columns={[
                ...(selection ? [{ id: "select" } as ListColumn<T>] : []),
                ...columns,
                ...(actions ? [{ id: "actions" } as ListColumn<T>] : []),
              ]}
              className={`${selection ? "max-md:relative max-md:pe-14 data-[selected]:bg-cream-100 max-md:data-[selected]:ring-2 max-md:data-[selected]:ring-crust-700" : ""} border-t border-cream-200 outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-inset data-[focus-visible]:ring-crust-600/50 data-[hovered]:bg-cream-50 max-md:grid max-md:gap-y-1 max-md:rounded-xl max-md:border-0 max-md:bg-white max-md:p-3 max-md:shadow-sm max-md:ring-1 max-md:ring-cream-300 ${media ? "max-md:grid-cols-[auto_minmax(0,1fr)] max-md:gap-x-3" : "max-md:grid-cols-[minmax(0,1fr)]"}`}
            >
              {(column) => (
                <Cell
                  className={`px-3 py-2 align-middle text-cocoa-900 outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-inset data-[focus-visible]:ring-crust-600/50 ${column.wide ? "hidden lg:table-cell" : cardCellClass(column, media)} ${column.className ?? ""}`}
                >
                  {column.id === "select" ? (
                    <SelectionBox />
                  ) : column.id === "actions" && actions ? (
                    <div className="flex items-center gap-0.5 max-md:flex-wrap max-md:gap-1">{actions(row)}</div>
                  ) : column.card === "plain" || column.isRowHeader ? (
                    column.render(row)
                  ) : (
                    <>
                      <span aria-hidden="true" className="text-sm font-medium text-cocoa-800 md:hidden">
                        {column.name}:
                      </span>
                      {column.render(row)}
                    </>
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

/** Where a cell sits on a phone's card (see the file's comment): thumbnail, row header, labelled value, actions. */
function cardCellClass<T>(column: ListColumn<T>, media: boolean): string {
  if (column.id === "select") return "w-12 px-2 max-md:absolute max-md:top-1 max-md:end-1 max-md:p-0";
  if (column.id === "actions")
    return "max-md:col-span-full max-md:mt-1 max-md:border-t max-md:border-cream-200 max-md:p-0 max-md:pt-2";
  if (column.isRowHeader) return `max-md:row-start-1 max-md:p-0 max-md:text-lg ${media ? "max-md:col-start-2" : ""}`;
  if (column.card === "plain") return "max-md:col-start-1 max-md:row-span-3 max-md:row-start-1 max-md:p-0";
  return `max-md:flex max-md:min-w-0 max-md:flex-wrap max-md:items-center max-md:gap-x-2 max-md:p-0 ${media ? "max-md:col-start-2" : ""}`;
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
  const shown = page.total > 0 && page.from !== null && page.to !== null ? { from: page.from, to: page.to } : null;
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
      {/* An empty list says so in the table's place; here it is only announced (a search that finds nothing). */}
      <p className={`text-sm text-cocoa-800 ${shown ? "" : "sr-only"}`} aria-live="polite">
        {shown ? l.summary(shown.from, shown.to, page.total) : heAdmin.empty}
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
      <Button
        onPress={onPress}
        aria-label={`${label}: ${subject}`}
        className={`${buttonClass[tone]} min-h-9 min-w-9 max-md:min-h-11`}
      >
        {icon}
        {/* The word shows where there is room: a phone's card, a wide screen. */}
        <span aria-hidden="true" className="hidden max-md:inline 2xl:inline">
          {label}
        </span>
      </Button>
      <Tooltip offset={6} className="rounded-md bg-cocoa-900 px-2 py-1 text-sm font-semibold text-white shadow">
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
}
