import type { Post } from "../../../domain/contracts/content.ts";
import { PageHeader } from "./page-header.tsx";
import { PostCard } from "./post-card.tsx";

/**
 * A page that lists posts as cards (sales, news): its header, then the cards, or a line saying there are
 * none. `card` gives what a post's card adds (its link), `anchorOf` an id a link can jump to.
 */
export function PostListPage({
  heading,
  intro,
  empty,
  posts,
  card,
  anchorOf,
  dates,
}: {
  heading: string;
  intro: string;
  empty: string;
  posts: Post[];
  card?: (post: Post) => { to: string; linkLabel: string };
  anchorOf?: (post: Post) => string;
  /** Which dates each card shows (issue 29). */
  dates: "news" | "sale";
}) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={heading} lead={intro} />
      <div className="mx-auto max-w-7xl px-6 py-10">
        {posts.length === 0 ? (
          <p className="text-lg text-cocoa-800">{empty}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, index) => (
              <li key={post.id} id={anchorOf?.(post)}>
                <PostCard post={post} {...card?.(post)} priority={index === 0} dates={dates} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
