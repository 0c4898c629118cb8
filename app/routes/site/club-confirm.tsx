/**
 * /club/confirm?token=…: the link of the club's confirmation e-mail (double opt-in). Opening the link only
 * checks it and shows a button; the member's click on that button (a POST, with or without JavaScript)
 * confirms (services/clients.ts `check` / `confirm`). Mail scanners and link previews open every link in a
 * message, so a GET that confirmed would confirm addresses nobody confirmed. A link that is malformed,
 * unknown or already used answers 400, an expired one 410, each with a Hebrew page that says what to do.
 * Rendered for each request, never stored.
 */
import { data, Form } from "react-router";
import { heForms } from "../../../domain/i18n/forms.ts";
import { type PageHandle, sessionPage } from "../../../domain/page-policy.ts";
import { ThanksPanel } from "../../components/content/thanks.tsx";
import { CsrfField } from "../../components/ui/csrf-field.tsx";
import { MailIcon } from "../../components/ui/other-icons.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import type { Route } from "./+types/club-confirm";

/** Rendered for each visitor and never cached: the confirmation link writes (it confirms a member). */
export const handle = { page: sessionPage() } satisfies PageHandle;

const t = heForms.club.confirm;
type Outcome = "valid" | "confirmed" | "invalid" | "expired";

const statusOf = (outcome: Outcome) => (outcome === "invalid" ? 400 : outcome === "expired" ? 410 : 200);

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl, csrfToken } = context.get(requestContext);
  const token = new URL(request.url).searchParams.get("token");
  const [result, settings] = await Promise.all([services.clients.check(token), services.settings.get()]);
  const seo = pageSeo(publicUrl, {
    title: t.title,
    description: t.description,
    path: "/club/confirm",
    siteName: settings.brandName,
    noindex: true,
  });
  const email = result.status === "valid" ? result.email : null;
  return data({ outcome: result.status as Outcome, email, token, csrfToken, seo }, { status: statusOf(result.status) });
}

/** The button: the token comes in the form (and, without JavaScript, also in the address it posts to). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "") || new URL(request.url).searchParams.get("token");
  const result = await context.get(servicesContext).clients.confirm(token);
  const email = result.status === "confirmed" ? result.email : null;
  return data({ outcome: result.status as Outcome, email }, { status: statusOf(result.status) });
}

/**
 * The answer depends on a one-time token: never kept by a cache, and the token never leaves for another site in a
 * Referer. `same-origin`, not `no-referrer`: with the latter Chromium posts the button's form (without JavaScript)
 * with `Origin: null`, which React Router refuses as a cross-site action (400).
 */
export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

export const meta = metaFromSeo(t.title);

/** The member's address, isolated left-to-right inside the Hebrew sentence. */
const Address = ({ email }: { email: string | null }) => (
  <bdi dir="ltr" className="font-semibold">
    {email}
  </bdi>
);

export default function ClubConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { outcome, email } = actionData ?? loaderData;
  if (outcome === "valid") {
    return (
      <main id="main" tabIndex={-1} className="outline-none">
        <div className="mx-auto flex min-h-[55vh] max-w-2xl flex-col items-center justify-center px-6 py-16 text-center">
          <MailIcon className="size-20 text-olive-700" />
          <h1 className="mt-4 text-4xl font-extrabold text-cocoa-900">{t.pendingHeading}</h1>
          <p className="mt-3 text-xl text-cocoa-800">
            {t.pendingBefore} <Address email={email} /> {t.pendingAfter}
          </p>
          <Form method="post" className="mt-8">
            <CsrfField />
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <button
              type="submit"
              className="rounded-full bg-berry-700 px-8 py-3 text-lg font-semibold text-white shadow hover:bg-berry-600"
            >
              {t.confirmButton}
            </button>
          </Form>
        </div>
      </main>
    );
  }
  if (outcome === "confirmed") {
    return (
      <ThanksPanel
        heading={t.confirmedHeading}
        text={
          <>
            {t.confirmedBefore} <Address email={email} /> {t.confirmedAfter}
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
