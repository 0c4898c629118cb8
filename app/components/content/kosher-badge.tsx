import { hePages } from "../../../domain/i18n/pages.ts";

const t = hePages.about;

/** The kosher seal: a round stamp drawn in SVG, described in one label for screen readers. */
export function KosherBadge({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 200 200" role="img" aria-label={t.badgeLabel} className={className}>
      <defs>
        <path id="kosher-top-arc" d="M 38 100 A 62 62 0 0 1 162 100" />
        <path id="kosher-bottom-arc" d="M 24 100 A 76 76 0 0 0 176 100" />
      </defs>
      <circle cx="100" cy="100" r="96" fill="#85200f" />
      <circle cx="100" cy="100" r="86" fill="none" stroke="#fdf7ee" strokeWidth="3" />
      <circle cx="100" cy="100" r="58" fill="#fdf7ee" />
      <text fill="#fdf7ee" fontSize="19" fontWeight="700" fontFamily="inherit" letterSpacing="1">
        <textPath href="#kosher-top-arc" startOffset="50%" textAnchor="middle">
          {t.badgeRing}
        </textPath>
      </text>
      <text fill="#fdf7ee" fontSize="15" fontWeight="600" fontFamily="inherit">
        <textPath href="#kosher-bottom-arc" startOffset="50%" textAnchor="middle">
          {t.badgeCity}
        </textPath>
      </text>
      <path
        d="M100 55 l10 17 h20 l-10 17 l10 17 h-20 l-10 17 l-10 -17 h-20 l10 -17 l-10 -17 h20 Z"
        fill="none"
        stroke="#85200f"
        strokeWidth="3"
        opacity="0.35"
      />
      <text x="100" y="96" textAnchor="middle" fill="#85200f" fontSize="30" fontWeight="800" fontFamily="inherit">
        {t.badgeKosher}
      </text>
      <text x="100" y="126" textAnchor="middle" fill="#2a1a0f" fontSize="22" fontWeight="700" fontFamily="inherit">
        {t.badgeMain}
      </text>
    </svg>
  );
}
