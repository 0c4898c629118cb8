/**
 * The shared rate-limit counters (issue 31): on PostgreSQL, `rate_limits` becomes an UNLOGGED table. Its rows are
 * written on every failed password check and form submission; a counter is not worth a WAL record, a replica or
 * surviving a crash (after one, PostgreSQL empties an unlogged table: every limit starts afresh, as it does on
 * SQLite, whose counters live in memory and never reach this table). SQLite has no such thing: nothing to do.
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.ts";

export default function unloggedRateLimitsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === "postgres") await sql`alter table rate_limits set unlogged`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === "postgres") await sql`alter table rate_limits set logged`.execute(db);
    },
  };
}
