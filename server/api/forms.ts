/**
 * The public forms' JSON endpoints (spec §7): POST /api/contact and POST /api/client/create.
 * The pages post the same data through their route actions, which call the same services.
 * XSRF is checked before this router runs (server/auth/csrf.ts).
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { heApi } from "../../domain/i18n/api.ts";
import type { AppEnv } from "../app.ts";
import { clientAddress, type RateLimiter } from "../http/rate-limit.ts";
import { readBody } from "../http/validation.ts";
import type { Services } from "../services/index.ts";

/** A contact message is at most a few kilobytes; anything much larger is not a person typing. */
const MAX_BODY_BYTES = 32 * 1024;

/** Contact requests and club sign-ups share one per-address limit. */
export function createFormsRouter(services: Services, limiter: RateLimiter) {
  const api = new Hono<AppEnv>();
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: heApi.tooLarge }, 413),
  });

  api.post("/contact", limit, async (c) => {
    await limiter.enforce(c, "forms");
    const payload = await readBody(c);
    await services.contact.submit(payload);
    // The same answer whether the request was stored or caught by the honeypot.
    return c.json({ data: { received: true } }, 201);
  });

  api.post("/client/create", limit, async (c) => {
    await limiter.enforce(c, "forms");
    const payload = await readBody(c);
    // The spec's payload is the e-mail alone: the call is the consent, recorded as given through the API.
    await services.clients.join(payload, { source: "api", address: clientAddress(c, limiter.trustProxy) });
    // New member, existing member or honeypot: one answer, so the list of members cannot be probed.
    return c.json({ data: { subscribed: true } }, 200);
  });

  return api;
}
