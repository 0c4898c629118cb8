import type { Post } from "../../../domain/contracts/content.ts";
import { PostDates } from "../content/post-dates.tsx";
import { ResponsivePicture } from "../ui/picture.tsx";

const CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 768px) 31vw, 92vw";

/**
 * A home page news card (spec §2 'hot news from the oven'): image, name, the day it was published (issue 29, as
 * on /news) and content.
 */
export function PostCard({ post, to }: { post: Post; to?: string }) {
  const title = <span className="text-xl leading-snug font-bold text-cocoa-900">{post.name}</span>;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-cream-50 shadow-sm ring-1 ring-cream-300">
      <ResponsivePicture
        picture={post.mainImage}
        alt=""
        sizes={CARD_SIZES}
        width={16}
        height={9}
        className="aspect-[16/9] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4 sm:p-5">
        <h3>
          {to ? (
            <a href={to} className="underline-offset-4 hover:underline">
              {title}
            </a>
          ) : (
            title
          )}
        </h3>
        <PostDates post={post} kind="news" />
        <p className="line-clamp-4 text-cocoa-800">{post.content}</p>
      </div>
    </article>
  );
}
