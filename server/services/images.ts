/**
 * Image records: every stored image goes through the one pipeline (server/images/pipeline.ts),
 * then gets its row. AVIF variants are added later by `backfillAvif`, one image at a time, so a
 * fresh start or a large upload never waits for the slow encoder.
 *
 * Storage failing (unreachable bucket, read-only folder) is a 503 (`ServiceUnavailableError`) that
 * leaves the database as it was: an upload writes its row only after every file is stored, a delete
 * removes the files before the row (a retry finishes the job; removing a missing file is no error).
 */
import type { Transaction } from "kysely";
import { heApi } from "../../domain/i18n/api.ts";
import type { DB } from "../db/database.ts";
import { type LockableTable, lockRow } from "../db/locks.ts";
import type { Database, ImageRow, OwnerType } from "../db/schema.ts";
import { NotFoundError, ServiceUnavailableError } from "../errors.ts";
import { encodeAvifVariants, type ImageVariant, ingestImage, removeImageFiles } from "../images/pipeline.ts";
import { type ImageStorage, StorageUnavailableError } from "../images/storage.ts";
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

/** A storage failure becomes the Hebrew 503; anything else passes through. */
async function storageStep<T>(logger: Logger, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    logger.error("image storage unavailable", errorFields(error));
    throw new ServiceUnavailableError(heApi.storageUnavailable);
  }
}

export function createImagesService(db: DB, storage: ImageStorage, logger: Logger) {
  /** Best effort after the rows are gone: files left behind are only named in the log. */
  async function removeFilesQuietly(image: { key: string; variants: ImageVariant[] }) {
    try {
      await removeImageFiles(storage, image);
    } catch (error) {
      logger.warn("image files left in storage", { key: image.key, ...errorFields(error) });
    }
  }

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
      const stored = await storageStep(logger, () =>
        ingestImage(storage, bytes, { directory: DIRECTORY_BY_OWNER[owner.type] }),
      );
      // From here a failure (the owner deleted meanwhile, the database gone) takes the stored files back with it.
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
        await removeFilesQuietly(stored);
        throw error;
      }
    },

    /**
     * Deletes the files, then the row; returns false when there was no such image. Storage failing →
     * 503 with the row kept, so the image can be deleted again once storage is back.
     */
    async remove(id: number): Promise<boolean> {
      const row = await db.selectFrom("images").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return false;
      await storageStep(logger, () => removeImageFiles(storage, { key: row.path, variants: variantsOf(row) }));
      await db.deleteFrom("images").where("id", "=", id).execute();
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
      // The rows are gone for good: files that storage refuses to delete now are only named in the log.
      for (const row of images) await removeFilesQuietly({ key: row.path, variants: variantsOf(row) });
      return true;
    },

    /**
     * Undoes images just added (a batch upload that failed half-way): the rows go whatever happens, the
     * files if storage lets us (an upload that failed because storage did is not left half-written).
     */
    async discard(rows: readonly ImageRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .deleteFrom("images")
        .where(
          "id",
          "in",
          rows.map((r) => r.id),
        )
        .execute();
      for (const row of rows) await removeFilesQuietly({ key: row.path, variants: variantsOf(row) });
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
