import type { AdminPost, Paginated, TrashReceipt } from "../../../domain/contracts/admin.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import type { PostInput } from "../../../domain/schemas/admin/post.ts";
import { scheduleStatus } from "../../../domain/seasonal/schedule.ts";
import type { DB } from "../../db/database.ts";
import type { PostRow } from "../../db/schema.ts";
import { NotFoundError } from "../../errors.ts";
import type { Clock } from "../clock.ts";
import type { ImagesService } from "../images.ts";
import type { MediaService } from "../media.ts";
import type { AdminImagesService } from "./images.ts";
import { type ListConfig, listConditions, listPage, now, toFlag } from "./listing.ts";
import type { AdminTrashService, TrashActor } from "./trash.ts";
import { insertVersioned, updateVersioned } from "./versions.ts";

export const POST_LIST: ListConfig = {
  id: "id",
  title: ["name"],
  content: ["content"],
  orderColumns: {
    id: "id",
    name: "name",
    status: "status",
    visibility_home_page: "visibility_home_page",
    starts_at: "starts_at",
    ends_at: "ends_at",
    created_at: "created_at",
    updated_at: "updated_at",
  },
};

export function createAdminPostsService(
  db: DB,
  kind: { table: "sales" | "publications"; owner: "sale" | "publication" },
  deps: {
    media: MediaService;
    images: ImagesService;
    adminImages: AdminImagesService;
    trash: AdminTrashService;
    clock: Clock;
  },
) {
  const { table, owner } = kind;
  const { clock } = deps;
  const toPost = (r: PostRow, mainImage: AdminPost["mainImage"]): AdminPost => ({
    id: r.id,
    name: r.name,
    content: r.content,
    status: r.status,
    visibility_home_page: r.visibility_home_page === 1,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    schedule: scheduleStatus(r, clock()),
    created_at: r.created_at,
    updated_at: r.updated_at,
    version: r.version,
    mainImage,
  });
  const values = (input: PostInput) => ({
    name: input.name,
    content: input.content,
    status: input.status,
    visibility_home_page: toFlag(input.visibility_home_page),
    starts_at: input.starts_at,
    ends_at: input.ends_at,
  });

  const service = {
    async list(query: ListQuery, path: string, params?: URLSearchParams): Promise<Paginated<AdminPost>> {
      return listPage(db, {
        table,
        config: POST_LIST,
        query,
        conditions: listConditions(POST_LIST, query),
        path,
        params,
        map: async (rows) => (await deps.media.withMainImage(owner, rows)).map((r) => toPost(r, r.mainImage)),
      });
    },

    async get(id: number): Promise<AdminPost> {
      const row = await db.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) throw new NotFoundError();
      const images = await deps.adminImages.list(owner, id);
      return { ...toPost(row, images[0]?.picture ?? null), images };
    },

    async create(input: PostInput): Promise<AdminPost> {
      return service.get(await insertVersioned(db, table, values(input)));
    },

    async update(id: number, input: PostInput, expectedVersion?: number): Promise<AdminPost> {
      return updateVersioned(
        db,
        { table, id, expected: expectedVersion },
        { ...values(input), updated_at: now() },
        () => service.get(id),
      );
    },

    /** To the trash, with its images. */
    async remove(id: number, actor?: TrashActor | null): Promise<TrashReceipt> {
      return deps.trash.moveToTrash(owner === "sale" ? "Sale" : "Publication", id, actor);
    },
  };
  return service;
}

export type AdminPostsService = ReturnType<typeof createAdminPostsService>;
