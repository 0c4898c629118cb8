/**
 * The header's search input as an ARIA 1.2 combobox (list autocomplete, popup listbox) that suggests
 * products while the visitor types, from GET /api/products/suggest (≤ 8 names).
 *
 * - Typing: asks 150 ms after the last keystroke, from MIN_SUGGEST_LENGTH characters; a new keystroke
 *   aborts the request in flight, so an older answer never replaces a newer one.
 * - Keyboard: ↓/↑ open the list and move through it (focus stays in the input; the option is
 *   `aria-activedescendant`), Enter on an option opens that product, Enter without one submits the
 *   search, Escape closes the list (a second Escape is the search bar's: it closes the bar).
 * - The number of suggestions is announced in a polite status region.
 * - Without JavaScript it is a plain `search` input of the GET form around it; the combobox roles are
 *   added once React runs, so nothing announces a list that cannot open.
 * Hand-written rather than React Aria's ComboBox: this is on every public page, and React Aria's
 * combobox would add tens of KB to the initial JavaScript; this adds about 1.5 KB.
 */
import { type Ref, useEffect, useRef, useState } from "react";
import type { ProductSuggestion } from "../../../domain/contracts/catalogue.ts";
import { he } from "../../../domain/i18n/site.ts";
import { MAX_SEARCH_LENGTH, MIN_SUGGEST_LENGTH } from "../../../domain/search.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

const DEBOUNCE_MS = 150;

export function SearchCombobox({
  id,
  inputRef,
  onChosen,
}: {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  /** Called after a suggestion was opened (the bar closes). */
  onChosen: () => void;
}) {
  // From the input's id, not useId: the header is an island, whose useId differs between server and browser.
  const listId = `${id}-suggestions`;
  const enhanced = useHydrated();
  const [options, setOptions] = useState<ProductSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; request?: AbortController }>({});

  useEffect(() => {
    const current = pending.current;
    return () => {
      clearTimeout(current.timer);
      current.request?.abort();
    };
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  /** Closes the list and drops a pending request, whose answer would otherwise reopen it later. */
  const stop = () => {
    clearTimeout(pending.current.timer);
    pending.current.request?.abort();
    setOptions([]);
    close();
  };

  const ask = (text: string) => {
    const p = pending.current;
    clearTimeout(p.timer);
    p.request?.abort();
    if (text.trim().length < MIN_SUGGEST_LENGTH) {
      setOptions([]);
      setStatus("");
      close();
      return;
    }
    p.timer = setTimeout(async () => {
      const request = new AbortController();
      p.request = request;
      try {
        const res = await fetch(`/api/products/suggest?q=${encodeURIComponent(text)}`, { signal: request.signal });
        if (!res.ok) return;
        const { data } = (await res.json()) as { data: ProductSuggestion[] };
        setOptions(data);
        setActive(-1);
        setOpen(data.length > 0);
        setStatus(he.site.suggestions(data.length));
      } catch {
        // Aborted by a newer keystroke, or offline: the form still searches on Enter.
      }
    }, DEBOUNCE_MS);
  };

  const choose = (option: ProductSuggestion) => {
    stop();
    onChosen();
    // A page load, not a client-side navigation: public pages are HTML with islands (ADR 013).
    location.assign(option.url);
  };

  const optionId = (index: number) => `${listId}-${index}`;
  const expanded = open && options.length > 0;

  return (
    <div className="relative min-w-0 flex-1">
      <input
        ref={inputRef}
        id={id}
        name="search"
        type="search"
        required
        maxLength={MAX_SEARCH_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={he.site.searchPlaceholder}
        className="w-full rounded-full border border-crust-500 bg-white px-4 py-2.5 text-cocoa-900 placeholder:text-cocoa-800/70"
        {...(enhanced && {
          role: "combobox",
          "aria-autocomplete": "list",
          "aria-expanded": expanded,
          "aria-controls": listId,
          "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
        })}
        onChange={(event) => ask(event.currentTarget.value)}
        onBlur={stop}
        onKeyDown={(event) => {
          const count = options.length;
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            if (!count) return;
            event.preventDefault();
            const step = event.key === "ArrowDown" ? 1 : -1;
            setOpen(true);
            // Positions 0…count, where 0 is "no option" (the text itself); wraps around.
            setActive((index) =>
              !expanded ? (step > 0 ? 0 : count - 1) : ((index + 2 + step + count) % (count + 1)) - 1,
            );
          } else if (event.key === "Enter") {
            if (expanded && active >= 0) {
              event.preventDefault();
              choose(options[active]!);
            } else stop(); // the form submits: no list should open over the results
          } else if (event.key === "Escape" && expanded) {
            event.preventDefault();
            event.stopPropagation();
            close();
          }
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={he.site.suggestionsLabel}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-2xl bg-white py-1 shadow-lg ring-1 ring-cream-300"
      >
        {options.map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard reaches options through the input (aria-activedescendant)
          <div
            key={option.id}
            tabIndex={-1}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keep focus in the input: the click would otherwise blur it and close the list first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            className="cursor-pointer px-4 py-2.5 text-cocoa-900 hover:bg-cream-100 aria-selected:bg-cream-200 aria-selected:font-semibold"
          >
            {option.name}
          </div>
        ))}
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
