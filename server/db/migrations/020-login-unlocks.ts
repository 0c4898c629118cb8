/**
 * Unlock links (issue 31): a staff account the per-account login ceiling refuses can be opened by a one-time
 * link e-mailed to the account's address (server/services/login-unlocks.ts). Only the SHA-256 of a link's token
 * is stored, with its account, when it was made (the re-send limit counts these), its expiry and when it was used
 * (a link works once; using one closes every link of the account).
 */
import type { Kysely } from "kysely";

export default function loginUnlocksMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("login_unlocks")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema
        .createIndex("login_unlocks_user_id")
        .on("login_unlocks")
        .columns(["user_id", "created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable("login_unlocks").execute();
    },
  };
}
