import { PassThrough, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { requestContext } from "./lib/context.ts";
import { structuredDataScripts } from "./lib/structured-data.ts";

// Re-exported so the server entry (server/main.ts) can fill the same context keys.
export { requestContext, servicesContext } from "./lib/context.ts";

export const streamTimeout = 5_000;

/** Errors of loaders and actions go to the server's log (see RequestInfo.reportError), not the console. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const report = (context as RouterContextProvider).get(requestContext).reportError;
  if (report) report(error);
  else console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, wholeDocument, structuredData, reportError } = loadContext.get(requestContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    // So do pages rendered for the page cache.
    const readyOption =
      wholeDocument || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const scripts = structuredDataScripts(structuredData, nonce);
          const body = scripts ? insertBeforeHeadEnd(scripts) : new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) (reportError ?? console.error)(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

const HEAD_END = Buffer.from("</head>");

/**
 * A pass-through that writes `html` just before the document's `</head>` (the page's JSON-LD, which is
 * not part of what React renders or hydrates). React writes `</head>` whole within one chunk of the shell;
 * should it ever not, the scripts go at the end, where browsers and crawlers read them as well.
 */
function insertBeforeHeadEnd(html: string): Transform {
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!done) {
        const at = chunk.indexOf(HEAD_END);
        if (at !== -1) {
          done = true;
          callback(null, Buffer.concat([chunk.subarray(0, at), Buffer.from(html), chunk.subarray(at)]));
          return;
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      callback(null, done ? undefined : Buffer.from(html));
    },
  });
}
