import { he } from "../../../domain/i18n/site.ts";
import { whatsappLink } from "../../lib/links.ts";
import { ExternalLink } from "../ui/external-link.tsx";
import { WhatsappIcon } from "../ui/icon.tsx";

/** Floating chat button (spec §1): a WhatsApp link with the prefilled Hebrew greeting. */
export function FloatingChatButton({ number }: { number: string }) {
  if (!number) return null;
  return (
    <ExternalLink
      href={whatsappLink(number)}
      className="fixed bottom-5 end-5 z-40 inline-flex size-14 items-center justify-center rounded-full bg-[#0b7a3e] text-white shadow-lg ring-4 ring-white/70 hover:bg-[#096a35]"
    >
      <WhatsappIcon className="size-8" />
      <span className="sr-only">{he.site.chatLabel}</span>
    </ExternalLink>
  );
}
