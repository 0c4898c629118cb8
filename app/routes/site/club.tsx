import { heForms } from "../../../domain/i18n/forms.ts";
import { type PageHandle, sessionPage } from "../../../domain/page-policy.ts";
import { CLUB_FIELDS } from "../../../domain/schemas/fields.ts";
import { EmailField } from "../../components/forms/fields.tsx";
import { FormPageCard } from "../../components/forms/form-page.tsx";
import { CheckCircleIcon } from "../../components/ui/other-icons.tsx";
import { formPageLoader, publicFormAction } from "../../lib/forms.server.ts";
import { formResultOf, submitPublicForm } from "../../lib/forms.ts";
import { metaFromSeo } from "../../lib/seo.ts";
import type { Route } from "./+types/club";

/** Rendered for each visitor: the form carries the visitor's XSRF token. */
export const handle = { page: sessionPage() } satisfies PageHandle;

const t = heForms.club;

export async function loader({ context }: Route.LoaderArgs) {
  return formPageLoader(context, {
    t,
    path: "/club",
    image: (services) => services.sales.list().then((sales) => sales[0]?.mainImage),
    // While an external club site is configured, that site is the club page search engines should know.
    noindex: (settings) => Boolean(settings.clubUrl),
  });
}

export const meta = metaFromSeo(t.title);

/**
 * Without JavaScript, and after the browser's check passes: the same service as POST /api/client/create.
 * Submitting is the consent; it is recorded as given on the page, from the visitor's address.
 */
export async function action(args: Route.ActionArgs) {
  return publicFormAction(
    args,
    CLUB_FIELDS,
    (services, values, request) => services.clients.join(values, { source: "page", address: request.clientAddress }),
    "/thankYou?from=club",
  );
}

/** The schema (with zod) loads when the visitor starts on the form, not with the page. */
const loadSchema = () => import("../../../domain/schemas/club.ts").then((m) => m.clubSchema);

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitPublicForm(request, loadSchema, CLUB_FIELDS, serverAction);
}

export default function Club({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const { result, field } = formResultOf(actionData, "club");
  return (
    <FormPageCard
      id="club"
      t={t}
      result={result}
      phone={settings.phone}
      warmUp={loadSchema}
      submitNote={t.consentNotice}
      aside={
        <section aria-labelledby="club-benefits" className="rounded-2xl bg-cream-200 p-6 sm:p-8">
          <h2 id="club-benefits" className="mb-4 text-2xl font-bold text-cocoa-900">
            {t.benefitsHeading}
          </h2>
          <ul className="space-y-3 text-lg text-cocoa-900">
            {t.benefits.map((benefit) => (
              <li key={benefit} className="flex items-start gap-2">
                <CheckCircleIcon className="mt-0.5 size-6 shrink-0 text-olive-700" />
                {benefit}
              </li>
            ))}
          </ul>
        </section>
      }
    >
      <EmailField {...field("email")} label={t.email} />
      <p className="text-sm text-cocoa-800">{t.privacy}</p>
    </FormPageCard>
  );
}
