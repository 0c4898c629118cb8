/**
 * The home page's welcome dialog (spec §2): info icon, an invitation to join the customer club,
 * 'take me there' (follows the club link) and a close button. It opens after hydration, so the
 * server-rendered page and visitors without JavaScript never see it — its <dialog> is not even in the
 * server's HTML; once dismissed it stays away for the rest of the visit (sessionStorage).
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { he } from "../../../domain/i18n/site.ts";
import { clubLink } from "../../lib/links.ts";
import { ExternalLink } from "../ui/external-link.tsx";
import { InfoIcon } from "../ui/icon.tsx";
import { ModalDialog } from "../ui/modal-dialog.tsx";

export const WELCOME_DISMISSED_KEY = "bakery.welcomeDismissed";

function dismissedThisVisit(): boolean {
  try {
    return sessionStorage.getItem(WELCOME_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

function rememberDismissed() {
  try {
    sessionStorage.setItem(WELCOME_DISMISSED_KEY, "1");
  } catch {
    // Storage may be unavailable (private mode): the dialog simply shows again next time.
  }
}

export function WelcomeDialog({ clubUrl }: { clubUrl: string }) {
  // null until hydrated: nothing to render on the server, nor for a visit that dismissed it already.
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    if (!dismissedThisVisit()) setOpen(true);
  }, []);
  const close = () => {
    rememberDismissed();
    setOpen(false);
  };
  const club = clubLink(clubUrl);
  const confirmClass =
    "inline-flex min-h-12 items-center justify-center rounded-full bg-berry-700 px-6 font-bold text-white shadow hover:bg-berry-600";

  if (open === null) return null;
  return (
    <ModalDialog
      open={open}
      onClose={close}
      labelledBy="welcome-title"
      describedBy="welcome-text"
      // It opened by itself on load: closing it puts keyboard users at the start of the page's content.
      returnFocusTo={() => document.getElementById("main")}
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
            onClick={close}
            className="inline-flex min-h-12 items-center justify-center rounded-full px-6 font-semibold text-cocoa-900 ring-2 ring-cream-300 hover:bg-cream-200"
          >
            {he.welcome.close}
          </button>
          {club.external ? (
            <ExternalLink href={club.href} onClick={close} className={confirmClass}>
              {he.welcome.confirm}
            </ExternalLink>
          ) : (
            <Link to={club.href} onClick={close} className={confirmClass}>
              {he.welcome.confirm}
            </Link>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}
