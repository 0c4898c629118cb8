/**
 * The JSON API under /api: one router per resource, each thin (parse, call a service, shape).
 * Unknown paths answer 404, known paths with another method 405 (with Allow), always as JSON.
 */
import { type Context, Hono } from "hono";
import { heApi } from "../../domain/i18n/api.ts";
import type { AppEnv } from "../app.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import type { Logger } from "../log.ts";
import type { Services } from "../services/index.ts";
import { createAccountRouter } from "./account.ts";
import { createAdminApi } from "./admin/index.ts";
import { createCatalogueRouter } from "./catalogue.ts";
import { createContentRouter } from "./content.ts";
import { createFormsRouter } from "./forms.ts";
import { createPreordersRouter } from "./preorders.ts";

export interface ApiDeps {
  services: Services;
  limiter: RateLimiter;
  logger?: Logger;
}

/** Paths whose answers depend on the session: the account, the back office and club members. */
const PERSONAL_PATHS = /^\/api\/(user|abilities|admin|clients|upload|delete_image)(\/|$)/;

/** Turns a Hono route pattern (`/product/:id`) into a RegExp for the 405 check. */
function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  // Exact: `/admin/settings/` is not a route (Hono is strict about the trailing slash), so it is a 404.
  return new RegExp(`^${source}$`);
}

function allowedMethods(api: Hono<AppEnv>, path: string): string[] {
  const methods = new Set<string>();
  for (const route of api.routes) {
    if (route.method === "ALL") continue;
    if (patternToRegExp(route.path).test(path)) methods.add(route.method);
  }
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods];
}

export function createApiRouter(deps: ApiDeps) {
  const api = new Hono<AppEnv>();
  // The general ceiling per client address is app-wide (server/app.ts), pages included.

  // Answers that depend on who is signed in (personal data, staff screens) are never stored by a cache.
  api.use("*", async (c, next) => {
    await next();
    if (PERSONAL_PATHS.test(c.req.path)) c.header("Cache-Control", "no-store");
  });

  // Resource routers, each thin: parse, call a service, shape.
  api.route("/", createAccountRouter());
  api.route("/", createAdminApi(deps.services, { trustProxy: deps.limiter.trustProxy, logger: deps.logger }));
  api.route("/", createContentRouter(deps.services));
  api.route("/", createFormsRouter(deps.services, deps.limiter));
  api.route("/", createPreordersRouter(deps.services, deps.limiter));
  api.route("/", createCatalogueRouter(deps));

  api.all("*", (c: Context<AppEnv>) => {
    // Routes are registered relative to the /api mount point.
    const allowed = allowedMethods(api, c.req.path.replace(/^\/api(?=\/|$)/, ""));
    if (allowed.length) return c.json({ message: heApi.methodNotAllowed }, 405, { Allow: allowed.join(", ") });
    return c.json({ message: heApi.notFound }, 404);
  });
  return api;
}
