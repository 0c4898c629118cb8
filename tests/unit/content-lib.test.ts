/**
 * Pure helpers of the content pages: Israeli phone numbers, text clean-up, SEO tags, JSON-LD
 * (Bakery, Product with one Offer per size, BreadcrumbList) and its safe serialization,
 * opening hours.
 */

import { describe, expect, it } from "vitest";
import { googleMapsUrl, mapEmbedUrl, wazeUrl } from "../../app/lib/maps.ts";
import { weekdayInJerusalem, weekTable } from "../../app/lib/opening-hours.ts";
import { jsonForScript } from "../../app/lib/script-json.ts";
import { excerpt, pageSeo, seoMeta } from "../../app/lib/seo.ts";
import {
  breadcrumbJsonLd,
  businessJsonLd,
  postalAddress,
  productJsonLd,
  schemaPhone,
} from "../../app/lib/structured-data.ts";
import type { Picture, SiteSettings } from "../../domain/contracts/catalogue.ts";
import type { Branch } from "../../domain/contracts/content.ts";
import { parseIsraeliPhone, telHref } from "../../domain/phone.ts";
import { multiLine, singleLine } from "../../domain/schemas/fields.ts";
import { parseOpeningHours } from "../../server/services/branches.ts";

const PUBLIC_URL = "https://bakery.example";

/** What the tests read of the JSON-LD objects. */
interface LdNode {
  "@type": string;
  "@id"?: string;
  "@context"?: string;
  [key: string]: unknown;
}
interface BusinessLd extends LdNode {
  department: LdNode[];
}
interface ProductLd extends LdNode {
  offers: { "@type": string; name: string; price: string; priceCurrency: string; availability: string }[];
}
const picture: Picture = { id: 1, url: "/uploads/a/b.jpg", width: 1600, height: 900, alt: "חזית הסניף", sources: [] };
const settings: SiteSettings = {
  brandName: "מאפיית שקד",
  tagline: "מאפייה משפחתית",
  phone: "02-6251234",
  whatsappNumber: "972501234567",
  orderUrl: "",
  clubUrl: "",
  facebookUrl: "https://www.facebook.com/example",
  instagramUrl: "",
  address: "רחוב האגס 12, שוק מחנה יהודה, ירושלים",
  email: "info@example.co.il",
  accessibilityContactName: "",
  accessibilityContactEmail: "",
};
const branch: Branch = {
  id: 7,
  name: "סניף מחנה יהודה",
  address: "רחוב האגס 12, שוק מחנה יהודה, ירושלים",
  mainImage: picture,
  location: "https://www.google.com/maps?q=31.7854,35.2121",
  content: "הסניף הראשון",
  email: "shuk@example.co.il",
  phone: "02-6251234",
  opening_hours: [
    { day: 0, opens: "06:00", closes: "19:00" },
    { day: 5, opens: "05:30", closes: "15:00" },
  ],
  accessibility: "כניסה במפלס הרחוב",
  latitude: 31.7854,
  longitude: 35.2121,
  updated_at: "2026-11-01T00:00:00.000Z",
  open_now: false,
  status: "סגור",
  hours_notes: [],
  kashrut_certificate: null,
};

describe("Israeli phone numbers", () => {
  it("reads every common way of typing one", () => {
    expect(parseIsraeliPhone("050-1234567")).toEqual({
      local: "0501234567",
      display: "050-1234567",
      dial: "+972501234567",
    });
    expect(parseIsraeliPhone("+972 2 623 4567")?.display).toBe("02-6234567");
    expect(parseIsraeliPhone("(03) 5551234")?.dial).toBe("+97235551234");
    expect(parseIsraeliPhone("1-700-500-600")).toEqual({
      local: "1700500600",
      display: "1-700-500-600",
      dial: "1700500600",
    });
  });
  it("refuses what is not a dialable Israeli number", () => {
    for (const bad of ["", "050", "0612345678", "+12125551234", "05O-1234567", "050-1234567 ext 5"]) {
      expect(parseIsraeliPhone(bad), bad).toBeNull();
    }
  });
  it("builds tel: links in international form", () => {
    expect(telHref("02-6251234")).toBe("tel:+97226251234");
    expect(telHref("not a number 123")).toBe("tel:123");
  });
});

