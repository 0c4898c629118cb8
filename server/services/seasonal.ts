/**
 * Seasonal collections: categories tied to a holiday, featured on the home page from their lead days
 * before the holiday until it ends (windows computed from the Hebrew calendar in
 * domain/seasonal/holidays.ts). Only published categories (and, for a subcategory, a published parent)
 * count: the catalogue's own `category()` read decides that.
 */
import type { SeasonalCollection } from "../../domain/contracts/catalogue.ts";
import {
  currentOrNextWindow,
  holidayLabels,
  isFeatured,
  isHoliday,
  nextWindowBoundary,
} from "../../domain/seasonal/holidays.ts";
import type { DB } from "../db/database.ts";
import type { CatalogueService } from "./catalogue.ts";
import { PUBLISHED } from "./categories.ts";
import type { Clock } from "./clock.ts";
import { liveAt } from "./windows.ts";

/** The band shows this many of the collection's products. */
export const SEASONAL_PRODUCTS = 4;

export function createSeasonalService(db: DB, catalogue: CatalogueService, clock: Clock) {
  const collections = async () => {
    const rows = await db
      .selectFrom("categories")
      .select(["id", "holiday", "holiday_lead_days"])
      .where("holiday", "is not", null)
      .where("status", "=", PUBLISHED)
      .where(liveAt(clock()))
      .orderBy("position")
      .orderBy("id")
      .execute();
    return rows.flatMap((r) =>
      isHoliday(r.holiday) ? [{ id: r.id, holiday: r.holiday, leadDays: Number(r.holiday_lead_days) }] : [],
    );
  };

  return {
    /** The collections featured now, the nearest holiday first. */
    async featured(): Promise<SeasonalCollection[]> {
      const now = clock();
      const open = (await collections())
        .map((c) => ({ ...c, window: currentOrNextWindow(c.holiday, c.leadDays, now) }))
        .filter((c) => isFeatured(c.window, now))
        .sort((a, b) => a.window.showUntil.getTime() - b.window.showUntil.getTime());
      const featured = await Promise.all(
        open.map(async ({ id, holiday, window }): Promise<SeasonalCollection | null> => {
          const category = await catalogue.category(id, SEASONAL_PRODUCTS);
          if (!category) return null;
          const labels = holidayLabels(window);
          return {
            id,
            name: category.name,
            information: category.information,
            mainImage: category.mainImage,
            holiday: { code: holiday, ...labels },
            firstDay: window.firstDay,
            lastDay: window.lastDay,
            products: category.products,
          };
        }),
      );
      return featured.filter((c): c is SeasonalCollection => c !== null);
    },

    /** The next instant after `now` at which a collection appears on or leaves the home page, or null. */
    async nextBoundary(now: Date): Promise<Date | null> {
      const times = (await collections()).map((c) => nextWindowBoundary(c.holiday, c.leadDays, now).getTime());
      return times.length ? new Date(Math.min(...times)) : null;
    },
  };
}

export type SeasonalService = ReturnType<typeof createSeasonalService>;
