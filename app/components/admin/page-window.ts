/**
 * Which page numbers a pagination control shows (spec §9, the laravel-vue-pagination rule): `limit`
 * pages on each side of the current one plus the first and last, with an ellipsis for each gap; a gap
 * of one page shows the page instead. `limit` 0 shows every page; -1 shows no page numbers at all.
 */
export type PageItem = number | "ellipsis";

export function pageWindow(current: number, last: number, limit: number): PageItem[] {
  if (limit < 0 || last < 1) return [];
  if (limit === 0) return Array.from({ length: last }, (_, i) => i + 1);
  const left = current - limit;
  const right = current + limit + 1;
  const range: number[] = [];
  for (let i = 1; i <= last; i++) {
    if (i === 1 || i === last || (i >= left && i < right)) range.push(i);
  }
  const items: PageItem[] = [];
  let previous: number | undefined;
  for (const page of range) {
    if (previous !== undefined) {
      if (page - previous === 2) items.push(previous + 1);
      else if (page - previous !== 1) items.push("ellipsis");
    }
    items.push(page);
    previous = page;
  }
  return items;
}

/** The back office shows three pages on each side (the public site shows two, spec §9). */
export const ADMIN_WINDOW_LIMIT = 3;
