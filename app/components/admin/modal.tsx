/**
 * The back office's create / edit / view / images modals: a titled dialog with a close button. Escape, a
 * click on the backdrop and the close button all ask first when a form inside has unsaved changes
 * (unsaved-changes.tsx). On a phone (below `sm`) it fills the screen — the whole width for the form, no
 * clipped sides — and its title bar stays at the top while the form scrolls, so the close button is always at
 * hand (a scroll padding keeps the focused field from hiding under it, WCAG 2.4.11).
 */
import type { ReactNode } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { CloseIcon } from "../ui/icon.tsx";
import { CloseGuardContext, useCloseGuard } from "./unsaved-changes.tsx";

export function AdminModal({
  isOpen,
  onClose,
  title,
  size = "md",
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  size?: "md" | "lg";
  children: ReactNode;
}) {
  const { guard, requestClose, dialog } = useCloseGuard(onClose);
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) requestClose();
      }}
      isDismissable
      className="fixed inset-0 z-40 flex items-start justify-center scroll-pt-20 overflow-y-auto overscroll-contain bg-cocoa-900/50 sm:scroll-pt-0 sm:p-6"
    >
      <Modal
        className={`min-h-full w-full min-w-0 bg-white shadow-xl outline-none sm:my-auto sm:min-h-0 sm:rounded-2xl ${size === "lg" ? "max-w-4xl" : "max-w-2xl"}`}
      >
        <Dialog className="min-w-0 outline-none">
          <div className="sticky top-0 z-10 flex items-center justify-between gap-4 border-b border-cream-300 bg-white px-4 py-3 sm:static sm:rounded-t-2xl sm:px-5 sm:py-4">
            <Heading slot="title" className="min-w-0 text-xl font-bold break-words text-cocoa-900">
              {title}
            </Heading>
            <Button
              onPress={requestClose}
              aria-label={heAdmin.close}
              className="shrink-0 rounded-full p-2 text-cocoa-800 outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-crust-600/50 data-[hovered]:bg-cream-100"
            >
              <CloseIcon className="size-5" />
            </Button>
          </div>
          <CloseGuardContext.Provider value={guard}>
            <div className="min-w-0 px-4 py-4 sm:px-5 sm:py-5">{children}</div>
          </CloseGuardContext.Provider>
          {dialog}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
