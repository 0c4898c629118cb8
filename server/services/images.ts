/**
 * Image records: every stored image goes through the one pipeline (server/images/pipeline.ts),
 * then gets its row. AVIF variants are added later by a background job (`encodeAvif`, queued per image
 * and claimed by one server's worker), so a fresh start or a large upload never waits for the slow encoder.
 *
 * Storage failing (unreachable bucket, read-only folder) is a 503 (`ServiceUnavailableError`) that
 * leaves the database as it was: an upload writes its row only after every file is stored, a delete
 * removes the files before the row (a retry finishes the job; removing a missing file is no error).
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { imageOwnerTag } from "../../domain/entities.ts";
import { heApi } from "../../domain/i18n/api.ts";
import type { DB } from "../db/database.ts";
import { enqueueJob, type FinishJob } from "../db/jobs.ts";
import { storedList } from "../db/json-list.ts";
import { type LockableTable, lockRow } from "../db/locks.ts";
import type { ImageRow, OwnerType } from "../db/schema.ts";
import { NotFoundError, ServiceUnavailableError } from "../errors.ts";
import {
  createImageGate,
  DEFAULT_IMAGE_GATE,
  type ImageGateOptions,
  ImagesBusyError,
  MAX_WAIT_MS,
} from "../images/gate.ts";
import {
  encodeAvifVariants,
  type ImageVariant,
  ingestImage,
  MissingOriginalError,
  removeImageFiles,
} from "../images/pipeline.ts";
import { type ImageStorage, StorageUnavailableError } from "../images/storage.ts";
import type { Logger } from "../log.ts";
import { errorFields } from "../log.ts";

/** The job kind of AVIF encoding (server/jobs/background.ts runs it). */
export const AVIF_JOB = "avif";

/** The table of each kind of image owner; its images' storage folder has the same name. */
export const OWNER_TABLE = {
  product: "products",
  category: "categories",
  branch: "branches",
  branch_certificate: "branches",
  sale: "sales",
  publication: "publications",
} as const satisfies Record<OwnerType, LockableTable>;

const variantsOf = (row: Pick<ImageRow, "variants">) => storedList(row.variants) as ImageVariant[];

/** A store that refuses is rarely back within seconds (unlike a database restart): clients wait longer. */
const STORAGE_RETRY_AFTER_SECONDS = 30;

/** A storage failure becomes the Hebrew 503; anything else passes through. */
async function storageStep<T>(logger: Logger, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    logger.error("image storage unavailable", errorFields(error));
    throw new ServiceUnavailableError(heApi.storageUnavailable, STORAGE_RETRY_AFTER_SECONDS);
  }
}

/** Uploads refused by the image gate: the queue's images take seconds each, so a retry soon is worth it. */
const BUSY_RETRY_AFTER_SECONDS = 30;

/** The Hebrew 503 + Retry-After of an upload the image gate refuses (its queue is full). */
export function imagesBusy(): ServiceUnavailableError {
  return new ServiceUnavailableError(heApi.imagesBusy, BUSY_RETRY_AFTER_SECONDS);
}

