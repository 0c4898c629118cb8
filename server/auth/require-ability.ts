/** The JSON API's guard over the shared permission table (domain/permissions.ts). */
import type { MiddlewareHandler } from "hono";
import { heApi } from "../../domain/i18n/api.ts";
import { type Ability, type Action, abilitiesFor, can, type Subject } from "../../domain/permissions.ts";
import { HttpError } from "../errors.ts";
import type { AuthEnv } from "./sessions.ts";

/** A guard that says what it guards, so the route table can be read back (the attack suite's authz matrix). */
export type AbilityGuard = MiddlewareHandler<AuthEnv> & { readonly ability: Ability };

/** Hono guard: 401 without a signed-in session, 403 without the ability. */
export function requireAbility(action: Action, subject: Subject): AbilityGuard {
  const guard: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const user = c.get("auth")?.user ?? null;
    if (!user) throw new HttpError(401, heApi.unauthenticated);
    if (!can(abilitiesFor(user), action, subject)) throw new HttpError(403, heApi.forbidden);
    c.set("ability", { action, subject });
    return next();
  };
  return Object.assign(guard, { ability: { action, subject } });
}

/** The ability a route handler guards, if it is a `requireAbility` guard. */
export function abilityOf(handler: unknown): Ability | undefined {
  return typeof handler === "function" && "ability" in handler ? (handler as AbilityGuard).ability : undefined;
}

/** The action a request method stands for, for routers that guard a whole resource at once. */
export function actionForMethod(method: string): Action {
  switch (method.toUpperCase()) {
    case "GET":
    case "HEAD":
      return "read";
    case "POST":
      return "create";
    case "PUT":
    case "PATCH":
      return "update";
    case "DELETE":
      return "delete";
    default:
      return "manage";
  }
}

/** Guards every route of a router by the request method's action on one subject. */
export function requireAbilityByMethod(subject: Subject): MiddlewareHandler<AuthEnv> {
  return async (c, next) => requireAbility(actionForMethod(c.req.method), subject)(c, next);
}
