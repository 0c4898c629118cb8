/**
 * Images in the back office: upload (all files or none), list, reorder (position 0 is the main image),
 * alt text and delete. Every file goes through the one pipeline via `services.images.add`, which judges it
 * by its bytes; a refused file becomes a 422 with the pipeline's Hebrew message under its field.
 */
import type { AdminImage } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { ImageOwnerType } from "../../../domain/schemas/admin/images.ts";
import type { DB } from "../../db/database.ts";
import type { ImageRow } from "../../db/schema.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import { assertUploadFileCount, ImageRejectedError } from "../../images/pipeline.ts";
import { type ImagesService, OWNER_TABLE } from "../images.ts";
import type { MediaService } from "../media.ts";

export interface UploadFile {
  /** The form field the file came in, for error messages ("files.0", "image"). */
  field: string;
  bytes: Buffer;
}

export function toAdminImage(
  row: Pick<ImageRow, "id" | "width" | "height" | "alt" | "variants" | "position">,
  media: Pick<MediaService, "toPicture">,
): AdminImage {
  const picture = media.toPicture(row);
  const webp = picture.sources.find((s) => s.type === "image/webp");
  // The smallest WebP (the screen's thumbnail), else the fallback.
  const smallest = webp?.srcSet.split(",")[0]?.trim().split(" ")[0];
  return {
    id: row.id,
    path: smallest || picture.url,
    alt: row.alt,
    width: row.width,
    height: row.height,
    position: row.position,
    picture,
  };
}

export function createAdminImagesService(db: DB, images: ImagesService, media: MediaService) {
  const toAdmin = (row: Parameters<typeof toAdminImage>[0]) => toAdminImage(row, media);
  async function ownerName(type: ImageOwnerType, id: number): Promise<string | null> {
    const row = await db.selectFrom(OWNER_TABLE[type]).select("name").where("id", "=", id).executeTakeFirst();
    return row ? row.name : null;
  }

  async function rowsOf(type: ImageOwnerType, id: number) {
    return db
      .selectFrom("images")
      .selectAll()
      .where("owner_type", "=", type)
      .where("owner_id", "=", id)
      .orderBy("position")
      .orderBy("id")
      .execute();
  }

  return {
    ownerName,

    async list(type: ImageOwnerType, id: number): Promise<AdminImage[]> {
      return (await rowsOf(type, id)).map(toAdmin);
    },

    /**
     * Stores every file or none: when one is refused, the ones already stored are removed again and
     * the refusal becomes a 422 under that file's field.
     */
    async upload(owner: { type: ImageOwnerType; id: number }, files: UploadFile[]): Promise<AdminImage[]> {
      const name = await ownerName(owner.type, owner.id);
      if (name === null) throw new ValidationError({ id: [heAdmin.validation.ownerMissing] });
      if (files.length === 0) throw new ValidationError({ files: [heAdmin.validation.noFiles] });
      try {
        assertUploadFileCount(files.length);
      } catch (error) {
        if (error instanceof ImageRejectedError) throw new ValidationError({ files: [error.message] });
        throw error;
      }
      const existing = (await rowsOf(owner.type, owner.id)).length;
      const stored: ImageRow[] = [];
      try {
        for (const [index, file] of files.entries()) {
          try {
            stored.push(
              await images.add(owner, file.bytes, { alt: heAdmin.imagesScreen.alt(name, existing + index + 1) }),
            );
          } catch (error) {
            if (error instanceof ImageRejectedError) {
              const errors: Record<string, string[]> = { [file.field]: [error.message] };
              // The multi-file form shows one message under its single input.
              if (file.field.startsWith("files.")) errors.files = [error.message];
              throw new ValidationError(errors, error.message);
            }
            throw error;
          }
        }
      } catch (error) {
        await images.discard(stored);
        throw error;
      }
      return stored.map(toAdmin);
    },

    /** Puts the owner's images in the given order; the first becomes the main image. */
    async reorder(type: ImageOwnerType, id: number, order: number[]): Promise<AdminImage[]> {
      if ((await ownerName(type, id)) === null) throw new NotFoundError();
      const rows = await rowsOf(type, id);
      const current = new Set(rows.map((r) => r.id));
      if (order.length !== current.size || new Set(order).size !== order.length || order.some((i) => !current.has(i))) {
        throw new ValidationError({ order: [heAdmin.validation.imageOrder] });
      }
      await db.transaction().execute(async (trx) => {
        for (const [position, imageId] of order.entries()) {
          await trx.updateTable("images").set({ position }).where("id", "=", imageId).execute();
        }
      });
      return (await rowsOf(type, id)).map(toAdmin);
    },

    async setAlt(imageId: number, alt: string): Promise<AdminImage> {
      const result = await db.updateTable("images").set({ alt }).where("id", "=", imageId).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new NotFoundError();
      const row = await db.selectFrom("images").selectAll().where("id", "=", imageId).executeTakeFirstOrThrow();
      return toAdmin(row);
    },

    /** Deletes the image and its files; returns its former owner (the screens go back to it). */
    async remove(imageId: number): Promise<{ owner_type: string; owner_id: number }> {
      const row = await db
        .selectFrom("images")
        .select(["owner_type", "owner_id"])
        .where("id", "=", imageId)
        .executeTakeFirst();
      if (!row || !(await images.remove(imageId))) throw new NotFoundError();
      return row;
    },
  };
}

export type AdminImagesService = ReturnType<typeof createAdminImagesService>;
