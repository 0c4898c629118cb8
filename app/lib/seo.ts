/**
 * Search-engine and sharing tags for every page: Hebrew title and description, the canonical
 * URL (from PUBLIC_URL), Open Graph and Twitter card with the page's image. Loaders build a
 * `PageSeo` on the server (where PUBLIC_URL is known); the route's `meta` turns it into tags.
 */
import type { MetaDescriptor } from "react-router";
import type { Picture } from "../../domain/contracts/catalogue.ts";
import { he } from "../../domain/i18n/site.ts";
import { SHARE_IMAGE } from "../../domain/share-image.ts";
import { pageTitle } from "./meta.ts";

export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageSeo {
  /** The page's own title (the brand suffix is added). */
  title: string;
  description: string;
  canonical: string;
  image: ShareImage | null;
  type: "website" | "article" | "product";
  siteName: string;
  noindex: boolean;
}

export interface SeoInput {
  title: string;
  description: string;
  /** Site-relative path of the page, e.g. "/branches/3". */
  path: string;
  image?: Picture | null;
  type?: PageSeo["type"];
  siteName: string;
  /** Pages with no value in search results (thank-you pages) stay out of the index. */
  noindex?: boolean;
}

/** Absolute URL under the public base URL. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl.replace(/\/+$/, "")}/`).href;
}

/** Plain one-line text cut at a word boundary: a meta description from page content. */
export function excerpt(text: string, max = 155): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/**
 * The page's share image: its own picture, else the bakery's share image — links to products are shared
 * on WhatsApp, where a page without `og:image` shows as a bare link.
 */
function shareImage(publicUrl: string, input: SeoInput): ShareImage {
  const picture = input.image;
  if (picture?.url) {
    return {
      url: absoluteUrl(publicUrl, picture.url),
      width: picture.width,
      height: picture.height,
      alt: picture.alt || input.title,
    };
  }
  return {
    url: absoluteUrl(publicUrl, SHARE_IMAGE.path),
    width: SHARE_IMAGE.width,
    height: SHARE_IMAGE.height,
    alt: he.seo.shareImageAlt(input.siteName),
  };
}

export function pageSeo(publicUrl: string, input: SeoInput): PageSeo {
  return {
    title: input.title,
    description: excerpt(input.description, 160),
    canonical: absoluteUrl(publicUrl, input.path),
    image: shareImage(publicUrl, input),
    type: input.type ?? "website",
    siteName: input.siteName,
    noindex: input.noindex ?? false,
  };
}

/** A route's `meta` export: the tags of its loader's `seo` (`fallbackTitle` alone without it: an error page). */
export function metaFromSeo(fallbackTitle?: string) {
  return ({ loaderData }: { loaderData?: { seo?: PageSeo } }) => seoMeta(loaderData?.seo, fallbackTitle);
}

/** The tags for a route's `meta` export. Without SEO data (an error page) only a title is given. */
export function seoMeta(seo: PageSeo | undefined, fallbackTitle?: string): MetaDescriptor[] {
  if (!seo) return fallbackTitle ? [{ title: pageTitle(fallbackTitle) }] : [];
  // The brand of the site settings ends every title, as on the catalogue pages.
  const title = pageTitle(seo.title, seo.siteName);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:type", content: seo.type },
    { property: "og:locale", content: "he_IL" },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: seo.description },
  ];
  if (seo.image) {
    tags.push(
      { property: "og:image", content: seo.image.url },
      { property: "og:image:width", content: String(seo.image.width) },
      { property: "og:image:height", content: String(seo.image.height) },
      { property: "og:image:alt", content: seo.image.alt },
      { name: "twitter:image", content: seo.image.url },
      { name: "twitter:image:alt", content: seo.image.alt },
    );
  }
  if (seo.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}
