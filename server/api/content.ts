/**
 * Public content (spec §7): branches, sales and publications. Bodies are `{ data: … }`;
 * only published rows are visible, and a missing or unpublished id is a 404.
 */
import { Hono } from "hono";
import type { AppEnv } from "../app.ts";
import { NotFoundError } from "../errors.ts";
import type { Services } from "../services/index.ts";
import { idParam } from "./params.ts";

export function createContentRouter(services: Services) {
  const api = new Hono<AppEnv>();

  api.get("/branches", async (c) => c.json({ data: await services.branches.list() }));
  api.get("/branches/:id", async (c) => {
    const branch = await services.branches.get(idParam(c.req.param("id")));
    if (!branch) throw new NotFoundError();
    return c.json({ data: branch });
  });

  for (const [path, posts] of [
    ["sale", services.sales],
    ["publication", services.publications],
  ] as const) {
    api.get(`/${path}`, async (c) => c.json({ data: await posts.list() }));
    // The spec's paths end with a slash; both spellings answer.
    api.get(`/${path}-home`, async (c) => c.json({ data: await posts.home() }));
    api.get(`/${path}-home/`, async (c) => c.json({ data: await posts.home() }));
    api.get(`/${path}/:id`, async (c) => {
      const post = await posts.get(idParam(c.req.param("id")));
      if (!post) throw new NotFoundError();
      return c.json({ data: post });
    });
  }

  return api;
}
