/**
 * The public catalogue, read-only: product grid (paged, searchable, filterable by category),
 * product detail, similar products, home products, categories and category detail.
 * Pages (route loaders) and the JSON API (server/api/catalogue.ts) both call these.
 *
 * Visibility rules (spec §4 "status", issue 4): only published rows (status 1) inside their window ("publish
 * from", "hide after"; issue 30, server/services/windows.ts) appear. A subcategory
 * counts as published only while its main category is published too, so hiding a main category hides
 * its whole branch of the menu, its pages and the product filter.
 */

import { compareProducts, type ProductSort, type SortKeys } from "../../domain/catalogue-sort.ts";
import type {
  CategoryDetail,
  CategorySummary,
  CategoryWithSubs,
  Paginated,
  ProductDetail,
  ProductSummary,
} from "../../domain/contracts/catalogue.ts";
import { type CatalogueFilter, hasFilter, mergeFilters } from "../../domain/kashrut.ts";
import { agorotToShekels } from "../../domain/money.ts";
import { PRODUCTS_PER_PAGE, paginateQuery, type QueryParams } from "../../domain/pagination.ts";
import { isSoldOut } from "../../domain/sold-out.ts";
import type { DB } from "../db/database.ts";
import { PUBLISHED, publishedCategoryRows } from "./categories.ts";
import { type Clock, systemClock } from "./clock.ts";
import { dietaryOf, kashrutFilterCondition } from "./kashrut.ts";
import type { MediaService } from "./media.ts";
import { PRODUCT_FIELD_COLUMNS, productFieldsFromRow, publicProductFields } from "./product-row.ts";
import { type DietWord, readDietWords } from "./search/diet-words.ts";
import type { SearchHit } from "./search/engine.ts";
import type { ProductSearch } from "./search/live-index.ts";
import { liveAt } from "./windows.ts";

/** At most this many "special products" on the home page (newest first). */
export const HOME_PRODUCTS_LIMIT = 12;
/** "You may also like": this many products. */
export const SIMILAR_PRODUCTS_LIMIT = 4;
/** A search lists at most this many products (far more than a bakery sells; bounds the SQL `in` list). */
export const MAX_SEARCH_HITS = 1000;
/** The category page lists this many products; more are one link away in the paged grid. */
export const CATEGORY_PRODUCTS_LIMIT = 24;

export interface ProductListOptions {
  page: number;
  perPage?: number;
  /** Free text from the visitor; empty or absent means no search. */
  search?: string;
  /** A published category id: products of it and of its published subcategories. */
  categoryId?: number;
  /** Kashrut and allergens (issue 11): `?dietary=` and `?without=`, already checked (domain/kashrut.ts). */
  filter?: CatalogueFilter;
  /**
   * `?sort=` (issue 29, domain/catalogue-sort.ts); absent: newest first, or for a search the best matches first.
   * A search keeps its exact matches before the similar ones under any sort.
   */
  sort?: ProductSort;
  /** Root-relative path for the paginator URLs ("/products" or "/api/products"). */
  path: string;
  /** Filters to keep in the paginator URLs. */
  query?: QueryParams;
}

/** What the page tells the visitor about a search besides its results (issue 29). */
export interface SearchNotes {
  /** Diet words taken as the filter instead of text ("פרווה", "ללא גלוטן"). */
  dietWords: DietWord[];
  /** The diet words contradict each other or the page's filter ("פרווה" on the dairy filter): nothing matches. */
  contradiction: boolean;
  /** How many results match exactly; the rest (after them, in order) are only similar (one letter off). */
  exact: number;
  /** With no exact match: the search as the catalogue spells it ("עוגת גבנה" → "עוגת גבינה"), or null. */
  didYouMean: string | null;
}

export type ProductPage = Paginated<ProductSummary> & { searchNotes?: SearchNotes };

interface CategoryRowLite {
  id: number;
  name: string;
  information: string;
  parent_id: number | null;
  is_main: number;
  status: number;
  visibility_home_page: number;
}

