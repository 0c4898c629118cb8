import { he } from "./i18n/he.ts";

/** "<page> | <brand>": every route's Hebrew document title (spec §2). */
export function pageTitle(title: string, brand: string = he.titles.suffix): string {
  return `${title} | ${brand || he.titles.suffix}`;
}

type Match = { id: string; loaderData?: unknown } | undefined;

/** The brand name from the public layout's site settings, when the page is under that layout. */
export function brandOf(matches: readonly Match[]): string | undefined {
  const layout = matches.find((m) => m?.id === "routes/site/layout")?.loaderData as
    | { settings?: { brandName?: string } }
    | undefined;
  return layout?.settings?.brandName;
}

/** pageTitle() with the brand of the site settings (public pages' meta functions). */
export function siteTitle(matches: readonly Match[], title: string): string {
  return pageTitle(title, brandOf(matches));
}
