/**
 * Row types of every table, as Kysely sees them. Both dialects store the same shapes:
 * booleans are integers 0/1, timestamps are ISO-8601 UTC text, JSON is text.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Role } from "../../domain/permissions.ts";

/** ISO-8601 UTC text, e.g. 2026-11-22T10:00:00.000Z; sorts correctly as text on both dialects. */
type Timestamp = string;
type Flag = number; // 0 | 1
type CreatedAt = ColumnType<Timestamp, Timestamp | undefined, Timestamp>;

export type OwnerType = "product" | "category" | "branch" | "sale" | "publication";

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

export interface SiteSettingsTable {
  id: number; // always 1
  brand_name: string;
  tagline: string;
  phone: string;
  whatsapp_number: string;
  order_url: string;
  club_url: string;
  facebook_url: string;
  instagram_url: string;
  address: string;
  email: string;
  updated_at: Timestamp;
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
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  title: string;
  content: string;
  serial_id: number;
  status: Generated<number>;
  visibility_home_page: Generated<Flag>;
  /** Normalized Hebrew text for search (see server/services/search/hebrew.ts). */
  search_name: string;
  search_text: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
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

export interface BranchesTable {
  id: Generated<number>;
  name: string;
  location: string;
  address: string;
  content: string;
  email: string;
  phone: string;
  /** JSON array of { day, opens, closes }; a missing day is closed. */
  opening_hours: string;
  accessibility: string;
  latitude: number | null;
  longitude: number | null;
  position: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PostsTable {
  id: Generated<number>;
  name: string;
  content: string;
  status: Generated<number>;
  visibility_home_page: Generated<Flag>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ClientsTable {
  id: Generated<number>;
  email: string;
  /** Where the member signed up: "site" (our form), "admin" (added by staff). */
  source: string;
  consent_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
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

/** One row (id 1): the content version, see server/content-version.ts. */
export interface ContentVersionTable {
  id: number;
  version: number;
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
  contact_requests: ContactRequestsTable;
  rate_limits: RateLimitsTable;
  content_version: ContentVersionTable;
  known_logins: KnownLoginsTable;
  jobs: JobsTable;
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
