import { heContent } from "../../../domain/i18n/content.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { THANKS_LINKS, ThanksPanel } from "../../components/content/thanks.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import type { Route } from "./+types/sign-up";

/** The same for every visitor: kept by the page cache. */
export const handle = { page: cachedPage() } satisfies PageHandle;

const t = heContent.signUp;

/** Spec §2: thanks for joining the club (where the external club site can send members back). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const settings = await services.settings.get();
  return {
    seo: pageSeo(publicUrl, {
      title: t.title,
      description: t.text,
      path: "/sign_up",
      siteName: settings.brandName,
      noindex: true,
    }),
  };
}

export const meta = metaFromSeo(t.title);

export default function SignUp() {
  return <ThanksPanel heading={t.heading} text={t.text} links={THANKS_LINKS} />;
}
