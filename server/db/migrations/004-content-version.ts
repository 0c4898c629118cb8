/**
 * The content version (server/content-version.ts): one row whose number every write that changes
 * what visitors see increments. On PostgreSQL it is how several app servers agree on it.
 */
import type { Kysely } from "kysely";

export default function contentVersionMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("content_version")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("version", "bigint", (c) => c.notNull())
        .execute();
      await db
        .insertInto("content_version" as never)
        .values({ id: 1, version: 1 } as never)
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable("content_version").execute();
    },
  };
}
