/**
 * The public forms' JSON endpoints (spec §7): POST /api/contact and POST /api/client/create.
 * The pages post the same data through their route actions, which call the same services.
 * XSRF is checked before this router runs (server/auth/csrf.ts).
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { he } from "../../app/lib/i18n/he.ts";
import type { AppEnv } from "../app.ts";
import { readBody } from "../http/validation.ts";
import type { Services } from "../services/index.ts";

/** A contact message is at most a few kilobytes; anything much larger is not a person typing. */
const MAX_BODY_BYTES = 32 * 1024;

export function createFormsRouter(services: Services) {
  const api = new Hono<AppEnv>();
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: he.api.tooLarge }, 413),
  });

  api.post("/contact", limit, async (c) => {
    // RATE-LIMIT: per-address limit for the public forms goes here: `await limiter.enforce(c, "forms")` (server/http/rate-limit.ts).
    const payload = await readBody(c);
    await services.contact.submit(payload);
    // The same answer whether the request was stored or caught by the honeypot.
    return c.json({ data: { received: true } }, 201);
  });

  api.post("/client/create", limit, async (c) => {
    // RATE-LIMIT: the same "forms" limit (contact and club sign-ups share it): `await limiter.enforce(c, "forms")`.
    const payload = await readBody(c);
    await services.clients.join(payload, "site");
    // New member, existing member or honeypot: one answer, so the list of members cannot be probed.
    return c.json({ data: { subscribed: true } }, 200);
  });

  return api;
}
