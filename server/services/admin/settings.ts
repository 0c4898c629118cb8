/** Site settings as the admin API names them (snake_case, like every other payload). */
import type { AdminSettings } from "../../../domain/contracts/admin.ts";
import type { SiteSettings } from "../../../domain/contracts/catalogue.ts";
import type { SettingsInput } from "../../../domain/schemas/admin/settings.ts";
import { VersionConflictError } from "../../errors.ts";
import type { SettingsService } from "../settings.ts";

export function toAdminSettings(s: SiteSettings, version: number): AdminSettings {
  return {
    version,
    brand_name: s.brandName,
    tagline: s.tagline,
    phone: s.phone,
    whatsapp_number: s.whatsappNumber,
    order_url: s.orderUrl,
    club_url: s.clubUrl,
    facebook_url: s.facebookUrl,
    instagram_url: s.instagramUrl,
    address: s.address,
    email: s.email,
    accessibility_contact_name: s.accessibilityContactName,
    accessibility_contact_email: s.accessibilityContactEmail,
  };
}

export function createAdminSettingsService(settings: SettingsService) {
  return {
    async get(): Promise<AdminSettings> {
      const { settings: current, version } = await settings.getVersioned();
      return toAdminSettings(current, version);
    },
    /**
     * Saves through the site's settings service (pages read it once per content version, which the write
     * moves on). With `expectedVersion`, a stale save changes nothing and answers 409 with the settings now.
     */
    async save(input: SettingsInput, expectedVersion?: number): Promise<AdminSettings> {
      const written = await settings.save(
        {
          brandName: input.brand_name,
          tagline: input.tagline,
          phone: input.phone,
          whatsappNumber: input.whatsapp_number.replace(/[\s-]/g, ""),
          orderUrl: input.order_url,
          clubUrl: input.club_url,
          facebookUrl: input.facebook_url,
          instagramUrl: input.instagram_url,
          address: input.address,
          email: input.email,
          accessibilityContactName: input.accessibility_contact_name,
          accessibilityContactEmail: input.accessibility_contact_email,
        },
        expectedVersion,
      );
      if (!written) throw new VersionConflictError(await this.get());
      return this.get();
    },
  };
}
