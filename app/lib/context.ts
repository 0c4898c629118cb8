/**
 * What the server hands to loaders and actions through React Router's context.
 * The server (server/main.ts) reaches these objects through the server build's entry module,
 * so both sides use the same context keys.
 */
import { createContext } from "react-router";
import type { SessionUser } from "../../domain/permissions.ts";
import type { Services } from "../../server/services/index.ts";

export interface RequestInfo {
  /** Per-request nonce for the Content-Security-Policy; every inline script carries it. */
  nonce: string;
  /** Absolute base URL of the site (PUBLIC_URL), for canonical links and structured data. */
  publicUrl: string;
  /**
   * The XSRF token bound to this visitor's session; forms that post without JavaScript carry it as `_token`.
   * Empty on public pages, which are rendered without a visitor (server/http/public-pages.ts).
   */
  csrfToken: string;
  /** Render the whole document before sending (pages for the page cache are read whole anyway). */
  wholeDocument?: boolean;
  /**
   * A document that will not hydrate (a public page's HTML): the loaders' data reaches React as objects whose
   * properties are not enumerable, kept out of React Router's hydration encoding
   * (server/http/document-loader-data.ts). Read loader data by name; never spread or enumerate it.
   */
  documentOnly?: boolean;
  /** The signed-in staff member, or null for visitors. */
  user: SessionUser | null;
  /**
   * The page's schema.org JSON-LD, filled by loaders through `addStructuredData` and written into the
   * document by entry.server.tsx. It stays out of the loader data: search engines read it from the
   * HTML, and carrying it again in the hydration data doubled it (10 KB of the home page's 21 KB).
   * Absent in `.data` requests' use (nothing reads it there).
   */
  structuredData?: unknown[];
  /** The client's address (server/http/rate-limit.ts `clientAddress`); empty on public pages. */
  clientAddress: string;
  /** Counts a submission of a public form from this client; throws a 429 error past the limit. */
  /** Counts a submission against the public forms' limit, or the pre-orders' (issue 28). */
  limitFormSubmission: (rule?: "forms" | "preorders") => Promise<void>;
  /**
   * Logs an error a loader or action threw (entry.server's `handleError`). The server leaves out faults
   * outside us, such as the database being down: those are logged once per outage, not once per page.
   */
  reportError?: (error: unknown) => void;
}

export const servicesContext = createContext<Services>();
/** The services loaders and actions reach through `servicesContext` (a type only: see the file's comment). */
export type { Services };
export const requestContext = createContext<RequestInfo>();
