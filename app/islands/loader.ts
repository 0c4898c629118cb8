/**
 * The one script of a public page (ADR 013): finds the page's islands (island.tsx) and mounts each when it is
 * needed, loading its module then — React comes with the first React island that is needed, so a page nobody
 * touches loads only this file. An island whose module fails to load stays the working HTML it was.
 *
 * Marks `<html data-islands>` once it has run and each island `data-hydrated` once mounted; nothing styles
 * either, the end-to-end tests wait for them (tests/support/browser.ts).
 */
import { clearStaleFlag } from "../lib/session-flag.ts";
import { type IslandName, islandModules } from "./modules.ts";

/** The first signs that a visitor is about to use an island: moving the pointer over it, touching it, tabbing into it. */
const INTERACTIONS = ["pointermove", "pointerdown", "touchstart", "focusin"] as const;

/**
 * A pointer that moved. Browsers send a still pointer's events too when the page changes under it (Chromium at
 * load, with a cursor left at the window's corner — a headless browser's is always there): those are no visitor.
 */
const byVisitor = (event: Event) =>
  !(event instanceof PointerEvent && event.type === "pointermove") || event.movementX !== 0 || event.movementY !== 0;

function mount(element: HTMLElement): void {
  if (element.dataset.mounting !== undefined) return;
  element.dataset.mounting = "";
  const load = islandModules[element.dataset.island as IslandName];
  if (!load) return;
  const propsText = element.dataset.props ? document.getElementById(element.dataset.props)?.textContent : null;
  load()
    .then((module) => module.default(element, propsText ? JSON.parse(propsText) : {}))
    .then(
      () => {
        element.dataset.hydrated = "";
      },
      (error: unknown) => {
        // A new build replaced the module (the page came from an older one), or the network failed: the HTML
        // keeps working, and the visitor's next interaction with the island tries again.
        delete element.dataset.mounting;
        console.error(error);
        onInteraction(element);
      },
    );
}

/** Mounts the island on the visitor's first interaction with it from now on. */
function onInteraction(element: HTMLElement): void {
  const start = (event: Event) => {
    if (!byVisitor(event)) return;
    for (const type of INTERACTIONS) element.removeEventListener(type, start);
    mount(element);
  };
  for (const type of INTERACTIONS) element.addEventListener(type, start, { passive: true });
}

function schedule(element: HTMLElement): void {
  const when = element.dataset.load;
  if (when === "interaction") {
    onInteraction(element);
    // Focus that arrived before this script ran (a fast Tab) counts as interaction too.
    if (element.contains(document.activeElement)) mount(element);
  } else if (when === "visible" && "IntersectionObserver" in window) {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      mount(element);
    });
    // A display:contents wrapper has no box of its own: watch its first child's.
    observer.observe(element.firstElementChild ?? element);
  } else {
    mount(element);
  }
}

for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) schedule(element);
document.documentElement.dataset.islands = "";
// A session that ended (the admin pages sent this browser home) takes the browser's `loggedIn` flag with it.
void clearStaleFlag();
