import { Link } from "react-router";
import { heForms } from "../../../domain/i18n/forms.ts";
import { CLUB_FIELDS, CONTACT_LIMITS } from "../../../domain/schemas/fields.ts";
import { CheckCircleIcon } from "../../components/content/icons.tsx";
import { PageHeader } from "../../components/content/page-header.tsx";
import { CheckboxField, RequiredNote, TextField } from "../../components/forms/fields.tsx";
import { PublicForm } from "../../components/forms/public-form.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { handlePublicForm } from "../../lib/forms.server.ts";
import { type FormResult, submitPublicForm } from "../../lib/forms.ts";
import { pageSeo, seoMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/club";

const t = heForms.club;

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl, csrfToken } = context.get(requestContext);
  const [settings, sales] = await Promise.all([services.settings.get(), services.sales.list()]);
  return {
    settings,
    csrfToken,
    seo: pageSeo(publicUrl, {
      title: t.title,
      description: t.description,
      path: "/club",
      image: sales[0]?.mainImage,
      siteName: settings.brandName,
      // While an external club site is configured, that site is the club page search engines should know.
      noindex: Boolean(settings.clubUrl),
    }),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData?.seo, t.title);
}

/** Without JavaScript, and after the browser's check passes: the same service as POST /api/client/create. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  // Contact requests and club sign-ups share one per-address limit (server/http/rate-limit.ts).
  const { limitFormSubmission } = context.get(requestContext);
  return handlePublicForm(
    request,
    CLUB_FIELDS,
    async (values) => {
      await limitFormSubmission();
      return services.clients.join(values, "site");
    },
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
  const result = actionData as FormResult | undefined;
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={t.heading} lead={t.intro} />
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-10 lg:grid-cols-[3fr_2fr] lg:items-start">
        <section
          aria-labelledby="club-form-heading"
          className="rounded-2xl bg-cream-50 p-6 shadow-sm ring-1 ring-cream-300 sm:p-8"
        >
          <h2 id="club-form-heading" className="mb-2 text-2xl font-bold text-cocoa-900">
            {t.formHeading}
          </h2>
          <div className="mb-5">
            <RequiredNote />
          </div>
          <PublicForm
            id="club"
            result={result}
            errorTitle={t.errorTitle}
            submitLabel={t.submit}
            phone={settings.phone}
            warmUp={loadSchema}
          >
            <TextField
              id="club-email"
              name="email"
              type="email"
              label={t.email}
              required
              autoComplete="email"
              inputMode="email"
              dir="ltr"
              maxLength={CONTACT_LIMITS.email}
              defaultValue={values.email}
              errors={errors.email}
            />
            <CheckboxField
              id="club-consent"
              name="consent"
              label={t.consent}
              required
              defaultChecked={Boolean(values.consent)}
              errors={errors.consent}
            />
            <p className="text-sm text-cocoa-800">
              {t.privacy}{" "}
              <Link to="/contactUs" className="font-semibold text-crust-700 underline underline-offset-4">
                {t.contactLink}
              </Link>
              .
            </p>
          </PublicForm>
        </section>
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
      </div>
    </main>
  );
}
