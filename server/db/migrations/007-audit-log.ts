/**
 * The audit log (issue 14): who did what to which record, when and from where. No foreign key to
 * `users`: an entry keeps the user's id, e-mail and name as they were, and outlives the account.
 */
import type { Kysely } from "kysely";
import type { Dialect } from "../database.ts";

export default function auditLogMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = db.schema.createTable("audit_log");
      await (dialect === "postgres"
        ? table.addColumn("id", "serial", (c) => c.primaryKey())
        : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      )
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("user_id", "integer")
        .addColumn("user_email", "text")
        .addColumn("user_name", "text")
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("entity_type", "text")
        .addColumn("entity_id", "integer")
        .addColumn("entity_label", "text")
        // JSON array of { field, from?, to?, personal? } (AuditChange).
        .addColumn("changes", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("address", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("audit_log_created_at").on("audit_log").column("created_at").execute();
      await db.schema.createIndex("audit_log_user").on("audit_log").columns(["user_id", "created_at"]).execute();
      await db.schema.createIndex("audit_log_entity").on("audit_log").columns(["entity_type", "entity_id"]).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable("audit_log").execute();
    },
  };
}
