import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

/**
 * A document read whole that the browser will not hydrate, rendered in one synchronous pass into one string
 * (`renderToString`): such a page streams nothing and waits for nothing — its loaders' data is all there before
 * React runs, and nothing on a public page suspends on the server — so React's streaming renderer only added
 * cost, encoding each chunk to bytes and passing it through a stream (a fifth of the time of an uncached render
 * of a product page, measured A/B with `wrk`; docs/performance.md). Should a component ever suspend all the same,
 * this renderer would only give its fallback: null then, and the page is rendered by the streaming renderer,
 * which waits for it.
 */
export function renderWholeAtOnce(document: ReactElement): string | null {
  let html: string;
  try {
    html = renderToString(document);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("A component suspended")) return null;
    throw error;
  }
  // React's mark of a Suspense boundary left to the browser to render (`<!--$!-->`).
  return html.includes("<!--$!-->") ? null : html;
}
