/**
 * A link that opens in a new tab: `rel="noopener noreferrer"` (the new page gets no handle on this one and
 * no referrer), and the Hebrew "new tab" note for screen readers after the visible text.
 */
import type { AnchorHTMLAttributes, ReactNode, Ref } from "react";
import { he } from "../../../domain/i18n/site.ts";

export function ExternalLink({
  children,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> & { href: string; ref?: Ref<HTMLAnchorElement> }) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> {he.site.newTab}</span>
    </a>
  );
}

/**
 * The button to order: the site's pre-order page while a branch takes pre-orders, else the bakery's order site
 * (the settings' order URL) in a new tab; nothing while neither is set.
 * `className` adds the place's size, spacing and type to the shared berry pill.
 */
export function OrderLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  if (!href) return null;
  const pill = `inline-flex items-center rounded-full bg-berry-700 text-white hover:bg-berry-600 ${className}`;
  // The site's own pre-order page (issue 28) or a form on this page: an ordinary link, in this tab.
  if (href.startsWith("/") || href.startsWith("#")) {
    return (
      <a href={href} data-chat-avoid="" className={pill}>
        {children}
      </a>
    );
  }
  return (
    <ExternalLink
      href={href}
      data-chat-avoid=""
      className={`inline-flex items-center rounded-full bg-berry-700 text-white hover:bg-berry-600 ${className}`}
    >
      {children}
    </ExternalLink>
  );
}
