/**
 * schema.org JSON-LD for search engines: the business and each branch as `Bakery` (address, phone,
 * geo, opening hours), `Product` with one `Offer` per size in ILS, and `BreadcrumbList`.
 * Loaders hand it to the document with `addStructuredData`; `jsonForScript` (script-json.ts) escapes the text safely.
 */

import type { RouterContextProvider } from "react-router";
import type { Picture, ProductReviews, SiteSettings } from "../../domain/contracts/catalogue.ts";
import type { Branch, HoursDay, OpeningHoursEntry } from "../../domain/contracts/content.ts";
import { heKashrut } from "../../domain/i18n/kashrut.ts";
import { he } from "../../domain/i18n/site.ts";
import type { Allergen } from "../../domain/kashrut.ts";
import { schemaPrice } from "../../domain/money.ts";
import { parseIsraeliPhone } from "../../domain/phone.ts";
import { requestContext } from "./context.ts";
import { jsonForScript } from "./script-json.ts";
import { absoluteUrl } from "./seo.ts";

type JsonLd = Record<string, unknown>;

/**
 * Hands a page's JSON-LD to the document render (a loader calls it): entry.server.tsx writes it into the
 * HTML as `<script type="application/ld+json">`, outside the data React hydrates from.
 */
export function addStructuredData(context: Readonly<RouterContextProvider>, ...items: unknown[]): void {
  context.get(requestContext).structuredData?.push(...items);
}

/** The `<script>` elements for the collected JSON-LD (empty when none), with the CSP nonce. */
export function structuredDataScripts(items: readonly unknown[] | undefined, nonce: string): string {
  return (items ?? [])
    .map((item) => `<script type="application/ld+json" nonce="${nonce}">${jsonForScript(item)}</script>`)
    .join("");
}

const SCHEMA_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Business identifier shared by the business object and the branches that belong to it. */
export function businessId(publicUrl: string): string {
  return `${absoluteUrl(publicUrl, "/")}#bakery`;
}

/** "רחוב האגס 12, שוק מחנה יהודה, ירושלים" → street part and city (the last comma-separated part). */
export function postalAddress(address: string): JsonLd | undefined {
  const parts = address
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  const locality = parts.length > 1 ? parts.pop() : undefined;
  return {
    "@type": "PostalAddress",
    streetAddress: parts.join(", "),
    ...(locality ? { addressLocality: locality } : {}),
    addressCountry: "IL",
  };
}

/** International form for `telephone` ("+972-2-6251234"); unparseable numbers are passed through. */
export function schemaPhone(phone: string): string | undefined {
  if (!phone.trim()) return undefined;
  const parsed = parseIsraeliPhone(phone);
  if (!parsed) return phone.trim();
  if (!parsed.dial.startsWith("+972")) return parsed.display;
  const national = parsed.display.replace(/^0/, "");
  return `+972-${national}`;
}

/** One specification per opening interval; closed days are simply absent. */
export function openingHoursSpecification(hours: OpeningHoursEntry[]): JsonLd[] {
  return hours.map((h) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: `https://schema.org/${SCHEMA_DAYS[h.day]}`,
    opens: h.opens,
    closes: h.closes,
  }));
}

/**
 * Days of the coming weeks whose hours differ from the weekly schedule (Fridays closing by candle-lighting,
 * Motzaei Shabbat, holidays, dated exceptions), one specification per interval, valid that day only; a closed
 * day is `opens` = `closes` = 00:00, as schema.org documents for closures.
 */
export function specialOpeningHoursSpecification(days: HoursDay[], weekly: OpeningHoursEntry[]): JsonLd[] {
  const key = (list: { opens: string; closes: string }[]) => list.map((i) => `${i.opens}-${i.closes}`).join(",");
  return days.flatMap((day) => {
    const usual = weekly.filter((h) => h.day === day.weekday);
    if (key(day.intervals) === key(usual)) return [];
    const at = { validFrom: day.date, validThrough: day.date };
    if (day.closed) return [{ "@type": "OpeningHoursSpecification", opens: "00:00", closes: "00:00", ...at }];
    return day.intervals.map((i) => ({
      "@type": "OpeningHoursSpecification",
      opens: i.opens,
      closes: i.closes,
      ...at,
    }));
  });
}

function imageUrl(publicUrl: string, picture: Picture | null | undefined): string | undefined {
  return picture?.url ? absoluteUrl(publicUrl, picture.url) : undefined;
}

function compact(object: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(object).filter(([, v]) => v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0)),
  );
}

/** One branch as a `Bakery` of its own, linked to the business; `special` from specialOpeningHoursSpecification. */
export function branchJsonLd(
  branch: Branch,
  settings: SiteSettings,
  publicUrl: string,
  special: JsonLd[] = [],
): JsonLd {
  const url = absoluteUrl(publicUrl, `/branches/${branch.id}`);
  return compact({
    "@context": "https://schema.org",
    "@type": "Bakery",
    "@id": `${url}#bakery`,
    name: `${settings.brandName} – ${branch.name}`,
    url,
    image: imageUrl(publicUrl, branch.mainImage),
    description: branch.content || undefined,
    address: postalAddress(branch.address),
    telephone: schemaPhone(branch.phone),
    email: branch.email || undefined,
    geo:
      branch.latitude !== null && branch.longitude !== null
        ? { "@type": "GeoCoordinates", latitude: branch.latitude, longitude: branch.longitude }
        : undefined,
    hasMap: branch.location || undefined,
    openingHoursSpecification: openingHoursSpecification(branch.opening_hours),
    specialOpeningHoursSpecification: special,
    servesCuisine: "מאפייה וקונדיטוריה",
    priceRange: "₪₪",
    currenciesAccepted: "ILS",
    parentOrganization: { "@id": businessId(publicUrl) },
  });
}

