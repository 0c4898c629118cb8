import { sql } from "kysely";
import type { AdminClient, ClientStatus, Paginated, TrashReceipt } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { ClientInput } from "../../../domain/schemas/admin/client.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import type { DB } from "../../db/database.ts";
import type { ClientRow } from "../../db/schema.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import { type CsvRow, csvChunks } from "./csv.ts";
import { type ListConfig, listConditions, listPage, now } from "./listing.ts";
import type { AdminTrashService, TrashActor } from "./trash.ts";
import { updateVersioned } from "./versions.ts";

/** Members read per query by the CSV export. */
const EXPORT_BATCH = 1000;
/** The export's first batch: the first bytes of the download, read and sent before any full batch. */
const EXPORT_FIRST_BATCH = 100;

export const CLIENT_LIST: ListConfig = {
  id: "id",
  title: ["email"],
  content: ["email"],
  extraGlobal: ["source"],
  orderColumns: { id: "id", email: "email", source: "source", created_at: "created_at", updated_at: "updated_at" },
};

export function clientStatus(r: Pick<ClientRow, "consent_at" | "confirmed_at">): ClientStatus {
  if (r.confirmed_at) return "confirmed";
  return r.consent_at ? "pending" : "noConsent";
}

const s = heAdmin;
const c = s.clients;

/** The members export's column titles, in Hebrew. */
export const CLIENT_CSV_HEADER: readonly string[] = [
  s.id,
  s.fields.email,
  s.fields.source,
  c.joined,
  c.status,
  c.consentAt,
  c.consentSource,
  c.consentAddress,
  c.consentVersion,
  c.confirmedAt,
  c.unsubscribeLink,
];

/** A member's unsubscribe link (services/clients.ts `unsubscribeLink`). */
export type UnsubscribeLink = (id: number, email: string) => string;

/**
 * One member as a row of the export, under CLIENT_CSV_HEADER (sources and statuses in Hebrew), ending with the
 * member's unsubscribe link: a mailing sent to the list from another tool must carry it (docs/decisions/010).
 */
export const clientCsvRow = (r: ClientRow, link: UnsubscribeLink): CsvRow => [
  r.id,
  r.email,
  s.sources[r.source] ?? r.source,
  r.created_at,
  c.statuses[clientStatus(r)],
  r.consent_at ?? "",
  r.consent_source ? (c.consentSources[r.consent_source] ?? r.consent_source) : "",
  r.consent_address ?? "",
  r.consent_version ?? "",
  r.confirmed_at ?? "",
  link(r.id, r.email),
];

export const toClient = (r: ClientRow): AdminClient => ({
  id: r.id,
  email: r.email,
  source: r.source,
  status: clientStatus(r),
  consent_at: r.consent_at,
  consent_source: r.consent_source,
  consent_address: r.consent_address,
  consent_version: r.consent_version,
  confirmed_at: r.confirmed_at,
  created_at: r.created_at,
  updated_at: r.updated_at,
  version: r.version,
});

export function createAdminClientsService(
  db: DB,
  deps: { trash: AdminTrashService; unsubscribeLink: UnsubscribeLink },
) {
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

    /**
     * A new address carries neither the old one's consent nor its confirmation: they are cleared (and its
     * confirmation links deleted) when staff change the e-mail. Whether it changed is decided by the
     * statements themselves (`email <> new`), so the record is not read first; the version check and both
     * writes are one transaction, and the record is read back inside it (SQLite has one connection).
     */
    async update(id: number, input: ClientInput, expectedVersion?: number): Promise<AdminClient> {
      await assertEmailFree(input.email, id);
      const email = input.email;
      /** The column's value while the address stays, null once it changes. */
      const keptIfSame = (column: keyof ClientRow & string) =>
        sql<string | null>`case when email = ${email} then ${sql.ref(column)} else null end`;
      return uniquely(() =>
        db.transaction().execute(async (trx) => {
          // Rolled back with the rest when the save turns out stale (409) or the member is gone (404).
          await trx
            .deleteFrom("client_confirmations")
            .where("client_id", "=", id)
            .where((eb) =>
              eb.exists(eb.selectFrom("clients").select("id").where("id", "=", id).where("email", "!=", email)),
            )
            .execute();
          return updateVersioned(
            trx,
            { table: "clients", id, expected: expectedVersion },
            {
              email,
              updated_at: now(),
              consent_at: keptIfSame("consent_at"),
              consent_source: keptIfSame("consent_source"),
              consent_address: keptIfSame("consent_address"),
              consent_version: keptIfSame("consent_version"),
              confirmation_sent_at: keptIfSame("confirmation_sent_at"),
              confirmed_at: keptIfSame("confirmed_at"),
            },
            async () => {
              const row = await trx.selectFrom("clients").selectAll().where("id", "=", id).executeTakeFirst();
              if (!row) throw new NotFoundError();
              return toClient(row);
            },
          );
        }),
      );
    },

    /** To the trash, with the member's confirmation links (restored only if the address is not taken again). */
    async remove(id: number, actor?: TrashActor | null): Promise<TrashReceipt> {
      return deps.trash.moveToTrash("Client", id, actor);
    },

    /**
     * Every member, oldest first, as a spreadsheet-safe CSV streamed in chunks: rows are read in batches by
     * keyset on (created_at, id) — the clients_created_id index — so neither the rows nor the document are
     * ever held whole, and each batch is one indexed range read however deep into the club it is.
     */
    exportCsv(batchSize = EXPORT_BATCH): AsyncGenerator<string> {
      async function* batches(): AsyncGenerator<CsvRow[]> {
        let after: { created_at: string; id: number } | undefined;
        // A small first batch: the download starts (and a database that cannot be read fails the request)
        // after one short read, whatever the club's size; the rest goes in full batches.
        for (let size = Math.min(batchSize, EXPORT_FIRST_BATCH); ; size = batchSize) {
          let query = db.selectFrom("clients").selectAll();
          if (after) {
            const last = after;
            // A row comparison, not (a > x or a = x and b > y): both databases seek the created_at/id index to it.
            query = query.where((eb) => eb(eb.refTuple("created_at", "id"), ">", eb.tuple(last.created_at, last.id)));
          }
          const rows = await query.orderBy("created_at").orderBy("id").limit(size).execute();
          yield rows.map((row) => clientCsvRow(row, deps.unsubscribeLink));
          const tail = rows.at(-1);
          if (!tail || rows.length < size) return;
          after = { created_at: tail.created_at, id: tail.id };
        }
      }
      return csvChunks(CLIENT_CSV_HEADER, batches());
    },
  };
  return service;
}

export type AdminClientsService = ReturnType<typeof createAdminClientsService>;
