/** Shapes shared by the server's services, the JSON API and the pages (spec §3 field names). */

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
}
