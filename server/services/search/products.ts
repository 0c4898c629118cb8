/**
 * Product search in SQL, over the normalized columns `search_name` / `search_text` that
 * `services.products.create` keeps up to date (see hebrew.ts for the language rules).
 *
 * A product matches when EVERY query word has at least one variant v with
 *     products.search_text LIKE '%' || escapeLike(v) || '%' ESCAPE '\'
 * and ranks first when the same holds for `products.search_name`. Each pattern is a bound
 * parameter: search text is data, never SQL. Both sides of LIKE are already normalized (lower-case,
 * no marks, no final letters), so the test is a plain substring match with the same result on
 * SQLite and PostgreSQL — no collation, no ILIKE, no dialect-specific function.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { escapeLike, parseSearchQuery } from "./hebrew.ts";

type ProductsEb = ExpressionBuilder<Database, "products">;

export interface ProductSearch {
  /** Per query word, its normalized variants; empty when the text holds no searchable word. */
  words: string[][];
  /** WHERE condition: every word matches name, title or content. */
  matches(eb: ProductsEb): Expression<SqlBool>;
  /** 0 when every word matches the name, else 1: order by it ascending to rank name matches first. */
  rank(eb: ProductsEb): Expression<number>;
}

function likeAny(eb: ProductsEb, column: "products.search_text" | "products.search_name", variants: string[]) {
  return eb.or(variants.map((v) => sql<SqlBool>`${eb.ref(column)} like ${`%${escapeLike(v)}%`} escape '\\'`));
}

function allWords(eb: ProductsEb, column: "products.search_text" | "products.search_name", words: string[][]) {
  return eb.and(words.map((variants) => likeAny(eb, column, variants)));
}

/**
 * Parses the visitor's text. With no searchable word (only punctuation or marks) `matches` is
 * false for every product: a search that says nothing finds nothing.
 */
export function productSearch(text: string): ProductSearch {
  const words = parseSearchQuery(text).filter((variants) => variants.length > 0);
  return {
    words,
    matches: (eb) => (words.length ? allWords(eb, "products.search_text", words) : sql<SqlBool>`1 = 0`),
    rank: (eb) =>
      words.length
        ? eb
            .case()
            .when(allWords(eb, "products.search_name", words))
            .then(0)
            .else(1)
            .end()
        : sql<number>`1`,
  };
}