describe("text clean-up", () => {
  it("single-line fields lose every control character", () => {
    expect(singleLine(" דנה\r\n\tכהן\u0000 ")).toBe("דנה כהן");
    expect(singleLine("a\u2028b")).toBe("a b");
    // Bidi overrides could make stored Hebrew read in a misleading order.
    expect(singleLine("\u202Eדנה\u2066 כהן\u2069")).toBe("דנה כהן");
  });
  it("multi-line fields keep line breaks as \\n and drop other control characters", () => {
    expect(multiLine("שורה\r\nשנייה\rשלישית\u0007\t!")).toBe("שורה\nשנייה\nשלישית\t!");
    expect(multiLine("\u202Eשלום\u202C")).toBe("שלום");
  });
});

describe("SEO tags", () => {
  it("gives title, description, canonical, Open Graph and Twitter tags with an absolute image", () => {
    const seo = pageSeo(`${PUBLIC_URL}/`, {
      title: "הסניפים שלנו",
      description: "כל הסניפים",
      path: "/branches",
      image: picture,
      siteName: "מאפיית שקד",
    });
    const tags = seoMeta(seo);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${PUBLIC_URL}/branches` });
    expect(tags).toContainEqual({ property: "og:image", content: `${PUBLIC_URL}/uploads/a/b.jpg` });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ property: "og:locale", content: "he_IL" });
    expect(tags.find((t) => "title" in t)).toEqual({ title: expect.stringContaining("הסניפים שלנו") });
    expect(tags.some((t) => "name" in t && t.name === "robots")).toBe(false);
  });
  it("marks noindex pages; a page without its own image is shared with the bakery's share image", () => {
    const tags = seoMeta(
      pageSeo(PUBLIC_URL, {
        title: "תודה",
        description: "x",
        path: "/thankYou",
        siteName: "מאפיית שקד",
        noindex: true,
      }),
    );
    expect(tags).toContainEqual({ name: "robots", content: "noindex, follow" });
    expect(tags).toContainEqual({ property: "og:image", content: `${PUBLIC_URL}/share.jpg` });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ property: "og:image:height", content: "630" });
    expect(tags).toContainEqual({ property: "og:image:alt", content: expect.stringContaining("מאפיית שקד") });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });
  it("cuts long descriptions at a word boundary", () => {
    const text = "מילה ".repeat(60);
    const cut = excerpt(text, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut).not.toMatch(/\s…$/);
  });
});

describe("JSON-LD", () => {
  it("serializes so that no text can close the script element", () => {
    const evil = { name: `</script><script>alert(1)</script>&\u2028` };
    const out = jsonForScript(evil);
    expect(out).not.toContain("<");
    expect(out).not.toContain(">");
    expect(out).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(out)).toEqual(evil);
  });

  it("describes the business and each branch as a Bakery with address, phone, geo and opening hours", () => {
    const ld = businessJsonLd(settings, PUBLIC_URL, [branch]) as BusinessLd;
    expect(ld["@type"]).toBe("Bakery");
    expect(ld["@id"]).toBe(`${PUBLIC_URL}/#bakery`);
    expect(ld.telephone).toBe("+972-2-6251234");
    expect(ld.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "רחוב האגס 12, שוק מחנה יהודה",
      addressLocality: "ירושלים",
      addressCountry: "IL",
    });
    expect(ld.sameAs).toEqual(["https://www.facebook.com/example"]);
    const dept = ld.department[0]!;
    expect(dept["@type"]).toBe("Bakery");
    expect(dept["@context"]).toBeUndefined();
    expect(dept.url).toBe(`${PUBLIC_URL}/branches/7`);
    expect(dept.geo).toEqual({ "@type": "GeoCoordinates", latitude: 31.7854, longitude: 35.2121 });
    expect(dept.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Sunday", opens: "06:00", closes: "19:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Friday", opens: "05:30", closes: "15:00" },
    ]);
    expect(dept.image).toBe(`${PUBLIC_URL}/uploads/a/b.jpg`);
    expect(dept.parentOrganization).toEqual({ "@id": `${PUBLIC_URL}/#bakery` });
  });

  it("leaves out what is unknown instead of emitting empty values", () => {
    const ld = businessJsonLd(
      { ...settings, phone: "", email: "", address: "", facebookUrl: "" },
      PUBLIC_URL,
    ) as Record<string, unknown>;
    for (const key of ["telephone", "email", "address", "sameAs", "department"])
      expect(ld, key).not.toHaveProperty(key);
    expect(postalAddress("ירושלים")).toEqual({
      "@type": "PostalAddress",
      streetAddress: "ירושלים",
      addressCountry: "IL",
    });
    expect(schemaPhone("1-800-123-456")).toBe("1-800-123-456");
  });

  it("describes a product with one ILS Offer per size", () => {
    const ld = productJsonLd(
      {
        id: 12,
        name: "חלה קלועה",
        title: "חלה לשבת",
        content: "רכה ומתוקה",
        serial_id: 1001,
        mainImage: picture,
        images: [picture, { url: "/uploads/c/d.jpg" }],
        category: [{ id: 1, name: "לחמים וחלות" }],
        size: [
          { id: 1, name: "קטנה", price: 18 },
          { id: 2, name: "גדולה", price: 24.5 },
        ],
      },
      { publicUrl: PUBLIC_URL, brandName: "מאפיית שקד" },
    ) as ProductLd;
    expect(ld["@type"]).toBe("Product");
    expect(ld.sku).toBe("1001");
    expect(ld.url).toBe(`${PUBLIC_URL}/product/12`);
    expect(ld.image).toEqual([`${PUBLIC_URL}/uploads/a/b.jpg`, `${PUBLIC_URL}/uploads/c/d.jpg`]);
    expect(ld.brand).toEqual({ "@type": "Brand", name: "מאפיית שקד" });
    expect(ld.offers).toHaveLength(2);
    expect(ld.offers.map((o) => [o.name, o.price, o.priceCurrency])).toEqual([
      ["קטנה", "18.00", "ILS"],
      ["גדולה", "24.50", "ILS"],
    ]);
    expect(ld.offers[0]?.["@type"]).toBe("Offer");
    expect(ld.offers[0]?.availability).toBe("https://schema.org/InStock");
  });

  it("builds a BreadcrumbList with positions and absolute URLs", () => {
    expect(
      breadcrumbJsonLd(
        [
          { name: "דף הבית", path: "/" },
          { name: "סניפים", path: "/branches" },
        ],
        PUBLIC_URL,
      ),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "דף הבית", item: `${PUBLIC_URL}/` },
        { "@type": "ListItem", position: 2, name: "סניפים", item: `${PUBLIC_URL}/branches` },
      ],
    });
  });
});