export function createImagesService(
  db: DB,
  storage: ImageStorage,
  logger: Logger,
  gateOptions: Partial<ImageGateOptions> = {},
) {
  // At most `concurrency` images in the pipeline at once in this process, a bounded queue behind them.
  const gate = createImageGate({ ...DEFAULT_IMAGE_GATE, maxWaitMs: MAX_WAIT_MS, ...gateOptions });
  /** Best effort after the rows are gone: files left behind are only named in the log. */
  async function removeFilesQuietly(image: { key: string; variants: ImageVariant[] }) {
    try {
      await removeImageFiles(storage, image);
    } catch (error) {
      logger.warn("image files left in storage", { key: image.key, ...errorFields(error) });
    }
  }

  const service = {
    gate,

    /** Throws the Hebrew 503 when an upload arriving now would be refused: checked before its body is read. */
    assertAcceptingUploads(): void {
      if (gate.full()) throw imagesBusy();
    },

    /**
     * Validates, encodes and stores one image for its owner; returns the new row. The slow encoding runs
     * first, outside any transaction; then one transaction checks (and locks) the owner and inserts the row,
     * so an owner deleted meanwhile gets no row: its files are removed again and the answer is a 404.
     */
    async add(
      owner: { type: OwnerType; id: number },
      bytes: Buffer,
      options: { alt: string; position?: number; background?: boolean },
    ): Promise<ImageRow> {
      let stored: Awaited<ReturnType<typeof ingestImage>>;
      try {
        // Through the image gate: an upload waits for a slot in its queue, or is refused (503) when it is full.
        stored = await gate.run(
          () => storageStep(logger, () => ingestImage(storage, bytes, { directory: OWNER_TABLE[owner.type] })),
          { background: options.background },
        );
      } catch (error) {
        if (error instanceof ImagesBusyError) {
          logger.warn("image upload refused: processing queue full", gate.stats());
          throw imagesBusy();
        }
        throw error;
      }
      // From here a failure (the owner deleted meanwhile, the database gone) takes the stored files back with it.
      let row: ImageRow | null;
      try {
        row = await db.transaction().execute(async (trx) => {
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
      } catch (error) {
        await removeFilesQuietly(stored);
        throw error;
      }
      // AVIF later, by whichever server's worker claims it. Should this fail, start-up enqueues it.
      await enqueueJob(db, AVIF_JOB, String(row.id)).catch((error) =>
        logger.warn("avif encoding not queued", { imageId: row.id, ...errorFields(error) }),
      );
      return row;
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
     * The files of image rows that are no longer in the table (the trash's purge, after its entry is gone).
     * Best effort: files storage refuses to delete now are only named in the log.
     */
    async removeFilesOf(rows: readonly Pick<ImageRow, "path" | "variants">[]): Promise<void> {
      for (const row of rows) await removeFilesQuietly({ key: row.path, variants: variantsOf(row) });
    },

    /** Images back from the trash: AVIF is queued for those without it (its job may have run while they were away). */
    async queueMissingAvif(rows: readonly Pick<ImageRow, "id" | "variants">[]): Promise<void> {
      for (const row of rows) {
        if (variantsOf(row).some((v) => v.format === "avif")) continue;
        await enqueueJob(db, AVIF_JOB, String(row.id)).catch((error) =>
          logger.warn("avif encoding not queued", { imageId: row.id, ...errorFields(error) }),
        );
      }
    },

    /**
     * Copies the stored files of image rows under fresh keys in `directory` (a duplicated product gets files
     * of its own, so purging either one's images never takes the other's). Answers the copies' keys and
     * variants in the rows' order, for the caller to insert; storage failing → 503 with every copy made so
     * far removed again. A row whose original is missing from storage is skipped (nothing to copy).
     */
    async copyFiles(
      rows: readonly Pick<ImageRow, "id" | "path" | "variants">[],
      directory: string,
    ): Promise<{ from: number; key: string; variants: ImageVariant[] }[]> {
      const copies: { from: number; key: string; variants: ImageVariant[] }[] = [];
      try {
        await storageStep(logger, async () => {
          for (const row of rows) {
            const original = await storage.read(`${row.path}/original.webp`);
            if (!original) continue;
            const key = `${directory}/${randomUUID()}`;
            const copy = { from: row.id, key, variants: [] as ImageVariant[] };
            copies.push(copy);
            await storage.put(`${key}/original.webp`, original);
            for (const variant of variantsOf(row)) {
              const bytes = await storage.read(variant.key);
              if (!bytes) continue;
              const copied = { ...variant, key: key + variant.key.slice(row.path.length) };
              await storage.put(copied.key, bytes);
              copy.variants.push(copied);
            }
          }
        });
      } catch (error) {
        await service.removeCopies(copies);
        throw error;
      }
      return copies;
    },

    /** Removes files `copyFiles` made that no row took (the duplicate's transaction failed): best effort. */
    async removeCopies(copies: readonly { key: string; variants: ImageVariant[] }[]): Promise<void> {
      for (const copy of copies) await removeFilesQuietly(copy);
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
     * The AVIF job: encodes the variants of one image and records them through the worker's `finish`, in the
     * transaction that completes the job. Nothing to do when the image is gone or has them already. Throws when
     * its original is missing (the job fails with that reason).
     */
    /**
     * Encodes an image's AVIF variants and records them with the job's completion. Returns the cache tag of the
     * pages that show the image (its owner's, domain/entities.ts) when it added variants, else null.
     */
    async encodeAvif(imageId: number, signal: AbortSignal, finish: FinishJob): Promise<string | null> {
      const row = await db.selectFrom("images").selectAll().where("id", "=", imageId).executeTakeFirst();
      if (!row) return null;
      const variants = variantsOf(row);
      if (variants.some((v) => v.format === "avif")) return null;
      let avif: ImageVariant[];
      try {
        avif = await gate.run(
          () => encodeAvifVariants(storage, { key: row.path, width: row.width, height: row.height, variants }),
          { background: true },
        );
      } catch (error) {
        // Deleted meanwhile (its files went with it): nothing left to do.
        const still = await db.selectFrom("images").select("id").where("id", "=", imageId).executeTakeFirst();
        if (error instanceof MissingOriginalError && !still) return null;
        throw error;
      }
      if (signal.aborted || avif.length === 0) return null;
      let updated = false;
      const ours = await finish(async (trx) => {
        // Re-read inside the update: the image may have been deleted meanwhile.
        const result = await trx
          .updateTable("images")
          .set({ variants: JSON.stringify([...avif, ...variants]) })
          .where("id", "=", row.id)
          .executeTakeFirst();
        updated = Number(result.numUpdatedRows) > 0;
      });
      // Not ours any more: whoever holds the job writes the same files again. Ours but the image is gone: its files too.
      if (ours && !updated) await removeImageFiles(storage, { key: row.path, variants: avif });
      return ours && updated ? imageOwnerTag(row.owner_type, row.owner_id) : null;
    },
  };
  return service;
}

export type ImagesService = ReturnType<typeof createImagesService>;
