/** Builders for outbound links whose details live in site settings. */
import { he } from "../../domain/i18n/site.ts";
import { whatsappHref } from "../../domain/whatsapp.ts";

/** WhatsApp chat link with the prefilled Hebrew greeting (spec §1). */
export function whatsappLink(number: string, text: string = he.site.chatGreeting): string {
  return whatsappHref(number, text);
}

/** The customer-club link: the external club site when configured, else our own sign-up page. */
export function clubLink(clubUrl: string): { href: string; external: boolean } {
  return clubUrl ? { href: clubUrl, external: true } : { href: "/club", external: false };
}

/** Where a subcategory link leads: the product grid filtered by it (spec §2 named route "products" with an id). */
export function subcategoryHref(id: number): string {
  return `/products?category=${id}`;
}
