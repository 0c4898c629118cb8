/**
 * The admin layout (spec §2, §6): only for signed-in staff (the server sends visitors to `/`), and —
 * the browser-side check of spec §6 on top — only while the stored `loggedIn` flag is set.
 * Everything inside is Hebrew and right-to-left, with React Aria set to he-IL.
 */
import { useEffect } from "react";
import { I18nProvider } from "react-aria-components";
import { Outlet } from "react-router";
import { he } from "../../../domain/i18n/site.ts";
import { type PageHandle, sessionPage } from "../../../domain/page-policy.ts";
import { permissionsOf } from "../../../domain/permissions.ts";
import { revalidateOnPathChange } from "../../components/admin/meta.ts";
import { AdminToastRegion } from "../../components/admin/toast.tsx";
import { AdminTopBar } from "../../components/admin/top-bar.tsx";
import { adminGuard, adminUser } from "../../lib/admin-guard.server.ts";
import { type AdminSession, AdminSessionContext } from "../../lib/admin-permissions.ts";
import { apiJson } from "../../lib/api-client.ts";
import { servicesContext } from "../../lib/context.ts";
import { isLoggedIn, refreshStoredUser, type StoredUser } from "../../lib/session-flag.ts";
import type { Route } from "./+types/layout";

/** The back office is rendered for each signed-in staff member, with the session: every screen below inherits it. */
export const handle = { page: sessionPage() } satisfies PageHandle;

/** Every admin route: signed in, and allowed to read the section (the table in lib/admin-sections.ts). */
export const middleware: Route.MiddlewareFunction[] = [adminGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const user = adminUser(context);
  const settings = await context.get(servicesContext).settings.get();
  const session: AdminSession = {
    user: { name: user.name, email: user.email, role: user.role },
    permissions: permissionsOf(user),
  };
  // The brand of the site settings ends every admin title (components/admin/meta.ts).
  return { ...session, brand: settings.brandName };
}

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow" };
}

export const shouldRevalidate = revalidateOnPathChange;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    if (!isLoggedIn()) {
      window.location.replace("/");
      return;
    }
    // Spec §7: the current user is fetched once when the admin app starts; it refreshes the stored
    // name and e-mail. A 401/419 here clears the flag and goes home (apiFetch).
    apiJson<{ data: StoredUser }>("/api/user")
      .then((body) => refreshStoredUser({ name: body.data.name, email: body.data.email }))
      .catch(() => {});
  }, []);

  return (
    <I18nProvider locale="he-IL">
      <AdminSessionContext.Provider value={loaderData}>
        <div className="min-h-screen bg-cream-100 print:min-h-0 print:bg-white">
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-cocoa-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3 print:hidden"
          >
            {he.site.skipToContent}
          </a>
          {/* A printed screen (the pre-orders' production sheet) is its content alone: the bar hides in print. */}
          <AdminTopBar session={loaderData} />
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto max-w-7xl px-4 py-6 outline-none lg:px-6 print:max-w-none print:p-0"
          >
            <Outlet />
          </main>
          <AdminToastRegion />
        </div>
      </AdminSessionContext.Provider>
    </I18nProvider>
  );
}
