/**
 * Staff login (spec §2 /login, §3 Login, §4, §5): e-mail and password required, "remember me".
 * With JavaScript the form posts JSON through the admin API client; without it, an ordinary form
 * post to the same endpoint (the server redirects back here with ?error=… on failure). A locked account's
 * unlock link lands here too (`?unlock=…`, then `?unlocked=1` or `?unlock_error=…`).
 */
import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { firstMessages, toFieldErrors } from "../../domain/field-errors.ts";
import { heForms } from "../../domain/i18n/forms.ts";
import { type PageHandle, sessionPage } from "../../domain/page-policy.ts";
import { loginMessages, loginSchema } from "../../domain/schemas/login.ts";
import { LogoMark } from "../components/site/logo.tsx";
import { CsrfField } from "../components/ui/csrf-field.tsx";
import { ApiError, apiJson } from "../lib/api-client.ts";
import { requestContext, servicesContext } from "../lib/context.ts";
import { brandFromMatches, pageTitle } from "../lib/meta.ts";
import { setLoggedIn } from "../lib/session-flag.ts";
import type { Route } from "./+types/login";

/** Rendered for each visitor: the form carries the visitor's XSRF token. */
export const handle = { page: sessionPage() } satisfies PageHandle;

/**
 * The form's XSRF token (CsrfField); the request carried the session, so this also sets its cookies. With
 * `?unlock=<token>` (the link e-mailed to a locked account, server/services/login-unlocks.ts): whether the link
 * works, for the panel whose button opens the account in this browser (POST /login/unlock). Opening the link
 * changes nothing: mail scanners open every link in a message.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("unlock");
  const unlock = token === null ? null : await context.get(servicesContext).loginUnlocks.check(token);
  return { csrfToken: context.get(requestContext).csrfToken, unlock, unlockToken: unlock ? token : null };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(heForms.login.title, brandFromMatches(matches)) }, { name: "robots", content: "noindex" }];
}

type Errors = Partial<Record<"email" | "password" | "form", string>>;

const u = heForms.login.unlock;

export default function Login({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const serverError = params.get("error");
  const unlockError = params.get("unlock_error");
  const unlockStatus =
    loaderData.unlock?.status === "invalid" || unlockError === "invalid"
      ? u.invalid
      : loaderData.unlock?.status === "expired" || unlockError === "expired"
        ? u.expired
        : null;
  const [errors, setErrors] = useState<Errors>(
    serverError
      ? { form: serverError === "credentials" ? loginMessages.failed : loginMessages.emailRequired }
      : unlockStatus
        ? { form: unlockStatus }
        : {},
  );
  const [loading, setLoading] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const form = new FormData(event.currentTarget);
    const parsed = loginSchema.safeParse({
      email: form.get("email"),
      password: form.get("password"),
      remember: form.get("remember") === "on",
    });
    if (!parsed.success) {
      setErrors(firstMessages(toFieldErrors(parsed.error)));
      return;
    }
    setErrors({});
    setLoading(true);
    try {
      const body = await apiJson<{ data: { name: string; email: string } }>("/login", {
        method: "POST",
        json: parsed.data,
      });
      setLoggedIn(body.data);
      navigate("/admin/panel");
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(firstMessages(error.fieldErrors));
      } else if (error instanceof ApiError && error.status === 429) {
        setErrors({ form: error.body?.message ?? loginMessages.tooMany });
      } else {
        setErrors({ form: heForms.login.failedGeneric });
      }
    } finally {
      setLoading(false);
    }
  }

  return (
    <main id="main" className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center px-6 py-12">
      <div className="rounded-2xl bg-cream-50 p-8 shadow-sm ring-1 ring-cream-300">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <LogoMark className="size-14" />
          <h1 className="text-2xl font-bold text-cocoa-900">{heForms.login.heading}</h1>
          <p className="text-cocoa-800">{heForms.login.intro}</p>
        </div>
        {loaderData.unlock?.status === "valid" ? (
          <UnlockPanel email={loaderData.unlock.email} token={loaderData.unlockToken ?? ""} />
        ) : null}
        {params.get("unlocked") === "1" ? (
          <p role="status" className="mb-5 rounded-lg bg-olive-700/10 px-4 py-3 font-medium text-olive-700">
            {u.done}
          </p>
        ) : null}
        <form method="post" action="/login" noValidate onSubmit={onSubmit} className="space-y-5">
          <CsrfField />
          {errors.form ? (
            <p role="alert" className="rounded-lg bg-berry-700/10 px-4 py-3 font-medium text-berry-700">
              {errors.form}
            </p>
          ) : null}
          <Field id="email" label={heForms.login.email} type="email" autoComplete="username" error={errors.email} />
          <Field
            id="password"
            label={heForms.login.password}
            type="password"
            autoComplete="current-password"
            error={errors.password}
          />
          <label className="flex items-center gap-2 text-cocoa-900">
            <input type="checkbox" name="remember" className="size-5 accent-crust-700" />
            {heForms.login.remember}
          </label>
          <button
            type="submit"
            disabled={loading}
            aria-disabled={loading}
            className="w-full rounded-full bg-crust-700 px-6 py-3 text-lg font-semibold text-white hover:bg-crust-600 disabled:opacity-70"
          >
            {loading ? heForms.login.busy : heForms.login.submit}
          </button>
        </form>
      </div>
    </main>
  );
}

/** A working unlock link: what it does, and the button (an ordinary form post, with or without JavaScript). */
function UnlockPanel({ email, token }: { email: string; token: string }) {
  return (
    <section aria-labelledby="unlock-heading" className="mb-6 rounded-xl bg-white p-5 ring-1 ring-cream-300">
      <h2 id="unlock-heading" className="text-lg font-bold text-cocoa-900">
        {u.heading}
      </h2>
      <p className="mt-2 text-cocoa-800">
        {u.intro}{" "}
        <bdi dir="ltr" className="font-semibold">
          {email}
        </bdi>
        .
      </p>
      <p className="mt-2 text-cocoa-800">{u.explain}</p>
      <form method="post" action="/login/unlock" className="mt-4">
        <CsrfField />
        <input type="hidden" name="token" value={token} />
        <button
          type="submit"
          className="w-full rounded-full bg-berry-700 px-6 py-3 text-lg font-semibold text-white hover:bg-berry-600"
        >
          {u.button}
        </button>
      </form>
    </section>
  );
}

function Field(props: { id: string; label: string; type: string; autoComplete: string; error?: string }) {
  const errorId = `${props.id}-error`;
  return (
    <div>
      <label htmlFor={props.id} className="mb-1 block font-medium text-cocoa-900">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.id}
        type={props.type}
        dir="ltr"
        required
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className="w-full rounded-lg border border-cocoa-800/40 bg-white px-4 py-2.5 text-start text-cocoa-900 aria-[invalid=true]:border-berry-700"
      />
      {props.error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-berry-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
