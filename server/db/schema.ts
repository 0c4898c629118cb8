/**
 * Row types of every table, as Kysely sees them. Both dialects store the same shapes:
 * booleans are integers 0/1, timestamps are ISO-8601 UTC text, JSON is text.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { AdminAuditEntry, SettingsFields } from "../../domain/contracts/admin.ts";
import type { BranchDetails } from "../../domain/contracts/content.ts";
import type { Dietary } from "../../domain/kashrut.ts";
import type { Role } from "../../domain/permissions.ts";
import type { PlainKey, ProductInput } from "../../domain/schemas/admin/product.ts";

/** ISO-8601 UTC text, e.g. 2026-11-22T10:00:00.000Z; sorts correctly as text on both dialects. */
import type { ReviewStatus } from "../../domain/schemas/fields.ts";

type Timestamp = string;
type Flag = number; // 0 | 1
type CreatedAt = ColumnType<Timestamp, Timestamp | undefined, Timestamp>;

/** `branch_certificate`: the scan of a branch's kashrut certificate (owner_id is the branch). */
export type OwnerType = "product" | "category" | "branch" | "branch_certificate" | "sale" | "publication";

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value; the raw identifier never reaches the database. */
  id: string;
  user_id: number | null;
  csrf_token: string;
  remember: Flag;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

/** The site settings under their snake_case names (`SettingsFields`, domain/contracts/admin.ts), in one row. */
export type SiteSettingsTable = SiteSettingsColumns &
  Omit<SettingsFields, LaterSettings> & {
    /** Added by migration 014, with a default for the row already there. */
    [K in LaterSettings]: Generated<string>;
  };

type LaterSettings = "accessibility_contact_name" | "accessibility_contact_email";

interface SiteSettingsColumns {
  id: number; // always 1
  updated_at: Timestamp;
  /** Optimistic concurrency: 1 at creation, +1 on every update (server/services/admin/versions.ts). */
  version: Generated<number>;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  information: string;
  parent_id: number | null;
  is_main: Flag;
  status: Generated<number>;
  visibility_home_page: Generated<Flag>;
  position: Generated<number>;
  /** A seasonal collection's holiday (domain/seasonal/holidays.ts), or null. */
  holiday: Generated<string | null>;
  /** How many days before the holiday the collection is featured on the home page. */
  holiday_lead_days: Generated<number>;
  /** A holiday collection's pre-orders close this many days before the holiday (migration 025, issue 28); null: never. */
  preorder_cutoff_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** Public only from / until these ISO UTC instants, null: open-ended (migration 021, issue 30). */
  starts_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  ends_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Optimistic concurrency: 1 at creation, +1 on every update (server/services/admin/versions.ts). */
  version: Generated<number>;
}

/**
 * The products table: the columns below, and one per further plain field of the product form (PRODUCT_FIELDS in
 * domain/schemas/admin/product.ts), typed from its rule (a flag as 0/1), so a plain field added there is a
 * column here without a line. Its migration creates it with a default for the rows before it, so an insert
 * may leave it out (product-row.ts's writes always store it).
 */
export type ProductsTable = ProductColumns & {
  [K in Exclude<PlainKey, keyof ProductColumns>]: Generated<ProductInput[K] extends boolean ? Flag : ProductInput[K]>;
};

interface ProductColumns {
  id: Generated<number>;
  name: string;
  title: string;
  content: string;
  serial_id: number;
  status: Generated<number>;
  visibility_home_page: Generated<Flag>;
  /** No longer written or read (defaults to ''); dropping it needs a migration. */
  search_name: Generated<string>;
  /** Normalized Hebrew text for the admin list's search (see server/services/search/hebrew.ts). */
  search_text: string;
  /** "parve" | "dairy" | "meat", or null while not stated (migration 009, domain/kashrut.ts). */
  dietary: ColumnType<Dietary | null, Dietary | null | undefined, Dietary | null>;
  chalav_yisrael: Generated<Flag>;
  pas_yisrael: Generated<Flag>;
  kosher_for_passover: Generated<Flag>;
  /** "not_stated" (the default) | "none" | "listed": staff's allergen decision (migration 022, domain/kashrut.ts). */
  allergen_status: Generated<string>;
  /** JSON arrays of allergen codes, in the list's order; shown only when the status is not "not_stated". */
  allergens: Generated<string>;
  may_contain: Generated<string>;
  /** Public only from / until these ISO UTC instants, null: open-ended (migration 021, issue 30). */
  starts_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  ends_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** "Sold out today" until this ISO UTC instant (the next opening), null while on sale (migration 019). */
  sold_out_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** How many may be pre-ordered for one pickup day; null: no limit (migration 023, issue 28). */
  preorder_daily_limit: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Optimistic concurrency: 1 at creation, +1 on every update (server/services/admin/versions.ts). */
  version: Generated<number>;
}

