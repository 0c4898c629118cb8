/**
 * Site-wide settings (brand, phone, links): one row. Pages read it once per content version
 * (services/per-version.ts), so the service itself keeps no copy that another server's edit could leave stale.
 */

import { sql } from "kysely";
import type { SiteSettings } from "../../domain/contracts/catalogue.ts";
import type { DB } from "../db/database.ts";
import type { SiteSettingsRow } from "../db/schema.ts";

export const DEFAULT_SETTINGS: SiteSettings = {
  brandName: "מאפיית הבית",
  tagline: "קונדיטוריה שמדברת עברית",
  phone: "",
  whatsappNumber: "",
  orderUrl: "",
  clubUrl: "",
  facebookUrl: "",
  instagramUrl: "",
  address: "",
  email: "",
  accessibilityContactName: "",
  accessibilityContactEmail: "",
};

function fromRow(row: SiteSettingsRow): SiteSettings {
  return {
    brandName: row.brand_name,
    tagline: row.tagline,
    phone: row.phone,
    whatsappNumber: row.whatsapp_number,
    orderUrl: row.order_url,
    clubUrl: row.club_url,
    facebookUrl: row.facebook_url,
    instagramUrl: row.instagram_url,
    address: row.address,
    email: row.email,
    accessibilityContactName: row.accessibility_contact_name,
    accessibilityContactEmail: row.accessibility_contact_email,
  };
}

export function createSettingsService(db: DB) {
  return {
    async get(): Promise<SiteSettings> {
      const row = await db.selectFrom("site_settings").selectAll().where("id", "=", 1).executeTakeFirst();
      return row ? fromRow(row) : DEFAULT_SETTINGS;
    },

    /** The settings and their version (optimistic concurrency of the admin form; 0 before the first save). */
    async getVersioned(): Promise<{ settings: SiteSettings; version: number }> {
      const row = await db.selectFrom("site_settings").selectAll().where("id", "=", 1).executeTakeFirst();
      return row ? { settings: fromRow(row), version: row.version } : { settings: DEFAULT_SETTINGS, version: 0 };
    },

    /**
     * Saves the one row. With `expectedVersion`, one statement writes only while that is still the row's
     * version (an insert when there is no row yet) and answers false when it was not: the save was stale.
     */
    async save(settings: SiteSettings, expectedVersion?: number): Promise<boolean> {
      const values = {
        brand_name: settings.brandName,
        tagline: settings.tagline,
        phone: settings.phone,
        whatsapp_number: settings.whatsappNumber,
        order_url: settings.orderUrl,
        club_url: settings.clubUrl,
        facebook_url: settings.facebookUrl,
        instagram_url: settings.instagramUrl,
        address: settings.address,
        email: settings.email,
        accessibility_contact_name: settings.accessibilityContactName,
        accessibility_contact_email: settings.accessibilityContactEmail,
        updated_at: new Date().toISOString(),
      };
      const written = await db
        .insertInto("site_settings")
        .values({ id: 1, ...values })
        .onConflict((oc) => {
          const update = oc.column("id").doUpdateSet({ ...values, version: sql<number>`site_settings.version + 1` });
          return expectedVersion === undefined ? update : update.where("site_settings.version", "=", expectedVersion);
        })
        .returning("id")
        .executeTakeFirst();
      return written !== undefined;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
