import type { MenuCategory, SiteSettings } from "../../../domain/contracts/catalogue.ts";
import { he } from "../../../domain/i18n/site.ts";
import { clubLink, whatsappLink } from "../../lib/links.ts";
import { ExternalLink } from "../ui/external-link.tsx";
import { FOOTER_NAV_ID, SECONDARY_LINKS } from "./header.tsx";
import { LogoMark } from "./logo.tsx";

export function SiteFooter({ settings, categories }: { settings: SiteSettings; categories: MenuCategory[] }) {
  const club = clubLink(settings.clubUrl);
  return (
    <footer className="mt-16 bg-cocoa-900 text-cream-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <div className="flex items-center gap-2">
            <LogoMark className="size-12" />
            <p className="text-xl font-extrabold">{settings.brandName}</p>
          </div>
          <p className="text-cream-200">{settings.tagline}</p>
          <a
            href={club.href}
            {...(club.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            className="inline-block rounded-full bg-cream-100 px-5 py-2.5 font-semibold text-cocoa-900 hover:bg-white"
          >
            {he.site.clubButton}
            {club.external ? <span className="sr-only"> {he.site.newTab}</span> : null}
          </a>
        </div>
        {/* Where the menu button leads without JavaScript (header.tsx): focusable, so focus moves there. */}
        <FooterNav id={FOOTER_NAV_ID} headingId="footer-links" heading={he.site.footerLinks} links={SECONDARY_LINKS} />
        <FooterNav
          headingId="footer-categories"
          heading={he.site.footerCategories}
          links={categories.map((category) => ({ to: `/categories/${category.id}`, label: category.name }))}
        />
        <div>
          <h2 className="mb-3 text-lg font-bold">{he.site.footerContact}</h2>
          <ul className="space-y-1.5 text-cream-200">
            {settings.address ? <li>{settings.address}</li> : null}
            {settings.phone ? (
              <li>
                <a href={`tel:${settings.phone.replace(/[^\d+]/g, "")}`} className="hover:text-white">
                  <bdi>{settings.phone}</bdi>
                </a>
              </li>
            ) : null}
            {settings.email ? (
              <li>
                <a href={`mailto:${settings.email}`} className="hover:text-white">
                  <bdi>{settings.email}</bdi>
                </a>
              </li>
            ) : null}
            {settings.whatsappNumber ? (
              <li>
                <ExternalLink href={whatsappLink(settings.whatsappNumber)} className="hover:text-white">
                  {he.site.chatLabel}
                </ExternalLink>
              </li>
            ) : null}
          </ul>
          <ul className="mt-4 flex gap-3">
            {settings.facebookUrl ? (
              <li>
                <ExternalLink href={settings.facebookUrl} className="underline underline-offset-4 hover:text-white">
                  {he.site.facebook}
                </ExternalLink>
              </li>
            ) : null}
            {settings.instagramUrl ? (
              <li>
                <ExternalLink href={settings.instagramUrl} className="underline underline-offset-4 hover:text-white">
                  {he.site.instagram}
                </ExternalLink>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      {/* pb-24: room for the floating chat button at the end of the page (chat-button.tsx). */}
      <p className="border-t border-cocoa-800 pt-4 pb-24 text-center text-sm text-cream-200">
        © {he.site.footerYear} {settings.brandName} · {he.site.rights}
      </p>
    </footer>
  );
}

/** A column of the footer: a heading over a list of links. With `id`, a link to it moves focus there. */
function FooterNav({
  id,
  headingId,
  heading,
  links,
}: {
  id?: string;
  headingId: string;
  heading: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <nav id={id} aria-labelledby={headingId} tabIndex={id ? -1 : undefined} className={id ? "outline-none" : undefined}>
      <h2 id={headingId} className="mb-3 text-lg font-bold">
        {heading}
      </h2>
      <ul className="space-y-1.5">
        {links.map((link) => (
          <li key={link.to}>
            <a href={link.to} className="text-cream-200 underline-offset-4 hover:text-white hover:underline">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
