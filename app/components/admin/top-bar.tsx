/**
 * The admin top bar (spec §2): links to the sections the role may open, a link to the public site, and
 * the user-name menu with Log Out. Logout failure shows the status code as title and the status text.
 */
import { Button, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { NavLink, useNavigate } from "react-router";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { AdminSession } from "../../lib/admin-permissions.ts";
import { SECTION_LIST, sectionHref } from "../../lib/admin-sections.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { clearLoggedIn } from "../../lib/session-flag.ts";
import { LogoMark } from "../site/logo.tsx";
import { ExternalLink } from "../ui/external-link.tsx";
import { ChevronIcon, UserIcon } from "../ui/icon.tsx";
import { notify } from "./toast.tsx";

const n = heAdmin.nav;

export function AdminTopBar({ session }: { session: AdminSession }) {
  const navigate = useNavigate();
  const sections = SECTION_LIST.filter((s) => session.permissions[s.subject].read);

  async function logout() {
    try {
      const response = await apiFetch("/logout", { method: "POST" });
      if (!response.ok) {
        notify.error(String(response.status), response.statusText || heAdmin.messages.logoutFailed);
        return;
      }
    } catch {
      notify.error(heAdmin.messages.logoutFailed);
      return;
    }
    clearLoggedIn();
    navigate("/login");
  }

  return (
    <header className="sticky top-0 z-30 border-b border-cream-300 bg-white/95 shadow-sm backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 pt-3 lg:px-6">
        <NavLink to={sectionHref("panel")} className="flex items-center gap-2 rounded-md">
          <LogoMark className="size-9" />
          <span className="text-lg font-extrabold text-cocoa-900">{heAdmin.brand}</span>
        </NavLink>
        <div className="ms-auto flex items-center gap-2">
          <ExternalLink
            href="/"
            className="rounded-full px-3 py-2 font-semibold text-crust-700 underline-offset-4 hover:underline"
          >
            {n.viewSite}
          </ExternalLink>
          <MenuTrigger>
            <Button
              aria-label={`${n.userMenu}: ${session.user.name}`}
              className="inline-flex items-center gap-2 rounded-full border border-cream-300 bg-cream-50 px-3 py-1.5 font-semibold text-cocoa-900 outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-crust-600/40 data-[hovered]:bg-cream-100"
            >
              <UserIcon className="size-5" />
              <span>{session.user.name}</span>
              <ChevronIcon className="size-4" />
            </Button>
            <Popover
              placement="bottom end"
              className="min-w-48 rounded-xl bg-white p-1 shadow-lg ring-1 ring-cream-300 outline-none"
            >
              <div className="border-b border-cream-200 px-3 py-2 text-sm text-cocoa-800" dir="ltr">
                {session.user.email}
              </div>
              <Menu aria-label={n.userMenu} className="outline-none" onAction={(key) => key === "logout" && logout()}>
                <MenuItem
                  id="logout"
                  className="cursor-pointer rounded-lg px-3 py-2 font-semibold text-berry-700 outline-none data-[focused]:bg-cream-100"
                >
                  {n.logout}
                </MenuItem>
              </Menu>
            </Popover>
          </MenuTrigger>
        </div>
      </div>
      <nav aria-label={n.label} className="mx-auto max-w-7xl px-2 lg:px-4">
        <ul className="flex flex-wrap gap-x-1">
          {sections.map((s) => (
            <li key={s.key}>
              <NavLink
                to={sectionHref(s.key)}
                className={({ isActive }) =>
                  `block border-b-4 px-3 py-2.5 font-semibold outline-none focus-visible:ring-4 focus-visible:ring-crust-600/40 ${
                    isActive
                      ? "border-crust-700 text-crust-700"
                      : "border-transparent text-cocoa-900 hover:border-cream-300"
                  }`
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
