import { Link } from "react-router";
import { heForms } from "../../../domain/i18n/forms.ts";
import { CONTACT_FIELDS, CONTACT_LIMITS } from "../../../domain/schemas/fields.ts";
import { MailIcon, MapPinIcon } from "../../components/content/icons.tsx";
import { PageHeader } from "../../components/content/page-header.tsx";
import { RequiredNote, TextAreaField, TextField } from "../../components/forms/fields.tsx";
import { PublicForm } from "../../components/forms/public-form.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { handlePublicForm } from "../../lib/forms.server.ts";
import { type FormResult, submitPublicForm } from "../../lib/forms.ts";
import { pageSeo, seoMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/contact";

const t = heForms.contact;

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl, csrfToken } = context.get(requestContext);
  const [settings, branches] = await Promise.all([services.settings.get(), services.branches.list()]);
  return {
    settings,
    csrfToken,
    seo: pageSeo(publicUrl, {
      title: t.title,
      description: t.description,
      path: "/contactUs",
      image: branches[0]?.mainImage,
      siteName: settings.brandName,
    }),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData?.seo, t.title);
}

/** Without JavaScript, and after the browser's check passes: the same service as POST /api/contact. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  // Contact requests and club sign-ups share one per-address limit (server/http/rate-limit.ts).
  const { limitFormSubmission } = context.get(requestContext);
  return handlePublicForm(
    request,
    CONTACT_FIELDS,
    async (values) => {
      await limitFormSubmission();
      return services.contact.submit(values);
    },
    "/thankYou?from=contact",
  );
}

/** The schema (with zod) loads when the visitor starts on the form, not with the page. */
const loadSchema = () => import("../../../domain/schemas/contact.ts").then((m) => m.contactSchema);

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitPublicForm(request, loadSchema, CONTACT_FIELDS, serverAction);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const result = actionData as FormResult | undefined;
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={t.heading} lead={t.intro} />
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-10 lg:grid-cols-[3fr_2fr] lg:items-start">
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-2xl bg-cream-50 p-6 shadow-sm ring-1 ring-cream-300 sm:p-8"
        >
          <h2 id="contact-form-heading" className="mb-2 text-2xl font-bold text-cocoa-900">
            {t.formHeading}
          </h2>
          <div className="mb-5">
            <RequiredNote />
          </div>
          <PublicForm
            id="contact"
            result={result}
            errorTitle={t.errorTitle}
            submitLabel={t.submit}
            phone={settings.phone}
            warmUp={loadSchema}
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <TextField
                  id="contact-name"
                  name="name"
                  label={t.fields.name}
                  required
                  autoComplete="name"
                  maxLength={CONTACT_LIMITS.name}
                  defaultValue={values.name}
                  errors={errors.name}
                />
              </div>
              <TextField
                id="contact-email"
                name="email"
                type="email"
                label={t.fields.email}
                required
                autoComplete="email"
                inputMode="email"
                dir="ltr"
                maxLength={CONTACT_LIMITS.email}
                defaultValue={values.email}
                errors={errors.email}
              />
              <TextField
                id="contact-phone"
                name="phone"
                type="tel"
                label={t.fields.phone}
                hint={t.phoneHint}
                required
                autoComplete="tel"
                inputMode="tel"
                dir="ltr"
                maxLength={CONTACT_LIMITS.phone}
                defaultValue={values.phone}
                errors={errors.phone}
              />
              <div className="sm:col-span-2">
                <TextAreaField
                  id="contact-message"
                  name="message"
                  label={t.fields.message}
                  required
                  maxLength={CONTACT_LIMITS.message}
                  defaultValue={values.message}
                  errors={errors.message}
                />
              </div>
            </div>
          </PublicForm>
        </section>

        <aside aria-labelledby="contact-details" className="space-y-4 rounded-2xl bg-cream-200 p-6 sm:p-8">
          <h2 id="contact-details" className="text-2xl font-bold text-cocoa-900">
            {t.detailsHeading}
          </h2>
          <dl className="space-y-4 text-lg">
            {settings.address ? (
              <div>
                <dt className="flex items-center gap-2 text-sm font-semibold text-crust-700">
                  <MapPinIcon className="size-5" />
                  {t.address}
                </dt>
                <dd className="ps-7 text-cocoa-900">{settings.address}</dd>
              </div>
            ) : null}
            {settings.email ? (
              <div>
                <dt className="flex items-center gap-2 text-sm font-semibold text-crust-700">
                  <MailIcon className="size-5" />
                  {t.email}
                </dt>
                <dd className="ps-7">
                  <a
                    href={`mailto:${settings.email}`}
                    className="font-semibold text-cocoa-900 underline underline-offset-4 hover:text-crust-700"
                  >
                    <bdi>{settings.email}</bdi>
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
          <Link to="/branches" className="inline-block font-semibold text-crust-700 underline underline-offset-4">
            {t.branchesLink}
          </Link>
        </aside>
      </div>
    </main>
  );
}
