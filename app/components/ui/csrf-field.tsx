import { useRouteLoaderData } from "react-router";

/** Hidden XSRF token for forms that must also work without JavaScript (the server accepts `_token`). */
export function CsrfField() {
  const data = useRouteLoaderData("root") as { csrfToken?: string } | undefined;
  return <input type="hidden" name="_token" value={data?.csrfToken ?? ""} />;
}
