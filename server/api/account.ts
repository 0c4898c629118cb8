/** The signed-in user and their permission rules (spec §7: called once at start-up of the admin app). */
import { Hono } from "hono";
import { heApi } from "../../domain/i18n/api.ts";
import { abilitiesFor } from "../../domain/permissions.ts";
import type { AppEnv } from "../app.ts";
import { HttpError } from "../errors.ts";

export function createAccountRouter() {
  const router = new Hono<AppEnv>();

  router.get("/user", (c) => {
    const user = c.get("auth").user;
    if (!user) throw new HttpError(401, heApi.unauthenticated);
    return c.json({ data: { name: user.name, email: user.email, role: user.role } });
  });

  // Visitors get an empty rule list rather than an error: there is simply nothing they may do.
  router.get("/abilities", (c) => c.json({ data: abilitiesFor(c.get("auth").user) }));

  return router;
}
