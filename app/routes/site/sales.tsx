import { heContent } from "../../../domain/i18n/content.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { PostListPage } from "../../components/content/post-list.tsx";
import { postListLoader } from "../../lib/posts.server.ts";
import { metaFromSeo } from "../../lib/seo.ts";
import type { Route } from "./+types/sales";

/** The same for every visitor: kept by the page cache. */
export const handle = { page: cachedPage() } satisfies PageHandle;

const t = heContent.posts;

export async function loader({ context }: Route.LoaderArgs) {
  return postListLoader(context, {
    list: (services) => services.sales.list(),
    title: t.salesTitle,
    description: t.salesDescription,
    path: "/sales",
  });
}

export const meta = metaFromSeo(t.salesTitle);

export default function Sales({ loaderData }: Route.ComponentProps) {
  return (
    <PostListPage
      heading={t.salesHeading}
      intro={t.salesIntro}
      empty={t.salesEmpty}
      posts={loaderData.posts}
      dates="sale"
      card={(sale) => ({ to: `/sale/${sale.id}`, linkLabel: t.saleDetails })}
    />
  );
}
