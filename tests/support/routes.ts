/**
 * The routes of the running app, read back from its routers — so the attack suite's matrices cover every
 * route there is and cannot drift from a hand-written list: Hono's route table (`app.routes`, the API and
 * login/logout, each with the ability its `requireAbility` guard names) plus the page routes of
 * app/routes.ts whose module exports an `action` (the no-JavaScript forms).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import routeConfig from "../../app/routes.ts";
import type { Ability } from "../../domain/permissions.ts";
import { abilityOf } from "../../server/auth/require-ability.ts";

export const UNSAFE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

export interface AppRoute {
  method: string;
  /** Hono's pattern, e.g. `/api/admin/products/:id`. */
  pattern: string;
  /** What `requireAbility` demands; absent on routes without a guard. */
  ability?: Ability;
}

/** Every method + path of the Hono app (middleware entries left out), with its guard's ability. */
export function appRoutes(app: Pick<Hono, "routes">): AppRoute[] {
  const byKey = new Map<string, AppRoute>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    const key = `${route.method} ${route.path}`;
    const entry = byKey.get(key) ?? { method: route.method, pattern: route.path };
    const ability = abilityOf(route.handler);
    if (ability) entry.ability = ability;
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

/** A request path for a pattern: every `:param` becomes `id` (a row that does not exist, by default). */
export function concrete(pattern: string, id = "999999"): string {
  return pattern.replace(/:[A-Za-z_]+/g, id);
}

interface ConfigEntry {
  path?: string;
  file: string;
  children?: ConfigEntry[];
}

/** Paths of the pages that take a POST (their module exports `action`). */
export function pageActionPaths(): string[] {
  const appDir = path.resolve("app");
  const found: string[] = [];
  const walk = (entries: ConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const full = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix;
      const source = readFileSync(path.join(appDir, entry.file), "utf8");
      if (/export\s+(async\s+)?(function|const)\s+action\b/.test(source)) found.push(concrete(full || "/", "1"));
      if (entry.children) walk(entry.children, full);
    }
  };
  walk(routeConfig as ConfigEntry[], "");
  return found;
}
