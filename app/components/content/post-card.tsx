import type { Post } from "../../../domain/contracts/content.ts";
import { excerpt } from "../../lib/seo.ts";
import { ResponsivePicture } from "../ui/picture.tsx";
import { Paragraphs } from "./page-header.tsx";
import { PostDates } from "./post-dates.tsx";

const CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, calc(100vw - 3rem)";

/**
 * A sale or a news item as a card: image, name, text. With `to`, the whole card links to the
 * item's page and the text is a short excerpt; without it (news), the full text is shown.
 */
export function PostCard({
  post,
  to,
  linkLabel,
  priority = false,
  headingLevel = 2,
  dates,
}: {
  post: Post;
  to?: string;
  linkLabel?: string;
  priority?: boolean;
  headingLevel?: 2 | 3;
  /** Which dates the card shows under its name (issue 29): a news item's publication, a sale's validity. */
  dates?: "news" | "sale";
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const image = (
    <ResponsivePicture
      picture={post.mainImage}
      alt=""
      sizes={CARD_SIZES}
      priority={priority}
      className="aspect-[16/9] w-full object-cover"
    />
  );
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-cream-50 shadow-sm ring-1 ring-cream-300 transition hover:shadow-md">
      {image}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Heading className="text-xl font-bold text-cocoa-900">
          {to ? (
            // The stretched link makes the whole card clickable while the link text stays the name.
            <a href={to} className="after:absolute after:inset-0 after:content-[''] hover:underline">
              {post.name}
            </a>
          ) : (
            post.name
          )}
        </Heading>
        {dates ? <PostDates post={post} kind={dates} /> : null}
        {to ? (
          <p className="text-cocoa-800">{excerpt(post.content, 140)}</p>
        ) : (
          <div className="space-y-2 text-cocoa-800">
            <Paragraphs text={post.content} />
          </div>
        )}
        {to && linkLabel ? (
          <span aria-hidden="true" className="mt-auto pt-2 font-semibold text-crust-700">
            {linkLabel} ←
          </span>
        ) : null}
      </div>
    </article>
  );
}
