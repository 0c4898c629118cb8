/**
 * Products in the back office: the paged list, one product with everything the modals show, writes that
 * keep the normalized search text in step (`searchColumns`), category assignment, sizes and tags, and a
 * delete that takes the product's images and files with it.
 */
import { type Expression, type SqlBool, sql, type Transaction } from "kysely";
import type {
  AdminProduct,
  AdminProductRow,
  AdminSize,
  AdminTag,
  NamedRef,
  Paginated,
  TrashReceipt,
} from "../../../domain/contracts/admin.ts";
import { firstOpeningAfterToday } from "../../../domain/hours/engine.ts";
import { parseStoredHours } from "../../../domain/hours/rules.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { isAllergenStatus } from "../../../domain/kashrut.ts";
import { agorotToShekels, shekelsToAgorot } from "../../../domain/money.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import {
  NO_SERIAL,
  PRODUCT_NAME_MAX,
  type ProductInput,
  type SizeInput,
  type TagInput,
} from "../../../domain/schemas/admin/product.ts";
import { scheduleStatus } from "../../../domain/seasonal/schedule.ts";
import { isSoldOut } from "../../../domain/sold-out.ts";
import type { DB } from "../../db/database.ts";
import { lockRow } from "../../db/locks.ts";
import type { Database } from "../../db/schema.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import type { Clock } from "../clock.ts";
import { type ImagesService, OWNER_TABLE } from "../images.ts";
import type { MediaService } from "../media.ts";
import { productColumns, productFieldsFromRow } from "../product-row.ts";
import type { AdminImagesService } from "./images.ts";
import { type ListConfig, listPage, now } from "./listing.ts";
import { productListConditions, productSearchRunner } from "./product-search.ts";
import type { AdminTrashService, TrashActor } from "./trash.ts";
import { insertVersioned, updateVersioned } from "./versions.ts";

export const PRODUCT_LIST: ListConfig = {
  id: "products.id",
  title: ["products.name", "products.title"],
  content: ["products.content"],
  extraGlobal: ["products.serial_id"],
  orderColumns: {
    id: "products.id",
    name: "products.name",
    title: "products.title",
    serial_id: "products.serial_id",
    status: "products.status",
    visibility_home_page: "products.visibility_home_page",
    created_at: "products.created_at",
    updated_at: "products.updated_at",
  },
};

/** The name of a duplicate: "<name> (עותק)", the original shortened to fit the name's limit if need be. */
export function copyName(name: string): string {
  const suffix = ` ${heAdmin.products.copySuffix}`;
  return name.slice(0, PRODUCT_NAME_MAX - suffix.length).trimEnd() + suffix;
}

/**
 * `?allergen_status=not_stated|none|listed`: the list narrowed to one allergen decision (issue 29: the
 * going-live list links to the products nobody has decided for). Anything else is no filter.
 */
function allergenStatusCondition(params: URLSearchParams | undefined): Expression<SqlBool>[] {
  const status = params?.get("allergen_status");
  return isAllergenStatus(status) ? [sql<SqlBool>`${sql.ref("products.allergen_status")} = ${status}`] : [];
}

/** The products list's WHERE conditions for its search and filters: the page's rows and "all N matching" alike. */
export function productFilterConditions(
  db: DB,
  query: ListQuery,
  params: URLSearchParams | undefined,
): Expression<SqlBool>[] {
  return [...productListConditions(db, PRODUCT_LIST, query), ...allergenStatusCondition(params)];
}