/** The business as a whole; its branches (when given) are listed as departments. */
export function businessJsonLd(settings: SiteSettings, publicUrl: string, branches: Branch[] = []): JsonLd {
  return compact({
    "@context": "https://schema.org",
    "@type": "Bakery",
    "@id": businessId(publicUrl),
    name: settings.brandName,
    description: settings.tagline || undefined,
    url: absoluteUrl(publicUrl, "/"),
    logo: absoluteUrl(publicUrl, "/favicon.svg"),
    image: imageUrl(publicUrl, branches[0]?.mainImage),
    address: postalAddress(settings.address),
    telephone: schemaPhone(settings.phone),
    email: settings.email || undefined,
    sameAs: [settings.facebookUrl, settings.instagramUrl].filter(Boolean),
    servesCuisine: "מאפייה וקונדיטוריה",
    priceRange: "₪₪",
    currenciesAccepted: "ILS",
    department: branches.map((b) => {
      const { "@context": _context, ...rest } = branchJsonLd(b, settings, publicUrl);
      return rest;
    }),
  });
}

/** What productJsonLd needs of a product (spec §3 field names; prices in shekels). */
export interface ProductForJsonLd {
  id: number;
  name: string;
  title?: string;
  content?: string;
  serial_id: number | string;
  mainImage: Picture | null;
  images?: (Picture | { url: string })[];
  category?: { id: number; name: string }[];
  size: { id?: number; name: string; price: number }[];
  /** Kashrut and allergens (issue 11). */
  dietary?: string | null;
  /** Null while staff have not stated them (issue 29): unknown, which the description says. */
  allergens?: readonly Allergen[] | null;
  may_contain?: readonly Allergen[] | null;
  /** "Sold out today" (issue 30): the offers say OutOfStock until then. */
  sold_out_until?: string | null;
}

/**
 * The description's allergen sentence: what it contains, "none of the fourteen" only when staff said so (an
 * empty list), and "not stated, ask" while unknown (null) — never silence a reader could take as "free of".
 */
function allergenSentence(product: Pick<ProductForJsonLd, "allergens">): string {
  if (product.allergens === undefined) return "";
  if (product.allergens === null) return heKashrut.notStatedSentence;
  return product.allergens.length
    ? heKashrut.containsSentence(heKashrut.namesOf(product.allergens))
    : heKashrut.containsNone;
}

/**
 * A product with one `Offer` per size, priced in ILS. `kosher`: a branch holds a valid kashrut certificate
 * today; with the product's dietary kind stated, it is then `suitableForDiet` KosherDiet. The allergens are
 * told in the description's words (schema.org has no allergen property for products).
 */
export function productJsonLd(
  product: ProductForJsonLd,
  options: { publicUrl: string; brandName: string; kosher?: boolean; reviews?: ProductReviews },
): JsonLd {
  // Only real, approved reviews rate a product (issue 12; Google's review-snippet rules): none, no rating.
  const reviews = options.reviews?.count ? options.reviews : null;
  const url = absoluteUrl(options.publicUrl, `/product/${product.id}`);
  const images = [product.mainImage, ...(product.images ?? [])]
    .map((p) => (p?.url ? absoluteUrl(options.publicUrl, p.url) : undefined))
    .filter((u): u is string => Boolean(u));
  return compact({
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#product`,
    name: product.name,
    description:
      [
        [product.title, product.content].filter(Boolean).join(" – "),
        allergenSentence(product),
        product.may_contain?.length ? heKashrut.mayContainSentence(heKashrut.namesOf(product.may_contain)) : "",
      ]
        .filter(Boolean)
        .join(" ") || undefined,
    suitableForDiet: options.kosher && product.dietary ? "https://schema.org/KosherDiet" : undefined,
    sku: String(product.serial_id),
    url,
    image: [...new Set(images)],
    category: product.category?.map((c) => c.name).join(", ") || undefined,
    brand: { "@type": "Brand", name: options.brandName },
    aggregateRating: reviews
      ? {
          "@type": "AggregateRating",
          ratingValue: reviews.average,
          reviewCount: reviews.count,
          bestRating: 5,
          worstRating: 1,
        }
      : undefined,
    review: reviews?.latest.map((review) => ({
      "@type": "Review",
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      author: { "@type": "Person", name: review.name },
      datePublished: review.created_at.slice(0, 10),
      reviewBody: review.text,
    })),
    offers: product.size.map((size) => ({
      "@type": "Offer",
      name: size.name,
      price: schemaPrice(size.price),
      priceCurrency: "ILS",
      availability: product.sold_out_until ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
      url,
      seller: { "@id": businessId(options.publicUrl) },
    })),
  });
}

export interface Crumb {
  name: string;
  path: string;
}

/** A page's trail: the home page, then these crumbs (the last one the page itself). */
export function homeTrail(...crumbs: Crumb[]): Crumb[] {
  return [{ name: he.nav.home, path: "/" }, ...crumbs];
}

/** A trail such as דף הבית › סניפים › סניף מחנה יהודה, with absolute URLs. */
export function breadcrumbJsonLd(crumbs: Crumb[], publicUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(publicUrl, crumb.path),
    })),
  };
}
