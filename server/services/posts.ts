/**
 * Sales (promotions) and publications (news) share one shape and one set of rules, so one
 * service serves both tables. Only published rows (status 1) inside their window (`starts_at`,
 * `ends_at`; server/services/windows.ts) at the clock's "now" are public; newest first.
 */
import type { Post } from "../../domain/contracts/content.ts";
import type { DB } from "../db/database.ts";
import type { PostRow } from "../db/schema.ts";
import { PUBLISHED } from "./categories.ts";
import type { Clock } from "./clock.ts";
import type { MediaService } from "./media.ts";
import { liveAt, nextWindowBoundary } from "./windows.ts";

export type PostTable = "sales" | "publications";
const OWNER_TYPE = { sales: "sale", publications: "publication" } as const;

export function createPostsService(db: DB, media: MediaService, table: PostTable, clock: Clock) {
  const ownerType = OWNER_TYPE[table];
  const columns = ["id", "name", "content", "created_at", "updated_at", "starts_at", "ends_at"] as const;

  const withImages = (rows: Pick<PostRow, (typeof columns)[number]>[]): Promise<Post[]> =>
    media.withMainImage(ownerType, rows);

  const published = () =>
    db
      .selectFrom(table)
      .select(columns)
      .where("status", "=", PUBLISHED)
      .where(liveAt(clock()))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc");

  return {
    /**
     * The next instant after `now` at which a published post enters or leaves its window, or null:
     * the schedule timer bumps the content version then (server/schedule-timer.ts).
     */
    nextBoundary(now: Date): Promise<Date | null> {
      return nextWindowBoundary(db, table, now);
    },

    /** Every published post, newest first. */
    async list(): Promise<Post[]> {
      return withImages(await published().execute());
    },

    /** Published posts flagged for the home page, newest first. */
    async home(): Promise<Post[]> {
      return withImages(await published().where("visibility_home_page", "=", 1).execute());
    },

    /** One public post, or null (missing, unpublished and out-of-window look the same to visitors). */
    async get(id: number): Promise<Post | null> {
      const row = await published().where("id", "=", id).executeTakeFirst();
      if (!row) return null;
      const [post] = await withImages([row]);
      return post ?? null;
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
