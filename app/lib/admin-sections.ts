/**
 * The back office's sections, once: section → permission subject → path → Hebrew title and menu label,
 * and the image owner type of the sections whose rows have images. The top bar, the panel, the images
 * screen and the admin layout's guard (admin-guard.server.ts) all read this table; a new section is one
 * entry here plus its route in routes.ts.
 */
import { heAdmin } from "../../domain/i18n/admin.ts";
import type { AdminSubject } from "../../domain/permissions.ts";
import type { ImageOwnerType } from "../../domain/schemas/admin/images.ts";

export interface AdminSection {
  /** What the role must be allowed to read to open the section (domain/permissions.ts). */
  subject: AdminSubject;
  /** The URL, `/admin/<path>`. */
  path: string;
  /** The page title. */
  title: string;
  /** The top bar's label. */
  label: string;
  /** Owner type of the row images (`/admin/<path>/:id/images`); none when the rows have no images. */
  images?: ImageOwnerType;
  /** Screens below the section (`/admin/<path>/<sub>`) that need reading one more subject. */
  subpages?: Record<string, AdminSubject>;
}

const n = heAdmin.nav;
const t = heAdmin.titles;

/** In the top bar's order. */
export const ADMIN_SECTIONS = {
  panel: { subject: "Dashboard", path: "panel", title: t.panel, label: n.panel },
  // Pre-orders for pickup (issue 28): editors handle orders; the settings are the admins'.
  orders: {
    subject: "Order",
    path: "orders",
    title: t.orders,
    label: n.orders,
    subpages: { settings: "PickupSettings" },
  },
  products: { subject: "Product", path: "products", title: t.products, label: n.products, images: "product" },
  categories: {
    subject: "Category",
    path: "categories",
    title: t.categories,
    label: n.categories,
    images: "category",
  },
  branches: { subject: "Branch", path: "branches", title: t.branches, label: n.branches, images: "branch" },
  sales: { subject: "Sale", path: "sales", title: t.sales, label: n.sales, images: "sale" },
  publications: {
    subject: "Publication",
    path: "publications",
    title: t.publications,
    label: n.publications,
    images: "publication",
  },
  clients: { subject: "Client", path: "clients", title: t.clients, label: n.clients },
  contactRequests: {
    subject: "ContactRequest",
    path: "contact-requests",
    title: t.contactRequests,
    label: n.contactRequests,
  },
  reviews: { subject: "Review", path: "reviews", title: t.reviews, label: n.reviews },
  settings: { subject: "Settings", path: "settings", title: t.settings, label: n.settings },
  audit: { subject: "AuditLog", path: "audit", title: t.audit, label: n.audit },
  trash: { subject: "Trash", path: "trash", title: t.trash, label: n.trash },
} as const satisfies Record<string, AdminSection>;

export type AdminSectionKey = keyof typeof ADMIN_SECTIONS;
/** The sections whose rows have an images screen. */
export type ImagesSectionKey = {
  [K in AdminSectionKey]: (typeof ADMIN_SECTIONS)[K] extends { images: string } ? K : never;
}[AdminSectionKey];

export const SECTION_LIST: (AdminSection & { key: AdminSectionKey })[] = Object.entries(ADMIN_SECTIONS).map(
  ([key, section]) => ({ key: key as AdminSectionKey, ...section }),
);

export function sectionHref(key: AdminSectionKey): string {
  return `/admin/${ADMIN_SECTIONS[key].path}`;
}

/** The images child route of a section is named after it (routes.ts), so the screen knows its owner. */
export function imagesRouteId(key: ImagesSectionKey): string {
  return `admin-${key}-images`;
}

export function sectionOfImagesRoute(routeId: string): ImagesSectionKey | undefined {
  const key = /^admin-(\w+)-images$/.exec(routeId)?.[1];
  return key && key in ADMIN_SECTIONS && "images" in ADMIN_SECTIONS[key as AdminSectionKey]
    ? (key as ImagesSectionKey)
    : undefined;
}

/**
 * What a matched route needs: its section's subject, plus `Image` for an images screen. Takes React
 * Router's route pattern (`/admin/products/:id/images`); `undefined` outside any section (`/admin`).
 */
export function subjectsOfPattern(pattern: string): AdminSubject[] | undefined {
  const [admin, path, ...rest] = pattern.split("/").filter(Boolean);
  if (admin !== "admin" || !path) return undefined;
  const section = SECTION_LIST.find((s) => s.path === path);
  if (!section) return undefined;
  if (rest.at(-1) === "images") return [section.subject, "Image"];
  const more = rest[0] && "subpages" in section ? section.subpages?.[rest[0]] : undefined;
  return more ? [section.subject, more] : [section.subject];
}
