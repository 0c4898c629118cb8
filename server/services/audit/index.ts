/**
 * The audit log (issue 14): one row per admin write, sign-in, failed sign-in and sign-out, kept for
 * AUDIT_RETENTION_DAYS. Rows carry the user's e-mail and name as they were, so they outlive the account.
 * Listed newest first as a Laravel paginator through the same `listPage` as every admin list.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import type { AdminAuditEntry, AuditChange, Paginated } from "../../../domain/contracts/admin.ts";
import { addDays, jerusalemInstant } from "../../../domain/hours/time.ts";
import type { AuditAction, AuditEntityType, AuditFilter } from "../../../domain/schemas/admin/audit.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import type { DB } from "../../db/database.ts";
import { storedList } from "../../db/json-list.ts";
import { type ListConfig, listConditions, listPage } from "../admin/listing.ts";

/** Entries older than this are deleted at start-up and every hour after (docs/security.md "Audit log"). */
export const AUDIT_RETENTION_DAYS = 730;

export interface AuditEntryInput {
  user: { id: number; email: string; name: string } | null;
  /** For a failed sign-in: the e-mail that was tried (there is no user). */
  attemptedEmail?: string;
  action: AuditAction;
  entityType: AuditEntityType | null;
  entityId: number | null;
  label?: string | null;
  changes?: AuditChange[];
  address: string;
}

export const AUDIT_LIST: ListConfig = {
  id: "audit_log.id",
  // search_title: who (name or e-mail); search_content: what (the item's name, the changed fields).
  title: ["audit_log.user_email", "audit_log.user_name"],
  content: ["audit_log.entity_label", "audit_log.changes"],
  orderColumns: {
    id: "audit_log.id",
    created_at: "audit_log.created_at",
    action: "audit_log.action",
    entity_type: "audit_log.entity_type",
    user_email: "audit_log.user_email",
  },
};

function filterConditions(filter: AuditFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.user_id !== undefined) conditions.push(sql<SqlBool>`audit_log.user_id = ${filter.user_id}`);
  if (filter.entity_type) conditions.push(sql<SqlBool>`audit_log.entity_type = ${filter.entity_type}`);
  if (filter.action) conditions.push(sql<SqlBool>`audit_log.action = ${filter.action}`);
  // Calendar days in Jerusalem, `to` included; timestamps are ISO UTC text, which sorts as time.
  if (filter.from) {
    conditions.push(sql<SqlBool>`audit_log.created_at >= ${jerusalemInstant(filter.from, "00:00").toISOString()}`);
  }
  if (filter.to) {
    const end = jerusalemInstant(addDays(filter.to, 1), "00:00").toISOString();
    conditions.push(sql<SqlBool>`audit_log.created_at < ${end}`);
  }
  return conditions;
}

const parseChanges = (text: string) => storedList(text) as AuditChange[];

/** An entry as its row. */
function rowOf(entry: AuditEntryInput, at: string) {
  return {
    created_at: at,
    user_id: entry.user?.id ?? null,
    user_email: entry.user?.email ?? entry.attemptedEmail ?? null,
    user_name: entry.user?.name ?? null,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    entity_label: entry.label ?? null,
    changes: JSON.stringify(entry.changes ?? []),
    address: entry.address,
  };
}

export function createAuditService(db: DB) {
  return {
    async record(entry: AuditEntryInput): Promise<void> {
      await db.insertInto("audit_log").values(rowOf(entry, new Date().toISOString())).execute();
    },

    /**
     * Several entries of one request (a bulk action notes one per record): inserted a few hundred per statement,
     * in their order, instead of one round trip each.
     */
    async recordMany(entries: AuditEntryInput[]): Promise<void> {
      const at = new Date().toISOString();
      for (let i = 0; i < entries.length; i += 500) {
        await db
          .insertInto("audit_log")
          .values(entries.slice(i, i + 500).map((entry) => rowOf(entry, at)))
          .execute();
      }
    },

    async list(
      query: ListQuery,
      filter: AuditFilter,
      path: string,
      params?: URLSearchParams,
    ): Promise<Paginated<AdminAuditEntry>> {
      return listPage(db, {
        table: "audit_log",
        config: AUDIT_LIST,
        query,
        conditions: [...listConditions(AUDIT_LIST, query), ...filterConditions(filter)],
        path,
        params,
        map: (rows) =>
          rows.map((r) => ({
            id: r.id,
            created_at: r.created_at,
            user_id: r.user_id,
            user_email: r.user_email,
            user_name: r.user_name,
            action: r.action,
            entity_type: r.entity_type,
            entity_id: r.entity_id,
            entity_label: r.entity_label,
            changes: parseChanges(r.changes),
            address: r.address,
          })),
      });
    },

    /** Deletes entries older than the retention period; returns how many. */
    async purge(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000).toISOString();
      const result = await db.deleteFrom("audit_log").where("created_at", "<", cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
