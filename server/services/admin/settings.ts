/** Site settings as the admin API names them (snake_case, like every other payload). */
import { type AdminSettings, settingsFromFields, settingsToFields } from "../../../domain/contracts/admin.ts";
import type { SiteSettings } from "../../../domain/contracts/catalogue.ts";
import type { SettingsInput } from "../../../domain/schemas/admin/settings.ts";
import { VersionConflictError } from "../../errors.ts";
import type { SettingsService } from "../settings.ts";

export function toAdminSettings(s: SiteSettings, version: number): AdminSettings {
  return { version, ...settingsToFields(s) };
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
        settingsFromFields({ ...input, whatsapp_number: input.whatsapp_number.replace(/[\s-]/g, "") }),
        expectedVersion,
      );
      if (!written) throw new VersionConflictError(await this.get());
      return this.get();
    },
  };
}
