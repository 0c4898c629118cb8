/**
 * Login limits (issue 14): the addresses an account has signed in from — a correct password from one of
 * them is never refused by the per-account login ceiling, so a distributed guessing attack cannot lock
 * the owner out — and the previous window's hits of each rate-limit counter (sliding-window estimate).
 */
import type { Kysely } from "kysely";

export default function loginLimitsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("known_logins")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("address", "text", (c) => c.notNull())
        .addColumn("last_login_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("known_logins_pk", ["user_id", "address"])
        .execute();
      await db.schema
        .alterTable("rate_limits")
        .addColumn("previous_hits", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("rate_limits").dropColumn("previous_hits").execute();
      await db.schema.dropTable("known_logins").execute();
    },
  };
}
