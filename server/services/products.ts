/**
 * Products as the seed creates them, with their categories, sizes and tags; the columns a write stores are
 * product-row.ts's (the back office's writes store the same).
 */
import type { ProductInput } from "../../domain/schemas/admin/product.ts";
import type { DB } from "../db/database.ts";
import { productColumns } from "./product-row.ts";

/** A product to create: the product schema's output, published and off the home page unless it says otherwise. */
export type NewProduct = Omit<ProductInput, "status" | "visibility_home_page"> &
  Partial<Pick<ProductInput, "status" | "visibility_home_page">>;

export function createProductsService(db: DB) {
  return {
    async create(
      input: NewProduct,
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
          .values({
            ...productColumns({ status: 1, visibility_home_page: false, ...input }),
            created_at: now,
            updated_at: now,
          })
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
