/** The loader of the public pages that list posts (sales, news): the posts and the page's SEO. */
import type { RouterContextProvider } from "react-router";
import type { Post } from "../../domain/contracts/content.ts";
import { requestContext, type Services, servicesContext } from "./context.ts";
import { pageSeo } from "./seo.ts";

export async function postListLoader(
  context: Readonly<RouterContextProvider>,
  page: { list: (services: Services) => Promise<Post[]>; title: string; description: string; path: string },
) {
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const [settings, posts] = await Promise.all([services.settings.get(), page.list(services)]);
  return {
    posts,
    seo: pageSeo(publicUrl, {
      title: page.title,
      description: page.description,
      path: page.path,
      // The newest post's picture stands for the page when shared.
      image: posts[0]?.mainImage,
      siteName: settings.brandName,
    }),
  };
}
