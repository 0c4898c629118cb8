/**
 * The frame of the public form pages (contact, club): page header, the form card (heading, required
 * note, `PublicForm`) and a side card beside it.
 */
import type { ReactNode } from "react";
import type { FormResult } from "../../lib/forms.ts";
import { PageHeader } from "../content/page-header.tsx";
import { RequiredNote } from "./fields.tsx";
import { PublicForm } from "./public-form.tsx";

/** The page's texts (heForms.contact, heForms.club). */
interface FormPageTexts {
  /** The page header's title and lead. */
  heading: string;
  intro: string;
  /** The form card's heading. */
  formHeading: string;
  /** The failure dialog's title (spec §8). */
  errorTitle: string;
  submit: string;
}

export function FormPageCard({
  id,
  t,
  result,
  phone,
  warmUp,
  aside,
  submitNote,
  children,
}: {
  /** The form's id; the card's heading is `<id>-form-heading`. */
  id: string;
  t: FormPageTexts;
  result: FormResult | undefined;
  phone?: string;
  warmUp: () => Promise<unknown>;
  /** The card beside the form. */
  aside: ReactNode;
  /** A sentence next to the submit button (see PublicForm). */
  submitNote?: string;
  children: ReactNode;
}) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={t.heading} lead={t.intro} />
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-10 lg:grid-cols-[3fr_2fr] lg:items-start">
        <section
          aria-labelledby={`${id}-form-heading`}
          className="rounded-2xl bg-cream-50 p-6 shadow-sm ring-1 ring-cream-300 sm:p-8"
        >
          <h2 id={`${id}-form-heading`} className="mb-2 text-2xl font-bold text-cocoa-900">
            {t.formHeading}
          </h2>
          <div className="mb-5">
            <RequiredNote />
          </div>
          <PublicForm
            id={id}
            result={result}
            errorTitle={t.errorTitle}
            submitLabel={t.submit}
            phone={phone}
            warmUp={warmUp}
            submitNote={submitNote}
          >
            {children}
          </PublicForm>
        </section>
        {aside}
      </div>
    </main>
  );
}
