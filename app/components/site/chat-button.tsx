import { he } from "../../../domain/i18n/site.ts";
import { whatsappLink } from "../../lib/links.ts";
import { ExternalLink } from "../ui/external-link.tsx";
import { WhatsappIcon } from "../ui/icon.tsx";

/**
 * Floating chat button (spec §1): a WhatsApp link with the prefilled Hebrew greeting. It floats only where
 * the page has a gutter beside its 1280 px content column (1440 px and wider), so it never covers a price or
 * a name; narrower screens have the same link in the sticky header, which floats with the page as well.
 */
export function FloatingChatButton({ number }: { number: string }) {
  if (!number) return null;
  return (
    <ExternalLink
      href={whatsappLink(number)}
      className="fixed bottom-5 end-4 z-40 hidden size-14 min-[1440px]:inline-flex items-center justify-center rounded-full bg-[#0b7a3e] text-white shadow-lg ring-4 ring-white/70 hover:bg-[#096a35]"
    >
      <WhatsappIcon className="size-8" />
      <span className="sr-only">{he.site.chatLabel}</span>
    </ExternalLink>
  );
}
