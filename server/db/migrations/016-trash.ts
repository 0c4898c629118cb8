/**
 * The trash (issue 12 §3, "deletes go to a trash for 30 days"). A deleted record leaves its table — so every
 * public page, the public API, search, the sitemap and the admin lists stop showing it without a single
 * extra condition — and is kept here as a JSON snapshot of its row and of every row that went with it
 * (images, sizes, tags, category links, reviews, confirmation links). Restoring inserts them again with
 * their own ids; purging deletes the entry and the image files. Like the audit log, no foreign key to
 * `users`: the entry keeps who deleted it as they were. (server/services/admin/trash.ts)
 */
import type { Kysely } from "kysely";
import type { Dialect } from "../database.ts";

export default function trashMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = db.schema.createTable("trash");
      await (dialect === "postgres"
        ? table.addColumn("id", "serial", (c) => c.primaryKey())
        : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      )
        // An admin subject: Product, Category, Branch, Sale, Publication, Client, ContactRequest, Review.
        .addColumn("entity_type", "text", (c) => c.notNull())
        .addColumn("entity_id", "integer", (c) => c.notNull())
        // What staff know the record by (its name, an e-mail for a club member).
        .addColumn("label", "text", (c) => c.notNull().defaultTo(""))
        // JSON: { row, children: { <table>: row[] } }.
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("deleted_at", "text", (c) => c.notNull())
        .addColumn("deleted_by", "integer")
        .addColumn("deleted_by_name", "text")
        .execute();
      // Ids are never reused (AUTOINCREMENT, serial), so a record is in the trash at most once.
      await db.schema.createIndex("trash_entity").on("trash").columns(["entity_type", "entity_id"]).unique().execute();
      await db.schema.createIndex("trash_deleted_at").on("trash").column("deleted_at").execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable("trash").execute();
    },
  };
}
