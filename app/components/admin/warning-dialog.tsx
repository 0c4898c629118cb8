/**
 * The frame of the back office's warning questions (unsaved changes, a version conflict): an alert dialog
 * over a dimmed backdrop with the amber warning icon, a title and a line of text that describes it. What
 * the question offers (its buttons, and anything between) comes in as children. Dismissing it — Escape, a
 * press outside — calls `onDismiss`, which must be the choice that loses nothing.
 */
import { type ReactNode, useId } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { WarningIcon } from "../ui/other-icons.tsx";

export function WarningDialog({
  isOpen,
  onDismiss,
  title,
  text,
  testId,
  wide = false,
  children,
}: {
  isOpen: boolean;
  onDismiss: () => void;
  title: string;
  text: string;
  testId: string;
  /** Room for more than a question (the conflict's list of differences). */
  wide?: boolean;
  children: ReactNode;
}) {
  const textId = useId();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-cocoa-900/50 p-3 sm:items-center sm:p-6"
    >
      <Modal className={`my-auto w-full ${wide ? "max-w-xl" : "max-w-md"} rounded-2xl bg-white shadow-xl outline-none`}>
        <Dialog role="alertdialog" aria-describedby={textId} className="p-5 outline-none sm:p-6" data-testid={testId}>
          <div className="flex items-start gap-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
              <WarningIcon className="size-6" />
            </span>
            <div>
              <Heading slot="title" className="text-xl font-bold text-cocoa-900 sm:text-2xl">
                {title}
              </Heading>
              <p id={textId} className="mt-1 text-cocoa-800">
                {text}
              </p>
            </div>
          </div>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
