import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { he } from "../../../domain/i18n/site.ts";
import { ErrorPage } from "./error-page.tsx";

/**
 * Error boundary for pages under the public layout: the header and footer stay, the page area shows
 * the Hebrew "not found" (status 404, e.g. a missing product or category id) or "something went wrong".
 */
export function SiteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const layout = useRouteLoaderData("routes/site/layout") as { settings?: { brandName?: string } } | undefined;
  // In the browser only: on the server, entry.server's handleError has logged the error already (and leaves
  // out an outage, logged once), while this copy arrives sanitised as "Unexpected Server Error".
  if (!notFound && typeof document !== "undefined") console.error(error);
  return (
    <ErrorPage
      title={notFound ? he.errors.notFoundTitle : he.errors.genericTitle}
      text={notFound ? he.errors.notFoundText : he.errors.genericText}
      brand={layout?.settings?.brandName}
    />
  );
}
