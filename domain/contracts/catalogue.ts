/** Shapes shared by the server's services, the JSON API and the pages (spec §3 field names). */
import type { Dietary } from "../kashrut.ts";
import type { ProductFields, PublicProductKey } from "../schemas/admin/product.ts";

export interface PictureSource {
  type: "image/avif" | "image/webp";
  srcSet: string;
}

/** A stored image, ready for <picture>: fallback URL, intrinsic size and responsive sources. */
export interface Picture {
  id: number;
  url: string;
  width: number;
  height: number;
  alt: string;
  sources: PictureSource[];
}

export interface CategorySummary {
  id: number;
  name: string;
  information: string;
  mainImage: Picture | null;
}

export interface MenuCategory {
  id: number;
  name: string;
  subCategories: { id: number; name: string }[];
}

export interface SiteSettings {
  brandName: string;
  tagline: string;
  phone: string;
  whatsappNumber: string;
  orderUrl: string;
  clubUrl: string;
  facebookUrl: string;
  instagramUrl: string;
  address: string;
  email: string;
  /** The accessibility coordinator (the accessibility statement names them). */
  accessibilityContactName: string;
  accessibilityContactEmail: string;
}

/** Storefront catalogue shapes (issue 4). Field names follow spec §3; money is shekels (domain/money.ts). */

/** A product as tiles, grids and "you may also like" show it. */
export interface ProductSummary {
  id: number;
  name: string;
  title: string;
  mainImage: Picture | null;
  /** URL of the main image's fallback file (spec §3 "similar products (id, name, path)"), or null. */
  path: string | null;
  /** Lowest size price in shekels, or null when the product has no sizes. */
  price_from: number | null;
  /** Parve/dairy/meat for the tile's badge; null while not stated (issue 11). */
  dietary: Dietary | null;
  /** "אזל להיום" (issue 30): marked sold out by staff, until the bakery's next opening. */
  sold_out: boolean;
}

/** One entry of GET /api/products/suggest: a product the search box offers while the visitor types. */
export interface ProductSuggestion {
  id: number;
  name: string;
  /** The product page, root-relative ("/product/12"). */
  url: string;
}

export interface ProductSize {
  id: number;
  name: string;
  /** Shekels, at most two decimals. */
  price: number;
}

export interface ProductTag {
  id: number;
  name: string;
  /** A Hebrew colour word (אדום / כחול / כתום drive the display colour); anything else shows neutral. */
  color: string;
}

/**
 * A product page / `GET /api/product/{id}`: the product schema's public fields (`PublicProductKey`: name,
 * title, content, serial_id, and kashrut and allergens per issue 11), and what the server adds.
 */
export interface ProductDetail extends Pick<ProductFields, PublicProductKey> {
  id: number;
  status: number;
  visible: boolean;
  /** "אזל להיום" (issue 30) until this ISO UTC instant (the bakery's next opening); null while on sale. */
  sold_out_until: string | null;
  mainImage: Picture | null;
  /** The published categories the product belongs to ('suitable for'). */
  category: { id: number; name: string }[];
  size: ProductSize[];
  tag: ProductTag[];
  /** Every image, main image first; `path` is the fallback file URL. */
  images: (Picture & { path: string })[];
}

/** A category with its published subcategories (`/api/categories`, the /categories page). */
export interface CategoryWithSubs extends CategorySummary {
  /** The main category above a subcategory; null for a main category. */
  parent_id: number | null;
  is_main: boolean;
  status: number;
  visible: boolean;
  subCategories: { id: number; name: string }[];
}

/** `GET /api/category/{id}` and the category page. */
export interface CategoryDetail extends CategoryWithSubs {
  /** The main category above a subcategory, or null for a main category. */
  parent: { id: number; name: string } | null;
  /** Published products of the category and of its subcategories, newest first. */
  products: ProductSummary[];
}

/**
 * A seasonal collection featured on the home page (domain/seasonal/holidays.ts): the category, its
 * holiday's Hebrew name and dates, and a few of its products.
 */
export interface SeasonalCollection {
  id: number;
  name: string;
  information: string;
  mainImage: Picture | null;
  holiday: { code: string; name: string; gregorian: string; hebrew: string; begins: string };
  /** The holiday's first and last days, Jerusalem civil dates ("YYYY-MM-DD"). */
  firstDay: string;
  lastDay: string;
  products: ProductSummary[];
}

/** A sale or a publication as the home page shows it. */
export interface PostSummary {
  id: number;
  name: string;
  content: string;
  mainImage: Picture | null;
}

/** One entry of a Laravel paginator's `links` array. */
export interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

/**
 * Laravel's length-aware paginator JSON (flat form). URLs are root-relative
 * (`/products?search=x&page=2`), so they work behind any host name.
 */
export interface PaginatorMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  /** 1-based index of the first item on this page, null when the page is empty. */
  from: number | null;
  to: number | null;
  path: string;
  first_page_url: string;
  last_page_url: string;
  next_page_url: string | null;
  prev_page_url: string | null;
  links: PageLink[];
}

export interface Paginated<T> extends PaginatorMeta {
  data: T[];
}

/** An approved customer review as the product page shows it (issue 12). */
export interface PublicReview {
  id: number;
  rating: number;
  name: string;
  text: string;
  created_at: string;
}

/** The approved reviews of a product: their average (one decimal) and count, and the newest few. */
export interface ProductReviews {
  /** null while no review is approved. */
  average: number | null;
  count: number;
  latest: PublicReview[];
}
