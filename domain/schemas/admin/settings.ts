/** Site settings: brand, contact details and outbound links, shown on every public page. */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";
import { optionalPhone, optionalText, optionalUrl, requiredText } from "./fields.ts";

const s = heAdmin.settings;
const f = heAdmin.fields;
const v = heAdmin.validation;

const optionalEmail = (label: string) =>
  optionalText(label, 254).pipe(
    z
      .string()
      .toLowerCase()
      .refine((value) => value === "" || z.email().safeParse(value).success, v.email),
  );

export const settingsSchema = z.object({
  brand_name: requiredText(s.brandName, 80),
  tagline: optionalText(s.tagline, 160),
  phone: optionalPhone(f.phone),
  whatsapp_number: optionalText(s.whatsapp, 20).pipe(
    z.string().refine((value) => value === "" || /^\+?\d{9,15}$/.test(value.replace(/[\s-]/g, "")), v.phone),
  ),
  order_url: optionalUrl(s.orderUrl),
  club_url: optionalUrl(s.clubUrl),
  facebook_url: optionalUrl(s.facebook),
  instagram_url: optionalUrl(s.instagram),
  address: optionalText(f.address, 300),
  email: optionalEmail(f.email),
  accessibility_contact_name: optionalText(s.accessibilityContactName, 80),
  accessibility_contact_email: optionalEmail(s.accessibilityContactEmail),
});

export type SettingsInput = z.output<typeof settingsSchema>;
