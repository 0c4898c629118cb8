import { heContent } from "../../../domain/i18n/content.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { THANKS_LINKS, ThanksPanel } from "../../components/content/thanks.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import type { Route } from "./+types/thank-you";

/** Kept by the page cache; which form sent the visitor here (`from`) only changes the sentence. */
export const handle = {
  page: cachedPage({ params: { from: ["contact", "club"] } }),
} satisfies PageHandle;

const t = heContent.thanks;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const settings = await services.settings.get();
  // Which form sent the visitor here only changes the sentence; the page itself is the same.
  const from = new URL(request.url).searchParams.get("from");
  return {
    from: from === "contact" || from === "club" ? from : null,
    seo: pageSeo(publicUrl, {
      title: t.title,
      description: t.genericText,
      path: "/thankYou",
      siteName: settings.brandName,
      noindex: true,
    }),
  };
}

export const meta = metaFromSeo(t.title);

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const text = loaderData.from === "contact" ? t.contactText : loaderData.from === "club" ? t.clubText : t.genericText;
  return <ThanksPanel heading={t.heading} text={text} links={THANKS_LINKS} />;
}
