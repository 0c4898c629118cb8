/**
 * The back office's create / edit / view / images modals: a titled dialog with a close button. Escape, a
 * click on the backdrop and the close button all ask first when a form inside has unsaved changes
 * (unsaved-changes.tsx).
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
      className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-cocoa-900/50 p-3 sm:p-6"
    >
      <Modal
        className={`my-auto w-full rounded-2xl bg-white shadow-xl outline-none ${size === "lg" ? "max-w-4xl" : "max-w-2xl"}`}
      >
        <Dialog className="outline-none">
          <div className="flex items-center justify-between gap-4 border-b border-cream-300 px-5 py-4">
            <Heading slot="title" className="text-xl font-bold text-cocoa-900">
              {title}
            </Heading>
            <Button
              onPress={requestClose}
              aria-label={heAdmin.close}
              className="rounded-full p-2 text-cocoa-800 outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-crust-600/50 data-[hovered]:bg-cream-100"
            >
              <CloseIcon className="size-5" />
            </Button>
          </div>
          <CloseGuardContext.Provider value={guard}>
            <div className="px-5 py-5">{children}</div>
          </CloseGuardContext.Provider>
          {dialog}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
