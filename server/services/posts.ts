/**
 * Sales (promotions) and publications (news): the same shape in two tables, read here generically.
 * Issue 4 needs only the home page's lists; the news/sales screens extend this module.
 */
import type { PostSummary } from "../../app/lib/types.ts";
import type { DB } from "../db/database.ts";
import { PUBLISHED } from "./categories.ts";
import type { MediaService } from "./media.ts";

export type PostKind = "sale" | "publication";

/** Table of each kind (the image owner type is the kind itself). */
export const POST_TABLES = { sale: "sales", publication: "publications" } as const satisfies Record<PostKind, string>;

/** At most this many posts of each kind on the home page. */
export const HOME_POSTS_LIMIT = 6;

export function createPostsService(db: DB, media: MediaService) {
  async function withImages(kind: PostKind, rows: { id: number; name: string; content: string }[]) {
    const images = await media.mainImages(
      kind,
      rows.map((r) => r.id),
    );
    return rows.map(
      (r): PostSummary => ({ id: r.id, name: r.name, content: r.content, mainImage: images.get(r.id) ?? null }),
    );
  }

  return {
    /** Published posts of a kind flagged for the home page, newest first. */
    async home(kind: PostKind, limit = HOME_POSTS_LIMIT): Promise<PostSummary[]> {
      const rows = await db
        .selectFrom(POST_TABLES[kind])
        .select(["id", "name", "content"])
        .where("status", "=", PUBLISHED)
        .where("visibility_home_page", "=", 1)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return withImages(kind, rows);
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
