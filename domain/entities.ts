/**
 * The records the back office manages, each declared once: whether it is guarded as an admin subject, whether
 * editors manage it, whether its deletes go to the trash, whether it holds personal data, and which page-cache
 * tags a write to it touches. Everything that used to keep its own list derives from here:
 *
 * - permissions (domain/permissions.ts): `ADMIN_SUBJECTS`, the editors' abilities, `TRASH_SUBJECTS`;
 * - the audit log (domain/schemas/admin/audit.ts): `AUDIT_ENTITY_TYPES`; the audited services and the trash's
 *   purge job keep no value or label of a `personal` record (server/services/admin/audited.ts,
 *   server/jobs/background.ts);
 * - the trash (server/services/admin/trash.ts): its kinds are a `Record<TrashSubject, …>`, so a trashable
 *   entity without its table and dependents there fails the typecheck;
 * - the page cache (server/http/invalidation.ts): a write's audit notes name the records it changed, and their
 *   `cacheTags` say which cached pages to forget. A record no visitor sees (a club member, a contact request, a
 *   staff account) touches none, so writing it never empties a cache.
 *
 * A new entity is one entry here; `tests/unit/entities.test.ts` checks the derived lists against it.
 */

/** What a write did to one record, as the audit trail notes it (server/services/audit/trail.ts). */
export interface EntityChange {
  action: string;
  entityId: number | null;
  /** The fields it changed, with their values for catalogue data (`owner` for an image: "product 12"). */
  changes: readonly { field: string; from?: unknown; to?: unknown }[];
}

export interface EntityDeclaration {
  /** Guarded by abilities as a section or sub-resource of the back office. */
  subject: boolean;
  /** Editors manage it (catalogue content); otherwise only admins do. */
  editors: boolean;
  /** A delete moves it to the trash (restorable for 30 days) instead of deleting it at once. */
  trash: boolean;
  /** Personal data: audit entries keep only the names of changed fields, never values or a label. */
  personal: boolean;
  /**
   * The page-cache tags a write to it touches (server/http/invalidation.ts): `*` is every page; [] is none —
   * for a record no public page shows.
   */
  cacheTags(change: EntityChange): string[];
}

/** `kind:id`, or every record of the kind when the id is unknown (the tag vocabulary: server/services/read-tags.ts). */
const recordTag = (kind: string, id: number | null) => (id === null ? kind : `${kind}:${id}`);

/** A record and the lists of its kind (a menu, a list page): what a write to a record of most kinds touches. */
const recordAndList = (kind: string, list: string) => (c: EntityChange) => [recordTag(kind, c.entityId), list];

/** Lists a product is on, by the fields that decide it; a field not named here is taken to decide them all. */
const PRODUCT_LIST_TAGS: Record<string, readonly string[]> = {
  // The serial number is shown on the product page only; "sold out today" on its page and tiles, no list drops it.
  serial_id: [],
  sold_out_until: [],
  // How many may be pre-ordered a day: read by the order page (a page with the session), never by a cached one.
  preorder_daily_limit: [],
  visibility_home_page: ["home-products"],
  name: ["search"],
  title: ["search"],
  content: ["search"],
  dietary: ["filters", "search"],
  chalav_yisrael: ["filters", "search"],
  pas_yisrael: ["filters", "search"],
  kosher_for_passover: ["filters", "search"],
  allergens: ["filters", "search"],
  may_contain: ["filters", "search"],
  category: ["products"],
  // Bulk actions (issue 30): prices and tags are shown on the product's page and tiles (as a size's or tag's own
  // write), and the batch's number only names the batch.
  size: [],
  tag: [],
  bulk: [],
};
const EVERY_PRODUCT_LIST = ["products", "home-products", "search", "filters"];

/** A product's own tag, and the lists it joins, leaves or moves within. */
function productTags(change: EntityChange): string[] {
  const tags = new Set([recordTag("product", change.entityId)]);
  const lists =
    change.action === "update"
      ? change.changes.flatMap(({ field }) => PRODUCT_LIST_TAGS[field] ?? EVERY_PRODUCT_LIST)
      : EVERY_PRODUCT_LIST;
  for (const tag of lists) tags.add(tag);
  return [...tags];
}

/** A size's or tag's product, named by the write's fields; every product when unknown (a delete by id). */
const productOf =
  (field: string) =>
  (change: EntityChange): string[] => {
    const id = change.changes.find((c) => c.field === field)?.to;
    return [typeof id === "number" ? `product:${id}` : "product"];
  };

