/**
 * Club double opt-in (issue 14 finding 12, issue 12 "Contract"): each member's consent record — when, from
 * which form ("page" or "api"), from which client address, and the version of the consent text shown next
 * to the button — and the confirmation of the address by the link in an e-mail. `confirmation_sent_at` is
 * when the last confirmation e-mail was handed to the mail server (it limits re-sends). Members from
 * before keep their consent time and stay pending: they never confirmed their address.
 *
 * `client_confirmations` holds the confirmation links: the SHA-256 of the random token (never the token),
 * the member, and when the link expires. A confirmed member's links are deleted: each link works once.
 */
import type { Kysely } from "kysely";

export default function clubConfirmationMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("clients").addColumn("consent_source", "text").execute();
      await db.schema.alterTable("clients").addColumn("consent_address", "text").execute();
      await db.schema.alterTable("clients").addColumn("consent_version", "text").execute();
      await db.schema.alterTable("clients").addColumn("confirmation_sent_at", "text").execute();
      await db.schema.alterTable("clients").addColumn("confirmed_at", "text").execute();
      await db.schema
        .createTable("client_confirmations")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("client_confirmations_client")
        .on("client_confirmations")
        .column("client_id")
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable("client_confirmations").execute();
      for (const column of [
        "confirmed_at",
        "confirmation_sent_at",
        "consent_version",
        "consent_address",
        "consent_source",
      ]) {
        await db.schema.alterTable("clients").dropColumn(column).execute();
      }
    },
  };
}
