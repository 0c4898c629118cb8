/**
 * The public header (spec §2): logo, quick links, search toggle, chat link, 'order now' (new tab),
 * and the main menu — per main category a dropdown of its subcategories. Dropdowns work by mouse and
 * keyboard (Enter/Space toggle, ↓/↑ open and move, Home/End, Escape closes and returns focus, leaving
 * closes); any link click or navigation closes every dropdown and the mobile menu.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { MenuCategory, SiteSettings } from "../../../domain/contracts/catalogue.ts";
import { he } from "../../../domain/i18n/site.ts";
import { subcategoryHref, whatsappLink } from "../../lib/links.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { ExternalLink, OrderLink } from "../ui/external-link.tsx";
import { ChevronIcon, CloseIcon, MenuIcon, SearchIcon, WhatsappIcon } from "../ui/icon.tsx";
import { LogoMark } from "./logo.tsx";
import { SEARCH_BAR_ID, SEARCH_TOGGLE_ID, SearchBar, SearchBarProvider, useSearchBar } from "./search-bar.tsx";

/** The site's other screens, in the order of the spec's mobile menu. */
export const SECONDARY_LINKS = [
  { to: "/about", label: he.nav.about },
  { to: "/products", label: he.nav.products },
  { to: "/branches", label: he.nav.branches },
  { to: "/news", label: he.nav.news },
  { to: "/sales", label: he.nav.sales },
  { to: "/accessibility", label: he.nav.accessibility },
  { to: "/contactUs", label: he.nav.contact },
] as const;

const QUICK_LINKS = SECONDARY_LINKS.filter((link) => link.to !== "/accessibility");

/** The footer's list of the site's pages: where the menu button leads before JavaScript runs. */
export const FOOTER_NAV_ID = "site-pages";

const SEARCH_TOGGLE_CLASS =
  "inline-flex size-10 items-center justify-center rounded-full text-cocoa-900 hover:bg-cream-200 aria-expanded:bg-cream-200 sm:size-11";
const MENU_BUTTON_CLASS =
  "inline-flex size-10 items-center justify-center rounded-full text-cocoa-900 hover:bg-cream-200 sm:size-11 xl:hidden";
const DROPDOWN_TRIGGER_CLASS =
  "flex min-h-11 items-center gap-1 rounded-full px-3.5 font-semibold text-cocoa-900 hover:bg-cream-200 aria-expanded:bg-cream-200";

/** What the header shows of the site's settings: its props travel with every page, so only these. */
export type HeaderSettings = Pick<SiteSettings, "brandName" | "tagline" | "whatsappNumber" | "orderUrl">;

export const headerSettings = ({ brandName, tagline, whatsappNumber, orderUrl }: SiteSettings): HeaderSettings => ({
  brandName,
  tagline,
  whatsappNumber,
  orderUrl,
});

export interface HeaderProps {
  settings: HeaderSettings;
  categories: MenuCategory[];
  /** The page's path: its link in the menus is marked as the current page. */
  pathname: string;
}

