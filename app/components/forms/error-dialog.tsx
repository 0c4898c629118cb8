/**
 * The failure dialog of the public forms (spec §8: error icon and a Hebrew title). An alert
 * dialog: focus moves into it and stays there, Escape or the button closes it. Loaded on demand
 * (public-form.tsx), since most visitors never see it.
 */
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { heForms } from "../../../domain/i18n/forms.ts";
import type { FormResult } from "../../lib/forms.ts";
import { AlertIcon } from "../ui/other-icons.tsx";
import { CallUs, failureText } from "./failure-message.tsx";

export default function ErrorDialog({
  title,
  failure,
  onClose,
  phone,
}: {
  title: string;
  failure: FormResult["failure"];
  onClose: () => void;
  phone?: string;
}) {
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-cocoa-900/60 p-4"
    >
      <Modal className="w-full max-w-md rounded-2xl bg-cream-50 p-6 shadow-xl">
        <Dialog role="alertdialog" className="outline-none">
          {({ close }) => (
            <div className="text-center">
              <AlertIcon className="mx-auto size-14 text-berry-700" />
              <Heading slot="title" className="mt-3 text-2xl font-bold text-cocoa-900">
                {title}
              </Heading>
              <p className="mt-2 text-lg text-cocoa-800">{failureText(failure)}</p>
              <CallUs phone={phone} />
              <Button
                onPress={close}
                autoFocus
                className="mt-6 rounded-full bg-crust-700 px-8 py-3 font-semibold text-white outline-none hover:bg-crust-600 focus-visible:ring-4 focus-visible:ring-crust-500/60"
              >
                {heForms.common.close}
              </Button>
            </div>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