describe("opening hours and maps", () => {
  it("parses stored hours, dropping malformed entries, Sunday first", () => {
    expect(
      parseOpeningHours(
        JSON.stringify([
          { day: 5, opens: "06:00", closes: "14:00" },
          { day: 0, opens: "07:00", closes: "19:00" },
          { day: 7, opens: "07:00", closes: "19:00" },
          { day: 1, opens: "7am", closes: "19:00" },
          "garbage",
        ]),
      ),
    ).toEqual([
      { day: 0, opens: "07:00", closes: "19:00" },
      { day: 5, opens: "06:00", closes: "14:00" },
    ]);
    expect(parseOpeningHours("{")).toEqual([]);
  });
  it("lays the week out Sunday to Saturday with closed days empty", () => {
    const week = weekTable(branch.opening_hours);
    expect(week.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(week[6]!.intervals).toEqual([]);
  });
  it("knows today's weekday in Jerusalem whatever the clock's time zone", () => {
    // Saturday 23:30 UTC is already Sunday in Jerusalem.
    expect(weekdayInJerusalem(new Date("2026-11-21T23:30:00Z"))).toBe(0);
    expect(weekdayInJerusalem(new Date("2026-11-27T10:00:00Z"))).toBe(5);
  });
  it("builds map, Waze and Google Maps links from coordinates, else from the address", () => {
    expect(mapEmbedUrl(branch)).toBe("https://www.google.com/maps?q=31.7854,35.2121&hl=he&z=16&output=embed");
    expect(wazeUrl(branch)).toBe("https://waze.com/ul?ll=31.7854,35.2121&navigate=yes");
    expect(googleMapsUrl(branch)).toBe(branch.location);
    const noGeo = { ...branch, latitude: null, longitude: null, location: "javascript:alert(1)" };
    expect(wazeUrl(noGeo)).toBe(`https://waze.com/ul?q=${encodeURIComponent(branch.address)}&navigate=yes`);
    expect(googleMapsUrl(noGeo)).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(mapEmbedUrl(noGeo)).toContain(encodeURIComponent(branch.address));
  });
});
