/**
 * The public catalogue API (spec §7), read-only and open to visitors:
 *   GET /api/products?page&search[&category][&dietary][&without][&sort]   paged (Laravel paginator JSON);
 *                                               search forgives typos; `dietary` parve|dairy|meat, `without`
 *                                               allergen codes (comma-separated), `sort` newest|price_asc|
 *                                               price_desc|name (issue 29): unknown values → 422 (issue 11; the
 *                                               pages ignore them instead)
 *   GET /api/products/suggest?q                 { data: ProductSuggestion[] } (≤ 8; blank/too long q → 422)
 *                                               diet words in `search`/`q` ("פרווה", "טבעוני", "ללא גלוטן")
 *                                               are the dietary/allergen filter, not text (issue 29)
 *   GET /api/product/{id}                       { data: ProductDetail }
 *   GET /api/product-similar/{id}               { data: ProductSummary[] }
 *   GET /api/product-home/                      { data: ProductSummary[] }
 *   GET /api/categories                         { data: CategoryWithSubs[] }  (main categories)
 *   GET /api/all_categories                     { data: CategoryWithSubs[] }  (main and sub)
 *   GET /api/category/{id}                      { data: CategoryDetail }      (with products)
 *   GET /api/categories-home/                   { data: CategorySummary[] }
 * Paths with and without the trailing slash answer alike. Unknown or unpublished ids → 404.
 */
import { type Handler, Hono } from "hono";
import { parseSort } from "../../domain/catalogue-sort.ts";
import { heCatalogue } from "../../domain/i18n/catalogue.ts";
import { heKashrut } from "../../domain/i18n/kashrut.ts";
import { parseId } from "../../domain/ids.ts";
import { type CatalogueFilter, filterQuery, parseAllergenList, parseDietary } from "../../domain/kashrut.ts";
import { parsePage } from "../../domain/pagination.ts";
import { suggestQuerySchema } from "../../domain/schemas/suggest-query.ts";
import type { AppEnv } from "../app.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { parseWith } from "../http/validation.ts";
import { readDietWords } from "../services/search/diet-words.ts";
import type { ApiDeps } from "./index.ts";
import { idParam } from "./params.ts";

/** `?dietary=` and `?without=` of the API: strict, every unknown value is a 422 under its field. */
function apiFilter(dietary: string | undefined, without: string[]): CatalogueFilter {
  const errors: Record<string, string[]> = {};
  const kind = parseDietary(dietary);
  if (kind === undefined && (dietary?.trim() ?? "") !== "") errors.dietary = [heKashrut.unknownDietary];
  const { codes, unknown } = parseAllergenList(without);
  if (unknown.length) errors.without = [heKashrut.unknownAllergens(unknown.join(", "))];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { ...(kind ? { dietary: kind } : {}), without: codes };
}

export function createCatalogueRouter({ services }: Pick<ApiDeps, "services">) {
  const api = new Hono<AppEnv>();
  const { catalogue } = services;

  /** GET on both `/path` and `/path/`. */
  // biome-ignore lint/suspicious/noExplicitAny: the path pattern differs per route
  const get = (path: string, handler: Handler<AppEnv, any>) => {
    api.get(path, handler);
    api.get(`${path}/`, handler);
  };

  get("/products", async (c) => {
    const search = c.req.query("search") ?? "";
    const rawCategory = c.req.query("category");
    let categoryId: number | undefined;
    if (rawCategory !== undefined && rawCategory !== "") {
      const id = parseId(rawCategory);
      if (id === null) throw new ValidationError({ category: [heCatalogue.catalogue.invalidCategory] });
      categoryId = id;
    }
    const filter = apiFilter(c.req.query("dietary"), c.req.queries("without") ?? []);
    const rawSort = c.req.query("sort") ?? "";
    const sort = parseSort(rawSort);
    if (sort === undefined && rawSort !== "") throw new ValidationError({ sort: [heCatalogue.sort.unknown] });
    const page = await catalogue.products({
      page: parsePage(c.req.query("page")),
      search,
      categoryId,
      filter,
      sort,
      path: "/api/products",
      query: { search, category: categoryId, ...filterQuery(filter), sort },
    });
    if (!page) throw new NotFoundError(heCatalogue.catalogue.categoryNotFound);
    // The paginator JSON of the spec; the page's notes (diet words, exact count) are the page's.
    const { searchNotes: _notes, ...paginated } = page;
    return c.json(paginated);
  });

  // The search box's suggestions, while the visitor types. Answers from the in-memory index: no SQL.
  // Diet words ("פרווה", "ללא גלוטן") filter them as they filter the grid (search/diet-words.ts).
  get("/products/suggest", async (c) => {
    const { q } = parseWith(suggestQuerySchema, { q: c.req.query("q") });
    const read = readDietWords(q);
    const suggestions = !read.words.length
      ? await services.search.suggest(q)
      : read.filter
        ? await services.search.suggest(read.text, undefined, read.filter)
        : [];
    return c.json({ data: suggestions.map(({ id, name }) => ({ id, name, url: `/product/${id}` })) });
  });

  get("/product/:id", async (c) => {
    const product = await catalogue.product(idParam(c.req.param("id"), heCatalogue.catalogue.productNotFound));
    if (!product) throw new NotFoundError(heCatalogue.catalogue.productNotFound);
    return c.json({ data: product });
  });

  get("/product-similar/:id", async (c) => {
    const id = idParam(c.req.param("id"), heCatalogue.catalogue.productNotFound);
    if (!(await catalogue.product(id))) throw new NotFoundError(heCatalogue.catalogue.productNotFound);
    return c.json({ data: await catalogue.similar(id) });
  });

  get("/product-home", async (c) => c.json({ data: await catalogue.homeProducts() }));
  get("/categories", async (c) => c.json({ data: await catalogue.mainCategories() }));
  get("/all_categories", async (c) => c.json({ data: await catalogue.allCategories() }));
  get("/categories-home", async (c) => c.json({ data: await catalogue.homeCategories() }));

  get("/category/:id", async (c) => {
    const category = await catalogue.category(idParam(c.req.param("id"), heCatalogue.catalogue.categoryNotFound));
    if (!category) throw new NotFoundError(heCatalogue.catalogue.categoryNotFound);
    const { productCount: _count, ...data } = category;
    return c.json({ data });
  });

  return api;
}
