/** Products: writes keep the normalized search text in step with name, title and content. */
import type { ProductKashrut } from "../../domain/kashrut.ts";
import type { DB } from "../db/database.ts";
import { kashrutColumns } from "./kashrut.ts";
import { buildSearchDocument } from "./search/hebrew.ts";

export interface ProductInput {
  name: string;
  title: string;
  content: string;
  serial_id: number;
  status?: number;
  visibility_home_page?: boolean;
  /** Kashrut and allergens (issue 11); absent: not stated. */
  kashrut?: ProductKashrut;
}

/**
 * The stored search text the admin list's search reads. (`products.search_name` is no longer written: nothing
 * reads it since the public search moved to the in-memory index; dropping the column needs a migration.)
 */
export function searchColumns(input: Pick<ProductInput, "name" | "title" | "content">) {
  return {
    search_text: buildSearchDocument({ name: input.name, title: input.title, content: input.content }).searchText,
  };
}

/**
 * The columns a product write stores, for create and update alike (the seed's and the back office's): the
 * fields, the normalized search text and the kashrut columns — a kashrut field left out is not written
 * (an update keeps what is stored, a create takes the default).
 */
export function productColumns(
  input: Omit<ProductInput, "kashrut"> & Partial<{ [K in keyof ProductKashrut]: ProductKashrut[K] | undefined }>,
) {
  return {
    name: input.name,
    title: input.title,
    content: input.content,
    serial_id: input.serial_id,
    status: input.status ?? 1,
    visibility_home_page: input.visibility_home_page ? 1 : 0,
    ...searchColumns(input),
    ...kashrutColumns(input),
  };
}

export function createProductsService(db: DB) {
  return {
    async create(
      input: ProductInput,
      related: {
        categoryIds?: number[];
        sizes?: { name: string; price: number }[];
        tags?: { name: string; color: string }[];
      } = {},
    ): Promise<number> {
      const now = new Date().toISOString();
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto("products")
          .values({ ...productColumns({ ...input, ...input.kashrut }), created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow();
        if (related.categoryIds?.length) {
          await trx
            .insertInto("category_product")
            .values(related.categoryIds.map((category_id) => ({ category_id, product_id: id })))
            .execute();
        }
        if (related.sizes?.length) {
          await trx
            .insertInto("sizes")
            .values(related.sizes.map((s) => ({ product_id: id, name: s.name, price: s.price, created_at: now })))
            .execute();
        }
        if (related.tags?.length) {
          await trx
            .insertInto("tags")
            .values(
              related.tags.map((t) => ({
                name: t.name,
                color: t.color,
                tagable_id: id,
                tagable_type: "product",
                created_at: now,
              })),
            )
            .execute();
        }
        return id;
      });
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
