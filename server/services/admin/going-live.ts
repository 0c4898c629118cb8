/**
 * The panel's "before going live" checklist: every setting and branch detail that still shows visitors the
 * demo content (the seed's values, or any address on an example.* domain), each with where to edit it.
 * The demo values are read from the seed itself, so the list can never drift from what a first start shows.
 */
import { type GoingLiveItem, SETTING_FIELDS } from "../../../domain/contracts/admin.ts";
import type { SiteSettings } from "../../../domain/contracts/catalogue.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { DB } from "../../db/database.ts";
import { branches as demoBranches, siteSettings as demoSettings } from "../../db/seed/content.ts";
import { branchCertificate } from "../../db/seed/kashrut.ts";
import type { SettingsService } from "../settings.ts";

/** The settings a visitor sees, with their labels (the settings form's order). */
const CHECKED_SETTINGS = [
  ["brandName", heAdmin.settings.brandName],
  ["tagline", heAdmin.settings.tagline],
  ["phone", heAdmin.fields.phone],
  ["whatsappNumber", heAdmin.settings.whatsapp],
  ["email", heAdmin.fields.email],
  ["address", heAdmin.fields.address],
  ["orderUrl", heAdmin.settings.orderUrl],
  ["facebookUrl", heAdmin.settings.facebook],
  ["instagramUrl", heAdmin.settings.instagram],
  ["accessibilityContactName", heAdmin.settings.accessibilityContactName],
  ["accessibilityContactEmail", heAdmin.settings.accessibilityContactEmail],
] as const satisfies readonly (readonly [keyof SiteSettings, string])[];

/** example.com, example.co.il, order.example.co.il, www.facebook.com/example.bakery … (RFC 2606 names). */
const EXAMPLE_ADDRESS = /(^|[@./])example([./]|$)/i;

/** A branch's detail equal to any demo branch's, or on an example.* domain. */
function isDemoOf(value: string, field: "email" | "phone"): boolean {
  return demoBranches.some((demo) => isDemo(value, demo[field])) || EXAMPLE_ADDRESS.test(value);
}

function isDemo(value: string, demo: string): boolean {
  const v = value.trim();
  return v !== "" && (v === demo.trim() || EXAMPLE_ADDRESS.test(v));
}

export function createGoingLiveService(db: DB, settings: SettingsService) {
  return {
    async list(): Promise<GoingLiveItem[]> {
      const current = await settings.get();
      const items: GoingLiveItem[] = [];
      for (const [key, label] of CHECKED_SETTINGS) {
        if (isDemo(current[key], demoSettings[key])) {
          const field = SETTING_FIELDS[key];
          items.push({
            key: `settings.${field}`,
            label: heAdmin.panel.demoSetting(label),
            href: `/admin/settings#${field}`,
          });
        }
      }
      const rows = await db
        .selectFrom("branches")
        .select(["id", "name", "email", "phone", "kashrut_certificate_number"])
        .orderBy("id")
        .execute();
      // The demo certificates' numbers (their dates follow the day of the seed, their numbers do not).
      const demoCertificates = new Set(
        demoBranches.map((_, index) => branchCertificate(index, "2000-01-01").kashrut_certificate_number),
      );
      // One line per branch, naming every detail of it still at the demo value (one link: the branch's form).
      for (const row of rows) {
        const left: string[] = [];
        if (isDemoOf(row.email, "email")) left.push(heAdmin.fields.email);
        if (isDemoOf(row.phone, "phone")) left.push(heAdmin.fields.phone);
        // The kashrut certificate the site claims: the demo's is nobody's certificate.
        if (demoCertificates.has(row.kashrut_certificate_number)) left.push(heAdmin.panel.kashrutCertificate);
        if (left.length) {
          items.push({
            key: `branch.${row.id}`,
            label: heAdmin.panel.demoBranch(row.name, left.join(", ")),
            href: `/admin/branches?search_id=${row.id}`,
          });
        }
      }
      return items;
    },
  };
}

export type GoingLiveService = ReturnType<typeof createGoingLiveService>;
