/** The contact-request inbox: newest first, open/handled filter, mark handled, delete. */
import { type Expression, type SqlBool, sql } from "kysely";
import type { AdminContactRequest, Paginated } from "../../../domain/contracts/admin.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import type { DB } from "../../db/database.ts";
import { NotFoundError } from "../../errors.ts";
import { type ListConfig, listConditions, now, offsetOf, orderColumnOf, paginate } from "./listing.ts";

export const CONTACT_LIST: ListConfig = {
  id: "id",
  title: ["name", "email"],
  content: ["message"],
  extraGlobal: ["phone"],
  orderColumns: { id: "id", name: "name", email: "email", handled_at: "handled_at", created_at: "created_at" },
};

export type ContactFilter = "open" | "handled" | "all";

export function createAdminContactRequestsService(db: DB) {
  const service = {
    async list(
      query: ListQuery,
      filter: ContactFilter,
      path: string,
      params?: URLSearchParams,
    ): Promise<Paginated<AdminContactRequest>> {
      const column = orderColumnOf(CONTACT_LIST, query);
      const conditions: Expression<SqlBool>[] = listConditions(CONTACT_LIST, query);
      if (filter === "open") conditions.push(sql<SqlBool>`handled_at is null`);
      if (filter === "handled") conditions.push(sql<SqlBool>`handled_at is not null`);
      const { total } = await db
        .selectFrom("contact_requests")
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .where((eb) => eb.and(conditions))
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom("contact_requests")
        .selectAll()
        .where((eb) => eb.and(conditions))
        .orderBy(sql.ref(column), query.order_direction)
        .orderBy("id", query.order_direction)
        .limit(query.per_page)
        .offset(offsetOf(query))
        .execute();
      return paginate(rows, Number(total), query, path, params);
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

    async remove(id: number): Promise<void> {
      const result = await db.deleteFrom("contact_requests").where("id", "=", id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new NotFoundError();
    },
  };
  return service;
}

export type AdminContactRequestsService = ReturnType<typeof createAdminContactRequestsService>;
