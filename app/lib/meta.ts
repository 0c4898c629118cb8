import { he } from "../../domain/i18n/site.ts";

/** "<page> | <brand>": every route's Hebrew document title (spec §2); the brand comes from site settings. */
export function pageTitle(title: string, brand: string = he.titles.suffix): string {
  return `${title} | ${brand || he.titles.suffix}`;
}

/**
 * The brand of the site settings as a route's `meta` finds it in its matches: the loader data of the
 * site layout (`settings.brandName`) or of the admin layout (`brand`).
 */
export function brandFromMatches(matches: readonly ({ loaderData?: unknown } | undefined)[]): string | undefined {
  for (const match of matches) {
    const data = match?.loaderData as { settings?: { brandName?: unknown }; brand?: unknown } | undefined;
    const brand = data?.brand ?? data?.settings?.brandName;
    if (typeof brand === "string" && brand) return brand;
  }
  return undefined;
}
