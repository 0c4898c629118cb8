/**
 * Categories in the back office: main categories and their subcategories (one level, like the public menu).
 *
 * Delete rule: the products of a deleted category stay, only unlinked from it (the link rows cascade).
 * A main category that still has subcategories is not deleted (409): staff move or delete its
 * subcategories first, so nothing disappears from the menu by surprise.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import type {
  AdminCategory,
  AdminCategoryRow,
  CategoryOption,
  NamedRef,
  Paginated,
  TrashReceipt,
} from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { CategoryInput } from "../../../domain/schemas/admin/category.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import { isHoliday } from "../../../domain/seasonal/holidays.ts";
import { scheduleStatus } from "../../../domain/seasonal/schedule.ts";
import type { DB } from "../../db/database.ts";
import { HttpError, NotFoundError, ValidationError } from "../../errors.ts";
import type { Clock } from "../clock.ts";
import type { ImagesService } from "../images.ts";
import type { MediaService } from "../media.ts";
import type { AdminImagesService } from "./images.ts";
import { type ListConfig, listConditions, now, offsetOf, orderColumnOf, paginate, toFlag } from "./listing.ts";
import type { AdminTrashService, TrashActor } from "./trash.ts";
import { insertVersioned, updateVersioned } from "./versions.ts";

export const CATEGORY_LIST: ListConfig = {
  id: "c.id",
  title: ["c.name"],
  content: ["c.information"],
  extraGlobal: ["p.name"],
  orderColumns: {
    id: "c.id",
    name: "c.name",
    status: "c.status",
    is_main: "c.is_main",
    parent_name: "p.name",
    visibility_home_page: "c.visibility_home_page",
    position: "c.position",
    created_at: "c.created_at",
    updated_at: "c.updated_at",
  },
};

export function createAdminCategoriesService(
  db: DB,
  deps: {
    media: MediaService;
    images: ImagesService;
    adminImages: AdminImagesService;
    trash: AdminTrashService;
    clock: Clock;
  },
) {
  function baseQuery(conditions: Expression<SqlBool>[]) {
    return db
      .selectFrom("categories as c")
      .leftJoin("categories as p", "p.id", "c.parent_id")
      .where((eb) => eb.and(conditions));
  }

  async function rowsToList(
    rows: {
      id: number;
      name: string;
      information: string;
      is_main: number;
      parent_id: number | null;
      parent_name: string | null;
      status: number;
      visibility_home_page: number;
      position: number;
      holiday: string | null;
      holiday_lead_days: number;
      preorder_cutoff_days: number | null;
      starts_at: string | null;
      ends_at: string | null;
      created_at: string;
      updated_at: string;
      version: number;
      products_count: number | string;
      subcategories_count: number | string;
    }[],
  ): Promise<AdminCategoryRow[]> {
    return (await deps.media.withMainImage("category", rows)).map((r) => ({
      id: r.id,
      name: r.name,
      information: r.information,
      is_main: r.is_main === 1,
      parent_id: r.parent_id,
      parent_name: r.parent_name,
      status: r.status,
      visibility_home_page: r.visibility_home_page === 1,
      position: r.position,
      holiday: isHoliday(r.holiday) ? r.holiday : null,
      holiday_lead_days: Number(r.holiday_lead_days),
      preorder_cutoff_days: r.preorder_cutoff_days === null ? null : Number(r.preorder_cutoff_days),
      starts_at: r.starts_at,
      ends_at: r.ends_at,
      schedule: scheduleStatus(r, deps.clock()),
      created_at: r.created_at,
      updated_at: r.updated_at,
      version: r.version,
      mainImage: r.mainImage,
      products_count: Number(r.products_count),
      subcategories_count: Number(r.subcategories_count),
    }));
  }

  function selectRow(conditions: Expression<SqlBool>[]) {
    return baseQuery(conditions).select([
      "c.id",
      "c.name",
      "c.information",
      "c.is_main",
      "c.parent_id",
      "p.name as parent_name",
      "c.status",
      "c.visibility_home_page",
      "c.position",
      "c.holiday",
      "c.holiday_lead_days",
      "c.preorder_cutoff_days",
      "c.starts_at",
      "c.ends_at",
      "c.created_at",
      "c.updated_at",
      "c.version",
      sql<number>`(select count(*) from category_product cp where cp.category_id = c.id)`.as("products_count"),
      sql<number>`(select count(*) from categories s where s.parent_id = c.id)`.as("subcategories_count"),
    ]);
  }

  /** The columns a create or an update stores. */
  const columnsOf = (input: CategoryInput) => ({
    name: input.name,
    information: input.information,
    status: input.status,
    is_main: toFlag(input.is_main),
    parent_id: input.is_main ? null : input.parent_id,
    visibility_home_page: toFlag(input.visibility_home_page),
    position: input.position,
    holiday: input.holiday,
    holiday_lead_days: input.holiday_lead_days,
    // Only a holiday collection has one; absent (undefined): not written, so an update keeps it.
    preorder_cutoff_days: input.holiday ? input.preorder_cutoff_days : null,
    // Absent (a client of the spec's fields): not written, so an update keeps the window.
    starts_at: input.starts_at,
    ends_at: input.ends_at,
  });

  /** The parent must be an existing main category other than the category itself. */
  async function checkParent(input: CategoryInput, selfId?: number) {
    if (input.is_main || input.parent_id === null) return;
    if (input.parent_id === selfId) throw new ValidationError({ parent_id: [heAdmin.validation.parentSelf] });
    const parent = await db
      .selectFrom("categories")
      .select(["id", "is_main"])
      .where("id", "=", input.parent_id)
      .executeTakeFirst();
    if (parent?.is_main !== 1) throw new ValidationError({ parent_id: [heAdmin.validation.parentInvalid] });
  }

  async function childCount(id: number): Promise<number> {
    const row = await db
      .selectFrom("categories")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("parent_id", "=", id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  const service = {
    async list(query: ListQuery, path: string, params?: URLSearchParams): Promise<Paginated<AdminCategoryRow>> {
      const column = orderColumnOf(CATEGORY_LIST, query);
      const conditions = listConditions(CATEGORY_LIST, query);
      const { total } = await baseQuery(conditions)
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .executeTakeFirstOrThrow();
      const rows = await selectRow(conditions)
        .orderBy(sql.ref(column), query.order_direction)
        .orderBy("c.id", query.order_direction)
        .limit(query.per_page)
        .offset(offsetOf(query))
        .execute();
      return paginate(await rowsToList(rows), Number(total), query, path, params);
    },

    /** Every category, mains first each followed by its subcategories, for pickers. */
    async options(): Promise<CategoryOption[]> {
      const rows = await db
        .selectFrom("categories")
        .select(["id", "name", "is_main", "parent_id", "status"])
        .orderBy("position")
        .orderBy("id")
        .execute();
      const mains = rows.filter((r) => r.is_main === 1 || r.parent_id === null);
      const ordered: typeof rows = [];
      for (const main of mains) {
        ordered.push(main);
        ordered.push(...rows.filter((r) => r.parent_id === main.id && r.is_main !== 1));
      }
      for (const r of rows) if (!ordered.includes(r)) ordered.push(r);
      return ordered.map((r) => ({
        id: r.id,
        name: r.name,
        is_main: r.is_main === 1,
        parent_id: r.parent_id,
        status: r.status,
      }));
    },

    async get(id: number): Promise<AdminCategory> {
      const [row] = await rowsToList(await selectRow([sql<SqlBool>`c.id = ${id}`]).execute());
      if (!row) throw new NotFoundError();
      const [subs, images] = await Promise.all([
        db
          .selectFrom("categories")
          .select(["id", "name"])
          .where("parent_id", "=", id)
          .orderBy("position")
          .orderBy("id")
          .execute(),
        deps.adminImages.list("category", id),
      ]);
      return { ...row, subCategories: subs as NamedRef[], images };
    },

    async create(input: CategoryInput): Promise<AdminCategory> {
      await checkParent(input);
      return service.get(await insertVersioned(db, "categories", columnsOf(input)));
    },

    /**
     * With `expectedVersion`, only while it is the category's version (else 409: versions.ts). A missing
     * category is a 404 from the read that answers (updateVersioned), with no read of its own before.
     */
    async update(id: number, input: CategoryInput, expectedVersion?: number): Promise<AdminCategory> {
      await checkParent(input, id);
      if (!input.is_main && (await childCount(id)) > 0) {
        throw new ValidationError({ is_main: [heAdmin.validation.mainHasChildren] });
      }
      return updateVersioned(
        db,
        { table: "categories", id, expected: expectedVersion },
        { ...columnsOf(input), updated_at: now() },
        () => service.get(id),
      );
    },

    /**
     * To the trash; products stay (unlinked); a main category with subcategories is refused with 409. A
     * missing category has no children and no row to move: the trash's move answers the 404.
     */
    async remove(id: number, actor?: TrashActor | null): Promise<TrashReceipt> {
      const children = await childCount(id);
      if (children > 0) throw new HttpError(409, heAdmin.messages.categoryHasChildren(children));
      return deps.trash.moveToTrash("Category", id, actor);
    },
  };
  return service;
}

export type AdminCategoriesService = ReturnType<typeof createAdminCategoriesService>;
