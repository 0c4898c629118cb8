/**
 * The attack run's route matrices (issue 14), re-runnable on every test database. The routes are read
 * back from the app's own routers (tests/support/routes.ts), so a route added tomorrow is attacked too:
 * - CSRF: every POST/PUT/PATCH/DELETE of the app and every page with an action, sent by a signed-in
 *   admin's browser without a token, with a wrong one, with another session's one, and as a urlencoded
 *   form with a forged `_token` → 419, and afterwards the database (every table but the session and
 *   rate-limit bookkeeping), the content version and the admin's session are exactly as before.
 * - Authorization: every admin route (`/api/admin/*`, `/api/clients*`, uploads, image deletes) is guarded
 *   by `requireAbility`; a visitor gets 401, an editor 403 exactly where domain/permissions.ts denies the
 *   ability and passes the guard where it allows it, an admin always passes it.
 * Runs against the seeded demo data, with row id 1 in the paths, so a route that let a forged request
 * through would visibly change (or delete) real rows.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { abilitiesFor, can } from "../../domain/permissions.ts";
import type { DB } from "../../server/db/database.ts";
import { TestClient } from "../support/client.ts";
import { type TestDatabase, tablesOf, testDatabases } from "../support/database.ts";
import { formWith, pngImage } from "../support/images.ts";
import { type AppRoute, appRoutes, concrete, pageActionPaths, UNSAFE_METHODS } from "../support/routes.ts";
import { suiteApp } from "../support/suite-app.ts";

/** Bookkeeping that a request may touch without changing anything: sessions (last seen) and rate counters. */
const BOOKKEEPING = new Set(["sessions", "rate_limits"]);
const ADMIN_PATH = /^\/api\/(admin|clients|upload|delete_image)(\/|$)/;
const isUpload = (path: string) => path === "/api/admin/images" || path.startsWith("/api/upload/");

