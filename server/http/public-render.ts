/**
 * One render of a public page, the same on the server's thread and in a render worker (render-pool.ts): the load
 * context of a page rendered for nobody (no user, no XSRF token, no client address) and the rendered answer read
 * whole. The address comes from PUBLIC_URL, never from the Host header: the result is shared by everyone.
 */
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { Services } from "../services/index.ts";
import type { RenderedPage } from "./page-cache.ts";

/** The server build's entry module re-exports the context keys (see app/entry.server.tsx). */
export interface EntryWithContexts {
  servicesContext: Parameters<RouterContextProvider["set"]>[0];
  requestContext: Parameters<RouterContextProvider["set"]>[0];
}

export function entryOf(build: ServerBuild): EntryWithContexts {
  return build.entry.module as unknown as EntryWithContexts;
}

/** A load context for a render without a visitor. */
export function publicContext(
  entry: EntryWithContexts,
  services: Services,
  page: {
    nonce: string;
    wholeDocument: boolean;
    /** The address rendered: a page's document, or its `.data`. */
    path: string;
    publicUrl: string;
    reportError: (error: unknown) => void;
  },
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(entry.servicesContext, services);
  context.set(entry.requestContext, {
    nonce: page.nonce,
    publicUrl: page.publicUrl,
    csrfToken: "",
    user: null,
    wholeDocument: page.wholeDocument,
    // Public pages do not hydrate (ADR 013): their document needs no loader data encoded for the browser
    // (document-loader-data.ts); their `.data` answer is that encoding.
    documentOnly: !isDataRequest(page.path),
    structuredData: [],
    clientAddress: "",
    limitFormSubmission: () => Promise.reject(new Error("public pages take no form submissions")),
    reportError: page.reportError,
  });
  return context;
}

/** Whether an address (a path, with or without its query) asks for a page's `.data` (React Router's single fetch). */
export function isDataRequest(address: string): boolean {
  const q = address.indexOf("?");
  return (q === -1 ? address : address.slice(0, q)).endsWith(".data");
}

/** Headers of the rendered page that travel with it (the rest are ours or per response). */
const DROPPED_HEADERS = new Set(["set-cookie", "content-length", "content-encoding", "vary", "etag", "date"]);

export async function readRendered(response: Response, nonce: string): Promise<RenderedPage> {
  const body = new Uint8Array(await response.arrayBuffer());
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!DROPPED_HEADERS.has(name)) headers.push([name, value]);
  });
  return { status: response.status, headers, body, nonce };
}
