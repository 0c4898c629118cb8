/**
 * Shapes of the admin JSON API (server/api/admin/*), shared by the services that build them and the
 * back-office screens that read them. Field names follow spec §3 (`serial_id`, `mainImage`, …).
 */

import type { CertificateState } from "../certificates.ts";
import type { HoursRules, WeeklyEntry } from "../hours/rules.ts";
import type { TrashSubject } from "../permissions.ts";
import type { ProductFields } from "../schemas/admin/product.ts";
import type { Holiday } from "../seasonal/holidays.ts";
import type { ScheduleStatus } from "../seasonal/schedule.ts";
import type { Picture, SiteSettings } from "./catalogue.ts";
import type { BranchDetails } from "./content.ts";

export type { PageLink, Paginated } from "./catalogue.ts";

/** Status of products, categories, sales and publications: 1 is shown on the public site, 0 is hidden. */
export const STATUS = { hidden: 0, published: 1 } as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];

export interface AdminImage {
  id: number;
  /** URL of a small variant, for thumbnails (spec §3 `images: id, path`). */
  path: string;
  alt: string;
  width: number;
  height: number;
  /** 0 is the main image. */
  position: number;
  picture: Picture;
}

export interface NamedRef {
  id: number;
  name: string;
}

export interface AdminSize {
  id: number;
  name: string;
  /** Shekels (the database keeps integer agorot). */
  price: number;
  product_id: number;
}

export interface AdminTag {
  id: number;
  name: string;
  color: string;
  tagable_id: number;
  tagable_type: string;
}

/** The product fields of the admin list's rows; dietary is parve/dairy/meat, or null while not stated (issue 11). */
type ListedProductKey = "name" | "title" | "serial_id" | "visibility_home_page" | "dietary" | "starts_at" | "ends_at";

export interface AdminProductRow extends Pick<ProductFields, ListedProductKey> {
  /** The record's version: sent back with a save, which fails with 409 once another save made it stale. */
  version: number;
  id: number;
  status: number;
  created_at: string;
  updated_at: string;
  mainImage: Picture | null;
  category: NamedRef[];
  /** "Sold out today" (issue 30) until this ISO UTC instant, the bakery's next opening; null while on sale. */
  sold_out_until: string | null;
  /** Where the window (`starts_at`, `ends_at`; issue 30) stands now: not yet public, public, or past it. */
  schedule: ScheduleStatus;
}

/**
 * One product: every field of the product schema (`ProductFields`, so a field added there is here), with
 * kashrut and allergens (issue 11), and its sizes, tags and images.
 */
export interface AdminProduct extends AdminProductRow, Omit<ProductFields, ListedProductKey | "status"> {
  size: AdminSize[];
  tag: AdminTag[];
  images: AdminImage[];
}

export interface AdminCategoryRow {
  /** The record's version: sent back with a save, which fails with 409 once another save made it stale. */
  version: number;
  id: number;
  name: string;
  information: string;
  is_main: boolean;
  parent_id: number | null;
  parent_name: string | null;
  status: number;
  visibility_home_page: boolean;
  position: number;
  /** A seasonal collection's holiday (domain/seasonal/holidays.ts), or null. */
  holiday: Holiday | null;
  holiday_lead_days: number;
  /** A holiday collection's pre-orders close this many days before the holiday (issue 28); null: no cut-off. */
  preorder_cutoff_days: number | null;
  /** Public only from / until these ISO UTC instants (issue 30); null: open-ended. */
  starts_at: string | null;
  ends_at: string | null;
  schedule: ScheduleStatus;
  created_at: string;
  updated_at: string;
  mainImage: Picture | null;
  products_count: number;
  subcategories_count: number;
}

export interface AdminCategory extends AdminCategoryRow {
  subCategories: NamedRef[];
  images: AdminImage[];
}

/** For pickers: every category with its parent, in menu order. */
export interface CategoryOption {
  id: number;
  name: string;
  is_main: boolean;
  parent_id: number | null;
  status: number;
}

