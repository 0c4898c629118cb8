/**
 * Unsaved changes are never dropped without a word (issue 12): an admin form with changes asks before it
 * closes — Escape, a click on the backdrop, the close button, the cancel button (`AdminModal` and
 * `FormActions` go through the modal's `CloseGuard`), a navigation inside the app (React Router's
 * `useBlocker`) and leaving the site (`beforeunload`, the browser's own question). `<AdminForm>` registers
 * its form here, so every admin form gets it; a form tells what counts as a change through `useAdminForm`
 * (its values against the last saved ones, plus `extraDirty` for what lives outside them).
 *
 * The question is an alert dialog: "יש שינויים שלא נשמרו", with "להמשיך לערוך" (focused first; Escape
 * chooses it too, so a second Escape never discards anything) and "לצאת בלי לשמור". Focus is trapped in
 * it and, on "continue editing", returns to where it was in the form.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "react-aria-components";
import { useBlocker } from "react-router";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { buttonClass } from "./fields.tsx";
import { WarningDialog } from "./warning-dialog.tsx";

const u = heAdmin.unsaved;

/** What a modal offers the forms inside it: register a "has changes?" check, and ask to close. */
export interface CloseGuard {
  register: (isDirty: () => boolean) => () => void;
  /** Closes the modal, after asking when a registered form has changes. */
  requestClose: () => void;
}

export const CloseGuardContext = createContext<CloseGuard | null>(null);

/** The close guard of the modal a component is in, if any. */
export function useCloseGuardContext(): CloseGuard | null {
  return useContext(CloseGuardContext);
}

/**
 * A modal's guard: `requestClose` runs `onClose` at once when no registered form has changes, otherwise
 * opens the question (render `dialog` inside the modal).
 */
export function useCloseGuard(onClose: () => void) {
  const checks = useRef(new Set<() => boolean>());
  const [asking, setAsking] = useState(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  const requestClose = useCallback(() => {
    for (const isDirty of checks.current) {
      if (isDirty()) {
        setAsking(true);
        return;
      }
    }
    closeRef.current();
  }, []);

  const guard = useMemo<CloseGuard>(
    () => ({
      register(isDirty) {
        checks.current.add(isDirty);
        return () => {
          checks.current.delete(isDirty);
        };
      },
      requestClose,
    }),
    [requestClose],
  );

  const dialog = (
    <UnsavedChangesDialog
      isOpen={asking}
      onStay={() => setAsking(false)}
      onLeave={() => {
        setAsking(false);
        closeRef.current();
      }}
    />
  );
  return { guard, requestClose, dialog };
}

/**
 * For a form: registers `isDirty` with the modal it is in, asks before a navigation inside the app while it
 * has changes, and lets the browser ask before the page is left. Returns the dialog to render.
 */
export function useUnsavedChangesGuard(isDirty: () => boolean) {
  const check = useRef(isDirty);
  check.current = isDirty;
  const guard = useCloseGuardContext();

  useEffect(() => guard?.register(() => check.current()), [guard]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      check.current() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!check.current()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);

  return (
    <UnsavedChangesDialog
      isOpen={blocker.state === "blocked"}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
}

export function UnsavedChangesDialog({
  isOpen,
  onStay,
  onLeave,
}: {
  isOpen: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <WarningDialog isOpen={isOpen} onDismiss={onStay} title={u.title} text={u.text} testId="unsaved-changes">
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button autoFocus onPress={onStay} className={`${buttonClass.primary} w-full sm:w-auto`}>
          {u.stay}
        </Button>
        <Button
          onPress={onLeave}
          className="inline-flex w-full items-center justify-center rounded-full border-2 border-berry-700 bg-white px-5 py-2.5 font-semibold text-berry-700 outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-berry-700/30 data-[hovered]:bg-berry-700/10 sm:w-auto"
        >
          {u.leave}
        </Button>
      </div>
    </WarningDialog>
  );
}
