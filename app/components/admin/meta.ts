import { ADMIN_SECTIONS, type AdminSectionKey } from "../../lib/admin-sections.ts";
import { brandFromMatches, pageTitle } from "../../lib/meta.ts";

type Matches = readonly ({ loaderData?: unknown } | undefined)[];

/** Admin pages: a Hebrew title with the brand of the site settings (the admin layout loads it), never indexed. */
export function adminMeta(title: string, matches: Matches = []) {
  return [{ title: pageTitle(title, brandFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/** A section route's `meta`: its title from the section table. */
export function sectionMeta(key: AdminSectionKey) {
  return ({ matches }: { matches: Matches }) => adminMeta(ADMIN_SECTIONS[key].title, matches);
}

/** Admin pages whose loader reads data keep it while only the query string changes (lists keep their state there). */
export function revalidateOnPathChange({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  formMethod?: string;
  defaultShouldRevalidate: boolean;
}) {
  if (formMethod) return defaultShouldRevalidate;
  return currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;
}
