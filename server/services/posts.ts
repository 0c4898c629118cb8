/**
 * Sales (promotions) and publications (news) share one shape and one set of rules, so one
 * service serves both tables. Only published rows (status 1) inside their window (`starts_at`,
 * `ends_at`; domain/seasonal/schedule.ts) at the clock's "now" are public; newest first.
 */
import { type SqlBool, sql } from "kysely";
import type { Post } from "../../domain/contracts/content.ts";
import type { DB } from "../db/database.ts";
import type { PostRow } from "../db/schema.ts";
import { PUBLISHED } from "./categories.ts";
import type { Clock } from "./clock.ts";
import type { MediaService } from "./media.ts";

export type PostTable = "sales" | "publications";
const OWNER_TYPE = { sales: "sale", publications: "publication" } as const;

/**
 * Rows of a dated table public at `now`: started (or no start) and not yet ended. Instants are ISO UTC
 * text of one format (`toISOString`), so text comparison orders them on both databases.
 */
export function liveAt(now: Date) {
  const at = now.toISOString();
  return sql<SqlBool>`((starts_at is null or starts_at <= ${at}) and (ends_at is null or ends_at > ${at}))`;
}

export function createPostsService(db: DB, media: MediaService, table: PostTable, clock: Clock) {
  const ownerType = OWNER_TYPE[table];
  const columns = ["id", "name", "content", "created_at", "updated_at"] as const;

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
    async nextBoundary(now: Date): Promise<Date | null> {
      const at = now.toISOString();
      const row = await db
        .selectFrom(table)
        .select((eb) => [
          eb.fn.min(eb.case().when("starts_at", ">", at).then(eb.ref("starts_at")).end()).as("start"),
          eb.fn.min(eb.case().when("ends_at", ">", at).then(eb.ref("ends_at")).end()).as("end"),
        ])
        .where("status", "=", PUBLISHED)
        .executeTakeFirst();
      const times = [row?.start, row?.end].filter((t): t is string => typeof t === "string").map(Date.parse);
      return times.length ? new Date(Math.min(...times)) : null;
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
