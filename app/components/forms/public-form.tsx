/**
 * The frame of every public form: <Form method="post"> that also works without JavaScript,
 * the XSRF field, the honeypot, the submit button ('בתהליך...' and disabled while busy, so a
 * second submit cannot happen), focus on the first field in error, and the failure dialog.
 */
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { heForms } from "../../../domain/i18n/forms.ts";
import { HONEYPOT_FIELD } from "../../../domain/schemas/fields.ts";
import type { FormResult } from "../../lib/forms.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { CsrfField } from "../ui/csrf-field.tsx";
import { AlertIcon } from "../ui/other-icons.tsx";
import { CallUs, failureText } from "./failure-message.tsx";

const loadDialog = () => import("./error-dialog.tsx");
const ErrorDialog = lazy(loadDialog);

/** Invisible to people (visually and to screen readers) and out of the tab order; bots fill it. */
function Honeypot({ formId }: { formId: string }) {
  const id = `${formId}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={id}>{heForms.common.honeypotLabel}</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function PublicForm({
  id,
  result,
  errorTitle,
  submitLabel,
  phone,
  warmUp,
  submitNote,
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
  /** Loads what the first submit needs (the schema); called when the visitor starts on the form. */
  warmUp?: () => Promise<unknown>;
  /** A sentence next to the button that says what submitting means (the club: it is the consent). */
  submitNote?: string;
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
  const submitButton = useRef<HTMLButtonElement>(null);

  // Validation and the failure dialog are fetched once the visitor starts on the form, so they
  // are ready before the first submit without weighing on the page load.
  const warmedUp = useRef(false);
  const warm = () => {
    if (warmedUp.current) return;
    warmedUp.current = true;
    void warmUp?.().catch(() => {});
    void loadDialog().catch(() => {});
  };

  return (
    <Form
      ref={formRef}
      id={id}
      method="post"
      noValidate
      className="space-y-5"
      onFocus={warm}
      onPointerDown={warm}
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
      {submitNote ? (
        <p id={`${id}-submit-note`} className="max-w-prose text-cocoa-800">
          {submitNote}
        </p>
      ) : null}
      <button
        ref={submitButton}
        type="submit"
        disabled={busy}
        aria-describedby={submitNote ? `${id}-submit-note` : undefined}
        className="inline-flex min-w-40 items-center justify-center rounded-full bg-berry-700 px-8 py-3 text-lg font-semibold text-white shadow hover:bg-berry-600 disabled:cursor-wait disabled:opacity-80"
      >
        {busy ? heForms.common.submitting : (submitLabel ?? heForms.common.save)}
      </button>
      {failure && hydrated && dismissed !== result ? (
        <Suspense fallback={null}>
          <ErrorDialog
            title={errorTitle}
            failure={failure}
            phone={phone}
            onClose={() => {
              setDismissed(result);
              // Back to where the visitor was: the button that sends the form again.
              requestAnimationFrame(() => submitButton.current?.focus());
            }}
          />
        </Suspense>
      ) : null}
    </Form>
  );
}
