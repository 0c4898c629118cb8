/**
 * Image records: every stored image goes through the one pipeline (server/images/pipeline.ts),
 * then gets its row. AVIF variants are added later by a background job (`encodeAvif`, queued per image
 * and claimed by one server's worker), so a fresh start or a large upload never waits for the slow encoder.
 */

import { sql } from "kysely";
import type { DB } from "../db/database.ts";
import { enqueueJob } from "../db/jobs.ts";
import type { ImageRow, OwnerType } from "../db/schema.ts";
import {
  encodeAvifVariants,
  type ImageVariant,
  ingestImage,
  MissingOriginalError,
  removeImageFiles,
} from "../images/pipeline.ts";
import type { ImageStorage } from "../images/storage.ts";
import type { Logger } from "../log.ts";
import { errorFields } from "../log.ts";

/** The job kind of AVIF encoding (server/jobs/background.ts runs it). */
export const AVIF_JOB = "avif";

const DIRECTORY_BY_OWNER: Record<OwnerType, string> = {
  product: "products",
  category: "categories",
  branch: "branches",
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
      let row: ImageRow;
      try {
        row = await db
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
      // AVIF later, by whichever server's worker claims it. Should this fail, start-up enqueues it.
      await enqueueJob(db, AVIF_JOB, String(row.id)).catch((error) =>
        logger.warn("avif encoding not queued", { imageId: row.id, ...errorFields(error) }),
      );
      return row;
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
     * Queues AVIF encoding for every image that lacks it (start-up: images of a restored database, or
     * enqueued while the queue was unreachable). An item already queued, running or failed is left alone.
     */
    async enqueueMissingAvif(): Promise<void> {
      const now = new Date().toISOString();
      await db
        .insertInto("jobs")
        .columns(["kind", "key", "run_after", "created_at", "updated_at"])
        .expression((eb) =>
          eb
            .selectFrom("images")
            .select([
              sql.lit(AVIF_JOB).as("kind"),
              sql<string>`cast(id as text)`.as("key"),
              sql.val(now).as("run_after"),
              sql.val(now).as("created_at"),
              sql.val(now).as("updated_at"),
            ])
            .where("variants", "not like", '%"avif"%'),
        )
        .onConflict((oc) => oc.columns(["kind", "key"]).doNothing())
        .execute();
    },

    /**
     * The AVIF job: encodes the variants of one image and records them. Nothing to do when the image is
     * gone or has them already. Throws when its original is missing (the job fails with that reason).
     */
    async encodeAvif(imageId: number, signal?: AbortSignal): Promise<void> {
      const row = await db.selectFrom("images").selectAll().where("id", "=", imageId).executeTakeFirst();
      if (!row) return;
      const variants = variantsOf(row);
      if (variants.some((v) => v.format === "avif")) return;
      let avif: ImageVariant[];
      try {
        avif = await encodeAvifVariants(storage, { key: row.path, width: row.width, height: row.height, variants });
      } catch (error) {
        // Deleted meanwhile (its files went with it): nothing left to do.
        const still = await db.selectFrom("images").select("id").where("id", "=", imageId).executeTakeFirst();
        if (error instanceof MissingOriginalError && !still) return;
        throw error;
      }
      if (signal?.aborted || avif.length === 0) return;
      // Re-read inside the update: the image may have been deleted meanwhile.
      const result = await db
        .updateTable("images")
        .set({ variants: JSON.stringify([...avif, ...variants]) })
        .where("id", "=", row.id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) await removeImageFiles(storage, { key: row.path, variants: avif });
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
