/**
 * The kashrut certificate of each branch (issue 11): certifying authority (free text), certificate number and
 * the last day it is valid ("YYYY-MM-DD", a Jerusalem calendar day; null: no certificate). The scan is an
 * image row with owner_type "branch_certificate" and the branch's id (the images pipeline), so no column here.
 */
import type { Kysely } from "kysely";

export default function branchCertificatesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable("branches")
        .addColumn("kashrut_authority", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .alterTable("branches")
        .addColumn("kashrut_certificate_number", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema.alterTable("branches").addColumn("kashrut_valid_until", "text").execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const name of ["kashrut_valid_until", "kashrut_certificate_number", "kashrut_authority"]) {
        await db.schema.alterTable("branches").dropColumn(name).execute();
      }
    },
  };
}
