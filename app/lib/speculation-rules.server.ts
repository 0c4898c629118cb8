/**
 * Speculation rules for public pages (issue 32 part 3, ADR 013): with no client-side router, a click is a page
 * load, and the browser prefetches the page behind a link the visitor hovers or starts to press ("moderate"
 * eagerness), so that load comes from memory. Only same-origin public pages: never a session page (it would
 * start a session and its form's token for a page perhaps never opened), the back office, the API or files.
 *
 * The session pages are read from the routes' own declarations (`handle.page`), so a new form page is left out
 * without a list to update here.
 */
import type { EntryContext } from "react-router";
import { pagePolicyOf } from "../../domain/page-policy.ts";
import { jsonForScript } from "./script-json.ts";

/** Addresses that are not pages. */
const NOT_PAGES = ["/api/*", "/uploads/*", "/assets/*"];

let rules: string | undefined;

/** The document's `<script type="speculationrules">`, the same for every public page of a build. */
export function speculationRulesScript(context: EntryContext, nonce: string): string {
  rules ??= jsonForScript({
    prefetch: [
      {
        source: "document",
        where: {
          and: [
            { href_matches: "/*" },
            { not: { or: [...NOT_PAGES, ...sessionPatterns(context)].map((href) => ({ href_matches: href })) } },
          ],
        },
        eagerness: "moderate",
      },
    ],
  });
  return `<script type="speculationrules" nonce="${nonce}">${rules}</script>`;
}

/** URL patterns of the session routes and everything below them, from the route table. */
function sessionPatterns(context: EntryContext): string[] {
  const routes = context.manifest.routes;
  const pathOf = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? pathOf(route.parentId) : "";
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  const patterns = new Set<string>();
  for (const id of Object.keys(routes)) {
    if (pagePolicyOf(context.routeModules[id]?.handle)?.kind !== "session") continue;
    const path = pathOf(id) || "/";
    patterns.add(path);
    patterns.add(`${path.replace(/\/$/, "")}/*`);
  }
  return [...patterns].sort();
}