/**
 * Double opt-in: "pending" (consent recorded, address not confirmed yet), "confirmed" (the e-mail's link
 * was followed), "noConsent" (added by staff, no consent recorded).
 */
export type ClientStatus = "pending" | "confirmed" | "noConsent";

export interface AdminClient {
  /** The record's version: sent back with a save, which fails with 409 once another save made it stale. */
  version: number;
  id: number;
  email: string;
  /** "site" (signed up on the site) or "admin" (added by staff). */
  source: string;
  status: ClientStatus;
  /** The consent record: when, through what ("page" | "api"), from which address, which consent text. */
  consent_at: string | null;
  consent_source: string | null;
  consent_address: string | null;
  consent_version: string | null;
  confirmed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** 0 = Sunday … 6 = Saturday; a missing day is closed; several a day; `closes` ≤ `opens` is after midnight. */
export type OpeningHoursEntry = WeeklyEntry;

export interface AdminBranch extends BranchDetails {
  /** The record's version: sent back with a save, which fails with 409 once another save made it stale. */
  version: number;
  id: number;
  opening_hours: OpeningHoursEntry[];
  /** Friday/Shabbat, holiday rules and dated exceptions (docs/hours.md). */
  hours_rules: HoursRules;
  position: number;
  created_at: string;
  updated_at: string;
  mainImage: Picture | null;
  images?: AdminImage[];
  /** Kashrut certificate (issue 11); "" / null when the branch has none. */
  kashrut_authority: string;
  kashrut_certificate_number: string;
  /** Last valid day, "YYYY-MM-DD" (Jerusalem). */
  kashrut_valid_until: string | null;
  /** "valid", "expiring" (≤ 30 days left), "expired" or "none", for today in Jerusalem. */
  kashrut_state: CertificateState;
  /** The scan (owner type branch_certificate), when uploaded. */
  kashrut_scan: AdminImage | null;
}

/** A sale (promotion) or a publication (news item). */
export interface AdminPost {
  /** The record's version: sent back with a save, which fails with 409 once another save made it stale. */
  version: number;
  id: number;
  name: string;
  content: string;
  status: number;
  visibility_home_page: boolean;
  /** The public window (ISO UTC, null = open-ended) and where now stands in it. */
  starts_at: string | null;
  ends_at: string | null;
  schedule: ScheduleStatus;
  created_at: string;
  updated_at: string;
  mainImage: Picture | null;
  images?: AdminImage[];
}

export interface AdminContactRequest {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  handled_at: string | null;
  created_at: string;
}

/** A customer review in the moderation list (issue 12). */
export interface AdminReview {
  id: number;
  product_id: number;
  product_name: string;
  rating: number;
  name: string;
  text: string;
  status: "pending" | "approved" | "rejected";
  created_at: string;
  moderated_at: string | null;
}

/**
 * Each site setting's name in the admin API, the settings form and the `site_settings` table (snake_case),
 * against its name on the site (`SiteSettings`, camelCase). In the settings form's order.
 */
export const SETTING_FIELDS = {
  brandName: "brand_name",
  tagline: "tagline",
  phone: "phone",
  whatsappNumber: "whatsapp_number",
  orderUrl: "order_url",
  clubUrl: "club_url",
  facebookUrl: "facebook_url",
  instagramUrl: "instagram_url",
  address: "address",
  email: "email",
  accessibilityContactName: "accessibility_contact_name",
  accessibilityContactEmail: "accessibility_contact_email",
} as const satisfies Record<keyof SiteSettings, string>;

/** The site settings under their snake_case names. */
export type SettingsFields = { [K in keyof SiteSettings as (typeof SETTING_FIELDS)[K]]: SiteSettings[K] };

const SETTING_KEYS = Object.keys(SETTING_FIELDS) as (keyof SiteSettings)[];

export function settingsToFields(settings: SiteSettings): SettingsFields {
  return Object.fromEntries(SETTING_KEYS.map((key) => [SETTING_FIELDS[key], settings[key]])) as SettingsFields;
}

/** The settings of a record that carries them under their snake_case names (and maybe more). */
export function settingsFromFields(fields: SettingsFields): SiteSettings {
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, fields[SETTING_FIELDS[key]]])) as unknown as SiteSettings;
}

