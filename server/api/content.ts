/**
 * Public content (spec §7): branches, sales and publications. Bodies are `{ data: … }`;
 * only published rows are visible, and a missing or unpublished id is a 404.
 */
import { Hono } from "hono";
import { jerusalemDate } from "../../domain/hours/time.ts";
import { hoursQuerySchema } from "../../domain/schemas/hours-query.ts";
import type { AppEnv } from "../app.ts";
import { NotFoundError } from "../errors.ts";
import { parseWith } from "../http/validation.ts";
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
  // The branch's calendar in Jerusalem time: per day the Gregorian and Hebrew date, the holiday or parasha
  // and the intervals (empty: closed). Bad `from`/`days` → 422 with Hebrew messages per field.
  api.get("/branches/:id/hours", async (c) => {
    const id = idParam(c.req.param("id"));
    const query = parseWith(hoursQuerySchema, { from: c.req.query("from"), days: c.req.query("days") });
    const now = new Date();
    const from = query.from ?? jerusalemDate(now);
    const [branch, days] = await Promise.all([
      services.branches.get(id, { now }),
      services.branches.hours(id, from, query.days ?? 7),
    ]);
    if (!branch || !days) throw new NotFoundError();
    return c.json({
      data: {
        branch_id: id,
        time_zone: "Asia/Jerusalem",
        from,
        open_now: branch.open_now,
        status: branch.status,
        days,
      },
    });
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
