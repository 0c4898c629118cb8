/**
 * Bulk actions on the products list (issue 30 part 1): each batch is kept so that one "בטל" undoes the whole of
 * it. `data` is JSON: the action and, per record it changed, the version it left the record at and what the
 * record was before (its status, its category links, its sizes' prices, its tags, or the trash entry it went
 * to). An undo restores only records still at that version (server/services/admin/bulk.ts). Like the audit log
 * and the trash, no foreign key to `users`: the batch keeps who made it as they were.
 */
import type { Kysely } from "kysely";
import type { Dialect } from "../database.ts";

export default function bulkBatchesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = db.schema.createTable("bulk_batches");
      await (dialect === "postgres"
        ? table.addColumn("id", "serial", (c) => c.primaryKey())
        : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      )
        // The records' kind (domain/entities.ts): Product.
        .addColumn("entity_type", "text", (c) => c.notNull())
        // publish, hide, add_category, remove_category, price, add_tag, remove_tag, trash.
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("created_by", "integer")
        .addColumn("created_by_name", "text")
        .addColumn("undone_at", "text")
        .execute();
      await db.schema.createIndex("bulk_batches_created_at").on("bulk_batches").column("created_at").execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable("bulk_batches").execute();
    },
  };
}
