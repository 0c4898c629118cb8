/**
 * Reads stored images and turns them into the `Picture` shape pages and the API share.
 * The main image of anything is its image at the lowest position. Image URLs start with the configured
 * base: `/uploads/` (served by the app from storage) or IMAGES_PUBLIC_URL (a CDN or public bucket).
 */
import type { Picture, PictureSource } from "../../domain/contracts/catalogue.ts";
import type { DB } from "../db/database.ts";
import { storedList } from "../db/json-list.ts";
import type { ImageRow, OwnerType } from "../db/schema.ts";

export const UPLOADS_PREFIX = "/uploads/";

interface StoredVariant {
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  key: string;
}

const parseVariants = (json: string) => storedList(json) as StoredVariant[];

function srcSet(variants: StoredVariant[], baseUrl: string): string {
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${baseUrl}${v.key} ${v.width}w`)
    .join(", ");
}

export function toPicture(
  row: Pick<ImageRow, "id" | "width" | "height" | "alt" | "variants">,
  baseUrl: string = UPLOADS_PREFIX,
): Picture {
  const variants = parseVariants(row.variants);
  const sources: PictureSource[] = [];
  const avif = variants.filter((v) => v.format === "avif");
  const webp = variants.filter((v) => v.format === "webp");
  if (avif.length) sources.push({ type: "image/avif", srcSet: srcSet(avif, baseUrl) });
  if (webp.length) sources.push({ type: "image/webp", srcSet: srcSet(webp, baseUrl) });
  const fallback =
    variants.find((v) => v.format === "jpeg") ?? [...webp].sort((a, b) => b.width - a.width)[0] ?? variants[0];
  return {
    id: row.id,
    url: fallback ? `${baseUrl}${fallback.key}` : "",
    width: row.width,
    height: row.height,
    alt: row.alt,
    sources,
  };
}

/** `imagesBaseUrl`: where image URLs point (see AppConfig.imagesBaseUrl); "/uploads/" by default. */
export function createMediaService(db: DB, imagesBaseUrl: string = UPLOADS_PREFIX) {
  const picture = (row: Parameters<typeof toPicture>[0]) => toPicture(row, imagesBaseUrl);
  /** Main image (lowest position) of each owner, in one query. */
  async function mainImages(ownerType: OwnerType, ownerIds: number[]): Promise<Map<number, Picture>> {
    const result = new Map<number, Picture>();
    if (ownerIds.length === 0) return result;
    const rows = await db
      .selectFrom("images")
      .select(["id", "owner_id", "width", "height", "alt", "variants", "position"])
      .where("owner_type", "=", ownerType)
      .where("owner_id", "in", ownerIds)
      .orderBy("owner_id")
      .orderBy("position")
      .orderBy("id")
      .execute();
    for (const row of rows) {
      if (!result.has(row.owner_id)) result.set(row.owner_id, picture(row));
    }
    return result;
  }

  return {
    toPicture: picture,
    mainImages,

    /** Each row with its owner's main image under `mainImage` (null when it has none), in one query. */
    async withMainImage<T extends { id: number }>(
      ownerType: OwnerType,
      rows: readonly T[],
    ): Promise<(T & { mainImage: Picture | null })[]> {
      const images = await mainImages(
        ownerType,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, mainImage: images.get(r.id) ?? null }));
    },

    async imagesOf(ownerType: OwnerType, ownerId: number): Promise<Picture[]> {
      const rows = await db
        .selectFrom("images")
        .select(["id", "width", "height", "alt", "variants"])
        .where("owner_type", "=", ownerType)
        .where("owner_id", "=", ownerId)
        .orderBy("position")
        .orderBy("id")
        .execute();
      return rows.map(picture);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
