/** Review moderation (issue 12): newest first, a status filter (pending first of all), approve, reject, delete. */
import { type Expression, type Selectable, type SqlBool, sql } from "kysely";
import type { AdminReview, Paginated, TrashReceipt } from "../../../domain/contracts/admin.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import type { ReviewFilter } from "../../../domain/schemas/admin/review.ts";
import type { ReviewStatus } from "../../../domain/schemas/fields.ts";
import type { DB } from "../../db/database.ts";
import type { ReviewsTable } from "../../db/schema.ts";
import { NotFoundError } from "../../errors.ts";
import { type ListConfig, listConditions, listPage, now } from "./listing.ts";
import type { AdminTrashService, TrashActor } from "./trash.ts";

export const REVIEW_LIST: ListConfig = {
  id: "id",
  title: ["name"],
  content: ["text"],
  orderColumns: { id: "id", name: "name", rating: "rating", status: "status", created_at: "created_at" },
};

type ReviewRow = Selectable<ReviewsTable>;

export function createAdminReviewsService(db: DB, deps: { trash: AdminTrashService }) {
  /** The rows with their product's name (one query for the page). */
  async function withProducts(rows: ReviewRow[]): Promise<AdminReview[]> {
    const ids = [...new Set(rows.map((r) => r.product_id))];
    const products = ids.length
      ? await db.selectFrom("products").select(["id", "name"]).where("id", "in", ids).execute()
      : [];
    const names = new Map(products.map((p) => [p.id, p.name]));
    return rows.map((r) => ({
      id: r.id,
      product_id: r.product_id,
      product_name: names.get(r.product_id) ?? "",
      rating: r.rating,
      name: r.name,
      text: r.text,
      status: r.status,
      created_at: r.created_at,
      moderated_at: r.moderated_at,
    }));
  }

  async function get(id: number): Promise<AdminReview> {
    const row = await db.selectFrom("reviews").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new NotFoundError();
    return (await withProducts([row]))[0]!;
  }

  return {
    async list(
      query: ListQuery,
      filter: ReviewFilter,
      path: string,
      params?: URLSearchParams,
    ): Promise<Paginated<AdminReview>> {
      const conditions: Expression<SqlBool>[] = listConditions(REVIEW_LIST, query);
      if (filter !== "all") conditions.push(sql<SqlBool>`status = ${filter}`);
      return listPage(db, {
        table: "reviews",
        config: REVIEW_LIST,
        query,
        conditions,
        path,
        params,
        map: withProducts,
      });
    },

    get,

    async setStatus(id: number, status: ReviewStatus): Promise<AdminReview> {
      const result = await db
        .updateTable("reviews")
        .set({ status, moderated_at: status === "pending" ? null : now() })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new NotFoundError();
      return get(id);
    },

    /** To the trash (restored only while its product exists). */
    async remove(id: number, actor?: TrashActor | null): Promise<TrashReceipt> {
      return deps.trash.moveToTrash("Review", id, actor);
    },
  };
}

export type AdminReviewsService = ReturnType<typeof createAdminReviewsService>;
