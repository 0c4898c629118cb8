/** The contact-request inbox: newest first, open/handled filter, mark handled, delete. */
import { type Expression, type SqlBool, sql } from "kysely";
import type { AdminContactRequest, Paginated, TrashReceipt } from "../../../domain/contracts/admin.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import type { DB } from "../../db/database.ts";
import { NotFoundError } from "../../errors.ts";
import { type ListConfig, listConditions, listPage, now } from "./listing.ts";
import type { AdminTrashService, TrashActor } from "./trash.ts";

export const CONTACT_LIST: ListConfig = {
  id: "id",
  title: ["name", "email"],
  content: ["message"],
  extraGlobal: ["phone"],
  orderColumns: { id: "id", name: "name", email: "email", handled_at: "handled_at", created_at: "created_at" },
};

export type ContactFilter = "open" | "handled" | "all";

export function createAdminContactRequestsService(db: DB, deps: { trash: AdminTrashService }) {
  const service = {
    async list(
      query: ListQuery,
      filter: ContactFilter,
      path: string,
      params?: URLSearchParams,
    ): Promise<Paginated<AdminContactRequest>> {
      const conditions: Expression<SqlBool>[] = listConditions(CONTACT_LIST, query);
      if (filter === "open") conditions.push(sql<SqlBool>`handled_at is null`);
      if (filter === "handled") conditions.push(sql<SqlBool>`handled_at is not null`);
      return listPage(db, {
        table: "contact_requests",
        config: CONTACT_LIST,
        query,
        conditions,
        path,
        params,
        map: (rows) => rows,
      });
    },

    async latest(limit: number): Promise<AdminContactRequest[]> {
      return db
        .selectFrom("contact_requests")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
    },

    async setHandled(id: number, handled: boolean): Promise<AdminContactRequest> {
      const result = await db
        .updateTable("contact_requests")
        .set({ handled_at: handled ? now() : null })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new NotFoundError();
      return db.selectFrom("contact_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    },

    async remove(id: number, actor?: TrashActor | null): Promise<TrashReceipt> {
      return deps.trash.moveToTrash("ContactRequest", id, actor);
    },
  };
  return service;
}

export type AdminContactRequestsService = ReturnType<typeof createAdminContactRequestsService>;
