/** Categories as the public site reads them: only published ones (status 1). */
import type { CategorySummary, MenuCategory } from "../../domain/contracts/catalogue.ts";
import type { DB } from "../db/database.ts";
import type { MediaService } from "./media.ts";

export const PUBLISHED = 1;

export function createCategoriesService(db: DB, media: MediaService) {
  const summaries = (rows: { id: number; name: string; information: string }[]): Promise<CategorySummary[]> =>
    media.withMainImage("category", rows);

  return {
    /** Main categories with their published subcategories, for the menus and the footer. */
    async menu(): Promise<MenuCategory[]> {
      const rows = await db
        .selectFrom("categories")
        .select(["id", "name", "parent_id", "is_main"])
        .where("status", "=", PUBLISHED)
        .orderBy("position")
        .orderBy("id")
        .execute();
      const mains = rows.filter((r) => r.is_main === 1);
      return mains.map((m) => ({
        id: m.id,
        name: m.name,
        subCategories: rows.filter((r) => r.parent_id === m.id).map((r) => ({ id: r.id, name: r.name })),
      }));
    },

    /** Categories flagged for the home page, in their display order. */
    async home(): Promise<CategorySummary[]> {
      const rows = await db
        .selectFrom("categories")
        .select(["id", "name", "information"])
        .where("status", "=", PUBLISHED)
        .where("visibility_home_page", "=", 1)
        .orderBy("position")
        .orderBy("id")
        .execute();
      return summaries(rows);
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
