import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { he } from "../domain/i18n/site.ts";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { ErrorPage } from "./components/site/error-page.tsx";
import { requestContext } from "./lib/context.ts";
import { islandLoaderUrl } from "./lib/islands.server.ts";
import { useDocumentHydrates } from "./lib/page-hydration.ts";

/**
 * The nonce and the island loader's address. Only these: public pages are the same for every visitor and may be cached, so nothing of the
 * visitor's (the XSRF token) belongs here. Pages with forms return their token from their own loader.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { nonce } = context.get(requestContext);
  return { nonce, islandLoader: islandLoaderUrl() };
}

export function Layout({ children }: { children: ReactNode }) {
  // Marks the document once React has hydrated it, i.e. once links and forms answer as in the app rather
  // than as plain HTML. Nothing styles it; the end-to-end tests wait for it (tests/support/browser.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="he" dir="rtl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fdf7ee" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* With a precedence React puts the stylesheet ahead of the script preloads: it blocks rendering, they do not. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <NoncedScripts />
      </body>
    </html>
  );
}

/**
 * A session page hydrates the whole document: React Router's scripts and scroll restoration. Any other page gets
 * the island loader alone (ADR 013). Both carry the CSP nonce the server put in the load context.
 */
function NoncedScripts() {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = root?.nonce;
  if (!useDocumentHydrates()) {
    return root?.islandLoader ? <script type="module" src={root.islandLoader} nonce={nonce} /> : null;
  }
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // In the browser only: on the server, entry.server's handleError has logged the error already (and leaves
  // out an outage, logged once), while this copy arrives sanitised as "Unexpected Server Error".
  if (!notFound && typeof document !== "undefined") console.error(error);
  return (
    <ErrorPage
      title={notFound ? he.errors.notFoundTitle : he.errors.genericTitle}
      text={notFound ? he.errors.notFoundText : he.errors.genericText}
    />
  );
}
