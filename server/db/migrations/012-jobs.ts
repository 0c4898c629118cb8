/**
 * Background work claimed once (issue 15): a queue of work items that any app server may claim.
 * An item is unique by (kind, key), so enqueueing what is already queued is a no-op. A claim sets
 * `state = 'running'`, the claimant and a lease; a server that dies mid-item leaves it to be claimed
 * again once `lease_until` has passed. A failure is recorded in `last_error` and retried after
 * `run_after`, a bounded number of times (`attempts`), then the item stays `failed`. Done items are deleted.
 */
import type { Kysely } from "kysely";
import type { Dialect } from "../database.ts";

export default function jobsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = db.schema.createTable("jobs");
      table =
        dialect === "postgres"
          ? table.addColumn("id", "serial", (c) => c.primaryKey())
          : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
      await table
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("state", "text", (c) => c.notNull().defaultTo("pending"))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_error", "text")
        .addColumn("claimed_by", "text")
        .addColumn("lease_until", "text")
        .addColumn("run_after", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("jobs_kind_key", ["kind", "key"])
        .execute();
      // The claim's search: due pending items, and running ones whose lease has passed.
      await db.schema.createIndex("jobs_due").on("jobs").columns(["state", "run_after"]).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable("jobs").execute();
    },
  };
}
