import { ADMIN_SECTIONS, type AdminSectionKey } from "../../lib/admin-sections.ts";
import { pageTitle } from "../../lib/meta.ts";

/** Admin pages: a Hebrew title and never indexed. */
export function adminMeta(title: string) {
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** A section route's `meta`: its title from the section table. */
export function sectionMeta(key: AdminSectionKey) {
  return () => adminMeta(ADMIN_SECTIONS[key].title);
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
