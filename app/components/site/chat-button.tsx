import { useEffect, useRef } from "react";
import { he } from "../../../domain/i18n/site.ts";
import { whatsappLink } from "../../lib/links.ts";
import { ExternalLink } from "../ui/external-link.tsx";
import { WhatsappIcon } from "../ui/icon.tsx";
import { followPage } from "./chat-button-placement.ts";

export { CHAT_AVOID } from "./chat-button-placement.ts";

/**
 * Floating chat button (spec §1, issue 29): a WhatsApp link with the prefilled Hebrew greeting, at the bottom
 * end corner on every width. The footer keeps room for it at the end of the page; while the page scrolls, a
 * price or a form control that would pass under it pushes it up above that thing (never more than MAX_RISE of
 * the window; beyond, it steps aside until the way is clear — the same link is in the header and the footer):
 * chat-button-placement.ts, run by its script island on public pages and by this component's effect on a session
 * page. Without JavaScript it stays in its corner, over the footer's reserved room at the end.
 */
export function FloatingChatButton({ number }: { number: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => (ref.current ? followPage(ref.current) : undefined), []);

  if (!number) return null;
  return (
    <ExternalLink
      ref={ref}
      href={whatsappLink(number)}
      data-testid="chat-button"
      // Keyboard focus stops above its corner (scroll-padding-bottom in app.css).
      data-floating-chat=""
      className="fixed bottom-4 end-4 z-40 inline-flex size-14 items-center justify-center rounded-full bg-[#0b7a3e] text-white shadow-lg ring-4 ring-white/70 hover:bg-[#096a35]"
    >
      <WhatsappIcon className="size-8" />
      <span className="sr-only">{he.site.chatLabel}</span>
    </ExternalLink>
  );
}
