import { type ComponentType, createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandMount } from "./modules.ts";

/** A React island: hydrates the component on its element with the props it was rendered with. */
export function reactIsland<P extends object>(component: ComponentType<P>): IslandMount {
  return (element, props) => {
    keepFocusAcrossSwaps(element);
    hydrateRoot(element, createElement(component, props as P), {
      onRecoverableError: (error) => console.error(error),
    });
  };
}

/** How long after mounting a swap may still come (the render that follows hydration, on a slow phone). */
const SWAP_WINDOW_MS = 10_000;

/**
 * Keeps keyboard focus on a control that hydration swaps for another. A control that needs JavaScript is a link
 * until its island runs (`useHydrated`) and a button after: the visitor's Tab into the island is what mounts it,
 * so the link they are on is replaced under them, and focus would fall to <body>. Both forms carry the same `id`
 * or `data-focus-key`; when the focused one leaves the page, focus goes to its successor.
 */
function keepFocusAcrossSwaps(element: HTMLElement): void {
  let key: string | null = null;
  const remember = (target: EventTarget | null) => {
    const focused = target instanceof Element ? target : null;
    key = focused?.getAttribute("data-focus-key") ?? (focused?.id || null);
  };
  if (element.contains(document.activeElement)) remember(document.activeElement);
  element.addEventListener("focusin", (event) => remember(event.target));
  element.addEventListener("focusout", (event) => {
    // A control removed from the page (the swap) is no longer connected; one the visitor left is.
    const left = event.target as Element;
    queueMicrotask(() => {
      if (left.isConnected) key = null;
    });
  });
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (!key || (active && active !== document.body)) return;
    const successor = [
      ...element.querySelectorAll<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"], #${CSS.escape(key)}`),
    ].find((candidate) => !candidate.hidden);
    successor?.focus({ preventScroll: true });
  });
  observer.observe(element, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
  setTimeout(() => observer.disconnect(), SWAP_WINDOW_MS);
}
