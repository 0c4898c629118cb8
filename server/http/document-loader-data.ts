/**
 * The loaders' data of a document that does not hydrate, kept out of React Router's hydration encoding.
 *
 * React Router encodes every document's loader data for the browser (turbo-stream) before it calls the entry's
 * `handleRequest`, in the encoder stream's constructor, so entry.server.tsx — which leaves the encoding out of
 * public pages (ADR 013) — could only throw finished work away: 7 % of an uncached home page's CPU, and its
 * garbage. For a document rendered without hydration (`documentOnly` in the request context: a public page's HTML,
 * not its `.data`), each route's loader data is handed to React Router as an object whose properties are not
 * enumerable: the components, `meta` and `useRouteLoaderData` read them by name exactly as before, while the
 * encoder, which walks `Object.keys`, sees `{}`. Session pages (which hydrate) and `.data` answers get their data
 * as it was.
 */
import type { RouterContextProvider, ServerBuild } from "react-router";
import type { EntryWithContexts } from "./public-render.ts";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
type Loader = NonNullable<RouteModule["loader"]>;

/** `data` with the same properties, none of them enumerable (so encoders see an empty object); others as they are. */
export function unenumerable<T>(data: T): T {
  if (data === null || typeof data !== "object" || Object.getPrototypeOf(data) !== Object.prototype) return data;
  const hidden = {};
  for (const key of Object.keys(data))
    Object.defineProperty(hidden, key, { value: (data as Record<string, unknown>)[key], enumerable: false });
  return hidden as T;
}

/** Whether the request renders a document that will not hydrate (see the file's comment). */
function documentOnly(context: unknown, entry: EntryWithContexts): boolean {
  try {
    const info = (context as RouterContextProvider).get(entry.requestContext) as { documentOnly?: boolean } | undefined;
    return info?.documentOnly === true;
  } catch {
    // A context without the request's information (none of this server's renders): keep the data.
    return false;
  }
}

/** The build with each route's loader handing over unenumerable data when the document will not hydrate. */
export function withDocumentOnlyLoaderData(build: ServerBuild, entry: EntryWithContexts): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route?.module.loader;
    if (!route || !loader) {
      routes[id] = route;
      continue;
    }
    const wrapped: Loader = async (args) => {
      const data = await loader(args);
      return documentOnly(args.context, entry) ? unenumerable(data) : data;
    };
    routes[id] = { ...route, module: { ...route.module, loader: wrapped } };
  }
  return { ...build, routes };
}
