import { WELCOME_CLOSES, WELCOME_DISMISSED_KEY } from "../components/site/welcome-dialog-keys.ts";
import { cycleFocus, isBackdropClick } from "../components/ui/modal-dialog-dom.ts";
import type { IslandMount } from "./modules.ts";

function dismissedThisVisit(): boolean {
  try {
    return sessionStorage.getItem(WELCOME_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    sessionStorage.setItem(WELCOME_DISMISSED_KEY, "1");
  } catch {
    // Storage refused (private mode): the dialog may show again on the next page.
  }
}

/**
 * Opens the welcome dialog once per visit, once the page has loaded. `showModal()` makes the page behind it inert;
 * Escape, the close button, 'take me there' and a click on the backdrop close it; Tab and Shift+Tab cycle inside it.
 * It opened by itself, so nothing had focus before: on closing, focus goes to the page's content rather than to
 * <body>.
 */
const mount: IslandMount = (element) => {
  const dialog = element.querySelector("dialog");
  if (!dialog || dismissedThisVisit()) return;
  const close = () => {
    rememberDismissed();
    if (!dialog.open) return;
    dialog.close();
    const focused = document.activeElement;
    if (!focused || focused === document.body || dialog.contains(focused)) {
      document.getElementById("main")?.focus({ preventScroll: true });
    }
  };
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    close();
  });
  dialog.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target.closest(`[${WELCOME_CLOSES}]`)) {
      close();
      return;
    }
    if (isBackdropClick(dialog, event)) close();
  });
  dialog.addEventListener("keydown", (event) => cycleFocus(dialog, event));
  // Opened once the browser is idle after the page's first layout, not in the middle of it: showModal() makes the
  // whole page inert, a style and layout pass over the document that, run as the page loaded, was the home page's
  // longest task (150–210 ms on Lighthouse's simulated phone CPU). A visitor who has already put focus somewhere
  // in the page by then is not interrupted: the dialog shows on their next visit of the home page instead.
  const open = () => {
    const focused = document.activeElement;
    if (dialog.open || dismissedThisVisit() || (focused && focused !== document.body)) return;
    dialog.showModal();
  };
  if ("requestIdleCallback" in window) requestIdleCallback(open, { timeout: 1000 });
  else setTimeout(open, 0);
};
export default mount;
