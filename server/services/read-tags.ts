/**
 * What each public read reads, as page-cache tags (server/cache-tags.ts): a page rendered from these reads
 * carries their tags, and a write touching one of them (domain/entities.ts, `cacheTags`) makes it stale. The
 * vocabulary, shared with the writes' side:
 *
 *   product:61, category:3, branch:2, sale:4, publication:5   one record as pages show it
 *   product, category, branch, sale, publication              any record of that kind (read with every record;
 *                    a write that cannot say which record touches it). Never declare a read by its kind alone: a
 *                    write naming one record does not touch the kind.
 *   products         which products a list holds (published, in its categories): a product created, deleted,
 *                    published or hidden, or moved between categories
 *   home-products    which products the home page features (`visibility_home_page`)
 *   search           which products a text search finds (their names and texts)
 *   filters          which products a dietary or allergen filter keeps (their kashrut and allergen fields)
 *   categories, branches, sales, publications   which records a list or menu of that kind holds
 *   settings, reviews
 *   preorders        whether any branch takes pre-orders (the order links and the product pages' form)
 *   any              every change: what a read not declared here carries, so it is never served stale
 *
 * Each public service's methods are wrapped here, next to the tags they read; a method nobody declared reads
 * `any` — correct, only less cacheable — so a new read can never make a page stale.
 *
 * A declaration wrapped in `verifiable` is a read whose result says everything a page shows from it and is cheap to
 * get again (a product list: the search index in memory and one query). Its call and a hash of its result are kept
 * with the page (`readChecked`); when the page is stale only through tags such reads alone declared, the page
 * cache calls them again (`verifyReads`) and keeps the page if every result is the same.
 */
import { createHash } from "node:crypto";
import { collecting, type ReadCheck, readChecked, readTags } from "../cache-tags.ts";
import type { Services } from "./index.ts";

/** The tags of records shown: each record's own and its kind's. */
export function recordTags(kind: string, ids: Iterable<number>): string[] {
  return [kind, ...[...ids].map((id) => `${kind}:${id}`)];
}

// biome-ignore lint/suspicious/noExplicitAny: any method's arguments and result
type AnyMethod = (...args: any[]) => any;
type Declare = (result: unknown, ...args: unknown[]) => string[];

const VERIFIABLE = Symbol("verifiable");
/** Marks a declaration's read as verifiable (see above): its arguments must be plain data. */
function verifiable<D extends AnyMethod>(declare: D): D {
  return Object.assign(declare, { [VERIFIABLE]: true });
}

/** The hash a verifiable read's result is compared by: of its JSON (dates as ISO strings, big integers as digits). */
export function resultHash(result: unknown): string {
  const json = JSON.stringify(result, (_, value) => (typeof value === "bigint" ? `${value}n` : value));
  return createHash("sha256")
    .update(json ?? "undefined")
    .digest("base64url");
}
/** Per method: the tags a call reads, from its arguments and its result. */
type Declarations<S> = {
  [K in keyof S]?: S[K] extends AnyMethod
    ? (result: Awaited<ReturnType<S[K]>>, ...args: Parameters<S[K]>) => string[]
    : never;
};

/** Every method of `service`, recording the tags its declaration gives (`any` for an undeclared one). */
function tagged<S extends object>(serviceName: string, service: S, declarations: Declarations<S>): S {
  const wrapped = { ...service } as Record<string, unknown>;
  for (const [name, member] of Object.entries(service)) {
    if (typeof member !== "function") continue;
    const declare = (declarations as Record<string, Declare | undefined>)[name];
    const record =
      declare && VERIFIABLE in declare
        ? (result: unknown, args: unknown[]) => {
            // Outside a render nobody keeps the hash: not worth its JSON.
            if (!collecting()) return;
            readChecked({
              service: serviceName,
              method: name,
              args,
              tags: declare(result, ...args),
              hash: resultHash(result),
            });
          }
        : (result: unknown, args: unknown[]) => readTags(...(declare ? declare(result, ...args) : ["any"]));
    wrapped[name] = (...args: unknown[]) => {
      const result = (member as AnyMethod).apply(service, args);
      if (!(result instanceof Promise)) {
        record(result, args);
        return result;
      }
      return result.then((value) => {
        record(value, args);
        return value;
      });
    };
  }
  return wrapped as S;
}

const idsOf = (items: readonly { id: number }[] | null | undefined) => (items ?? []).map((item) => item.id);
const withSubIds = (items: readonly { id: number; subCategories?: readonly { id: number }[] }[]) =>
  items.flatMap((item) => [item.id, ...idsOf(item.subCategories)]);

