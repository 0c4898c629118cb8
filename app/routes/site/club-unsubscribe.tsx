/**
 * /club/unsubscribe?token=…: the unsubscribe link at the foot of every club e-mail (issue 29). Opening it only
 * shows the choice — leave the list, or leave and erase what the site holds under the address — and changes
 * nothing: mail scanners and link previews open every link in a message. The member's click (a POST with the
 * page's XSRF token, with or without JavaScript) does it (services/clients.ts `unsubscribe`). A mail provider's
 * RFC 8058 one-click POST to the same address is answered before the page, without a session
 * (server/http/one-click-unsubscribe.ts).
 *
 * The page never says whether the address is a member: any token of the right shape gets the same page and
 * the same answer after the click, whether it names a member, nobody, a forged or an already used link. A
 * missing or cut token answers 400 with a Hebrew page (nothing about anyone can be read from its shape).
 * Rendered for each request, never stored, the token never sent on in a Referer.
 */
import { data, Form } from "react-router";
import { heForms } from "../../../domain/i18n/forms.ts";
import { type PageHandle, sessionPage } from "../../../domain/page-policy.ts";
import { ThanksPanel } from "../../components/content/thanks.tsx";
import { CsrfField } from "../../components/ui/csrf-field.tsx";
import { MailIcon } from "../../components/ui/other-icons.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import type { Route } from "./+types/club-unsubscribe";

/** Rendered for each visitor and never cached: the page's buttons post with the visitor's XSRF token. */
export const handle = { page: sessionPage() } satisfies PageHandle;

const t = heForms.club.unsubscribe;
type Outcome = "choose" | "left" | "erased" | "invalid";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl, csrfToken } = context.get(requestContext);
  const token = new URL(request.url).searchParams.get("token");
  const settings = await services.settings.get();
  const seo = pageSeo(publicUrl, {
    title: t.title,
    description: t.description,
    path: "/club/unsubscribe",
    siteName: settings.brandName,
    noindex: true,
  });
  const valid = services.clients.isUnsubscribeToken(token);
  const outcome: Outcome = valid ? "choose" : "invalid";
  return data(
    { outcome, token: valid ? token : null, brand: settings.brandName, csrfToken, seo },
    { status: valid ? 200 : 400 },
  );
}

/** A button: the token comes in the form (and, without JavaScript, also in the address it posts to). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "") || new URL(request.url).searchParams.get("token");
  const clients = context.get(servicesContext).clients;
  if (!clients.isUnsubscribeToken(token)) return data({ outcome: "invalid" as Outcome }, { status: 400 });
  // Leaving is the lesser of the two: anything but an explicit "erase" only leaves the list.
  const intent = form.get("intent") === "erase" ? "erase" : "leave";
  await clients.unsubscribe(token, intent);
  return data({ outcome: (intent === "erase" ? "erased" : "left") as Outcome });
}

/**
 * The answer depends on the link's token: never kept by a cache, and the token never leaves for another site in a
 * Referer (`same-origin`: with `no-referrer` the no-JavaScript form post would carry `Origin: null`, refused).
 */
export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

export const meta = metaFromSeo(t.title);

/** One of the page's two buttons: the same form, a different intent. */
function ChoiceForm({
  token,
  intent,
  label,
  primary,
}: {
  token: string;
  intent: string;
  label: string;
  primary: boolean;
}) {
  return (
    <Form method="post">
      <CsrfField />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        className={
          primary
            ? "rounded-full bg-berry-700 px-8 py-3 text-lg font-semibold text-white shadow hover:bg-berry-600"
            : "rounded-full border-2 border-berry-700 bg-white px-6 py-2.5 font-semibold text-berry-700 hover:bg-cream-50"
        }
      >
        {label}
      </button>
    </Form>
  );
}

export default function ClubUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? loaderData.outcome;
  if (outcome === "choose" && loaderData.token) {
    return (
      <main id="main" tabIndex={-1} className="outline-none">
        <div className="mx-auto flex min-h-[55vh] max-w-2xl flex-col items-center justify-center px-6 py-16 text-center">
          <MailIcon className="size-20 text-olive-700" />
          <h1 className="mt-4 text-4xl font-extrabold text-cocoa-900">{t.heading}</h1>
          <p className="mt-3 text-xl text-cocoa-800">{t.intro(loaderData.brand)}</p>
          <div className="mt-8">
            <ChoiceForm token={loaderData.token} intent="leave" label={t.leaveButton} primary />
          </div>
          <section
            aria-labelledby="erase-heading"
            className="mt-12 w-full rounded-2xl bg-cream-200 p-6 text-start sm:p-8"
          >
            <h2 id="erase-heading" className="text-2xl font-bold text-cocoa-900">
              {t.eraseHeading}
            </h2>
            <p className="mt-2 mb-5 text-lg text-cocoa-900">{t.eraseText}</p>
            <ChoiceForm token={loaderData.token} intent="erase" label={t.eraseButton} primary={false} />
          </section>
        </div>
      </main>
    );
  }
  if (outcome === "left" || outcome === "erased") {
    return (
      <ThanksPanel
        heading={outcome === "erased" ? t.erasedHeading : t.leftHeading}
        text={outcome === "erased" ? t.erasedText : t.leftText}
        links={[{ to: "/", label: t.toHome }]}
      />
    );
  }
  return (
    <ThanksPanel
      problem
      heading={t.invalidHeading}
      text={t.invalidText}
      links={[
        { to: "/contactUs", label: t.toContact },
        { to: "/", label: t.toHome },
      ]}
    />
  );
}
