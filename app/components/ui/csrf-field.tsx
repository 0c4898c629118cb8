import { useLoaderData } from "react-router";

/**
 * Hidden XSRF token for forms that must also work without JavaScript (the server accepts `_token`).
 * The token comes from the loader of the page the form is on (login, contact, club): those pages are
 * rendered with the visitor's session, unlike the cacheable public pages (server/http/public-pages.ts).
 */
export function CsrfField() {
  const data = useLoaderData() as { csrfToken?: string } | undefined;
  return <input type="hidden" name="_token" value={data?.csrfToken ?? ""} />;
}
