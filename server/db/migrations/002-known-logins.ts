/**
 * Addresses an account has signed in from (issue 14): a correct password from one of them is never
 * refused by the per-account login ceiling, so a distributed guessing attack cannot lock the owner out.
 */
import type { Kysely } from "kysely";

export function knownLoginsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("known_logins")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("address", "text", (c) => c.notNull())
        .addColumn("last_login_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("known_logins_pk", ["user_id", "address"])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable("known_logins").execute();
    },
  };
}
