import type { ReactNode } from "react";
import { heForms } from "../../../domain/i18n/forms.ts";
import { type PageHandle, sessionPage } from "../../../domain/page-policy.ts";
import { CONTACT_FIELDS, CONTACT_LIMITS } from "../../../domain/schemas/fields.ts";
import { EmailField, TextAreaField, TextField } from "../../components/forms/fields.tsx";
import { FormPageCard } from "../../components/forms/form-page.tsx";
import { MailIcon, MapPinIcon } from "../../components/ui/other-icons.tsx";
import { formPageLoader, publicFormAction } from "../../lib/forms.server.ts";
import { formResultOf, submitPublicForm } from "../../lib/forms.ts";
import { metaFromSeo } from "../../lib/seo.ts";
import type { Route } from "./+types/contact";

/** Rendered for each visitor: the form carries the visitor's XSRF token. */
export const handle = { page: sessionPage() } satisfies PageHandle;

const t = heForms.contact;

export async function loader({ context }: Route.LoaderArgs) {
  return formPageLoader(context, {
    t,
    path: "/contactUs",
    image: (services) => services.branches.list().then((branches) => branches[0]?.mainImage),
  });
}

export const meta = metaFromSeo(t.title);

/** Without JavaScript, and after the browser's check passes: the same service as POST /api/contact. */
export async function action(args: Route.ActionArgs) {
  return publicFormAction(
    args,
    CONTACT_FIELDS,
    (services, values) => services.contact.submit(values),
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
  const { result, field } = formResultOf(actionData, "contact");
  return (
    <FormPageCard
      id="contact"
      t={t}
      result={result}
      phone={settings.phone}
      warmUp={loadSchema}
      aside={
        <aside aria-labelledby="contact-details" className="space-y-4 rounded-2xl bg-cream-200 p-6 sm:p-8">
          <h2 id="contact-details" className="text-2xl font-bold text-cocoa-900">
            {t.detailsHeading}
          </h2>
          <dl className="space-y-4 text-lg">
            {settings.address ? (
              <ContactDetail icon={<MapPinIcon className="size-5" />} term={t.address}>
                <span className="text-cocoa-900">{settings.address}</span>
              </ContactDetail>
            ) : null}
            {settings.email ? (
              <ContactDetail icon={<MailIcon className="size-5" />} term={t.email}>
                <a
                  href={`mailto:${settings.email}`}
                  className="font-semibold text-cocoa-900 underline underline-offset-4 hover:text-crust-700"
                >
                  <bdi>{settings.email}</bdi>
                </a>
              </ContactDetail>
            ) : null}
          </dl>
          <a href="/branches" className="inline-block font-semibold text-crust-700 underline underline-offset-4">
            {t.branchesLink}
          </a>
        </aside>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            {...field("name")}
            label={t.fields.name}
            required
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
          />
        </div>
        <EmailField {...field("email")} label={t.fields.email} />
        <TextField
          {...field("phone")}
          type="tel"
          label={t.fields.phone}
          hint={t.phoneHint}
          required
          autoComplete="tel"
          inputMode="tel"
          dir="ltr"
          maxLength={CONTACT_LIMITS.phone}
        />
        <div className="sm:col-span-2">
          <TextAreaField {...field("message")} label={t.fields.message} required maxLength={CONTACT_LIMITS.message} />
        </div>
      </div>
    </FormPageCard>
  );
}

/** One of the contact details: its name with an icon, and its value below, in line with the name. */
function ContactDetail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-sm font-semibold text-crust-700">
        {icon}
        {term}
      </dt>
      <dd className="ps-7">{children}</dd>
    </div>
  );
}
