/**
 * The home page's welcome dialog (spec §2): info icon, an invitation to join the customer club,
 * 'take me there' (follows the club link) and a close button. The server renders it closed, so visitors
 * without JavaScript never see it; its script island (app/islands/welcome-dialog.client.ts) opens it once the
 * page has loaded and the browser is idle, unless it was dismissed earlier in the visit (sessionStorage) — a few
 * lines of DOM code rather than a React island, so a first visit loads no React for it (ADR 013).
 */
import { he } from "../../../domain/i18n/site.ts";
import { clubLink } from "../../lib/links.ts";
import { ExternalLink } from "../ui/external-link.tsx";
import { InfoIcon } from "../ui/icon.tsx";

import { WELCOME_CLOSES } from "./welcome-dialog-keys.ts";

export function WelcomeDialog({ clubUrl }: { clubUrl: string }) {
  const club = clubLink(clubUrl);
  const confirmClass =
    "inline-flex min-h-12 items-center justify-center rounded-full bg-berry-700 px-6 font-bold text-white shadow hover:bg-berry-600";
  const closes = { [WELCOME_CLOSES]: "" };
  return (
    <dialog
      aria-labelledby="welcome-title"
      aria-describedby="welcome-text"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl bg-cream-50 p-0 text-cocoa-900 shadow-2xl backdrop:bg-cocoa-900/60"
    >
      <div className="flex flex-col items-center gap-4 px-6 pt-8 pb-6 text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-cream-200 text-crust-700">
          <InfoIcon className="size-9" />
        </span>
        <h2 id="welcome-title" className="text-2xl font-extrabold">
          {he.welcome.title}
        </h2>
        <p id="welcome-text" className="text-lg text-cocoa-800">
          {he.welcome.text}
        </p>
        <div className="mt-2 flex w-full flex-col-reverse gap-3 sm:flex-row sm:justify-center">
          <button
            type="button"
            {...closes}
            className="inline-flex min-h-12 items-center justify-center rounded-full px-6 font-semibold text-cocoa-900 ring-2 ring-cream-300 hover:bg-cream-200"
          >
            {he.welcome.close}
          </button>
          {club.external ? (
            <ExternalLink href={club.href} {...closes} className={confirmClass}>
              {he.welcome.confirm}
            </ExternalLink>
          ) : (
            <a href={club.href} {...closes} className={confirmClass}>
              {he.welcome.confirm}
            </a>
          )}
        </div>
      </div>
    </dialog>
  );
}
