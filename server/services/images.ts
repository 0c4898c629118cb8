/**
 * Image records: every stored image goes through the one pipeline (server/images/pipeline.ts),
 * then gets its row. AVIF variants are added later by `backfillAvif`, one image at a time, so a
 * fresh start or a large upload never waits for the slow encoder.
 */
import type { DB } from "../db/database.ts";
import type { ImageRow, OwnerType } from "../db/schema.ts";
import { encodeAvifVariants, type ImageVariant, ingestImage, removeImageFiles } from "../images/pipeline.ts";
import type { ImageStorage } from "../images/storage.ts";
import type { Logger } from "../log.ts";
import { errorFields } from "../log.ts";

const DIRECTORY_BY_OWNER: Record<OwnerType, string> = {
  product: "products",
  category: "categories",
  branch: "branches",
  branch_certificate: "branches",
  sale: "sales",
  publication: "publications",
};

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
    /** Validates, encodes and stores one image for its owner; returns the new row. */
    async add(
      owner: { type: OwnerType; id: number },
      bytes: Buffer,
      options: { alt: string; position?: number },
    ): Promise<ImageRow> {
      const stored = await ingestImage(storage, bytes, { directory: DIRECTORY_BY_OWNER[owner.type] });
      let position = options.position;
      if (position === undefined) {
        const last = await db
          .selectFrom("images")
          .select((eb) => eb.fn.max("position").as("max"))
          .where("owner_type", "=", owner.type)
          .where("owner_id", "=", owner.id)
          .executeTakeFirst();
        position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
      }
      try {
        return await db
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

    /** Deletes every image of an owner (when the owner itself is deleted). */
    async removeAllOf(ownerType: OwnerType, ownerId: number): Promise<void> {
      const rows = await db
        .selectFrom("images")
        .select("id")
        .where("owner_type", "=", ownerType)
        .where("owner_id", "=", ownerId)
        .execute();
      for (const row of rows) await this.remove(row.id);
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
