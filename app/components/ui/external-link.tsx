/**
 * A link that opens in a new tab: `rel="noopener noreferrer"` (the new page gets no handle on this one and
 * no referrer), and the Hebrew "new tab" note for screen readers after the visible text.
 */
import type { AnchorHTMLAttributes } from "react";
import { he } from "../../../domain/i18n/site.ts";

export function ExternalLink({
  children,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> & { href: string }) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> {he.site.newTab}</span>
    </a>
  );
}
