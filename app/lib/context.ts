/**
 * What the server hands to loaders and actions through React Router's context.
 * The server (server/main.ts) reaches these objects through the server build's entry module,
 * so both sides use the same context keys.
 */
import { createContext } from "react-router";
import type { Services } from "../../server/services/index.ts";

export interface RequestInfo {
  /** Per-request nonce for the Content-Security-Policy; every inline script carries it. */
  nonce: string;
  /** Absolute base URL of the site (PUBLIC_URL), for canonical links and structured data. */
  publicUrl: string;
}

export const servicesContext = createContext<Services>();
export const requestContext = createContext<RequestInfo>();
