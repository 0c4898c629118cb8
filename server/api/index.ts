/** The JSON API under /api: one router per resource, each thin (parse, call a service, shape). */
import { Hono } from "hono";
import { he } from "../../app/lib/i18n/he.ts";
import type { AppEnv } from "../app.ts";
import type { Services } from "../services/index.ts";
import { createContentRouter } from "./content.ts";
import { createFormsRouter } from "./forms.ts";

export function createApiRouter(services: Services) {
  const api = new Hono<AppEnv>();
  api.route("/", createContentRouter(services));
  api.route("/", createFormsRouter(services));
  api.all("*", (c) => c.json({ message: he.api.notFound }, 404));
  return api;
}
