/**
 * The accessibility coordinator's name and e-mail become site settings (they were fixed texts, so an owner
 * could not replace the demo contact). An existing site keeps what its accessibility page showed until the
 * owner edits it; the going-live checklist on the admin panel points at it while it is the demo value.
 */
import { type Kysely, sql } from "kysely";

export const PREVIOUS_COORDINATOR = { name: "מיכל אברהם", email: "negishut@example.co.il" };

export default function accessibilityContactMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable("site_settings")
        .addColumn("accessibility_contact_name", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .alterTable("site_settings")
        .addColumn("accessibility_contact_email", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await sql`update site_settings set accessibility_contact_name = ${PREVIOUS_COORDINATOR.name},
        accessibility_contact_email = ${PREVIOUS_COORDINATOR.email}`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("site_settings").dropColumn("accessibility_contact_email").execute();
      await db.schema.alterTable("site_settings").dropColumn("accessibility_contact_name").execute();
    },
  };
}
