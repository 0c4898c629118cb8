/**
 * Image records: every stored image goes through the one pipeline (server/images/pipeline.ts),
 * then gets its row. AVIF variants are added later by `backfillAvif`, one image at a time, so a
 * fresh start or a large upload never waits for the slow encoder.
 */
import type { Transaction } from "kysely";
import { heApi } from "../../domain/i18n/api.ts";
import type { DB } from "../db/database.ts";
import { type LockableTable, lockRow } from "../db/locks.ts";
import type { Database, ImageRow, OwnerType } from "../db/schema.ts";
import { NotFoundError } from "../errors.ts";
import { encodeAvifVariants, type ImageVariant, ingestImage, removeImageFiles } from "../images/pipeline.ts";
import type { ImageStorage } from "../images/storage.ts";
import type { Logger } from "../log.ts";
import { errorFields } from "../log.ts";

const DIRECTORY_BY_OWNER: Record<OwnerType, string> = {
  product: "products",
  category: "categories",
  branch: "branches",
  sale: "sales",
  publication: "publications",
};

/** The table of each kind of image owner. */
export const OWNER_TABLE = {
  product: "products",
  category: "categories",
  branch: "branches",
  sale: "sales",
  publication: "publications",
} as const satisfies Record<OwnerType, LockableTable>;

function variantsOf(row: Pick<ImageRow, "variants">): ImageVariant[] {
  try {
    const parsed: unknown = JSON.parse(row.variants);
    return Array.isArray(parsed) ? (parsed as ImageVariant[]) : [];
  } catch {
    return [];
  }
}

export function createImagesService(db: DB, storage: ImageStorage, logger: Logger) {
  return {
    /**
     * Validates, encodes and stores one image for its owner; returns the new row. The slow encoding runs
     * first, outside any transaction; then one transaction checks (and locks) the owner and inserts the row,
     * so an owner deleted meanwhile gets no row: its files are removed again and the answer is a 404.
     */
    async add(
      owner: { type: OwnerType; id: number },
      bytes: Buffer,
      options: { alt: string; position?: number },
    ): Promise<ImageRow> {
      const stored = await ingestImage(storage, bytes, { directory: DIRECTORY_BY_OWNER[owner.type] });
      try {
        const row = await db.transaction().execute(async (trx) => {
          if (!(await lockRow(trx, OWNER_TABLE[owner.type], owner.id, "share"))) return null;
          let position = options.position;
          if (position === undefined) {
            const last = await trx
              .selectFrom("images")
              .select((eb) => eb.fn.max("position").as("max"))
              .where("owner_type", "=", owner.type)
              .where("owner_id", "=", owner.id)
              .executeTakeFirst();
            position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
          }
          return trx
            .insertInto("images")
            .values({
              owner_type: owner.type,
              owner_id: owner.id,
              path: stored.key,
              width: stored.width,
              height: stored.height,
              variants: JSON.stringify(stored.variants),
              alt: options.alt,
              position,
              created_at: new Date().toISOString(),
            })
            .returningAll()
            .executeTakeFirstOrThrow();
        });
        if (row === null) throw new NotFoundError(heApi.ownerDeleted);
        return row;
      } catch (error) {
        await removeImageFiles(storage, stored);
        throw error;
      }
    },

    /** Deletes the row and the files; returns false when there was no such image. */
    async remove(id: number): Promise<boolean> {
      const row = await db.selectFrom("images").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return false;
      await db.deleteFrom("images").where("id", "=", id).execute();
      await removeImageFiles(storage, { key: row.path, variants: variantsOf(row) });
      return true;
    },

    /**
     * Deletes an owner with its images in one transaction that first locks the owner's row (`add` waits
     * for it, or committed before it and is taken along); `deleteRest` deletes what else goes with the owner
     * in the same transaction. The files go once it has committed. False when there was no such owner.
     */
    async removeOwner(
      owner: { type: OwnerType; id: number },
      deleteRest?: (trx: Transaction<Database>) => Promise<void>,
    ): Promise<boolean> {
      const images = await db.transaction().execute(async (trx) => {
        if (!(await lockRow(trx, OWNER_TABLE[owner.type], owner.id, "update"))) return null;
        const rows = await trx
          .deleteFrom("images")
          .where("owner_type", "=", owner.type)
          .where("owner_id", "=", owner.id)
          .returning(["id", "path", "variants"])
          .execute();
        await deleteRest?.(trx);
        await trx
          .deleteFrom(OWNER_TABLE[owner.type] as "products")
          .where("id", "=", owner.id)
          .execute();
        return rows;
      });
      if (images === null) return false;
      for (const row of images) {
        try {
          await removeImageFiles(storage, { key: row.path, variants: variantsOf(row) });
        } catch (error) {
          logger.warn("image files not removed", { imageId: row.id, ...errorFields(error) });
        }
      }
      return true;
    },

    /**
     * Adds AVIF variants to images that lack them, oldest first, until none are left or `signal` aborts.
     * Returns how many images were completed.
     */
    async backfillAvif(signal?: AbortSignal): Promise<number> {
      let done = 0;
      const failed = new Set<number>();
      while (!signal?.aborted) {
        const rows = await db
          .selectFrom("images")
          .selectAll()
          .where("variants", "not like", '%"avif"%')
          .orderBy("id")
          .limit(20)
          .execute();
        const todo = rows.filter((r) => !failed.has(r.id));
        if (todo.length === 0) break;
        for (const row of todo) {
          if (signal?.aborted) break;
          const variants = variantsOf(row);
          try {
            const avif = await encodeAvifVariants(storage, {
              key: row.path,
              width: row.width,
              height: row.height,
              variants,
            });
            // Re-read inside the update: the image may have been deleted meanwhile.
            const result = await db
              .updateTable("images")
              .set({ variants: JSON.stringify([...avif, ...variants]) })
              .where("id", "=", row.id)
              .executeTakeFirst();
            if (Number(result.numUpdatedRows) === 0) await removeImageFiles(storage, { key: row.path, variants: avif });
            done++;
          } catch (error) {
            failed.add(row.id);
            logger.warn("avif encoding failed", { imageId: row.id, ...errorFields(error) });
          }
        }
      }
      return done;
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