export function createCatalogueService(
  db: DB,
  media: MediaService,
  productSearch: ProductSearch,
  clock: Clock = systemClock,
) {
  /** Published categories, each with its published-branch flag resolved. */
  async function publishedCategories(): Promise<CategoryRowLite[]> {
    const rows = await publishedCategoryRows(db, clock())
      .select(["id", "name", "information", "parent_id", "is_main", "status", "visibility_home_page"])
      .execute();
    const published = new Set(rows.map((r) => r.id));
    return rows.filter((r) => r.parent_id === null || published.has(r.parent_id));
  }

  async function withSubs(rows: CategoryRowLite[], all: CategoryRowLite[]): Promise<CategoryWithSubs[]> {
    return (await media.withMainImage("category", rows)).map((r) => ({
      id: r.id,
      name: r.name,
      information: r.information,
      mainImage: r.mainImage,
      parent_id: r.parent_id,
      is_main: r.is_main === 1,
      status: r.status,
      visible: r.visibility_home_page === 1,
      subCategories: all.filter((c) => c.parent_id === r.id).map((c) => ({ id: c.id, name: c.name })),
    }));
  }

  /** Tiles for a list of product rows, in the given order: main image and lowest price. */
  async function summaries(
    rows: { id: number; name: string; title: string; dietary: string | null }[],
  ): Promise<ProductSummary[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [images, prices, soldOut] = await Promise.all([
      media.mainImages("product", ids),
      db
        .selectFrom("sizes")
        .select((eb) => ["product_id", eb.fn.min<number>("price").as("min_price")])
        .where("product_id", "in", ids)
        .groupBy("product_id")
        .execute(),
      // "Sold out today" (issue 30): ends are ISO UTC text, so a text comparison orders them.
      db
        .selectFrom("products")
        .select("id")
        .where("id", "in", ids)
        .where("sold_out_until", ">", clock().toISOString())
        .execute(),
    ]);
    const priceOf = new Map(prices.map((p) => [p.product_id, agorotToShekels(Number(p.min_price))]));
    const soldOutIds = new Set(soldOut.map((r) => r.id));
    return rows.map((r) => {
      const mainImage = images.get(r.id) ?? null;
      return {
        id: r.id,
        name: r.name,
        title: r.title,
        mainImage,
        path: mainImage?.url ?? null,
        price_from: priceOf.get(r.id) ?? null,
        dietary: dietaryOf(r.dietary),
        sold_out: soldOutIds.has(r.id),
      };
    });
  }

  /** The category and its published subcategories' ids, or null when it is not published. */
  async function categoryScope(id: number): Promise<{ category: CategoryRowLite; ids: number[] } | null> {
    const all = await publishedCategories();
    const category = all.find((c) => c.id === id);
    if (!category) return null;
    return { category, ids: [id, ...all.filter((c) => c.parent_id === id).map((c) => c.id)] };
  }

  function publishedProducts() {
    return db.selectFrom("products").where("products.status", "=", PUBLISHED).where(liveAt(clock(), "products"));
  }

  function inCategories(ids: number[]) {
    return publishedProducts().where((eb) =>
      eb.exists(
        eb
          .selectFrom("category_product")
          .select("category_product.product_id")
          .whereRef("category_product.product_id", "=", "products.id")
          .where("category_product.category_id", "in", ids),
      ),
    );
  }

  /** The sort keys of `base`'s products: their id, name, age and lowest price (domain/catalogue-sort.ts). */
  async function sortKeysOf(base: ReturnType<typeof publishedProducts>, ids?: number[]): Promise<SortKeys[]> {
    let query = base.select((eb) => [
      "products.id",
      "products.name",
      "products.created_at",
      eb
        .selectFrom("sizes")
        .select((sizes) => sizes.fn.min<number>("sizes.price").as("price"))
        .whereRef("sizes.product_id", "=", "products.id")
        .as("min_price"),
    ]);
    if (ids) query = query.where("products.id", "in", ids);
    return (await query.execute()).map((row) => ({
      id: row.id,
      name: row.name,
      created_at: String(row.created_at),
      price: row.min_price === null || row.min_price === undefined ? null : Number(row.min_price),
    }));
  }

  /** The search index's hits that also pass `base`'s conditions, in the index's order, with their sort keys. */
  async function rankedMatches(
    base: ReturnType<typeof publishedProducts>,
    text: string,
  ): Promise<(SearchHit & { keys: SortKeys })[]> {
    const hits = (await productSearch.search(text)).slice(0, MAX_SEARCH_HITS);
    if (hits.length === 0) return [];
    const kept = new Map(
      (
        await sortKeysOf(
          base,
          hits.map((hit) => hit.id),
        )
      ).map((keys) => [keys.id, keys]),
    );
    return hits.flatMap((hit) => {
      const keys = kept.get(hit.id);
      return keys ? [{ ...hit, keys }] : [];
    });
  }

  /** Tiles of these products, in this order. */
  async function tilesOf(ids: number[]): Promise<ProductSummary[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom("products")
      .select(["id", "name", "title", "dietary"])
      .where("id", "in", ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return summaries(ids.flatMap((id) => byId.get(id) ?? []));
  }

  /**
   * One page of `base`'s products (published, in scope) under the list options' search, filter and sort. With
   * `search`, its diet words become the filter (search/diet-words.ts) and the rest finds products through the
   * search index (search/), in its order (exact matches before typo matches, counted in `searchNotes.exact`)
   * unless a sort reorders each of the two; the filter applies in SQL and paging counts what is left. Without a
   * search and without a sort (or "newest"), SQL orders and pages; a sort by price or name reads the scope's
   * sort keys (a bakery's catalogue: hundreds of rows at most) and orders them with the one comparator.
   */
  async function listPage(
    scope: ReturnType<typeof publishedProducts>,
    options: Omit<ProductListOptions, "categoryId">,
  ): Promise<ProductPage> {
    let base = scope;
    const paging = {
      page: options.page,
      perPage: options.perPage ?? PRODUCTS_PER_PAGE,
      path: options.path,
      query: options.query,
    };
    const byIds = (ids: number[]) =>
      paginateQuery({
        ...paging,
        count: async () => ids.length,
        fetch: (limit, offset) => tilesOf(ids.slice(offset, offset + limit)),
      });
    // Diet words in the search are the filter, not text (issue 29): "פרווה" never finds a dairy product.
    const search = options.search?.trim() ?? "";
    const read = readDietWords(search);
    const pageFilter = options.filter ?? { without: [] };
    const filter = read.filter && mergeFilters(pageFilter, read.filter);
    const notes = (exact: number, didYouMean: string | null = null): SearchNotes => ({
      dietWords: read.words,
      contradiction: filter === null,
      exact,
      didYouMean,
    });
    if (filter === null) {
      const page = await paginateQuery({ ...paging, count: async () => 0, fetch: async () => [] });
      return { ...page, searchNotes: notes(0) };
    }
    if (hasFilter(filter)) base = base.where((eb) => kashrutFilterCondition(eb, filter));
    // A search of only diet words lists what the filter admits; any other search goes to the index, even
    // one with no searchable word ("%"), which finds nothing.
    const text = read.words.length ? read.text : search;
    if (text) {
      const ranked = await rankedMatches(base, text);
      const exactHits = ranked.filter((hit) => hit.tier !== "fuzzy");
      const similarHits = ranked.filter((hit) => hit.tier === "fuzzy");
      const order = (hits: typeof ranked) => {
        if (!options.sort) return hits;
        const compare = compareProducts(options.sort);
        return [...hits].sort((a, b) => compare(a.keys, b.keys));
      };
      const page = await byIds([...order(exactHits), ...order(similarHits)].map((hit) => hit.id));
      const exact = exactHits.length;
      return { ...page, searchNotes: notes(exact, exact === 0 ? await productSearch.didYouMean(text) : null) };
    }
    if (options.sort && options.sort !== "newest") {
      const keys = await sortKeysOf(base);
      const page = await byIds(keys.sort(compareProducts(options.sort)).map((k) => k.id));
      return read.words.length ? { ...page, searchNotes: notes(page.total) } : page;
    }
    const page = await paginateQuery({
      ...paging,
      count: async () =>
        Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n),
      fetch: async (limit, offset) =>
        summaries(
          await base
            .select(["products.id", "products.name", "products.title", "products.dietary"])
            .orderBy("products.created_at", "desc")
            .orderBy("products.id", "desc")
            .limit(limit)
            .offset(offset)
            .execute(),
        ),
    });
    return read.words.length ? { ...page, searchNotes: notes(page.total) } : page;
  }

  return {
    /**
     * The product grid (`listPage`): published products, newest first unless sorted, searched and filtered.
     * Returns null when `categoryId` is not a published category (callers answer 404).
     */
    async products(options: ProductListOptions): Promise<ProductPage | null> {
      let base = publishedProducts();
      if (options.categoryId !== undefined) {
        const scope = await categoryScope(options.categoryId);
        if (!scope) return null;
        base = inCategories(scope.ids);
      }
      return listPage(base, options);
    },

    /**
     * The next "sold out today" to end strictly after `now` among published products (the schedule timer
     * bumps the content version then, so no cached page keeps showing "אזל להיום"); null when none.
     */
    async nextSoldOutEnd(now: Date): Promise<Date | null> {
      const row = await publishedProducts()
        .select((eb) => eb.fn.min("sold_out_until").as("next"))
        .where("sold_out_until", ">", now.toISOString())
        .executeTakeFirst();
      return typeof row?.next === "string" ? new Date(row.next) : null;
    },

    /** One published product with its categories, sizes, tags and images; null when not published. */
    async product(id: number): Promise<ProductDetail | null> {
      const now = clock();
      const row = await publishedProducts()
        .select(["id", "sold_out_until", ...PRODUCT_FIELD_COLUMNS])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return null;
      const [categories, sizes, tags, images] = await Promise.all([
        // Its published categories, as `publishedCategories` has them (a subcategory only under a published
        // parent), read for this product alone rather than filtered from every category.
        db
          .selectFrom("category_product")
          .innerJoin("categories", "categories.id", "category_product.category_id")
          .leftJoin("categories as parent", "parent.id", "categories.parent_id")
          .select(["categories.id", "categories.name"])
          .where("category_product.product_id", "=", id)
          .where("categories.status", "=", PUBLISHED)
          .where(liveAt(now, "categories"))
          .where((eb) =>
            eb.or([
              eb("categories.parent_id", "is", null),
              eb.and([eb("parent.status", "=", PUBLISHED), liveAt(now, "parent")]),
            ]),
          )
          .orderBy("categories.position")
          .orderBy("categories.id")
          .execute(),
        db
          .selectFrom("sizes")
          .select(["id", "name", "price"])
          .where("product_id", "=", id)
          .orderBy("price")
          .orderBy("id")
          .execute(),
        db
          .selectFrom("tags")
          .select(["id", "name", "color"])
          .where("tagable_type", "=", "product")
          .where("tagable_id", "=", id)
          .orderBy("id")
          .execute(),
        media.imagesOf("product", id),
      ]);
      const fields = productFieldsFromRow(row);
      return {
        id: row.id,
        ...publicProductFields(fields),
        status: row.status,
        visible: fields.visibility_home_page,
        sold_out_until: isSoldOut(row.sold_out_until, clock()) ? row.sold_out_until : null,
        mainImage: images[0] ?? null,
        category: categories,
        size: sizes.map((s) => ({ id: s.id, name: s.name, price: agorotToShekels(Number(s.price)) })),
        tag: tags,
        images: images.map((image) => ({ ...image, path: image.url })),
      };
    },

    /**
     * "You may also like": published products sharing categories with this one, the most shared
     * categories first, then newest; never the product itself.
     */
    async similar(id: number, limit = SIMILAR_PRODUCTS_LIMIT): Promise<ProductSummary[]> {
      const rows = await db
        .selectFrom("category_product as mine")
        .innerJoin("category_product as other", "other.category_id", "mine.category_id")
        .innerJoin("categories", "categories.id", "mine.category_id")
        .innerJoin("products", "products.id", "other.product_id")
        .select((eb) => [
          "products.id",
          "products.name",
          "products.title",
          "products.dietary",
          "products.created_at",
          eb.fn.countAll<number>().as("shared"),
        ])
        .where("mine.product_id", "=", id)
        .where("other.product_id", "<>", id)
        .where("products.status", "=", PUBLISHED)
        .where(liveAt(clock(), "products"))
        .where("categories.status", "=", PUBLISHED)
        .where(liveAt(clock(), "categories"))
        .groupBy(["products.id", "products.name", "products.title", "products.dietary", "products.created_at"])
        .orderBy("shared", "desc")
        .orderBy("products.created_at", "desc")
        .orderBy("products.id", "desc")
        .limit(limit)
        .execute();
      return summaries(rows);
    },

    /** "Special products from the bakery": published products flagged for the home page, newest first. */
    async homeProducts(limit = HOME_PRODUCTS_LIMIT): Promise<ProductSummary[]> {
      const rows = await publishedProducts()
        .select(["id", "name", "title", "dietary"])
        .where("visibility_home_page", "=", 1)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return summaries(rows);
    },

    /** Main categories with their subcategories (`/api/categories`, the /categories page). */
    async mainCategories(): Promise<CategoryWithSubs[]> {
      const all = await publishedCategories();
      return withSubs(
        all.filter((c) => c.is_main === 1 && c.parent_id === null),
        all,
      );
    },

    /** Every published category, main and sub, in menu order (`/api/all_categories`). */
    async allCategories(): Promise<CategoryWithSubs[]> {
      const all = await publishedCategories();
      return withSubs(all, all);
    },

    /** Categories flagged for the home page. */
    async homeCategories(): Promise<CategorySummary[]> {
      const all = await publishedCategories();
      const home = all.filter((c) => c.visibility_home_page === 1);
      return (await withSubs(home, all)).map(({ id, name, information, mainImage }) => ({
        id,
        name,
        information,
        mainImage,
      }));
    },

    /**
     * A published category with its subcategories, parent, and up to `limit` of its products (newest first, or
     * as `view` filters and sorts them: the same list as the grid's, `listPage`); `productCount` is the number
     * of products the view admits. Null when not published.
     */
    async category(
      id: number,
      limit = CATEGORY_PRODUCTS_LIMIT,
      view: Pick<ProductListOptions, "filter" | "sort"> = {},
    ): Promise<(CategoryDetail & { productCount: number }) | null> {
      const all = await publishedCategories();
      const row = all.find((c) => c.id === id);
      if (!row) return null;
      const [detail] = await withSubs([row], all);
      const ids = [id, ...all.filter((c) => c.parent_id === id).map((c) => c.id)];
      const list = await listPage(inCategories(ids), {
        page: 1,
        perPage: limit,
        filter: view.filter,
        sort: view.sort,
        path: `/categories/${id}`,
      });
      const parent = row.parent_id === null ? null : (all.find((c) => c.id === row.parent_id) ?? null);
      return {
        ...detail!,
        parent: parent ? { id: parent.id, name: parent.name } : null,
        products: list.data,
        productCount: list.total,
      };
    },

    /** Name of a published category (the filtered grid's heading), or null. */
    async categoryName(id: number): Promise<{ id: number; name: string; parent_id: number | null } | null> {
      const scope = await categoryScope(id);
      return scope ? { id: scope.category.id, name: scope.category.name, parent_id: scope.category.parent_id } : null;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
