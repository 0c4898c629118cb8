/** What can take focus inside a dialog. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab cycle inside a modal dialog instead of leaving it for the browser's own controls: from its
 * last visible control to its first and back. Without React, for the React dialog (modal-dialog.tsx) and the
 * welcome dialog's script island alike.
 */
export function cycleFocus(dialog: HTMLElement, event: Pick<KeyboardEvent, "key" | "shiftKey" | "preventDefault">) {
  if (event.key !== "Tab") return;
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.offsetParent !== null);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