/** The public services, each read recording what it read. Writes (forms) and admin services pass unchanged. */
export function withReadTags(services: Services): Services {
  const { catalogue, categories, branches, sales, publications, seasonal, settings, reviews, preorders } = services;
  return {
    ...services,
    catalogue: tagged("catalogue", catalogue, {
      // A product list (grid, search, filters, a category's page of products): verifiable, so a rename that makes every
      // search page stale re-renders only those whose results it changed.
      products: verifiable((page, options) => [
        "products",
        ...(options.search ? ["search"] : []),
        ...(options.filter?.dietary || options.filter?.without.length ? ["filters"] : []),
        ...(options.categoryId ? ["categories", ...recordTags("category", [options.categoryId])] : []),
        ...recordTags("product", idsOf(page?.data)),
      ]),
      product: (product, id) =>
        product
          ? [...recordTags("product", [id]), ...recordTags("category", idsOf(product.category))]
          : // Not found (or hidden): it appears when created or published.
            ["products", `product:${id}`],
      similar: (items) => ["products", "categories", ...recordTags("product", idsOf(items))],
      homeProducts: (items) => ["products", "home-products", ...recordTags("product", idsOf(items))],
      mainCategories: (items) => ["categories", ...recordTags("category", withSubIds(items))],
      allCategories: (items) => ["categories", ...recordTags("category", withSubIds(items))],
      homeCategories: (items) => ["categories", ...recordTags("category", idsOf(items))],
      category: (detail, id) =>
        detail
          ? [
              "categories",
              "products",
              ...recordTags("category", [id, ...withSubIds([detail])]),
              ...recordTags("product", idsOf(detail.products)),
            ]
          : ["categories", `category:${id}`],
      categoryName: (_, id) => ["categories", `category:${id}`],
    }),
    categories: tagged("categories", categories, {
      menu: (items) => ["categories", ...recordTags("category", withSubIds(items))],
      home: (items) => ["categories", ...recordTags("category", idsOf(items))],
    }),
    // The featured collections: seasonal categories (which of them: `categories`) and their products.
    seasonal: tagged("seasonal", seasonal, {
      featured: (collections) => [
        "categories",
        "products",
        ...recordTags("category", idsOf(collections)),
        ...recordTags(
          "product",
          collections.flatMap((c) => idsOf(c.products)),
        ),
      ],
    }),
    branches: tagged("branches", branches, {
      list: (items) => ["branches", ...recordTags("branch", idsOf(items))],
      get: (branch, id) => (branch ? recordTags("branch", [id]) : ["branches", `branch:${id}`]),
      // The kashrut claims of product pages and /about: which branches hold a valid certificate (every branch
      // write touches `branches`).
      certificates: () => ["branches"],
      hours: (_, id) => recordTags("branch", [id]),
    }),
    sales: tagged("sales", sales, {
      list: (items) => ["sales", ...recordTags("sale", idsOf(items))],
      home: (items) => ["sales", ...recordTags("sale", idsOf(items))],
      get: (item, id) => (item ? recordTags("sale", [id]) : ["sales", `sale:${id}`]),
    }),
    publications: tagged("publications", publications, {
      list: (items) => ["publications", ...recordTags("publication", idsOf(items))],
      home: (items) => ["publications", ...recordTags("publication", idsOf(items))],
      get: (item, id) => (item ? recordTags("publication", [id]) : ["publications", `publication:${id}`]),
    }),
    settings: tagged("settings", settings, { get: () => ["settings"] }),
    reviews: tagged("reviews", reviews, { ofProduct: (_, id) => ["reviews", `product:${id}`] }),
    // Only the list of branches taking pre-orders is read by cached pages; the rest is the order pages' own.
    // (A branch's name or address on the order page is not on a cached page: its list is read there.)
    preorders: tagged("preorders", preorders, { branches: () => ["preorders"] }),
  };
}

/**
 * Calls each verifiable read again (outside any collector) and says whether every one returns what it returned when
 * the page was made. A read this server does not know (a worker of another build) counts as changed.
 */
export async function verifyReads(services: Services, checks: readonly ReadCheck[]): Promise<boolean> {
  const results = await Promise.all(
    checks.map(async (check) => {
      const service = (services as unknown as Record<string, Record<string, unknown> | undefined>)[check.service];
      const method = service?.[check.method];
      if (typeof method !== "function") return false;
      return resultHash(await (method as AnyMethod).apply(service, check.args as unknown[])) === check.hash;
    }),
  );
  return results.every(Boolean);
}
