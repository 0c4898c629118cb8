/**
 * /club/confirm?token=…: the link of the club's confirmation e-mail (double opt-in). Following it confirms
 * the member (services/clients.ts `confirm`); a link that is malformed, unknown or already used answers 400,
 * an expired one 410, each with a Hebrew page that says what to do. Rendered for each request, never stored.
 */
import { data } from "react-router";
import { heForms } from "../../../domain/i18n/forms.ts";
import { ThanksPanel } from "../../components/content/thanks.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { pageSeo, seoMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/club-confirm";

const t = heForms.club.confirm;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const token = new URL(request.url).searchParams.get("token");
  const [result, settings] = await Promise.all([services.clients.confirm(token), services.settings.get()]);
  const seo = pageSeo(publicUrl, {
    title: t.title,
    description: t.description,
    path: "/club/confirm",
    siteName: settings.brandName,
    noindex: true,
  });
  const status = result.status === "confirmed" ? 200 : result.status === "expired" ? 410 : 400;
  return data({ outcome: result.status, email: result.status === "confirmed" ? result.email : null, seo }, { status });
}

/** The answer depends on a one-time token: never kept by a cache, and the token never leaves in a Referer. */
export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData?.seo, t.title);
}

export default function ClubConfirm({ loaderData }: Route.ComponentProps) {
  const { outcome, email } = loaderData;
  if (outcome === "confirmed") {
    return (
      <ThanksPanel
        heading={t.confirmedHeading}
        text={
          <>
            {t.confirmedBefore}{" "}
            <bdi dir="ltr" className="font-semibold">
              {email}
            </bdi>{" "}
            {t.confirmedAfter}
          </>
        }
        links={[
          { to: "/products", label: t.toProducts },
          { to: "/", label: t.toHome },
        ]}
      />
    );
  }
  return (
    <ThanksPanel
      problem
      heading={outcome === "expired" ? t.expiredHeading : t.invalidHeading}
      text={outcome === "expired" ? t.expiredText : t.invalidText}
      links={[
        { to: "/club", label: t.signUpAgain },
        { to: "/", label: t.toHome },
      ]}
    />
  );
}
