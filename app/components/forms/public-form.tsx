/**
 * The frame of every public form: <Form method="post"> that also works without JavaScript,
 * the XSRF field, the honeypot, the submit button ('בתהליך...' and disabled while busy, so a
 * second submit cannot happen), focus on the first field in error, and the failure dialog.
 */
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Form, useLocation, useNavigation } from "react-router";
import type { FormResult } from "../../lib/forms.ts";
import { he } from "../../lib/i18n/he.ts";
import { telHref } from "../../lib/phone.ts";
import { HONEYPOT_FIELD } from "../../lib/schemas/common.ts";
import { AlertIcon } from "../content/icons.tsx";
import { CsrfField } from "../ui/csrf-field.tsx";

const noSubscribe = () => () => {};
/** False while rendering on the server and before hydration: the page then behaves as plain HTML. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/** Invisible to people (visually and to screen readers) and out of the tab order; bots fill it. */
function Honeypot({ formId }: { formId: string }) {
  const id = `${formId}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={id}>{he.forms.honeypotLabel}</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

function failureText(failure: FormResult["failure"]): string {
  return failure === "rateLimited" ? he.forms.rateLimitedText : he.forms.serverErrorText;
}

function CallUs({ phone }: { phone?: string }) {
  if (!phone) return null;
  return (
    <p className="mt-2 text-cocoa-800">
      {he.forms.callUsInstead}{" "}
      <a href={telHref(phone)} className="font-semibold text-crust-700 underline underline-offset-4">
        <bdi>{phone}</bdi>
      </a>
    </p>
  );
}

export function ErrorDialog({
  title,
  failure,
  isOpen,
  onClose,
  phone,
}: {
  title: string;
  failure: FormResult["failure"];
  isOpen: boolean;
  onClose: () => void;
  phone?: string;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
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
                {he.forms.close}
              </Button>
            </div>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

export function PublicForm({
  id,
  result,
  errorTitle,
  submitLabel,
  phone,
  children,
}: {
  id: string;
  result: FormResult | undefined;
  /** Title of the failure dialog (spec §8). */
  errorTitle: string;
  /** The form's own verb; 'שמור' when it has none. */
  submitLabel?: string;
  /** Offered in the failure message as another way to reach the bakery. */
  phone?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const busy =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    (navigation.formAction ?? "").split("?")[0] === location.pathname;

  // A second submit before the button re-renders as disabled is stopped here.
  const submitting = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result also ends a submit, even if "submitting" was never rendered
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state, result]);

  // After a failed check, focus goes to the first field in error (its message is read with it).
  useEffect(() => {
    if (result?.errors) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [result]);

  const [dismissed, setDismissed] = useState<FormResult | undefined>(undefined);
  const failure = result?.failure;

  return (
    <Form
      ref={formRef}
      id={id}
      method="post"
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        if (submitting.current) {
          event.preventDefault();
          return;
        }
        submitting.current = true;
      }}
    >
      <CsrfField />
      <Honeypot formId={id} />
      {failure && !hydrated ? (
        // Without JavaScript there is no dialog: the same message is part of the page.
        <div role="alert" className="rounded-xl border-2 border-berry-700 bg-cream-50 p-4">
          <p className="flex items-center gap-2 text-xl font-bold text-berry-700">
            <AlertIcon className="size-6" />
            {errorTitle}
          </p>
          <p className="mt-1 text-cocoa-800">{failureText(failure)}</p>
          <CallUs phone={phone} />
        </div>
      ) : null}
      {children}
      <button
        type="submit"
        disabled={busy}
        className="inline-flex min-w-40 items-center justify-center rounded-full bg-berry-700 px-8 py-3 text-lg font-semibold text-white shadow hover:bg-berry-600 disabled:cursor-wait disabled:opacity-80"
      >
        {busy ? he.forms.submitting : (submitLabel ?? he.forms.save)}
      </button>
      <ErrorDialog
        title={errorTitle}
        failure={failure}
        isOpen={Boolean(failure) && hydrated && dismissed !== result}
        onClose={() => setDismissed(result)}
        phone={phone}
      />
    </Form>
  );
}
