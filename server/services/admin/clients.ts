import type { AdminClient, Paginated } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { ClientInput } from "../../../domain/schemas/admin/client.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import type { DB } from "../../db/database.ts";
import type { ClientRow } from "../../db/schema.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import { toCsv } from "./csv.ts";
import { type ListConfig, listConditions, listPage, now } from "./listing.ts";
import { updateVersioned } from "./versions.ts";

export const CLIENT_LIST: ListConfig = {
  id: "id",
  title: ["email"],
  content: ["email"],
  extraGlobal: ["source"],
  orderColumns: { id: "id", email: "email", source: "source", created_at: "created_at", updated_at: "updated_at" },
};

const toClient = (r: ClientRow): AdminClient => ({
  id: r.id,
  email: r.email,
  source: r.source,
  created_at: r.created_at,
  updated_at: r.updated_at,
  version: r.version,
});

export function createAdminClientsService(db: DB) {
  async function assertEmailFree(email: string, exceptId?: number) {
    let query = db.selectFrom("clients").select("id").where("email", "=", email);
    if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
    if (await query.executeTakeFirst()) throw new ValidationError({ email: [heAdmin.messages.clientEmailTaken] });
  }

  /** A concurrent insert of the same address loses at the unique index: report it like the check above. */
  async function uniquely<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Error && /unique|duplicate/i.test(error.message)) {
        throw new ValidationError({ email: [heAdmin.messages.clientEmailTaken] });
      }
      throw error;
    }
  }

  const service = {
    async list(query: ListQuery, path: string, params?: URLSearchParams): Promise<Paginated<AdminClient>> {
      const conditions = listConditions(CLIENT_LIST, query);
      return listPage(db, {
        table: "clients",
        config: CLIENT_LIST,
        query,
        conditions,
        path,
        params,
        map: (rows) => rows.map(toClient),
      });
    },

    async get(id: number): Promise<AdminClient> {
      const row = await db.selectFrom("clients").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) throw new NotFoundError();
      return toClient(row);
    },

    async create(input: ClientInput): Promise<AdminClient> {
      await assertEmailFree(input.email);
      const at = now();
      const row = await uniquely(() =>
        db
          .insertInto("clients")
          .values({ email: input.email, source: "admin", consent_at: null, created_at: at, updated_at: at })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return toClient(row);
    },

    async update(id: number, input: ClientInput, expectedVersion?: number): Promise<AdminClient> {
      await service.get(id);
      await assertEmailFree(input.email, id);
      return uniquely(() =>
        updateVersioned(
          db,
          { table: "clients", id, expected: expectedVersion },
          { email: input.email, updated_at: now() },
          () => service.get(id),
        ),
      );
    },

    async remove(id: number): Promise<void> {
      const result = await db.deleteFrom("clients").where("id", "=", id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new NotFoundError();
    },

    /** Every member, oldest first, as a spreadsheet-safe CSV. */
    async exportCsv(): Promise<string> {
      const rows = await db.selectFrom("clients").selectAll().orderBy("created_at").orderBy("id").execute();
      const s = heAdmin;
      return toCsv(
        [s.id, s.fields.email, s.fields.source, s.clients.joined],
        rows.map((r) => [r.id, r.email, s.sources[r.source] ?? r.source, r.created_at]),
      );
    },
  };
  return service;
}

export type AdminClientsService = ReturnType<typeof createAdminClientsService>;
