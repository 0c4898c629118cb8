import { he } from "../../../domain/i18n/site.ts";
import { pageTitle } from "../../lib/meta.ts";

/** Full-page message for "not found" and unexpected errors, in Hebrew, with a way back home. */
export function ErrorPage({ title, text, brand }: { title: string; text: string; brand?: string }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-[60vh] outline-none max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center"
    >
      <title>{pageTitle(title, brand)}</title>
      <h1 className="text-3xl font-bold text-cocoa-900">{title}</h1>
      <p className="text-lg text-cocoa-800">{text}</p>
      <a href="/" className="rounded-full bg-berry-700 px-6 py-3 font-semibold text-white hover:bg-berry-600">
        {he.errors.backHome}
      </a>
    </main>
  );
}
