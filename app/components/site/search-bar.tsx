/**
 * The site search bar (spec §2): shown and hidden through ONE shared flag, so the header's toggle,
 * the mobile menu and the products page all open the same bar. A required input that suggests
 * products as the visitor types (search-combobox.tsx) and a submit button; submitting goes to the
 * products grid with `search` in the query — a plain GET form.
 *
 * Before JavaScript runs (or without it) the header's toggle is a link to `#site-search`, and the bar
 * shows itself while it is the page's target (`target:block`), so the search works without the scripts.
 */
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from "react";
import { he } from "../../../domain/i18n/site.ts";
import { SearchIcon } from "../ui/icon.tsx";
import { SearchCombobox } from "./search-combobox.tsx";

interface SearchBarState {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
}

const SearchBarContext = createContext<SearchBarState | null>(null);

export function SearchBarProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open, setOpen, toggle: () => setOpen((v) => !v) }), [open]);
  return <SearchBarContext.Provider value={value}>{children}</SearchBarContext.Provider>;
}

export function useSearchBar(): SearchBarState {
  const state = useContext(SearchBarContext);
  if (!state) throw new Error("useSearchBar outside <SearchBarProvider>");
  return state;
}

export const SEARCH_BAR_ID = "site-search";
export const SEARCH_TOGGLE_ID = "site-search-toggle";

export function SearchBar() {
  const { open, setOpen } = useSearchBar();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) document.getElementById(SEARCH_TOGGLE_ID)?.focus();
  };

  return (
    <div id={SEARCH_BAR_ID} className={`border-t border-cream-300 bg-cream-50 ${open ? "" : "hidden target:block"}`}>
      {/* biome-ignore lint/a11y/useSemanticElements: a search landmark every browser we serve knows (<search> is new) */}
      <form
        method="get"
        action="/products"
        role="search"
        aria-label={he.site.searchLabel}
        className="mx-auto flex max-w-3xl gap-2 px-4 py-3"
        onSubmit={() => close(false)}
        onKeyDown={(event) => {
          if (event.key === "Escape") close(true);
        }}
      >
        <label htmlFor="site-search-input" className="sr-only">
          {he.site.searchLabel}
        </label>
        <SearchCombobox id="site-search-input" inputRef={inputRef} onChosen={() => close(false)} />
        <SearchSubmit />
      </form>
    </div>
  );
}

/** The search forms' submit button (this bar, the products page's own search). */
export function SearchSubmit() {
  return (
    <button
      type="submit"
      className="inline-flex items-center gap-2 rounded-full bg-crust-700 px-5 py-2.5 font-semibold text-white hover:bg-crust-600"
    >
      <SearchIcon className="size-5" />
      {he.site.searchSubmit}
    </button>
  );
}
