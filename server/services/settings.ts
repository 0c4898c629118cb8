/**
 * Site-wide settings (brand, phone, links): one row. Pages read it once per content version
 * (services/per-version.ts), so the service itself keeps no copy that another server's edit could leave stale.
 */
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

    async save(settings: SiteSettings): Promise<SiteSettings> {
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
      await db
        .insertInto("site_settings")
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column("id").doUpdateSet(values))
        .execute();
      return this.get();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
