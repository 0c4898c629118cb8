/**
 * Indexes for data that grows (issue 15 part 6): every admin list sorts by created_at desc then id desc by
 * default, and the members CSV export reads oldest first. Without these, a club of tens of thousands of
 * members or a catalogue of thousands of products is fully sorted for every page (and PostgreSQL sorts every
 * row for a deep page). The id in each index settles ties in the same order as the lists' second sort key.
 */
import type { Kysely } from "kysely";

/** Name → table and columns; the integration test checks each exists in the dialect's catalogue. */
export const GROWTH_INDEXES = {
  clients_created_id: { table: "clients", columns: ["created_at", "id"] },
  products_created_id: { table: "products", columns: ["created_at", "id"] },
  // The inbox's "open" filter (handled_at is null) newest first.
  contact_requests_handled_created: { table: "contact_requests", columns: ["handled_at", "created_at", "id"] },
} as const;

export default function indexesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [name, { table, columns }] of Object.entries(GROWTH_INDEXES)) {
        await db.schema
          .createIndex(name)
          .ifNotExists()
          .on(table)
          .columns([...columns])
          .execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const name of Object.keys(GROWTH_INDEXES)) await db.schema.dropIndex(name).ifExists().execute();
    },
  };
}
