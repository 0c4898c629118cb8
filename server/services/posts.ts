/**
 * Sales (promotions) and publications (news) share one shape and one set of rules, so one
 * service serves both tables. Only published rows (status 1) are public; newest first.
 */
import type { Post } from "../../domain/contracts/content.ts";
import type { DB } from "../db/database.ts";
import type { PostRow } from "../db/schema.ts";
import { PUBLISHED } from "./categories.ts";
import type { MediaService } from "./media.ts";

export type PostTable = "sales" | "publications";
const OWNER_TYPE = { sales: "sale", publications: "publication" } as const;

export function createPostsService(db: DB, media: MediaService, table: PostTable) {
  const ownerType = OWNER_TYPE[table];
  const columns = ["id", "name", "content", "created_at", "updated_at"] as const;

  async function withImages(rows: Pick<PostRow, (typeof columns)[number]>[]): Promise<Post[]> {
    const images = await media.mainImages(
      ownerType,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      content: r.content,
      mainImage: images.get(r.id) ?? null,
      created_at: r.created_at,
      updated_at: r.updated_at,
    }));
  }

  const published = () =>
    db
      .selectFrom(table)
      .select(columns)
      .where("status", "=", PUBLISHED)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc");

  return {
    /** Every published post, newest first. */
    async list(): Promise<Post[]> {
      return withImages(await published().execute());
    },

    /** Published posts flagged for the home page, newest first. */
    async home(): Promise<Post[]> {
      return withImages(await published().where("visibility_home_page", "=", 1).execute());
    },

    /** One published post, or null (missing and unpublished look the same to visitors). */
    async get(id: number): Promise<Post | null> {
      const row = await published().where("id", "=", id).executeTakeFirst();
      if (!row) return null;
      const [post] = await withImages([row]);
      return post ?? null;
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
