/**
 * The delete confirmation of spec §4, used for products, categories, clients, tags, sizes, images and
 * the rest: an alert dialog titled "Are you sure?" in Hebrew, a text about the action, a red
 * 'כן המשך למחיקה!' button, buttons in reversed order (cancel first), initial focus on cancel, and a
 * 20-second timer with a visible progress bar after which the dialog closes without deleting.
 * The time can be extended (WCAG 2.2.1, issue 29): a 'הארכת הזמן' button gives the full 20 seconds again, as
 * often as wanted, and a polite live region warns screen-reader users when 10 and 5 seconds are left (not every
 * second) and confirms an extension.
 */
import { useEffect, useRef, useState } from "react";
import { Button, Dialog, Heading, Label, Modal, ModalOverlay, ProgressBar } from "react-aria-components";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { TRASH_DAYS } from "../../../domain/schemas/admin/trash.ts";
import { WarningIcon } from "../ui/other-icons.tsx";

/** Spec §9: the confirmation closes by itself after 20 000 ms. */
export const CONFIRM_TIMEOUT_MS = 20_000;
const TICK_MS = 250;
/** Seconds left at which the live region warns (WCAG 2.2.1: warned before the time runs out). */
const WARN_AT_SECONDS = [10, 5] as const;

/** What the live region says: a warning once 10, then 5 seconds are left; after an extension, the new time. */
export function timerAnnouncement(seconds: number, extended: boolean): string {
  const c = heAdmin.confirm;
  const warning = [...WARN_AT_SECONDS].reverse().find((at) => seconds <= at);
  if (warning !== undefined) return c.timeLeft(warning);
  return extended ? c.extended(CONFIRM_TIMEOUT_MS / 1000) : "";
}

export interface ConfirmDeleteProps {
  isOpen: boolean;
  /** What will be deleted, e.g. 'המוצר "חלה"' (goes into the dialog's text). */
  what: string;
  /** A further sentence, e.g. what happens to a category's products. */
  details?: string;
  /** When set, nothing may be deleted: the dialog explains why and offers only to close. */
  blockedReason?: string;
  /**
   * The record goes to the trash (issue 12): the sentence says it can be restored for 30 days instead of
   * "for good". Title, timer and buttons are the spec's either way.
   */
  recoverable?: boolean;
  /** Runs the delete; the dialog closes when it settles (the caller reports success or failure). */
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}

export function ConfirmDelete({
  isOpen,
  what,
  details,
  blockedReason,
  recoverable,
  onConfirm,
  onClose,
}: ConfirmDeleteProps) {
  const [elapsed, setElapsed] = useState(0);
  const [busy, setBusy] = useState(false);
  /** How many times the time was extended since the dialog opened (each restarts the countdown). */
  const [extensions, setExtensions] = useState(0);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each extension restarts the countdown
  useEffect(() => {
    if (!isOpen || busy) return;
    setElapsed(0);
    const started = Date.now();
    const tick = setInterval(() => setElapsed(Math.min(CONFIRM_TIMEOUT_MS, Date.now() - started)), TICK_MS);
    const expire = setTimeout(() => closeRef.current(), CONFIRM_TIMEOUT_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(expire);
    };
  }, [isOpen, busy, extensions]);

  useEffect(() => {
    if (!isOpen) {
      setBusy(false);
      setExtensions(0);
    }
  }, [isOpen]);

  const remaining = Math.max(0, CONFIRM_TIMEOUT_MS - elapsed);
  const seconds = Math.ceil(remaining / 1000);
  const c = heAdmin.confirm;

  async function confirm() {
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      closeRef.current();
    }
  }

  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      className="fixed inset-0 z-50 flex items-center justify-center bg-cocoa-900/50 p-4"
    >
      <Modal className="w-full max-w-md rounded-2xl bg-white shadow-xl outline-none">
        <Dialog role="alertdialog" className="p-6 outline-none">
          <div className="flex flex-col items-center text-center">
            <span className="mb-3 flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700">
              <WarningIcon className="size-8" />
            </span>
            <Heading slot="title" className="text-2xl font-bold text-cocoa-900">
              {blockedReason ? c.blocked : c.title}
            </Heading>
            <p className="mt-2 text-cocoa-800">
              {blockedReason ?? (recoverable ? c.textTrash(what, TRASH_DAYS) : c.text(what))}
            </p>
            {details && !blockedReason ? <p className="mt-2 text-cocoa-800">{details}</p> : null}
          </div>
          {blockedReason ? null : (
            <ProgressBar
              value={remaining}
              minValue={0}
              maxValue={CONFIRM_TIMEOUT_MS}
              valueLabel={c.closesIn(seconds)}
              className="mt-5"
            >
              {({ percentage }) => (
                <>
                  <div className="mb-1 flex justify-between text-sm text-cocoa-800">
                    <Label>{c.timerLabel}</Label>
                    <span aria-hidden="true">{c.closesIn(seconds)}</span>
                  </div>
                  <div className="h-2 overflow-hidden rounded-full bg-cream-200">
                    <div className="h-full rounded-full bg-berry-700" style={{ width: `${percentage ?? 0}%` }} />
                  </div>
                </>
              )}
            </ProgressBar>
          )}
          {blockedReason ? null : (
            <div className="mt-2 flex justify-end">
              <Button
                onPress={() => setExtensions((n) => n + 1)}
                isDisabled={busy}
                className="rounded-full px-3 py-1.5 text-sm font-semibold text-crust-700 underline underline-offset-4 outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-crust-600/50 data-[hovered]:bg-cream-100"
              >
                {c.extend}
              </Button>
            </div>
          )}
          {/* Polite, and only at 10 and 5 seconds left or after an extension: the progress bar's own value is not live. */}
          <p role="status" className="sr-only">
            {blockedReason ? "" : timerAnnouncement(seconds, extensions > 0)}
          </p>
          {/* Reversed order (spec §4): the safe choice comes first and has the focus. */}
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button
              autoFocus
              onPress={onClose}
              isDisabled={busy}
              className="min-w-28 rounded-full border-2 border-cocoa-800 bg-white px-5 py-2.5 font-semibold text-cocoa-900 outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-crust-600/50 data-[hovered]:bg-cream-100"
            >
              {blockedReason ? heAdmin.close : c.cancel}
            </Button>
            {blockedReason ? null : (
              <Button
                onPress={confirm}
                isDisabled={busy}
                className="min-w-28 rounded-full bg-berry-700 px-5 py-2.5 font-semibold text-white outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-berry-700/40 data-[hovered]:bg-berry-600 data-[disabled]:opacity-70"
              >
                {busy ? heAdmin.busy : c.confirm}
              </Button>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