export interface CategoryProductTable {
  category_id: number;
  product_id: number;
}

export interface SizesTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  /** Integer agorot (1/100 shekel). */
  price: number;
  created_at: CreatedAt;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  color: string;
  tagable_id: number;
  tagable_type: string;
  created_at: CreatedAt;
}

export interface ImagesTable {
  id: Generated<number>;
  owner_type: OwnerType;
  owner_id: number;
  /** Storage folder key of the image (directory/uuid). */
  path: string;
  width: number;
  height: number;
  /** JSON array of ImageVariant. */
  variants: string;
  alt: string;
  /** 0 is the main image. */
  position: number;
  created_at: CreatedAt;
}

export interface BranchesTable extends BranchDetails {
  id: Generated<number>;
  /** JSON array of { day, opens, closes }; a missing day is closed. */
  opening_hours: string;
  latitude: number | null;
  longitude: number | null;
  position: Generated<number>;
  /** Kashrut certificate (migration 010): authority, number, last valid Jerusalem day "YYYY-MM-DD" or null. */
  kashrut_authority: Generated<string>;
  kashrut_certificate_number: Generated<string>;
  kashrut_valid_until: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Optimistic concurrency: 1 at creation, +1 on every update (server/services/admin/versions.ts). */
  version: Generated<number>;
}

export interface PostsTable {
  id: Generated<number>;
  name: string;
  content: string;
  status: Generated<number>;
  visibility_home_page: Generated<Flag>;
  /** Public from this instant (ISO UTC); null = since always. */
  starts_at: Generated<Timestamp | null>;
  /** Public until this instant, exclusive (ISO UTC); null = for good. */
  ends_at: Generated<Timestamp | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Optimistic concurrency: 1 at creation, +1 on every update (server/services/admin/versions.ts). */
  version: Generated<number>;
}

export interface ClientsTable {
  id: Generated<number>;
  email: string;
  /** Where the member signed up: "site" (our form), "admin" (added by staff). */
  source: string;
  /** The consent record: when, from which form ("page" | "api"), from which address, which consent text. */
  consent_at: Timestamp | null;
  consent_source: ColumnType<string | null, string | null | undefined, string | null>;
  consent_address: ColumnType<string | null, string | null | undefined, string | null>;
  consent_version: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the last confirmation e-mail was handed to the mail server (limits re-sends). */
  confirmation_sent_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** When the member confirmed the address by the e-mail's link (double opt-in); null while pending. */
  confirmed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Optimistic concurrency: 1 at creation, +1 on every update (server/services/admin/versions.ts). */
  version: Generated<number>;
}

/** A club confirmation link: the SHA-256 of its random token, its member, when it expires. */
export interface ClientConfirmationsTable {
  token_hash: string;
  client_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface ContactRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  message: string;
  handled_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  rating: number;
  name: string;
  text: string;
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  created_at: CreatedAt;
  moderated_at: Timestamp | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
  /** Hits of the window before `window_start` (for the sliding-window estimate); added by migration 002. */
  previous_hits: Generated<number>;
}

/** An address an account has signed in from (per-account login ceiling exemption). */
export interface KnownLoginsTable {
  user_id: number;
  address: string;
  last_login_at: string;
}

/** A one-time link that opens a staff account the per-account login ceiling refuses (migration 020). */
export interface LoginUnlocksTable {
  /** SHA-256 (hex) of the link's token; the token itself is only in the e-mail. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  /** Set when the link (or another of the account's) was used: it works no more. */
  used_at: string | null;
}

/** Background work items claimed by one server at a time (migration 012, server/jobs/queue.ts). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** What the item is about, unique per kind (e.g. an image id). */
  key: string;
  /** JSON text. */
  payload: Generated<string>;
  state: Generated<"pending" | "running" | "failed">;
  attempts: Generated<number>;
  last_error: string | null;
  /** The worker holding the claim while `state = 'running'`. */
  claimed_by: string | null;
  lease_until: string | null;
  run_after: string;
  created_at: string;
  updated_at: string;
}

export type JobRow = Selectable<JobsTable>;

