/**
 * Permission rules, CASL-style: a list of `{ action, subject }` per role (GET /api/abilities returns it).
 * `admin` may do everything; `editor` manages catalogue content (products, images, tags, sizes,
 * categories, branches, sales, publications) but not club members, contact requests, accounts or settings.
 */
import type { MiddlewareHandler } from "hono";
import type { SessionUser } from "../../app/lib/context.ts";
import { HttpError } from "../errors.ts";
import type { AuthEnv } from "./sessions.ts";

export type Action = "manage" | "read" | "create" | "update" | "delete";
export type Subject =
  | "all"
  | "Dashboard"
  | "Product"
  | "Image"
  | "Tag"
  | "Size"
  | "Category"
  | "Branch"
  | "Sale"
  | "Publication"
  | "Client"
  | "ContactRequest"
  | "User"
  | "Settings";

export interface Ability {
  action: Action;
  subject: Subject;
}

const CATALOGUE: Subject[] = ["Product", "Image", "Tag", "Size", "Category", "Branch", "Sale", "Publication"];

export const ROLE_ABILITIES: Record<SessionUser["role"], Ability[]> = {
  admin: [{ action: "manage", subject: "all" }],
  editor: [
    { action: "read", subject: "Dashboard" },
    ...CATALOGUE.map((subject) => ({ action: "manage" as const, subject })),
  ],
};

export function abilitiesFor(user: Pick<SessionUser, "role"> | null): Ability[] {
  return user ? ROLE_ABILITIES[user.role] : [];
}

/** True when one of the rules covers the action on the subject ("manage" covers every action, "all" every subject). */
export function can(abilities: Ability[], action: Action, subject: Subject): boolean {
  return abilities.some(
    (rule) =>
      (rule.action === "manage" || rule.action === action) && (rule.subject === "all" || rule.subject === subject),
  );
}

export const UNAUTHENTICATED_MESSAGE = "יש להתחבר כדי להמשיך";
export const FORBIDDEN_MESSAGE = "אין לך הרשאה לפעולה זו";

/** Hono guard: 401 without a signed-in session, 403 without the ability. */
export function requireAbility(action: Action, subject: Subject): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const user = c.get("auth")?.user ?? null;
    if (!user) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
    if (!can(abilitiesFor(user), action, subject)) throw new HttpError(403, FORBIDDEN_MESSAGE);
    return next();
  };
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
