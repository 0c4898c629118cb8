/** Small display pieces shared by the admin screens. */
import type { ReactNode } from "react";
import type { AdminImage } from "../../../domain/contracts/admin.ts";
import type { Picture } from "../../../domain/contracts/catalogue.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { heSeasonal } from "../../../domain/i18n/seasonal.ts";
import type { ScheduleStatus } from "../../../domain/seasonal/schedule.ts";
import { ExternalLink } from "../ui/external-link.tsx";

/**
 * A titled part of a screen or form: its h3 names the section (`aria-labelledby`), a hint may follow it.
 * `className` places and frames the section.
 */
export function TitledSection({
  id,
  title,
  hint,
  className,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h3 id={id} className={hint ? "text-lg font-bold text-cocoa-900" : "mb-2 text-lg font-bold text-cocoa-900"}>
        {title}
      </h3>
      {hint ? <p className="mb-2 text-sm text-cocoa-800">{hint}</p> : null}
      {children}
    </section>
  );
}

/** A form's place in its dialog while what the form needs loads: announced, and nothing to press yet. */
export function FormLoading() {
  return (
    <p role="status" className="py-12 text-center text-cocoa-800">
      {heAdmin.loading}
    </p>
  );
}

/** The colours of the admin's status labels: done or published, waiting, refused or removed, anything else. */
export const BADGE_TONE = {
  positive: "bg-olive-700/10 text-olive-700",
  waiting: "bg-amber-100 text-amber-900",
  negative: "bg-berry-700/10 text-berry-700",
  neutral: "bg-cocoa-800/10 text-cocoa-800",
} as const;
export type BadgeTone = keyof typeof BADGE_TONE;

/** A rounded status label in one of the tones (a member's confirmation, a review's moderation, an audit action). */
export function ToneBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${BADGE_TONE[tone]}`}
    >
      {children}
    </span>
  );
}

export function StatusBadge({ status }: { status: number }) {
  const published = status === 1;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${
        published ? BADGE_TONE.positive : BADGE_TONE.neutral
      }`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${published ? "bg-olive-700" : "bg-cocoa-800/60"}`} />
      {heAdmin.status[status] ?? String(status)}
    </span>
  );
}

const SCHEDULE_TONE: Record<ScheduleStatus, { badge: string; dot: string }> = {
  scheduled: { badge: "bg-tag-blue/10 text-tag-blue", dot: "bg-tag-blue" },
  active: { badge: "bg-olive-700/10 text-olive-700", dot: "bg-olive-700" },
  ended: { badge: "bg-cocoa-800/10 text-cocoa-800", dot: "bg-cocoa-800/60" },
};

/** Where a dated sale or publication stands: scheduled (not yet public), active, or ended. */
export function ScheduleBadge({ schedule }: { schedule: ScheduleStatus }) {
  const tone = SCHEDULE_TONE[schedule];
  return (
    <span
      data-schedule={schedule}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${tone.badge}`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${tone.dot}`} />
      {heSeasonal.schedule[schedule]}
    </span>
  );
}

export function YesNo({ value }: { value: boolean }) {
  return (
    <span className={value ? "font-semibold text-olive-700" : "text-cocoa-800"}>
      {value ? heAdmin.yes : heAdmin.no}
    </span>
  );
}

/** A small thumbnail of an item's main image (decorative in lists: the name is in the next cell). */
export function Thumb({ picture, size = "size-12" }: { picture: Picture | null; size?: string }) {
  if (!picture) return <span aria-hidden="true" className={`block ${size} rounded-lg bg-cream-200`} />;
  const webp = picture.sources.find((s) => s.type === "image/webp");
  const smallest = webp?.srcSet.split(",")[0]?.trim().split(" ")[0];
  return (
    <img
      src={smallest ?? picture.url}
      alt=""
      width={picture.width}
      height={picture.height}
      loading="lazy"
      className={`${size} rounded-lg object-cover`}
    />
  );
}

/** A stored image (its small variant) at its own size; `fallbackAlt` stands in for an empty alt text. */
export function StoredImage({
  image,
  fallbackAlt,
  className,
}: {
  image: Pick<AdminImage, "path" | "alt" | "width" | "height">;
  fallbackAlt?: string;
  className: string;
}) {
  return (
    <img
      src={image.path}
      alt={image.alt || (fallbackAlt ?? image.alt)}
      width={image.width}
      height={image.height}
      className={className}
    />
  );
}

/** A view modal's body: the item's main image (when it has one), its details, then `children` (e.g. a link). */
export function ItemDetails({
  images,
  items,
  children,
}: {
  images: AdminImage[] | undefined;
  items: [string, ReactNode][];
  children?: ReactNode;
}) {
  const main = images?.[0];
  return (
    <div className="space-y-4">
      {main ? <img src={main.path} alt={main.alt} className="h-40 w-full rounded-xl object-cover" /> : null}
      <Details items={items} />
      {children}
    </div>
  );
}

/** A long text in a view modal, its line breaks kept. */
export function MultilineText({ text }: { text: string }) {
  return <span className="whitespace-pre-line">{text}</span>;
}

/** The view modal's link to the item's page on the site (a new tab). */
export function PublicPageLink({ href }: { href: string }) {
  return (
    <ExternalLink href={href} className="inline-block font-semibold text-crust-700 underline-offset-4 hover:underline">
      {heAdmin.publicPage}
    </ExternalLink>
  );
}

/** A definition list for the view modals. */
export function Details({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-cocoa-800">{term}</dt>
          <dd className="text-cocoa-900">
            {value === "" || value === null || value === undefined ? heAdmin.none : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export const TAG_COLOR_CLASS: Record<string, string> = {
  אדום: "bg-tag-red",
  כחול: "bg-tag-blue",
  כתום: "bg-tag-orange",
};

export function TagChip({ name, color, children }: { name: string; color: string; children?: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold text-white ${TAG_COLOR_CLASS[color] ?? "bg-cocoa-800"}`}
    >
      {name}
      {children}
    </span>
  );
}
