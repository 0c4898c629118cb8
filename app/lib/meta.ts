import { he } from "./i18n/he.ts";

/** "<page> | <brand suffix>": every route's Hebrew document title (spec §2). */
export function pageTitle(title: string): string {
  return `${title} | ${he.titles.suffix}`;
}
