/**
 * Site-wide settings (brand, phone, links): one row. Pages read it once per content version
 * (services/per-version.ts), so the service itself keeps no copy that another server's edit could leave stale.
 */

import { sql } from "kysely";
import { settingsFromFields, settingsToFields } from "../../domain/contracts/admin.ts";
import type { SiteSettings } from "../../domain/contracts/catalogue.ts";
import type { DB } from "../db/database.ts";

export const DEFAULT_SETTINGS: SiteSettings = {
  brandName: "מאפיית שקד",
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

export function createSettingsService(db: DB) {
  /** The settings and their version (optimistic concurrency of the admin form; 0 before the first save). */
  async function getVersioned(): Promise<{ settings: SiteSettings; version: number }> {
    const row = await db.selectFrom("site_settings").selectAll().where("id", "=", 1).executeTakeFirst();
    return row
      ? { settings: settingsFromFields(row), version: row.version }
      : { settings: DEFAULT_SETTINGS, version: 0 };
  }

  return {
    async get(): Promise<SiteSettings> {
      return (await getVersioned()).settings;
    },

    getVersioned,

    /**
     * Saves the one row. With `expectedVersion`, one statement writes only while that is still the row's
     * version (an insert when there is no row yet) and answers false when it was not: the save was stale.
     */
    async save(settings: SiteSettings, expectedVersion?: number): Promise<boolean> {
      const values = {
        ...settingsToFields(settings),
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
