/**
 * Optimistic concurrency of admin edits (issue 14): a record's `version` is 1 at creation and +1 on every
 * update. A save that names the version it started from is applied by one statement,
 * `UPDATE … SET …, version = version + 1 WHERE id = ? AND version = ?` — never a read and then a write —
 * so of two saves from the same version exactly one changes the row; the other changes nothing and
 * answers 409 with the record as it is now. A save that names no version (the spec's clients) is
 * applied as before: the last one wins. `insertVersioned` is the create these updates start from.
 *
 * The 409's record also says who saved it last and when (`saved_by`, issue 29), from the audit log's latest
 * create or update of it, so the dialog can tell staff whose work they would replace.
 */
import { sql } from "kysely";
import type { LastSave } from "../../../domain/contracts/admin.ts";
import type { EntityType } from "../../../domain/entities.ts";
import type { DB } from "../../db/database.ts";
import { VersionConflictError } from "../../errors.ts";
import { now } from "./listing.ts";

export type VersionedTable = "products" | "categories" | "branches" | "sales" | "publications" | "clients";

/** Each table's records as the audit log names them (domain/entities.ts). */
const AUDIT_ENTITY: Record<VersionedTable, EntityType> = {
  products: "Product",
  categories: "Category",
  branches: "Branch",
  sales: "Sale",
  publications: "Publication",
  clients: "Client",
};

/**
 * Who saved the record last and when: the audit log's latest create or update of it (the staff member's name
 * as it was then). Without an entry (a write outside the back office, or one whose entry is still being
 * written) the name is unknown and the time is the record's own `updated_at`.
 */
async function lastSave(db: DB, table: VersionedTable, id: number, record: object): Promise<LastSave> {
  const entry = await db
    .selectFrom("audit_log")
    .select(["user_name", "created_at"])
    .where("entity_type", "=", AUDIT_ENTITY[table])
    .where("entity_id", "=", id)
    .where("action", "in", ["create", "update"])
    .orderBy("id", "desc")
    .executeTakeFirst();
  const updatedAt = (record as { updated_at?: unknown }).updated_at;
  return {
    name: entry?.user_name ?? null,
    at: entry?.created_at ?? (typeof updatedAt === "string" ? updatedAt : null),
  };
}

/** Inserts a new record (version 1: the column's default), created and updated now; answers its id. */
export async function insertVersioned(db: DB, table: VersionedTable, values: Record<string, unknown>): Promise<number> {
  const at = now();
  const { id } = await db
    .insertInto(table as "products")
    .values({ ...values, created_at: at, updated_at: at } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Updates the row with `values` and a new version when `expected` is still its version (or when no
 * version is expected), then answers the record as `read` gives it. When no row changed: `read` throws
 * 404 if the record is gone, otherwise the save was stale → 409 with the current record.
 */
export async function updateVersioned<Item extends { version: number }>(
  db: DB,
  target: { table: VersionedTable; id: number; expected: number | undefined },
  values: Record<string, unknown>,
  read: () => Promise<Item>,
): Promise<Item> {
  let query = db
    .updateTable(target.table as "products")
    .set({ ...values, version: sql<number>`version + 1` })
    .where("id", "=", target.id);
  if (target.expected !== undefined) query = query.where("version", "=", target.expected);
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const current = await read();
    throw new VersionConflictError({ ...current, saved_by: await lastSave(db, target.table, target.id, current) });
  }
  return read();
}
