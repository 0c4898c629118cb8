/**
 * Dates on news and sales (issue 29), in Hebrew and on the Jerusalem calendar: a news item's "פורסם ב־28 בנובמבר
 * 2026" (its start, or when it was written), a sale's days of validity — "בתוקף מ־… עד …", the last day being the
 * one before its end instant (windows end exclusive: server/services/windows.ts) — or, for a sale without a
 * window, the day it was published (the sales page says sales last while stock does). In `<time>` elements.
 * The news and sales pages' cards and the home page's news cards and sale tiles show them.
 */
import type { Post } from "../../../domain/contracts/content.ts";
import { jerusalemDate } from "../../../domain/hours/time.ts";
import { heContent } from "../../../domain/i18n/content.ts";

const t = heContent.posts;
const LONG_DAY = new Intl.DateTimeFormat("he-IL", { dateStyle: "long", timeZone: "Asia/Jerusalem" });

function Day({ at }: { at: Date }) {
  return <time dateTime={jerusalemDate(at)}>{LONG_DAY.format(at)}</time>;
}

export function PostDates({
  post,
  kind,
  className = "",
  as: Line = "p",
}: {
  post: Pick<Post, "starts_at" | "ends_at" | "created_at">;
  kind: "news" | "sale";
  className?: string;
  /** A `span` inside phrasing content (the home page's sale tiles, whose text sits in a link's span). */
  as?: "p" | "span";
}) {
  const from = post.starts_at ? new Date(post.starts_at) : null;
  // The last day of validity: the end instant is the first moment it no longer is.
  const until = post.ends_at ? new Date(Date.parse(post.ends_at) - 1) : null;
  const style = `font-semibold text-cocoa-800 ${className || "text-sm"}`;
  if (kind === "sale" && (from || until)) {
    return (
      <Line className={style} data-testid="post-dates">
        {from ? (
          <>
            {t.validFrom}
            <Day at={from} />
          </>
        ) : null}
        {until ? (
          <>
            {from ? t.validUntilAfterFrom : t.validUntil}
            <Day at={until} />
          </>
        ) : null}
      </Line>
    );
  }
  return (
    <Line className={style} data-testid="post-dates">
      {t.publishedOn}
      <Day at={new Date(post.starts_at ?? post.created_at)} />
    </Line>
  );
}