/** What an image's owner type ("product 12", "branch_certificate 3") is shown as. */
const IMAGE_OWNER_KINDS: Record<string, string> = {
  product: "product",
  category: "category",
  branch: "branch",
  branch_certificate: "branch",
  sale: "sale",
  publication: "publication",
};

/** The pages showing an image of this owner, as a cache tag (`*`, every page, for an owner type not known here). */
export function imageOwnerTag(ownerType: string, ownerId: number): string {
  const kind = IMAGE_OWNER_KINDS[ownerType];
  return kind ? `${kind}:${ownerId}` : "*";
}

/** An image's owner as its notes carry it ("product 12"), as a cache tag; an unknown owner → every page. */
function imageOwnerTags(change: EntityChange): string[] {
  for (const { field, from, to } of change.changes) {
    const owner = field === "owner" ? (to ?? from) : undefined;
    const match = typeof owner === "string" ? /^([a-z_]+) (\d+)$/.exec(owner) : null;
    if (match) return [imageOwnerTag(match[1]!, Number(match[2]))];
  }
  return ["*"];
}

export const ENTITIES = {
  Product: {
    subject: true,
    editors: true,
    trash: true,
    personal: false,
    cacheTags: productTags,
  },
  Image: { subject: true, editors: true, trash: false, personal: false, cacheTags: imageOwnerTags },
  // A product's tags and sizes: shown on its page and tiles.
  Tag: { subject: true, editors: true, trash: false, personal: false, cacheTags: productOf("tagable_id") },
  Size: { subject: true, editors: true, trash: false, personal: false, cacheTags: productOf("product_id") },
  Category: {
    subject: true,
    editors: true,
    trash: true,
    personal: false,
    cacheTags: recordAndList("category", "categories"),
  },
  Branch: {
    subject: true,
    editors: true,
    trash: true,
    personal: false,
    // A branch deleted takes its pickup settings with it: whether any branch takes pre-orders may change.
    cacheTags: (c) => [...recordAndList("branch", "branches")(c), ...(c.action === "delete" ? ["preorders"] : [])],
  },
  Sale: {
    subject: true,
    editors: true,
    trash: true,
    personal: false,
    cacheTags: (c) => [recordTag("sale", c.entityId)],
  },
  Publication: {
    subject: true,
    editors: true,
    trash: true,
    personal: false,
    cacheTags: recordAndList("publication", "publications"),
  },
  // Club members and contact requests: no public page shows them.
  Client: { subject: true, editors: false, trash: true, personal: true, cacheTags: () => [] },
  ContactRequest: { subject: true, editors: false, trash: true, personal: true, cacheTags: () => [] },
  // An approved review is shown on its product's page; the reviewer's name is personal.
  Review: { subject: true, editors: true, trash: true, personal: true, cacheTags: () => ["reviews"] },
  Settings: { subject: true, editors: false, trash: false, personal: false, cacheTags: () => ["settings"] },
  // Pre-orders (issue 28): the customer's name, phone and e-mail; editors handle them; no public page shows one.
  Order: { subject: true, editors: true, trash: false, personal: true, cacheTags: () => [] },
  // A branch's pickup rules and the bakery's pre-order policy (admins only): product pages offer the order form
  // while some branch takes pre-orders.
  PickupSettings: { subject: true, editors: false, trash: false, personal: false, cacheTags: () => ["preorders"] },
  // Staff accounts (sign-ins and sign-outs in the audit log): guarded as the `User` subject, never public.
  User: { subject: false, editors: false, trash: false, personal: true, cacheTags: () => [] },
} as const satisfies Record<string, EntityDeclaration>;

export type EntityType = keyof typeof ENTITIES;
type Declared = typeof ENTITIES;
/** The entities guarded as admin subjects. */
export type SubjectEntity = { [K in EntityType]: Declared[K]["subject"] extends true ? K : never }[EntityType];
/** The entities whose deletes go to the trash. */
export type TrashEntity = { [K in EntityType]: Declared[K]["trash"] extends true ? K : never }[EntityType];

export const ENTITY_TYPES = Object.keys(ENTITIES) as EntityType[];

export function isEntityType(value: unknown): value is EntityType {
  return typeof value === "string" && Object.hasOwn(ENTITIES, value);
}

export function entity(type: EntityType): EntityDeclaration {
  return ENTITIES[type];
}

/** True for a record whose audit entries keep no value or label (unknown types are treated as personal). */
export function isPersonalEntity(type: string | null): boolean {
  return type === null || !isEntityType(type) || ENTITIES[type].personal;
}
