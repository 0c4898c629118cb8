/** Categories as the public site reads them: only published ones (status 1) inside their window. */
import type { CategorySummary, MenuCategory } from "../../domain/contracts/catalogue.ts";
import type { DB } from "../db/database.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { MediaService } from "./media.ts";
import { liveAt } from "./windows.ts";

export const PUBLISHED = 1;

/**
 * Categories public at `now`: published and inside their window ("publish from", "hide after"; issue 30), in
 * their display order (position, then id); the caller selects the columns.
 */
export const publishedCategoryRows = (db: DB, now: Date) =>
  db
    .selectFrom("categories")
    .where("status", "=", PUBLISHED)
    .where(liveAt(now, "categories"))
    .orderBy("position")
    .orderBy("id");

export function createCategoriesService(db: DB, media: MediaService, clock: Clock = systemClock) {
  const summaries = (rows: { id: number; name: string; information: string }[]): Promise<CategorySummary[]> =>
    media.withMainImage("category", rows);

  return {
    /** Main categories with their published subcategories, for the menus and the footer. */
    async menu(): Promise<MenuCategory[]> {
      const rows = await publishedCategoryRows(db, clock()).select(["id", "name", "parent_id", "is_main"]).execute();
      const mains = rows.filter((r) => r.is_main === 1);
      return mains.map((m) => ({
        id: m.id,
        name: m.name,
        subCategories: rows.filter((r) => r.parent_id === m.id).map((r) => ({ id: r.id, name: r.name })),
      }));
    },

    /** Categories flagged for the home page, in their display order. */
    async home(): Promise<CategorySummary[]> {
      const rows = await publishedCategoryRows(db, clock())
        .select(["id", "name", "information"])
        .where("visibility_home_page", "=", 1)
        .execute();
      return summaries(rows);
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
