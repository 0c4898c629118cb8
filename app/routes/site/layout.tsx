import { useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { he } from "../../../domain/i18n/site.ts";
import { FloatingChatButton } from "../../components/site/chat-button.tsx";
import { SiteFooter } from "../../components/site/footer.tsx";
import { headerSettings, SiteHeader } from "../../components/site/header.tsx";
import heeboHebrew from "../../fonts/heebo-hebrew-400-800.woff2?url";
import heeboLatinBasic from "../../fonts/heebo-latin-basic-400-800.woff2?url";
import { Island } from "../../islands/island.tsx";
import { servicesContext } from "../../lib/context.ts";
import { clearStaleFlag } from "../../lib/session-flag.ts";
import type { Route } from "./+types/layout";

/**
 * The site font's Hebrew file and its basic-Latin one (spaces, digits, punctuation — on every page), fetched
 * with the stylesheet: with font-display optional (app.css) they must arrive before the first paint.
 */
export const links: Route.LinksFunction = () =>
  [heeboHebrew, heeboLatinBasic].map((href) => ({
    rel: "preload",
    href,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous" as const,
  }));

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [settings, categories, pickup] = await Promise.all([
    services.settings.get(),
    services.categories.menu(),
    services.preorders.branches(),
  ]);
  // While a branch takes pre-orders, "order now" leads to the site's own pre-order page (issue 28).
  const takesPreorders = pickup.length > 0;
  return { settings: takesPreorders ? { ...settings, orderUrl: "/order" } : settings, categories, takesPreorders };
}

/**
 * After a client-side navigation to another address, focus moves to the new page's <main> (without
 * scrolling: the scroll restoration scrolls smoothly to the top), so keyboard and screen-reader users
 * start reading the new page instead of staying on a link that may have disappeared. An address with a
 * fragment naming an element (a list's filter and sort land on `#results`, issue 29) moves focus there
 * instead; the scroll restoration has scrolled it into view. A form answered on the same address
 * (validation errors) keeps its own focus handling.
 */
function useFocusMainOnNavigation() {
  const { pathname, search, hash } = useLocation();
  // The address focus was last moved for (the first render's: the browser placed it on loading).
  const address = useRef<string | null>(null);
  useEffect(() => {
    const page = `${pathname}${search}`;
    const first = address.current === null;
    const samePage = address.current === page;
    address.current = page;
    if (first || (samePage && !hash)) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (samePage && !target) return;
    (target ?? document.getElementById("main"))?.focus({ preventScroll: true });
    if (samePage) return;
    // The document's JSON-LD (written into <head> by the server, outside React) describes the page it was
    // loaded with; after a client-side navigation it would describe another page, so it goes.
    for (const script of document.head.querySelectorAll('script[type="application/ld+json"]')) script.remove();
  }, [pathname, search, hash]);
}

/**
 * The frame of every public page. On public and cached pages React does not run in the browser: the header and
 * the chat button are islands (app/islands/, ADR 013), and the effects below run only on session pages, which
 * hydrate the whole document (the island loader clears the stale flag on the others).
 */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { settings, categories } = loaderData;
  const { pathname } = useLocation();
  useFocusMainOnNavigation();
  // A session that ended (the admin pages sent this browser home) takes the browser's `loggedIn` flag with it.
  useEffect(() => void clearStaleFlag(), []);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-cocoa-900 text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:px-4 focus:py-2 focus:whitespace-nowrap"
      >
        {he.site.skipToContent}
      </a>
      <Island
        name="header"
        load="interaction"
        component={SiteHeader}
        props={{ settings: headerSettings(settings), categories, pathname }}
      />
      <Outlet />
      <SiteFooter settings={settings} categories={categories} />
      {settings.whatsappNumber ? (
        <Island
          name="chat-button"
          load="load"
          component={FloatingChatButton}
          props={{ number: settings.whatsappNumber }}
        />
      ) : null}
    </>
  );
}