export function createAdminProductsService(
  db: DB,
  deps: {
    media: MediaService;
    images: ImagesService;
    adminImages: AdminImagesService;
    trash: AdminTrashService;
    clock: Clock;
  },
) {
  async function categoriesOf(productIds: number[]): Promise<Map<number, NamedRef[]>> {
    const result = new Map<number, NamedRef[]>();
    if (productIds.length === 0) return result;
    const rows = await db
      .selectFrom("category_product")
      .innerJoin("categories", "categories.id", "category_product.category_id")
      .select(["category_product.product_id", "categories.id", "categories.name"])
      .where("category_product.product_id", "in", productIds)
      .orderBy("categories.position")
      .orderBy("categories.id")
      .execute();
    for (const row of rows) {
      const list = result.get(row.product_id) ?? [];
      list.push({ id: row.id, name: row.name });
      result.set(row.product_id, list);
    }
    return result;
  }

  async function assertSerialFree(serialId: number, exceptId?: number) {
    let query = db.selectFrom("products").select("id").where("serial_id", "=", serialId);
    if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
    const other = await query.executeTakeFirst();
    if (other) throw new ValidationError({ serial_id: [heAdmin.validation.serialTaken(other.id)] });
  }

  /** A stored "sold out" end, or null once it has passed. */
  const soldOutOf = (until: string | null) => (isSoldOut(until, deps.clock()) ? until : null);

  async function assertExists(id: number) {
    const row = await db.selectFrom("products").select("id").where("id", "=", id).executeTakeFirst();
    if (!row) throw new NotFoundError();
  }

  const service = {
    async list(query: ListQuery, path: string, params?: URLSearchParams): Promise<Paginated<AdminProductRow>> {
      return listPage(db, {
        table: "products",
        config: PRODUCT_LIST,
        query,
        conditions: productFilterConditions(db, query, params),
        searchWith: productSearchRunner(db, query),
        path,
        params,
        map: async (rows) => {
          const ids = rows.map((r) => r.id);
          const [images, categories] = await Promise.all([deps.media.mainImages("product", ids), categoriesOf(ids)]);
          return rows.map((r) => {
            const fields = productFieldsFromRow(r);
            return {
              id: r.id,
              name: fields.name,
              title: fields.title,
              serial_id: fields.serial_id,
              status: r.status,
              visibility_home_page: fields.visibility_home_page,
              created_at: r.created_at,
              updated_at: r.updated_at,
              version: r.version,
              mainImage: images.get(r.id) ?? null,
              category: categories.get(r.id) ?? [],
              dietary: fields.dietary,
              starts_at: fields.starts_at,
              ends_at: fields.ends_at,
              schedule: scheduleStatus(fields, deps.clock()),
              sold_out_until: soldOutOf(r.sold_out_until),
            };
          });
        },
      });
    },

    async get(id: number): Promise<AdminProduct> {
      const row = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) throw new NotFoundError();
      const [images, categories, sizes, tags] = await Promise.all([
        deps.adminImages.list("product", id),
        categoriesOf([id]),
        db.selectFrom("sizes").selectAll().where("product_id", "=", id).orderBy("id").execute(),
        db
          .selectFrom("tags")
          .selectAll()
          .where("tagable_type", "=", "product")
          .where("tagable_id", "=", id)
          .orderBy("id")
          .execute(),
      ]);
      const fields = productFieldsFromRow(row);
      return {
        id: row.id,
        ...fields,
        status: row.status,
        created_at: row.created_at,
        updated_at: row.updated_at,
        version: row.version,
        mainImage: images[0]?.picture ?? null,
        category: categories.get(id) ?? [],
        sold_out_until: soldOutOf(row.sold_out_until),
        schedule: scheduleStatus(fields, deps.clock()),
        size: sizes.map((s) => ({ id: s.id, name: s.name, price: agorotToShekels(s.price), product_id: s.product_id })),
        tag: tags.map((t) => ({
          id: t.id,
          name: t.name,
          color: t.color,
          tagable_id: t.tagable_id,
          tagable_type: t.tagable_type,
        })),
        images,
      };
    },

    async create(input: ProductInput): Promise<AdminProduct> {
      await assertSerialFree(input.serial_id);
      return service.get(await insertVersioned(db, "products", productColumns(input)));
    },

    /**
     * With `expectedVersion`, only while it is the product's version (else 409: versions.ts). A missing
     * product is a 404 from the read that answers (updateVersioned), with no read of its own before.
     */
    async update(id: number, input: ProductInput, expectedVersion?: number): Promise<AdminProduct> {
      await assertSerialFree(input.serial_id, id);
      return updateVersioned(
        db,
        { table: "products", id, expected: expectedVersion },
        // Kashrut fields the request left out stay as stored (productColumns).
        { ...productColumns(input), updated_at: now() },
        () => service.get(id),
      );
    },

    /**
     * A copy of the product to start a variant from: its fields, sizes, tags, categories and images (files
     * copied under keys of its own), as a hidden draft named "… (עותק)" with no serial number yet
     * (`NO_SERIAL`: the form asks for one before it saves). The files are copied first, outside any
     * transaction; then one transaction, holding the source against a delete, writes every row — a failure
     * there removes the copied files again. The copy's images get AVIF queued if they lack it.
     */
    async duplicate(id: number): Promise<AdminProduct> {
      const source = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
      if (!source) throw new NotFoundError();
      const images = await db
        .selectFrom("images")
        .selectAll()
        .where("owner_type", "=", "product")
        .where("owner_id", "=", id)
        .orderBy("position")
        .orderBy("id")
        .execute();
      const copies = await deps.images.copyFiles(images, OWNER_TABLE.product);
      let copyId: number;
      try {
        copyId = await db.transaction().execute(async (trx) => {
          if (!(await lockRow(trx, "products", id, "share"))) throw new NotFoundError();
          const fields = productFieldsFromRow(source);
          const at = now();
          const { id: newId } = await trx
            .insertInto("products")
            .values({
              ...productColumns({
                ...fields,
                // The allergen decision is copied as it is: unknown lists (not stated) stay unknown.
                allergens: fields.allergens ?? undefined,
                may_contain: fields.may_contain ?? undefined,
                name: copyName(fields.name),
                serial_id: NO_SERIAL,
                status: 0,
              }),
              created_at: at,
              updated_at: at,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          // Read inside the transaction: a size or tag added meanwhile is either in it or after it.
          const [sizes, tags, categories] = await Promise.all([
            trx.selectFrom("sizes").selectAll().where("product_id", "=", id).orderBy("id").execute(),
            trx
              .selectFrom("tags")
              .selectAll()
              .where("tagable_type", "=", "product")
              .where("tagable_id", "=", id)
              .orderBy("id")
              .execute(),
            trx.selectFrom("category_product").select("category_id").where("product_id", "=", id).execute(),
          ]);
          if (sizes.length) {
            await trx
              .insertInto("sizes")
              .values(sizes.map((s) => ({ product_id: newId, name: s.name, price: s.price, created_at: at })))
              .execute();
          }
          if (tags.length) {
            await trx
              .insertInto("tags")
              .values(
                tags.map((t) => ({
                  name: t.name,
                  color: t.color,
                  tagable_id: newId,
                  tagable_type: "product" as const,
                  created_at: at,
                })),
              )
              .execute();
          }
          if (categories.length) {
            await trx
              .insertInto("category_product")
              .values(categories.map((c) => ({ category_id: c.category_id, product_id: newId })))
              .execute();
          }
          const byId = new Map(images.map((image) => [image.id, image]));
          for (const copy of copies) {
            const image = byId.get(copy.from) as (typeof images)[number];
            await trx
              .insertInto("images")
              .values({
                owner_type: "product",
                owner_id: newId,
                path: copy.key,
                width: image.width,
                height: image.height,
                variants: JSON.stringify(copy.variants),
                alt: image.alt,
                position: image.position,
                created_at: at,
              })
              .execute();
          }
          return newId;
        });
      } catch (error) {
        await deps.images.removeCopies(copies);
        throw error;
      }
      const copied = await db
        .selectFrom("images")
        .select(["id", "variants"])
        .where("owner_type", "=", "product")
        .where("owner_id", "=", copyId)
        .execute();
      await deps.images.queueMissingAvif(copied);
      return service.get(copyId);
    },

    /**
     * "Sold out today" on or off (issue 30). On: until the bakery's next opening on a later day, from every
     * branch's hours (`firstOpeningAfterToday`, domain/sold-out.ts), stored so it ends by itself. Not a form field: the version stays.
     */
    async setSoldOut(id: number, soldOut: boolean): Promise<AdminProduct> {
      let until: string | null = null;
      if (soldOut) {
        const branches = await db.selectFrom("branches").select("opening_hours").execute();
        until = firstOpeningAfterToday(
          branches.map((b) => parseStoredHours(b.opening_hours)),
          deps.clock(),
        ).toISOString();
      }
      const result = await db
        .updateTable("products")
        .set({ sold_out_until: until, updated_at: now() })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new NotFoundError();
      return service.get(id);
    },

    /**
     * Moves the product to the trash with its tags, sizes, category links, reviews and images (their files
     * stay until the purge), in one transaction that locks the product first: a tag, size or image written
     * at the same moment either committed before (and goes with it) or finds the product gone (404).
     */
    async remove(id: number, actor?: TrashActor | null): Promise<TrashReceipt> {
      return deps.trash.moveToTrash("Product", id, actor);
    },

    /** Replaces the product's categories with exactly these. */
    async setCategories(id: number, categoryIds: number[]): Promise<NamedRef[]> {
      await assertExists(id);
      const unique = [...new Set(categoryIds)];
      if (unique.length) {
        const found = await db.selectFrom("categories").select("id").where("id", "in", unique).execute();
        if (found.length !== unique.length) {
          throw new ValidationError({ categories: [heAdmin.validation.categoriesInvalid] });
        }
      }
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("category_product").where("product_id", "=", id).execute();
        if (unique.length) {
          await trx
            .insertInto("category_product")
            .values(unique.map((category_id) => ({ category_id, product_id: id })))
            .execute();
        }
      });
      return (await categoriesOf([id])).get(id) ?? [];
    },

    async addSize(input: SizeInput): Promise<AdminSize> {
      const row = await withProduct(input.product_id, { product_id: [heAdmin.validation.productMissing] }, (trx) =>
        trx
          .insertInto("sizes")
          .values({
            product_id: input.product_id,
            name: input.name,
            price: shekelsToAgorot(input.price),
            created_at: now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return { id: row.id, name: row.name, price: agorotToShekels(row.price), product_id: row.product_id };
    },

    async removeSize(id: number): Promise<void> {
      const row = await db.selectFrom("sizes").select("product_id").where("id", "=", id).executeTakeFirst();
      if (!row) throw new NotFoundError();
      await db.deleteFrom("sizes").where("id", "=", id).execute();
      await touch(row.product_id);
    },

    async addTag(input: TagInput): Promise<AdminTag> {
      const row = await withProduct(input.tagable_id, { tagable_id: [heAdmin.validation.productMissing] }, (trx) =>
        trx
          .insertInto("tags")
          .values({
            name: input.name,
            color: input.color,
            tagable_id: input.tagable_id,
            tagable_type: input.tagable_type,
            created_at: now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return {
        id: row.id,
        name: row.name,
        color: row.color,
        tagable_id: row.tagable_id,
        tagable_type: row.tagable_type,
      };
    },

    async removeTag(id: number): Promise<void> {
      const row = await db
        .selectFrom("tags")
        .select(["tagable_id", "tagable_type"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) throw new NotFoundError();
      await db.deleteFrom("tags").where("id", "=", id).execute();
      if (row.tagable_type === "product") await touch(row.tagable_id);
    },
  };

  /** A change to sizes or tags is a change to the product (its updated_at, not its version: the form's fields). */
  async function touch(productId: number, executor: DB | Transaction<Database> = db) {
    await executor.updateTable("products").set({ updated_at: now() }).where("id", "=", productId).execute();
  }

  /**
   * Writes a row that belongs to the product in one transaction that first checks and locks the product,
   * so it can never outlive a delete running at the same moment (services/admin/trash.ts `moveToTrash`).
   * A missing product is a 422 under `missing`'s field, as before.
   */
  async function withProduct<T>(
    productId: number,
    missing: Record<string, string[]>,
    write: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    return db.transaction().execute(async (trx) => {
      if (!(await lockRow(trx, "products", productId, "update"))) throw new ValidationError(missing);
      const result = await write(trx);
      await touch(productId, trx);
      return result;
    });
  }

  return service;
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;
