import { pageTitle } from "../../lib/meta.ts";

/** Admin pages: a Hebrew title and never indexed. */
export function adminMeta(title: string) {
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** Admin lists keep their state in the query string and load rows themselves: no reload for that. */
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