/** Whether a menu link leads to the page at `pathname` or to a page under it. */
function isCurrent(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The header is an island (app/islands/): rendered with the page, its menus and search come alive when the
 * visitor first points at it, touches it or tabs into it. Its links are plain links — every page is a page load.
 */
export function SiteHeader(props: HeaderProps) {
  return (
    <SearchBarProvider>
      <HeaderBar {...props} />
    </SearchBarProvider>
  );
}

function HeaderBar({ settings, categories, pathname }: HeaderProps) {
  const search = useSearchBar();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [openDropdown, setOpenDropdown] = useState<number | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();

  // The header's height, for scroll-padding-top (app.css): focus must never land under the sticky header.
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = headerRef.current;
    if (!header || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      document.documentElement.style.setProperty("--site-header-height", `${header.offsetHeight}px`);
    });
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  const closeAll = () => {
    setOpenDropdown(null);
    setMobileOpen(false);
  };

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-30 border-b border-cream-300 bg-cream-50/95 backdrop-blur supports-[backdrop-filter]:bg-cream-50/90"
    >
      {/* Below 380 px the row is 8 px narrower at its edges: the brand name then fits in the fallback font too
          (the web font is `font-display: optional`, so a slow first view keeps the fallback). */}
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2.5 max-[379px]:px-2 sm:px-4 lg:px-6">
        {/* The link's name is its visible text (brand and tagline) plus "to the home page" for screen readers,
            so speech users can say what they see (WCAG 2.5.3). Below 380 px the mark gives way to the name. */}
        <a href="/" className="flex min-w-0 items-center gap-2 rounded-md">
          <LogoMark className="size-10 shrink-0 max-[379px]:hidden sm:size-11" />
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="truncate text-base font-extrabold text-cocoa-900 min-[380px]:text-lg">
              {settings.brandName}
            </span>
            <span className="hidden text-xs text-crust-700 sm:block">{settings.tagline}</span>
            <span className="sr-only"> – {he.site.homeLinkLabel}</span>
          </span>
        </a>

        <nav aria-label={he.site.quickLinks} className="ms-6 hidden xl:block">
          <ul className="flex items-center gap-0.5">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <a
                  href={link.to}
                  aria-current={isCurrent(pathname, link.to) ? "page" : undefined}
                  className="block rounded-full px-3 py-2 font-medium text-cocoa-900 hover:bg-cream-200 aria-[current=page]:text-berry-700 aria-[current=page]:underline aria-[current=page]:underline-offset-8"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ms-auto flex shrink-0 items-center gap-0.5 sm:gap-1.5">
          {/* Before JavaScript runs, a link to the bar, which shows itself while it is the page's target. */}
          {hydrated ? (
            <button
              id={SEARCH_TOGGLE_ID}
              type="button"
              className={SEARCH_TOGGLE_CLASS}
              aria-expanded={search.open}
              aria-controls={SEARCH_BAR_ID}
              onClick={search.toggle}
            >
              <SearchIcon className="size-6" />
              <span className="sr-only">{he.site.searchToggle}</span>
            </button>
          ) : (
            <a id={SEARCH_TOGGLE_ID} href={`#${SEARCH_BAR_ID}`} className={SEARCH_TOGGLE_CLASS}>
              <SearchIcon className="size-6" />
              <span className="sr-only">{he.site.searchToggle}</span>
            </a>
          )}
          {settings.whatsappNumber ? (
            <ExternalLink
              href={whatsappLink(settings.whatsappNumber)}
              className="inline-flex size-10 items-center justify-center rounded-full text-[#0b6e38] hover:bg-cream-200 sm:size-11"
            >
              <WhatsappIcon className="size-6" />
              <span className="sr-only">{he.site.chatLabel}</span>
            </ExternalLink>
          ) : null}
          <OrderLink
            href={settings.orderUrl}
            className="min-h-10 px-2.5 text-sm font-semibold whitespace-nowrap shadow-sm sm:min-h-11 sm:px-5 sm:text-base"
          >
            {/* A phone's header also holds the chat link: the short label leaves the brand its room. */}
            <span className="min-[440px]:hidden">{he.site.orderShort}</span>
            <span className="hidden min-[440px]:inline">{he.site.orderNow}</span>
          </OrderLink>
          {hydrated ? (
            <button
              ref={menuButton}
              type="button"
              data-focus-key="site-menu"
              className={MENU_BUTTON_CLASS}
              aria-expanded={mobileOpen}
              aria-controls="mobile-menu"
              onClick={() => setMobileOpen((v) => !v)}
            >
              {mobileOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
              <span className="sr-only">{mobileOpen ? he.site.closeMenu : he.site.openMenu}</span>
            </button>
          ) : (
            // Without JavaScript the menu button leads to the footer's navigation, which lists the same pages.
            <a href={`#${FOOTER_NAV_ID}`} data-focus-key="site-menu" className={MENU_BUTTON_CLASS}>
              <MenuIcon className="size-6" />
              <span className="sr-only">{he.site.openMenu}</span>
            </a>
          )}
        </div>
      </div>

      <nav id="main-menu" aria-label={he.site.mainMenu} className="hidden border-t border-cream-200 xl:block">
        <ul className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-1 px-6 py-1">
          {categories.map((category) => (
            <CategoryDropdown
              key={category.id}
              category={category}
              open={openDropdown === category.id}
              onOpenChange={(open) => setOpenDropdown(open ? category.id : null)}
              onNavigate={closeAll}
            />
          ))}
        </ul>
      </nav>

      <SearchBar />
      <MobileMenu
        open={mobileOpen}
        categories={categories}
        settings={settings}
        pathname={pathname}
        onClose={(returnFocus) => {
          setMobileOpen(false);
          if (returnFocus) menuButton.current?.focus();
        }}
      />
    </header>
  );
}

/** Moves focus among the links of a list with ↑/↓/Home/End; returns true when it handled the key. */
function moveFocus(event: KeyboardEvent, list: HTMLElement | null): boolean {
  const links = [...(list?.querySelectorAll<HTMLAnchorElement>("a[href]") ?? [])];
  if (!links.length) return false;
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  let next: number;
  if (event.key === "ArrowDown") next = index < 0 ? 0 : (index + 1) % links.length;
  else if (event.key === "ArrowUp") next = index <= 0 ? links.length - 1 : index - 1;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = links.length - 1;
  else return false;
  event.preventDefault();
  links[next]?.focus();
  return true;
}

