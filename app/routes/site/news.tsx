import { heContent } from "../../../domain/i18n/content.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { PostListPage } from "../../components/content/post-list.tsx";
import { postListLoader } from "../../lib/posts.server.ts";
import { metaFromSeo } from "../../lib/seo.ts";
import type { Route } from "./+types/news";

/** The same for every visitor: kept by the page cache. */
export const handle = { page: cachedPage() } satisfies PageHandle;

const t = heContent.posts;

export async function loader({ context }: Route.LoaderArgs) {
  return postListLoader(context, {
    list: (services) => services.publications.list(),
    title: t.newsTitle,
    description: t.newsDescription,
    path: "/news",
  });
}

export const meta = metaFromSeo(t.newsTitle);

export default function News({ loaderData }: Route.ComponentProps) {
  return (
    <PostListPage
      heading={t.newsHeading}
      intro={t.newsIntro}
      empty={t.newsEmpty}
      posts={loaderData.posts}
      dates="news"
      // News items have no page of their own (the full text is on the card): each keeps an id to link to.
      anchorOf={(post) => `publication-${post.id}`}
    />
  );
}
