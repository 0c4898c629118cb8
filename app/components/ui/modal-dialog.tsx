/**
 * A modal dialog on the native <dialog> element (no library: it costs no bundle weight):
 * `showModal()` makes the rest of the page inert, Escape closes it (the `cancel` event), Tab and
 * Shift+Tab cycle inside it, a click on the backdrop closes it, and the browser returns focus to the
 * element that opened it. Rendered closed on the server; opened after hydration.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";
import { cycleFocus, isBackdropClick } from "./modal-dialog-dom.ts";

interface Props {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  className?: string;
  /**
   * Where focus goes after closing, when the dialog opened by itself (nothing had focus, so the browser would
   * leave it on <body>). By default the browser returns it to the element that opened the dialog.
   */
  returnFocusTo?: () => HTMLElement | null;
  /** Extra keys (e.g. arrows in a gallery); Tab is handled here. */
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  children: ReactNode;
}

export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  className,
  returnFocusTo,
  onKeyDown,
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef(returnFocusTo);
  returnFocus.current = returnFocusTo;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      dialog.close();
      const target = returnFocus.current?.();
      if (target && document.activeElement === document.body) target.focus({ preventScroll: true });
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={className}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (isBackdropClick(event.currentTarget, event)) onClose();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        cycleFocus(event.currentTarget, event);
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
