import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { he } from "../../lib/i18n/he.ts";
import type { MenuCategory, SiteSettings } from "../../lib/types.ts";
import { ChevronDownIcon, CloseIcon, MenuIcon, SearchIcon } from "./icons.tsx";
import { LogoMark } from "./logo.tsx";

export const SECONDARY_LINKS = [
  { to: "/about", label: he.nav.about },
  { to: "/products", label: he.nav.products },
  { to: "/branches", label: he.nav.branches },
  { to: "/news", label: he.nav.news },
  { to: "/sales", label: he.nav.sales },
  { to: "/accessibility", label: he.nav.accessibility },
  { to: "/contactUs", label: he.nav.contact },
] as const;

interface HeaderProps {
  settings: SiteSettings;
  categories: MenuCategory[];
}

export function SiteHeader({ settings, categories }: HeaderProps) {
  const [searchOpen, setSearchOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [openDropdown, setOpenDropdown] = useState<number | null>(null);
  const location = useLocation();

  // Any navigation closes every menu (spec §2: clicking a link closes all dropdowns).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change on purpose
  useEffect(() => {
    setOpenDropdown(null);
    setMobileOpen(false);
  }, [location.key]);

  return (
    <header className="sticky top-0 z-30 border-b border-cream-300 bg-cream-50/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 lg:px-6">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-md"
          aria-label={`${settings.brandName} – ${he.site.homeLinkLabel}`}
        >
          <LogoMark className="size-11" />
          <span className="flex flex-col leading-tight">
            <span className="text-lg font-extrabold text-cocoa-900">{settings.brandName}</span>
            <span className="hidden text-xs text-crust-700 sm:block">{settings.tagline}</span>
          </span>
        </Link>

        <nav aria-label={he.site.mainMenu} className="ms-6 hidden flex-1 lg:block">
          <ul className="flex items-center gap-1">
            {categories.map((category) => (
              <CategoryDropdown
                key={category.id}
                category={category}
                open={openDropdown === category.id}
                onOpenChange={(open) => setOpenDropdown(open ? category.id : null)}
              />
            ))}
            <li>
              <NavItem to="/branches">{he.nav.branches}</NavItem>
            </li>
            <li>
              <NavItem to="/contactUs">{he.nav.contact}</NavItem>
            </li>
          </ul>
        </nav>

        <div className="ms-auto flex items-center gap-2">
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-cocoa-900 hover:bg-cream-200"
            aria-expanded={searchOpen}
            aria-controls="site-search"
            onClick={() => setSearchOpen((v) => !v)}
          >
            <SearchIcon className="size-6" />
            <span className="sr-only">{he.site.searchToggle}</span>
          </button>
          {settings.orderUrl ? (
            <a
              href={settings.orderUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="hidden rounded-full bg-berry-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-berry-600 sm:inline-block"
            >
              {he.site.orderNow}
              <span className="sr-only"> {he.site.newTab}</span>
            </a>
          ) : null}
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-cocoa-900 hover:bg-cream-200 lg:hidden"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((v) => !v)}
          >
            {mobileOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
            <span className="sr-only">{mobileOpen ? he.site.closeMenu : he.site.openMenu}</span>
          </button>
        </div>
      </div>

      {searchOpen ? <SearchBar onDone={() => setSearchOpen(false)} /> : null}
      {mobileOpen ? <MobileMenu categories={categories} settings={settings} /> : null}
    </header>
  );
}

function NavItem({ to, children }: { to: string; children: string }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        `block rounded-full px-3 py-2 font-medium hover:bg-cream-200 ${isActive ? "text-berry-700" : "text-cocoa-900"}`
      }
    >
      {children}
    </NavLink>
  );
}

function CategoryDropdown({
  category,
  open,
  onOpenChange,
}: {
  category: MenuCategory;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const ref = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, onOpenChange]);

  return (
    <li
      ref={ref}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          onOpenChange(false);
          ref.current?.querySelector("button")?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && !ref.current?.contains(event.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onOpenChange(!open)}
        className="flex items-center gap-1 rounded-full px-3 py-2 font-medium text-cocoa-900 hover:bg-cream-200"
      >
        {category.name}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute start-0 top-full z-40 mt-1 min-w-56 rounded-xl border border-cream-300 bg-cream-50 p-2 shadow-lg"
      >
        <li>
          <Link
            to={`/categories/${category.id}`}
            onClick={() => onOpenChange(false)}
            className="block rounded-lg px-3 py-2 font-semibold text-crust-700 hover:bg-cream-200"
          >
            {`כל ה${category.name}`}
          </Link>
        </li>
        {category.subCategories.map((sub) => (
          <li key={sub.id}>
            <Link
              to={`/products?category=${sub.id}`}
              onClick={() => onOpenChange(false)}
              className="block rounded-lg px-3 py-2 text-cocoa-900 hover:bg-cream-200"
            >
              {sub.name}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

function SearchBar({ onDone }: { onDone: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  return (
    <div id="site-search" className="border-t border-cream-300 bg-cream-50">
      <Form
        method="get"
        action="/products"
        role="search"
        className="mx-auto flex max-w-3xl gap-2 px-4 py-3"
        onSubmit={onDone}
        onKeyDown={(event) => {
          if (event.key === "Escape") onDone();
        }}
      >
        <label htmlFor="site-search-input" className="sr-only">
          {he.site.searchLabel}
        </label>
        <input
          ref={inputRef}
          id="site-search-input"
          name="search"
          type="search"
          required
          placeholder={he.site.searchPlaceholder}
          className="min-w-0 flex-1 rounded-full border border-crust-500 bg-white px-4 py-2.5 text-cocoa-900 placeholder:text-cocoa-800/70"
        />
        <button
          type="submit"
          className="rounded-full bg-crust-700 px-5 py-2.5 font-semibold text-white hover:bg-crust-600"
        >
          {he.site.searchSubmit}
        </button>
      </Form>
    </div>
  );
}

function MobileMenu({ categories, settings }: { categories: MenuCategory[]; settings: SiteSettings }) {
  const [expanded, setExpanded] = useState<number | null>(null);
  return (
    <nav
      id="mobile-menu"
      aria-label={he.site.mainMenu}
      className="max-h-[75vh] overflow-y-auto border-t border-cream-300 bg-cream-50 lg:hidden"
    >
      <ul className="mx-auto max-w-7xl px-4 py-3">
        {categories.map((category) => {
          const open = expanded === category.id;
          const listId = `mobile-sub-${category.id}`;
          return (
            <li key={category.id} className="border-b border-cream-200">
              <button
                type="button"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => setExpanded(open ? null : category.id)}
                className="flex w-full items-center justify-between py-3 text-start text-lg font-semibold text-cocoa-900"
              >
                {category.name}
                <ChevronDownIcon className={`size-5 transition-transform ${open ? "rotate-180" : ""}`} />
              </button>
              <ul id={listId} hidden={!open} className="pb-2 ps-4">
                <li>
                  <Link to={`/categories/${category.id}`} className="block py-2 font-semibold text-crust-700">
                    {`כל ה${category.name}`}
                  </Link>
                </li>
                {category.subCategories.map((sub) => (
                  <li key={sub.id}>
                    <Link to={`/products?category=${sub.id}`} className="block py-2 text-cocoa-900">
                      {sub.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
        {SECONDARY_LINKS.map((link) => (
          <li key={link.to} className="border-b border-cream-200 last:border-0">
            <Link to={link.to} className="block py-3 text-lg text-cocoa-900">
              {link.label}
            </Link>
          </li>
        ))}
        {settings.orderUrl ? (
          <li className="pt-3">
            <a
              href={settings.orderUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="block rounded-full bg-berry-700 px-5 py-3 text-center font-semibold text-white"
            >
              {he.site.orderNow}
              <span className="sr-only"> {he.site.newTab}</span>
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