/** Every row of every table (but bookkeeping and the migrator's), in a stable order. */
async function snapshot(database: TestDatabase): Promise<Record<string, string[]>> {
  const db: DB = database.handle.db;
  const tables = (await tablesOf(database.handle))
    .map((t) => t.name)
    .filter((name) => !BOOKKEEPING.has(name) && !name.startsWith("kysely_"));
  const result: Record<string, string[]> = {};
  for (const table of tables.sort()) {
    const rows = await db
      .selectFrom(table as "users")
      .selectAll()
      .execute();
    result[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

for (const factory of testDatabases()) {
  describe(`attack suite: route matrices on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, clients: { admin: "admin", editor: "editor", visitor: null } });
    let routes: AppRoute[];

    beforeAll(async () => {
      await env.visitor.fetch("/api/user");
      routes = appRoutes(env.t.app);
    });

    it("reads the routes from the routers: the spec's writes, login and logout are among them", () => {
      const writes = routes.filter((r) => (UNSAFE_METHODS as readonly string[]).includes(r.method));
      const names = writes.map((r) => `${r.method} ${r.pattern}`);
      expect(names).toEqual(
        expect.arrayContaining([
          "POST /login",
          "POST /logout",
          "POST /api/contact",
          "POST /api/client/create",
          "PUT /api/admin/products/:id",
          "DELETE /api/clients/:id",
          "POST /api/upload/image",
          "POST /api/delete_image/:id",
          "PUT /api/admin/settings",
        ]),
      );
      expect(writes.length).toBeGreaterThanOrEqual(30);
      expect(pageActionPaths()).toEqual(expect.arrayContaining(["/contactUs", "/club"]));
    });

    it("CSRF matrix: every state-changing route and page, without a valid token, answers 419 and changes nothing", async () => {
      const before = await snapshot(env.database);
      const version = env.t.contentVersion.current();
      const other = new TestClient(env.t);
      await other.fetch("/api/user");
      const png = await pngImage(40, 30);

      const refused: string[] = [];
      const expect419 = async (label: string, response: Promise<Response>) => {
        const status = (await response).status;
        if (status !== 419) refused.push(`${label} → ${status}`);
      };
      const variants = {
        "no token": {},
        "wrong token": { "X-XSRF-TOKEN": "forged-token" },
        "another session's token": { "X-XSRF-TOKEN": other.xsrfToken! },
      };
      const writes = routes.filter((r) => (UNSAFE_METHODS as readonly string[]).includes(r.method));
      for (const route of writes) {
        const path = concrete(route.pattern, "1");
        for (const [variant, headers] of Object.entries(variants)) {
          const label = `${route.method} ${path} (${variant})`;
          if (isUpload(path)) {
            const body = formWith({ id: "1", type: "product", product_id: "1" }, [
              { field: "files[]", bytes: png, name: "a.png", type: "image/png" },
              { field: "image", bytes: png, name: "a.png", type: "image/png" },
            ]);
            await expect419(label, env.admin.fetch(path, { method: route.method, body, headers, xsrf: false }));
          } else {
            await expect419(
              label,
              env.admin.fetch(path, {
                method: route.method,
                json: { name: "נפרץ", email: "x@evil.test", handled: true, categories: [] },
                headers,
                xsrf: false,
              }),
            );
          }
        }
        // The no-JavaScript form shape: a urlencoded body with a forged `_token` field.
        if (!isUpload(path)) {
          await expect419(
            `${route.method} ${path} (forged _token)`,
            env.admin.fetch(path, {
              method: route.method,
              body: new URLSearchParams({ _token: other.xsrfToken!, name: "נפרץ" }),
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
              xsrf: false,
            }),
          );
        }
      }
      for (const path of pageActionPaths()) {
        for (const token of [undefined, "forged-token", other.xsrfToken!]) {
          const fields: Record<string, string> = { name: "נפרץ", email: "x@evil.test", message: "x".repeat(20) };
          if (token) fields._token = token;
          await expect419(
            `POST ${path} (form, _token ${token ? "forged" : "absent"})`,
            env.admin.fetch(path, {
              method: "POST",
              body: new URLSearchParams(fields),
              headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
              xsrf: false,
            }),
          );
        }
      }
      expect(refused).toEqual([]);
      expect(await snapshot(env.database)).toEqual(before);
      expect(env.t.contentVersion.current()).toBe(version);
      // The owner is still signed in: no 419 replaced her session cookie.
      const me = await env.admin.fetch("/api/user");
      expect(((await me.json()) as { data: unknown }).data).not.toBeNull();
    });

    it("authorization matrix: every admin route — visitor 401, editor 403 exactly where the permission table denies it, admin passes", async () => {
      const adminRoutes = routes.filter((r) => ADMIN_PATH.test(r.pattern));
      expect(adminRoutes.length).toBeGreaterThanOrEqual(40);
      expect(adminRoutes.filter((r) => !r.ability).map((r) => `${r.method} ${r.pattern}`)).toEqual([]);
      const before = await snapshot(env.database);
      const editorAbilities = abilitiesFor({ role: "editor" });

      const wrong: string[] = [];
      const send = (client: TestClient, route: AppRoute) => {
        // Ids that do not exist and empty bodies: past the guard every request is refused (404/415/422).
        const path = concrete(route.pattern);
        const init = route.method === "GET" ? {} : { method: route.method, json: {} };
        return client.fetch(path, init).then((r) => r.status);
      };
      for (const route of adminRoutes) {
        const label = `${route.method} ${route.pattern}`;
        const ability = route.ability!;
        const asVisitor = await send(env.visitor, route);
        if (asVisitor !== 401) wrong.push(`visitor ${label} → ${asVisitor}`);
        const asEditor = await send(env.editor, route);
        const editorMay = can(editorAbilities, ability.action, ability.subject);
        if (editorMay ? asEditor === 401 || asEditor === 403 : asEditor !== 403) {
          wrong.push(`editor ${label} (${ability.action} ${ability.subject}) → ${asEditor}`);
        }
        const asAdmin = await send(env.admin, route);
        if (asAdmin === 401 || asAdmin === 403 || asAdmin >= 500) wrong.push(`admin ${label} → ${asAdmin}`);
      }
      expect(wrong).toEqual([]);
      // Editors are refused exactly the admin-only subjects, on every route of them.
      const editorRefused = new Set(
        adminRoutes
          .filter((r) => !can(editorAbilities, r.ability!.action, r.ability!.subject))
          .map((r) => r.ability!.subject),
      );
      // (Trash: only deleting for good; editors list and restore what they may delete.)
      expect([...editorRefused].sort()).toEqual([
        "AuditLog",
        "Client",
        "ContactRequest",
        "PickupSettings",
        "Settings",
        "Trash",
      ]);
      // Nothing changed on the way (the admin's refused writes included), the audit log neither.
      expect(await snapshot(env.database)).toEqual(before);
    });
  });
}
