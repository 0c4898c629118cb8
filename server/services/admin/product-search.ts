/**
 * The admin product list's search conditions, answered from an index instead of a LIKE over every product.
 *
 * The search itself is defined by LIKEs (listing.ts `containsAny` for id/title/content/global, and
 * `normalizedMatch` below for the normalized Hebrew text): a case-insensitive substring of name, title,
 * content or serial number, or every query word (one of its variants) a substring of `search_text`.
 *
 * - PostgreSQL runs those LIKEs as they are: migration 017's pg_trgm indexes are on the very expressions they
 *   compare, so the planner finds the candidates in the index and rechecks each row with the LIKE itself.
 * - SQLite turns them into queries of the FTS5 trigram table `products_search` (migration 017), which holds the
 *   lower-cased values the LIKEs compare and is case-sensitive. For a string of three characters or more,
 *   the phrase query `"string"` matches exactly the rows that contain it as a substring (trigrams at consecutive
 *   positions), so the result is the LIKE's: SQLite's LIKE folds ASCII case only, both sides are lower-cased
 *   already (the term by toLowerCase, the values by SQLite's lower(), which folds ASCII only), and the phrase is
 *   quoted, so no character in it is an operator. Shorter strings have no trigram to look up: for those the
 *   LIKE is kept (a scan, as before). A query word with such a short variant is left to a LIKE recheck of the
 *   rows the other words found (the index then narrows, the LIKE decides).
 *
 * PostgreSQL's planner needs to be told to use those indexes (`productSearchRunner`): left alone it walks the
 * created_at index and tests every product (it costs `count(*) over ()` under LIMIT as if the walk could stop
 * after one page), or scans the table (it prices `lower()` of a long description like a comparison of two
 * integers). Measured at 10,000 products, a term in 2,132 of them: 183 ms for the scan against 14 ms for the
 * bitmap of the trigram indexes.
 */
import { type Expression, PostgresAdapter, type SqlBool, sql } from "kysely";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import type { DB } from "../../db/database.ts";
import { PRODUCT_SEARCH_TABLE } from "../../db/migrations/017-data-growth.ts";
import { escapeLike, parseSearchQuery } from "../search/hebrew.ts";
import { containsAny, type ListConfig, listConditions, type SearchRunner } from "./listing.ts";

/** The list's columns → the FTS5 column holding the same value lower-cased. */
const FTS_COLUMN: Record<string, string> = {
  "products.name": "name",
  "products.title": "title",
  "products.content": "content",
  "products.serial_id": "serial",
};

/** Trigram phrases need at least three characters (code points, as the tokenizer counts them). */
const MIN_INDEXED_LENGTH = 3;

const indexable = (value: string) => [...value].length >= MIN_INDEXED_LENGTH;

/** An FTS5 string: double quotes doubled, everything else literal. */
const phrase = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * The products whose row in the full-text table matches `match` (an FTS5 query, bound as a parameter).
 *
 * Sorted by created_at (the default), `+products.id`: the unary plus keeps SQLite from looking each match up by
 * rowid (a read of the whole, wide product row per match, then a sort). The list then walks its sort index
 * (`products_created_id`, covering created_at and id) in order and tests each entry against the set of matches:
 * a pass over narrow index entries, no table read, no sort. For a term that matches thousands of products this
 * is several times faster; for a rare one it is still a read of the index alone. Other sorts have no such
 * index, and there the lookups by rowid are the cheaper way.
 */
const matchingBy = (byIndex: boolean) => (match: string) =>
  sql<SqlBool>`${sql.raw(byIndex ? "+" : "")}products.id in (select rowid from ${sql.table(
    PRODUCT_SEARCH_TABLE,
  )} where ${sql.table(PRODUCT_SEARCH_TABLE)} match ${match})`;

/** Global search also uses the normalized Hebrew text, so "חלות" finds "חלה" as on the public site. */
export function normalizedMatch(term: string): Expression<SqlBool> | null {
  const groups = parseSearchQuery(term).filter((g) => g.length > 0);
  if (groups.length === 0) return null;
  const perWord = groups.map(
    (variants) =>
      sql<SqlBool>`(${sql.join(
        variants.map((v) => sql<SqlBool>`products.search_text like ${`%${escapeLike(v)}%`} escape '\\'`),
        sql` or `,
      )})`,
  );
  return sql<SqlBool>`(${sql.join(perWord, sql` and `)})`;
}

/** containsAny through the full-text table, or the LIKE when the term is too short to look up. */
function ftsContainsAny(matching: (match: string) => Expression<SqlBool>, columns: string[], term: string) {
  const lowered = term.toLowerCase();
  const fts = columns.map((column) => FTS_COLUMN[column]);
  if (!indexable(lowered) || fts.some((c) => c === undefined)) return containsAny(columns, term);
  return matching(`{${fts.join(" ")}} : ${phrase(lowered)}`);
}

/** normalizedMatch through the full-text table: exact when every variant can be looked up, else narrowed. */
function ftsNormalizedMatch(matching: (match: string) => Expression<SqlBool>, term: string) {
  const groups = parseSearchQuery(term).filter((g) => g.length > 0);
  if (groups.length === 0) return null;
  const exact = groups.filter((variants) => variants.every(indexable));
  if (exact.length === 0) return normalizedMatch(term);
  const match = exact.map((variants) => `(search_text : (${variants.map(phrase).join(" OR ")}))`).join(" AND ");
  if (exact.length === groups.length) return matching(match);
  // Some word has a variant of one or two characters: the index finds the rows matching the other words, and
  // the LIKEs (all words) decide among them.
  return sql<SqlBool>`(${matching(match)} and ${normalizedMatch(term)})`;
}

/** The WHERE conditions of the admin product list for `query`, on either database. */
export function productListConditions(db: DB, config: ListConfig, query: ListQuery): Expression<SqlBool>[] {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return listConditions(config, query, normalizedMatch);
  const matching = matchingBy(query.order_column === "created_at");
  return listConditions(
    config,
    query,
    (term) => ftsNormalizedMatch(matching, term),
    (columns, term) => ftsContainsAny(matching, columns, term),
  );
}

/** Every string the search LIKEs a column against: the terms lower-cased and the normalized query words. */
function likedStrings(query: ListQuery): string[] {
  const terms = [query.search_title, query.search_content, query.search_global].filter((t): t is string => !!t);
  const variants = query.search_global ? parseSearchQuery(query.search_global).flat() : [];
  return [...terms.map((t) => t.toLowerCase()), ...variants];
}

/**
 * On PostgreSQL, a runner for the page-finding query that leaves the planner only the trigram indexes of
 * migration 017 (a bitmap of the matches, rechecked by the LIKEs, then the page sorted out of them): plain
 * scans and index walks off for that one statement (`set local`, inside its own transaction). Only when every
 * searched string has a trigram to look up; a shorter one would make the bitmap a read of the whole index, and
 * then the planner's own choice stands. Undefined on SQLite and for unsearched lists.
 */
export function productSearchRunner(db: DB, query: ListQuery): SearchRunner | undefined {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const strings = likedStrings(query);
  if (strings.length === 0 || !strings.every(indexable)) return undefined;
  return (find) =>
    db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_indexscan = off`.execute(trx);
      return find(trx);
    });
}