export interface AdminSettings extends SettingsFields {
  /** The record's version: sent back with a save, which fails with 409 once another save made it stale. */
  version: number;
}

/**
 * Who saved a record last and when (issue 29): a 409's `data` (the record as it is now) carries it as
 * `saved_by`, from the audit log. `name` is null when unknown (no entry: a write outside the back office).
 */
export interface LastSave {
  name: string | null;
  at: string | null;
}

/** One setting (or branch detail) still at its demo value: the going-live checklist of the panel. */
export interface GoingLiveItem {
  /** Stable key, e.g. "settings.order_url" or "branch.3.email". */
  key: string;
  label: string;
  /** The admin address where it is edited (the field itself for settings). */
  href: string;
  /** How many records the line is about (demo products, products without an allergen decision). */
  count?: number;
}

/** The demo records still stored (the panel's offer to move them to the trash in one action). */
export interface DemoCatalogue {
  products: number;
  sales: number;
  publications: number;
}

/** What the one-action removal moved to the trash: the counts, and the trash entries (each restorable). */
export interface DemoCatalogueRemoval extends DemoCatalogue {
  trash: number[];
}

export interface DashboardData {
  /** Admins only: what still shows demo content to visitors. */
  goingLive?: GoingLiveItem[];
  /** Admins only: the demo records the panel offers to move to the trash (none: nothing to offer). */
  demoCatalogue?: DemoCatalogue;
  counts: {
    products?: number;
    publishedProducts?: number;
    categories?: number;
    branches?: number;
    sales?: number;
    publications?: number;
    clients?: number;
    openContactRequests?: number;
    /** Pre-orders (issue 28) for pickup today (Jerusalem), not cancelled. */
    todayOrders?: number;
  };
  latestContactRequests?: AdminContactRequest[];
  latestClients?: AdminClient[];
  /** Kashrut certificates expired or expiring within 30 days (issue 11), soonest first. */
  certificateAlerts?: CertificateAlert[];
}

export interface CertificateAlert {
  branch_id: number;
  branch_name: string;
  authority: string;
  valid_until: string;
  state: "expiring" | "expired";
  /** Days left (0 = its last day is today); negative once expired. */
  days_left: number;
}

/** `{ data, message? }`: the shape of every non-list admin response. */
export interface DataResponse<T> {
  data: T;
  message?: string;
}

/**
 * One changed field of an audit entry. `from`/`to` are kept for catalogue data only; for personal data
 * (club members, contact requests) the entry names the field and nothing else (`personal: true`).
 */
export interface AuditChange {
  field: string;
  from?: unknown;
  to?: unknown;
  personal?: true;
}

/** One entry of the audit log (GET /api/admin/audit). The user's e-mail and name are as they were then. */
export interface AdminAuditEntry {
  id: number;
  created_at: string;
  user_id: number | null;
  user_email: string | null;
  user_name: string | null;
  action: string;
  entity_type: string | null;
  entity_id: number | null;
  /** The catalogue item's name at the time (never for personal data). */
  entity_label: string | null;
  changes: AuditChange[];
  address: string;
}

/** One entry of the trash (GET /api/admin/trash, issue 12): a deleted record, restorable until `purge_at`. */
export interface AdminTrashItem {
  /** The trash entry's own id (restore: POST /api/admin/trash/{id}/restore; for good: DELETE /api/admin/trash/{id}). */
  id: number;
  entity_type: TrashSubject;
  /** The record's id, which it gets back on restore. */
  entity_id: number;
  label: string;
  deleted_at: string;
  deleted_by: number | null;
  deleted_by_name: string | null;
  /** When the background job deletes it for good (deleted_at + 30 days). */
  purge_at: string;
  mainImage: Picture | null;
  /** How many images go with it (restored with it, or deleted with it for good). */
  images_count: number;
}

/** What a DELETE of a record that went to the trash answers besides the message: the entry to restore ("בטל"). */
export interface TrashReceipt {
  id: number;
  purge_at: string;
}
