/**
 * A paged admin list whose state lives in the URL (spec §7 parameters: page, per_page, search_id,
 * search_title, search_content, search_global, order_column, order_direction), so reload, back and
 * shared links keep it. Rows come from the JSON API; the server pages, searches and sorts.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { Paginated } from "../../../domain/contracts/admin.ts";
import { apiJson } from "../../lib/api-client.ts";

export const LIST_KEYS = [
  "page",
  "per_page",
  "search_id",
  "search_title",
  "search_content",
  "search_global",
  "order_column",
  "order_direction",
] as const;

export function useAdminList<T>(endpoint: string, extraKeys: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const keys = useMemo(() => [...LIST_KEYS, ...extraKeys], [extraKeys]);
  const query = useMemo(() => {
    const q = new URLSearchParams();
    for (const key of keys) {
      const value = params.get(key);
      if (value) q.set(key, value);
    }
    return q.toString();
  }, [params, keys]);
  const [page, setPage] = useState<Paginated<T> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  // Which request the shown rows answer. Until it matches the URL's (a new page, sort or search, or a
  // reload), the list is loading — also in the render before the effect below has started the fetch.
  const wanted = `${endpoint}?${query}#${version}`;
  const [settled, setSettled] = useState<string | null>(null);
  const loading = settled !== wanted;

  useEffect(() => {
    let active = true;
    setError(null);
    apiJson<Paginated<T>>(query ? `${endpoint}?${query}` : endpoint)
      .then((result) => {
        if (active) setPage(result);
      })
      .catch((failure: unknown) => {
        if (active) setError(failure);
      })
      .finally(() => {
        if (active) setSettled(wanted);
      });
    return () => {
      active = false;
    };
  }, [endpoint, query, wanted]);

  /** Changes parameters (null removes one); any change but paging goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | null>, keepPage = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === "") next.delete(key);
            else next.set(key, value);
          }
          if (!keepPage) next.delete("page");
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  /** Spec §4: after a save or a delete the list returns to page 1 (and reloads). */
  const reloadFirstPage = useCallback(() => {
    const current = params.get("page");
    if (current && current !== "1") update({ page: null });
    else reload();
  }, [params, update, reload]);

  return { page, loading, error, params, query, update, reload, reloadFirstPage };
}

export type AdminList<T> = ReturnType<typeof useAdminList<T>>;

/**
 * Fields that edit some of a list's URL parameters (its search, a screen's filters): their values as typed, read
 * again from the URL whenever it changes (back/forward, a link). `read()` gives the URL's values now.
 */
export function useParamFields<K extends string>(list: { params: URLSearchParams }, keys: readonly K[]) {
  const read = () => Object.fromEntries(keys.map((key) => [key, list.params.get(key) ?? ""])) as Record<K, string>;
  const [values, setValues] = useState(read);
  const paramsKey = list.params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL (back/forward)
  useEffect(() => setValues(read()), [paramsKey]);
  return { values, setValues, read };
}
