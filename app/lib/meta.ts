import { he } from "../../domain/i18n/site.ts";

/** "<page> | <brand>": every route's Hebrew document title (spec §2); the brand comes from site settings. */
export function pageTitle(title: string, brand: string = he.titles.suffix): string {
  return `${title} | ${brand || he.titles.suffix}`;
}
