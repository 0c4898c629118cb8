/**
 * The admin top bar (spec §2): links to the sections the role may open, a link to the public site, and
 * the user-name menu with Log Out. Logout failure shows the status code as title and the status text.
 * Below `xl` the section links fold into a `<details>` disclosure whose button names the current section
 * (issue 12 §4): it opens by keyboard and works without JavaScript; with it, it closes on navigation,
 * Escape and a click outside. The current section's link has aria-current="page" (NavLink).
 */
import { type KeyboardEvent, useEffect, useRef } from "react";
import { Button, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { NavLink, useLocation, useNavigate } from "react-router";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { AdminSession } from "../../lib/admin-permissions.ts";
import { SECTION_LIST, sectionHref } from "../../lib/admin-sections.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { clearLoggedIn } from "../../lib/session-flag.ts";
import { LogoMark } from "../site/logo.tsx";
import { ExternalLink } from "../ui/external-link.tsx";
import { ChevronIcon, MenuIcon } from "../ui/icon.tsx";
import { UserIcon } from "../ui/other-icons.tsx";
import { notify } from "./toast.tsx";

const n = heAdmin.nav;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block outline-none focus-visible:ring-4 focus-visible:ring-crust-600/40 ${
    isActive ? "text-crust-700" : "text-cocoa-900"
  }`;

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

  const location = useLocation();
  const current = sections.find(
    (s) => location.pathname === sectionHref(s.key) || location.pathname.startsWith(`${sectionHref(s.key)}/`),
  );
  const menuRef = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => {
    if (menuRef.current) menuRef.current.open = false;
  };
  // A new screen closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change
  useEffect(closeMenu, [location.pathname]);
  // A press outside the open menu closes it.
  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const menu = menuRef.current;
      if (menu?.open && !menu.contains(event.target as Node)) menu.open = false;
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);
  function onMenuKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== "Escape" || !menuRef.current?.open) return;
    closeMenu();
    menuRef.current.querySelector("summary")?.focus();
  }

  return (
    <header className="sticky top-0 z-30 border-b border-cream-300 bg-white/95 shadow-sm backdrop-blur print:hidden">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:gap-3 sm:px-4 xl:px-6 xl:pt-3 xl:pb-0">
        <NavLink to={sectionHref("panel")} className="flex shrink-0 items-center gap-2 rounded-md">
          <LogoMark className="size-9" />
          <span className="sr-only text-lg font-extrabold whitespace-nowrap text-cocoa-900 sm:not-sr-only">
            {heAdmin.brand}
          </span>
        </NavLink>
        {/* The sections on a phone or a tablet: a disclosure. */}
        <details ref={menuRef} onKeyDown={onMenuKeyDown} className="group min-w-0 xl:hidden">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border border-cream-300 bg-cream-50 px-3 py-1.5 font-semibold text-cocoa-900 outline-none select-none hover:bg-cream-100 focus-visible:ring-4 focus-visible:ring-crust-600/40 [&::-webkit-details-marker]:hidden">
            <MenuIcon className="size-5 shrink-0" />
            <span className="sr-only">{n.menu}: </span>
            <span className="truncate">{current?.label ?? n.menuShort}</span>
            <ChevronIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <nav
            aria-label={n.label}
            className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-cream-300 bg-white shadow-lg"
          >
            <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-1 p-3 sm:grid-cols-3 md:grid-cols-4">
              {sections.map((s) => (
                <li key={s.key}>
                  <NavLink
                    to={sectionHref(s.key)}
                    onClick={closeMenu}
                    className={(state) =>
                      `${linkClass(state)} rounded-lg px-3 py-2.5 font-semibold hover:bg-cream-100 ${state.isActive ? "bg-cream-100 underline decoration-2 underline-offset-4" : ""}`
                    }
                  >
                    {s.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </details>
        <div className="ms-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <ExternalLink
            href="/"
            className="rounded-full px-2 py-2 font-semibold whitespace-nowrap text-crust-700 underline-offset-4 hover:underline sm:px-3"
          >
            {n.viewSite}
          </ExternalLink>
          <MenuTrigger>
            <Button
              aria-label={`${n.userMenu}: ${session.user.name}`}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-cream-300 bg-cream-50 px-3 py-1.5 font-semibold text-cocoa-900 outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-crust-600/40 data-[hovered]:bg-cream-100"
            >
              <UserIcon className="size-5" />
              <span className="hidden whitespace-nowrap sm:inline">{session.user.name}</span>
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
      {/* The sections on a laptop: one row of tabs. */}
      <nav aria-label={n.label} className="mx-auto hidden max-w-7xl px-4 xl:block">
        <ul className="flex flex-wrap gap-x-1">
          {sections.map((s) => (
            <li key={s.key}>
              <NavLink
                to={sectionHref(s.key)}
                className={(state) =>
                  `${linkClass(state)} border-b-4 px-3 py-2.5 font-semibold ${
                    state.isActive ? "border-crust-700" : "border-transparent hover:border-cream-300"
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
