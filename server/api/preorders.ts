/**
 * The pre-orders' JSON endpoints (issue 28), over the same service as the order page:
 *   GET  /api/preorders/branches              branches taking pre-orders
 *   GET  /api/preorders/slots?branch=<id>      that branch's pickup days and slots, with what each still takes
 *   POST /api/preorders                        an order (the page's fields: items, branch, slot, name, phone, email,
 *                                              note, consent, key) → 201 { data: { id, link } }; 422 field errors,
 *                                              409 a slot or a product's day that filled meanwhile
 * Availability is read for every request (`no-store`), never from a cached page. XSRF is checked before this
 * router runs (server/auth/csrf.ts); orders count against the pre-orders' per-address limit (RATE_RULES.preorders).
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { heApi } from "../../domain/i18n/api.ts";
import { hePreorders } from "../../domain/i18n/preorders.ts";
import type { AppEnv } from "../app.ts";
import { NotFoundError } from "../errors.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { readBody } from "../http/validation.ts";
import type { Services } from "../services/index.ts";

const MAX_BODY_BYTES = 16 * 1024;

export function createPreordersRouter(services: Services, limiter: RateLimiter) {
  const api = new Hono<AppEnv>();
  const limit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: heApi.tooLarge }, 413) });

  api.get("/preorders/branches", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ data: await services.preorders.branches() });
  });

  api.get("/preorders/slots", async (c) => {
    c.header("Cache-Control", "no-store");
    const branch = c.req.query("branch") ?? "";
    const found = /^[1-9]\d{0,8}$/.test(branch) ? await services.preorders.availability(Number(branch)) : null;
    if (!found) throw new NotFoundError(hePreorders.errors.branchUnknown);
    return c.json({ data: { branch: found.branch, days: found.days } });
  });

  api.post("/preorders", limit, async (c) => {
    c.header("Cache-Control", "no-store");
    await limiter.enforce(c, "preorders");
    const placed = await services.preorders.place(await readBody(c));
    return c.json(
      { data: { id: placed.id, link: `/order/${placed.id}?t=${placed.token}` } },
      placed.replay ? 200 : 201,
    );
  });

  return api;
}
