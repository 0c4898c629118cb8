/**
 * Where the floating chat button stands (issue 29): it follows the page, rising above what it must not cover.
 * Without React, so the public pages run it as a script island (ADR 013) and a session page from its component.
 */
/**
 * What the floating button must never cover: form controls, links, prices (`data-price` on the price text
 * itself, so its box is the text, not a full-width row) and anything marked `data-chat-avoid` (a branch's hours, the order
 * button, the text under a tile's image). A tile is one link around an image and its text (`data-chat-tile`):
 * the button may pass over the image, never over the text (issue 29: at 390 px it sat on the names, short
 * titles and prices of the grid's end column).
 */
export const CHAT_AVOID =
  "input, select, textarea, button, summary, a:not([data-chat-tile]), [data-price], [data-chat-avoid]";
/** Space kept between the button and what it avoids, and from the bottom of the window (px). */
const GAP = 8;
/** The button rises at most this far up the window to clear something; past it, it steps aside (hidden). */
const MAX_RISE = 0.45;
/** How many things in a row it tries to rise above before stepping aside. */
const MAX_STEPS = 6;

/**
 * Keeps the button clear of what it avoids from now on: measured (the boxes of the things it avoids against its
 * own) on the animation frame after a scroll, a resize or a change of the page; it moves at once, without a
 * transition, so it never sweeps over what it avoids. Returns the function that stops it.
 */
export function followPage(button: HTMLElement): () => void {
  let frame = 0;
  const place = () => {
    frame = 0;
    const { lift, hidden } = clearance(button);
    button.style.translate = lift ? `0 ${-lift}px` : "";
    button.style.visibility = hidden ? "hidden" : "";
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(place);
  };
  const changes = new MutationObserver(schedule);
  changes.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  addEventListener("scroll", schedule, { passive: true });
  addEventListener("resize", schedule);
  schedule();
  return () => {
    cancelAnimationFrame(frame);
    changes.disconnect();
    removeEventListener("scroll", schedule);
    removeEventListener("resize", schedule);
  };
}

/** How far the button must rise from its corner to cover nothing it avoids, or that it should step aside. */
function clearance(button: HTMLElement): { lift: number; hidden: boolean } {
  const rect = button.getBoundingClientRect();
  const current = Number.parseFloat(button.style.translate.split(" ")[1] ?? "0") || 0;
  // Where the button sits in its corner (its rect minus the present lift).
  const corner = { left: rect.left, right: rect.right, top: rect.top - current, bottom: rect.bottom - current };
  let lift = 0;
  for (let step = 0; step < MAX_STEPS; step++) {
    const top = coveredTop(button, corner.left, corner.right, corner.top - lift, corner.bottom - lift);
    if (top === null) return { lift, hidden: false };
    lift = corner.bottom - top + GAP;
    if (lift > innerHeight * MAX_RISE) break;
  }
  return { lift: 0, hidden: true };
}

/** The top of the highest thing to avoid that overlaps the area (with GAP around it), or null when it is clear. */
function coveredTop(button: HTMLElement, left: number, right: number, top: number, bottom: number): number | null {
  let highest: number | null = null;
  for (const element of document.querySelectorAll(CHAT_AVOID)) {
    if (button.contains(element)) continue;
    const box = element.getBoundingClientRect();
    // Not shown (a closed menu, a hidden field) or only for screen readers (a 1 px clipped box).
    if (box.width < 2 || box.height < 2) continue;
    const overlaps =
      box.left < right + GAP && box.right > left - GAP && box.top < bottom + GAP && box.bottom > top - GAP;
    if (overlaps) highest = highest === null ? box.top : Math.min(highest, box.top);
  }
  return highest;
}