/** A branch's pre-order rules (migration 023); a branch without a row takes no pre-orders. */
export interface PickupSettingsTable {
  branch_id: number;
  enabled: Generated<Flag>;
  /** Minutes per pickup slot. */
  slot_minutes: Generated<number>;
  orders_per_slot: Generated<number>;
  /** Orders for a day close `lead_days` days before it at `order_by` ("HH:MM", Jerusalem). */
  lead_days: Generated<number>;
  order_by: Generated<string>;
  /** How many days ahead pickup can be chosen. */
  horizon_days: Generated<number>;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** The bakery's rules for every pre-order, one row (id 1). */
export interface PreorderPolicyTable {
  id: number;
  email_required: Generated<Flag>;
  /** Personal fields of an order are erased this many months after its pickup day. */
  retention_months: Generated<number>;
  updated_at: Timestamp;
  version: Generated<number>;
}

export type OrderStatus = "new" | "confirmed" | "ready" | "picked_up" | "cancelled" | "no_show";

export interface OrdersTable {
  id: Generated<number>;
  branch_id: number;
  /** Jerusalem civil date "YYYY-MM-DD" and slot start "HH:MM". */
  pickup_date: string;
  slot: string;
  status: Generated<OrderStatus>;
  /** Personal fields: blanked (and `erased_at` set) after the retention period. */
  name: string;
  /** Canonical display form, e.g. "050-1234567". */
  phone: string;
  email: string | null;
  note: Generated<string>;
  /** Integer agorot: the sum of the items at order time. */
  total: number;
  /** SHA-256 of the private link's token; the token itself is never stored. */
  token_hash: string;
  idempotency_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  erased_at: Timestamp | null;
  version: Generated<number>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  size_id: number | null;
  product_name: string;
  size_name: Generated<string>;
  /** Integer agorot at order time. */
  unit_price: number;
  quantity: number;
}

export interface SlotCountsTable {
  branch_id: number;
  pickup_date: string;
  slot: string;
  orders: Generated<number>;
}

export interface ProductDayCountsTable {
  product_id: number;
  pickup_date: string;
  quantity: Generated<number>;
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type PickupSettingsRow = Selectable<PickupSettingsTable>;

/** One row (id 1): the content version, see server/content-version.ts. */
export interface ContentVersionTable {
  id: number;
  version: number;
}

/** Rows of each table that grows, kept by triggers (migration 017, server/db/row-counts.ts). */
export interface RowCountsTable {
  name: string;
  n: number;
}

/** One entry of the audit log (migration 007): the API's entry (`AdminAuditEntry`), `changes` as JSON text. */
export interface AuditLogTable extends Omit<AdminAuditEntry, "id" | "changes"> {
  id: Generated<number>;
  changes: string;
}

/** A deleted record kept for 30 days (migration 016, server/services/admin/trash.ts); `data` is JSON text. */
export interface TrashTable {
  id: Generated<number>;
  entity_type: string;
  entity_id: number;
  label: Generated<string>;
  data: string;
  deleted_at: Timestamp;
  deleted_by: number | null;
  deleted_by_name: string | null;
}

/** A bulk action's batch, kept for its undo (migration 024, server/services/admin/bulk.ts). */
export interface BulkBatchesTable {
  id: Generated<number>;
  entity_type: string;
  action: string;
  data: string;
  created_at: Timestamp;
  created_by: number | null;
  created_by_name: string | null;
  undone_at: Timestamp | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  site_settings: SiteSettingsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  category_product: CategoryProductTable;
  sizes: SizesTable;
  tags: TagsTable;
  images: ImagesTable;
  branches: BranchesTable;
  sales: PostsTable;
  publications: PostsTable;
  clients: ClientsTable;
  client_confirmations: ClientConfirmationsTable;
  contact_requests: ContactRequestsTable;
  reviews: ReviewsTable;
  rate_limits: RateLimitsTable;
  content_version: ContentVersionTable;
  row_counts: RowCountsTable;
  known_logins: KnownLoginsTable;
  login_unlocks: LoginUnlocksTable;
  audit_log: AuditLogTable;
  jobs: JobsTable;
  pickup_settings: PickupSettingsTable;
  preorder_policy: PreorderPolicyTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  slot_counts: SlotCountsTable;
  product_day_counts: ProductDayCountsTable;
  trash: TrashTable;
  bulk_batches: BulkBatchesTable;
}

export type ProductRow = Selectable<ProductsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type ImageRow = Selectable<ImagesTable>;
export type BranchRow = Selectable<BranchesTable>;
export type PostRow = Selectable<PostsTable>;
export type ClientRow = Selectable<ClientsTable>;
export type SiteSettingsRow = Selectable<SiteSettingsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