function CategoryDropdown({
  category,
  open,
  onOpenChange,
  onNavigate,
}: {
  category: MenuCategory;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNavigate: () => void;
}) {
  // Not useId: in the browser an island is a root of its own, so its ids would differ from the server's (island.tsx).
  const id = `main-menu-${category.id}`;
  const ref = useRef<HTMLLIElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [focusOnOpen, setFocusOnOpen] = useState<"first" | "last" | null>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, onOpenChange]);

  useEffect(() => {
    if (!open || !focusOnOpen) return;
    const links = listRef.current?.querySelectorAll<HTMLAnchorElement>("a[href]");
    (focusOnOpen === "first" ? links?.[0] : links?.[links.length - 1])?.focus();
    setFocusOnOpen(null);
  }, [open, focusOnOpen]);

  return (
    <li
      ref={ref}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.preventDefault();
          onOpenChange(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && !ref.current?.contains(event.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      {hydrated ? null : (
        // Without JavaScript the category is a link to its page, which lists its subcategories.
        <a href={`/categories/${category.id}`} data-focus-key={`${id}-trigger`} className={DROPDOWN_TRIGGER_CLASS}>
          {category.name}
        </a>
      )}
      <button
        ref={buttonRef}
        type="button"
        hidden={!hydrated}
        data-focus-key={`${id}-trigger`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onOpenChange(!open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            onOpenChange(true);
            setFocusOnOpen(event.key === "ArrowDown" ? "first" : "last");
          }
        }}
        className={DROPDOWN_TRIGGER_CLASS}
      >
        {category.name}
        <ChevronIcon className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <ul
        ref={listRef}
        id={id}
        hidden={!open}
        onKeyDown={(event) => moveFocus(event, listRef.current)}
        className="absolute start-0 top-full z-40 mt-1 min-w-60 rounded-2xl border border-cream-300 bg-cream-50 p-2 shadow-xl"
      >
        {/* Rendered only while open: a closed menu costs no markup, and it cannot open without JavaScript anyway. */}
        {open ? (
          <CategoryMenuItems
            category={category}
            onNavigate={onNavigate}
            linkClass="rounded-xl px-3 hover:bg-cream-200"
          />
        ) : null}
      </ul>
    </li>
  );
}

function MobileMenu({
  open,
  categories,
  settings,
  pathname,
  onClose,
}: {
  open: boolean;
  categories: MenuCategory[];
  settings: HeaderSettings;
  pathname: string;
  onClose: (returnFocus: boolean) => void;
}) {
  const [expanded, setExpanded] = useState<number | null>(null);
  const search = useSearchBar();
  return (
    <nav
      id="mobile-menu"
      aria-label={he.site.mainMenu}
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose(true);
      }}
      className="max-h-[calc(100dvh-4.5rem)] overflow-y-auto overscroll-contain border-t border-cream-300 bg-cream-50 xl:hidden"
    >
      {/* Rendered only while open (see CategoryDropdown). */}
      {open ? (
        <ul className="mx-auto max-w-7xl px-4 py-2">
          {categories.map((category) => {
            const isOpen = expanded === category.id;
            const listId = `mobile-sub-${category.id}`;
            return (
              <li key={category.id} className="border-b border-cream-200">
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={listId}
                  onClick={() => setExpanded(isOpen ? null : category.id)}
                  className="flex min-h-12 w-full items-center justify-between text-start text-lg font-semibold text-cocoa-900"
                >
                  {category.name}
                  <ChevronIcon className={`size-5 transition-transform ${isOpen ? "rotate-180" : ""}`} />
                </button>
                <ul id={listId} hidden={!isOpen} className="pb-2 ps-4">
                  <CategoryMenuItems category={category} onNavigate={() => onClose(false)} />
                </ul>
              </li>
            );
          })}
          {SECONDARY_LINKS.map((link) => (
            <li key={link.to} className="border-b border-cream-200">
              <a
                href={link.to}
                aria-current={isCurrent(pathname, link.to) ? "page" : undefined}
                onClick={() => onClose(false)}
                className="flex min-h-12 items-center text-lg text-cocoa-900 aria-[current=page]:font-bold aria-[current=page]:text-berry-700"
              >
                {link.label}
              </a>
            </li>
          ))}
          <li className="border-b border-cream-200">
            <button
              type="button"
              onClick={() => {
                onClose(false);
                search.setOpen(true);
              }}
              className="flex min-h-12 w-full items-center gap-2 text-start text-lg text-cocoa-900"
            >
              <SearchIcon className="size-5" />
              {he.site.searchLabel}
            </button>
          </li>
          {settings.whatsappNumber ? (
            <li>
              <ExternalLink
                href={whatsappLink(settings.whatsappNumber)}
                className="flex min-h-12 items-center gap-2 text-lg text-cocoa-900"
              >
                <WhatsappIcon className="size-5 text-[#0b6e38]" />
                {he.site.chatLabel}
              </ExternalLink>
            </li>
          ) : null}
        </ul>
      ) : null}
    </nav>
  );
}

/** A category's items in the header's menus (desktop and phone): the whole category, then each subcategory. */
function CategoryMenuItems({
  category,
  onNavigate,
  linkClass = "",
}: {
  category: MenuCategory;
  onNavigate: () => void;
  /** What the menu adds to each link's look. */
  linkClass?: string;
}) {
  return (
    <>
      <li>
        <a
          href={`/categories/${category.id}`}
          onClick={onNavigate}
          className={`block py-2.5 font-bold text-crust-700 ${linkClass}`}
        >
          {he.site.wholeCategory}
          <span className="sr-only"> {category.name}</span>
        </a>
      </li>
      {category.subCategories.map((sub) => (
        <li key={sub.id}>
          <a href={subcategoryHref(sub.id)} onClick={onNavigate} className={`block py-2.5 text-cocoa-900 ${linkClass}`}>
            {sub.name}
          </a>
        </li>
      ))}
    </>
  );
}
