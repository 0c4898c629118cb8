import { PassThrough, Transform, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { hydratesDocument } from "../domain/page-policy.ts";
import { requestContext } from "./lib/context.ts";
import { renderWholeAtOnce } from "./lib/render-whole.server.ts";
import { speculationRulesScript } from "./lib/speculation-rules.server.ts";
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
  // Only session pages hydrate the document; the others are HTML with islands (ADR 013), which navigate by page
  // loads: the browser prefetches likely next pages.
  const hydrates = hydratesDocument(
    routerContext.staticHandlerContext.matches.map((match) => routerContext.routeModules[match.route.id]?.handle),
  );
  const context = hydrates ? routerContext : withoutHydrationData(routerContext);
  const speculation = hydrates ? "" : speculationRulesScript(routerContext, nonce);
  if (wholeDocument && !hydrates) {
    const whole = renderWholeAtOnce(<ServerRouter context={context} url={request.url} nonce={nonce} />);
    if (whole !== null) {
      const scripts = speculation + structuredDataScripts(structuredData, nonce);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      const bytes = Buffer.from(`<!DOCTYPE html>${scripts ? insertBeforeHeadEndInString(whole, scripts) : whole}`);
      return Promise.resolve(
        new Response(bytes as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status: responseStatusCode }),
      );
    }
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    // So do pages rendered for the page cache.
    const readyOption =
      wholeDocument || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={context} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const scripts = speculation + structuredDataScripts(structuredData, nonce);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        if (wholeDocument) {
          // Public pages (server/http/public-pages.ts) read the whole document before sending it: collected
          // straight into bytes, without a stream pipeline, a web stream and a read of it — a fifth of an
          // uncached render's time went there.
          pipe(
            collect((html) => {
              const bytes = (
                scripts ? Buffer.from(insertBeforeHeadEndInString(html.toString(), scripts)) : html
              ) as Uint8Array<ArrayBuffer>;
              resolve(new Response(bytes, { headers: responseHeaders, status: responseStatusCode }));
            }, reject),
          );
          return;
        }
        const body = scripts ? insertBeforeHeadEnd(scripts) : new PassThrough();
        const stream = createReadableStreamFromReadable(body);
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
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** `html` with `inserted` just before its `</head>` (at the end should there be none). */
function insertBeforeHeadEndInString(html: string, inserted: string): string {
  const at = html.indexOf("</head>");
  return at === -1 ? html + inserted : html.slice(0, at) + inserted + html.slice(at);
}

/**
 * A page that does not hydrate the whole document carries no hydration data: React Router's encoding of the
 * loaders' data is left out of the page. (It encoded next to nothing: the loaders' data of such a document is not
 * enumerable, server/http/document-loader-data.ts. Cancelling the finished stream would only make React Router's
 * encoder throw on its next write.)
 */
function withoutHydrationData(context: EntryContext): EntryContext {
  return { ...context, serverHandoffStream: undefined };
}

const HEAD_END = Buffer.from("</head>");

/** A destination for React's `pipe` that keeps every chunk and hands over the whole document at its end. */
function collect(done: (html: Buffer) => void, fail: (error: unknown) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      done(Buffer.concat(chunks));
      callback();
    },
  }).on("error", fail);
}

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
