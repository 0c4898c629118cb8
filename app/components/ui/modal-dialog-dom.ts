/**
 * What a modal <dialog> does beyond the browser's own, without React: for the React dialog (modal-dialog.tsx) and
 * the welcome dialog's script island alike.
 */
/** What can take focus inside a dialog. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab cycle inside a modal dialog instead of leaving it for the browser's own controls: from its
 * last visible control to its first and back.
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

/** Whether a click on the dialog was on its ::backdrop: that click reaches the <dialog> itself, outside its box. */
export function isBackdropClick(dialog: HTMLElement, event: Pick<MouseEvent, "target" | "clientX" | "clientY">) {
  if (event.target !== dialog) return false;
  const box = dialog.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}
