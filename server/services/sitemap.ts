/**
 * What /sitemap.xml lists besides the fixed pages: every published category, product, sale (inside its window) and
 * every branch, each with its last change and its images; publications lend their images to /news.
 *
 * Products are the part that grows (a chain's catalogue runs to thousands), so they are not loaded whole: the
 * outline counts them, and `products` reads any range of them in batches (the route streams what it reads).
 */
import type { Picture } from "../../domain/contracts/catalogue.ts";
import type { DB } from "../db/database.ts";
import type { OwnerType } from "../db/schema.ts";
import { PUBLISHED, publishedCategoryRows } from "./categories.ts";
import type { Clock } from "./clock.ts";
import type { MediaService } from "./media.ts";
import { liveAt } from "./windows.ts";

export interface SitemapImage {
  /** Site-relative URL of the image (the JPEG fallback). */
  url: string;
  title: string;
}

export interface SitemapEntry {
  path: string;
  lastmod?: string;
  images: SitemapImage[];
}

export interface SitemapOutline {
  categories: SitemapEntry[];
  /** How many published products there are (each is one URL). */
  productCount: number;
  branches: SitemapEntry[];
  sales: SitemapEntry[];
  /** Images of every published news item (they all appear on /news), newest change first. */
  news: { lastmod?: string; images: SitemapImage[] };
}

function image(picture: Picture | undefined, title: string): SitemapImage[] {
  return picture?.url ? [{ url: picture.url, title: picture.alt || title }] : [];
}

export function createSitemapService(db: DB, media: MediaService, clock: Clock) {
  async function entries(
    ownerType: OwnerType,
    rows: { id: number; name: string; updated_at?: string; created_at?: string }[],
    path: (id: number) => string,
  ): Promise<SitemapEntry[]> {
    return (await media.withMainImage(ownerType, rows)).map((r) => ({
      path: path(r.id),
      lastmod: r.updated_at ?? r.created_at,
      images: image(r.mainImage ?? undefined, r.name),
    }));
  }

  return {
    async outline(): Promise<SitemapOutline> {
      // Sales, news, products and categories outside their window are not public (server/services/windows.ts).
      const now = clock();
      const [categories, productCount, branches, sales, publications] = await Promise.all([
        // Main categories have their own page; subcategories are filters of the product grid.
        publishedCategoryRows(db, now).select(["id", "name", "updated_at"]).where("is_main", "=", 1).execute(),
        db
          .selectFrom("products")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("status", "=", PUBLISHED)
          .where(liveAt(now))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.n)),
        db.selectFrom("branches").select(["id", "name", "updated_at"]).orderBy("position").orderBy("id").execute(),
        db
          .selectFrom("sales")
          .select(["id", "name", "updated_at"])
          .where("status", "=", PUBLISHED)
          .where(liveAt(now))
          .orderBy("id")
          .execute(),
        db
          .selectFrom("publications")
          .select(["id", "name", "updated_at"])
          .where("status", "=", PUBLISHED)
          .where(liveAt(now))
          .orderBy("updated_at", "desc")
          .execute(),
      ]);
      const news = await entries("publication", publications, () => "/news");
      return {
        categories: await entries("category", categories, (id) => `/categories/${id}`),
        productCount,
        branches: await entries("branch", branches, (id) => `/branches/${id}`),
        sales: await entries("sale", sales, (id) => `/sale/${id}`),
        news: { lastmod: publications[0]?.updated_at, images: news.flatMap((e) => e.images) },
      };
    },

    /**
     * Published products `offset` to `offset + limit` in id order, in batches: the first batch finds its start
     * by offset, later ones continue by keyset (id > last), and each batch reads only its own main images.
     */
    async *products(offset: number, limit: number, batchSize = PRODUCT_BATCH): AsyncGenerator<SitemapEntry[]> {
      let left = limit;
      let afterId: number | undefined;
      while (left > 0) {
        let query = db
          .selectFrom("products")
          .select(["id", "name", "updated_at"])
          .where("status", "=", PUBLISHED)
          .where(liveAt(clock()))
          .orderBy("id")
          .limit(Math.min(batchSize, left));
        query = afterId === undefined ? query.offset(offset) : query.where("id", ">", afterId);
        const rows = await query.execute();
        if (rows.length === 0) return;
        yield await entries("product", rows, (id) => `/product/${id}`);
        left -= rows.length;
        afterId = rows.at(-1)?.id;
      }
    },
  };
}

/** Products read (with their images) per query. */
const PRODUCT_BATCH = 1000;

export type SitemapService = ReturnType<typeof createSitemapService>;
