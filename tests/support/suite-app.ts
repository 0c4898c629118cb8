/**
 * The setup most integration files share: for one `describe` on one database factory, a fresh database (empty,
 * or a copy of the seeded demo content), the app over it (with the pages when asked), and clients — signed in
 * with a role, or visitors — made before the tests and disposed of after them.
 *
 *   const env = suiteApp(factory, { seeded: true, pages: true, clients: { admin: "admin", visitor: null } });
 *   it("…", async () => { await env.admin.fetch("/api/admin/products"); env.t.services…; env.database.handle… });
 *
 * The fields are set by the `beforeAll` this registers; read them inside tests and later hooks. A file's own
 * `beforeAll` registered after this call runs after it (its `afterAll` before this one's).
 */
import { afterAll, beforeAll, inject } from "vitest";
import type { Role } from "../../domain/permissions.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { loginAs } from "./auth.ts";
import { TestClient } from "./client.ts";
import type { TestDatabase, TestDatabaseFactory } from "./database.ts";
import { loadServerBuild } from "./page-build.ts";

export type TestAppOptions = NonNullable<Parameters<typeof createTestApp>[1]>;

export interface SuiteAppOptions<C extends string> {
  /** Start from the demo content seeded once for the run (tests/integration/global-setup.ts). */
  seeded?: boolean;
  /** Serve the pages too (the production server build, tests/support/page-build.ts). */
  pages?: boolean;
  /** More options for createTestApp; a function when they exist only once earlier hooks have run. */
  app?: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>);
  /** Clients by name: a role signs the client in (an account of its own), `null` leaves it a visitor. */
  clients?: Record<C, Role | null>;
}

export type SuiteApp<C extends string> = { database: TestDatabase; t: TestApp } & Record<C, TestClient>;

export function suiteApp<C extends string = never>(
  factory: TestDatabaseFactory,
  options: SuiteAppOptions<C> = {},
): SuiteApp<C> {
  const env = {} as SuiteApp<C>;
  beforeAll(async () => {
    const build = options.pages ? await loadServerBuild() : undefined;
    env.database = await factory.create(options.seeded ? { template: inject("seedTemplate") } : {});
    const more = typeof options.app === "function" ? await options.app() : options.app;
    env.t = createTestApp(env.database, { build, ...more });
    for (const [name, role] of Object.entries(options.clients ?? {}) as [C, Role | null][]) {
      const client = new TestClient(env.t);
      if (role) await loginAs(client, env.t.services, role);
      (env as Record<C, TestClient>)[name] = client;
    }
  });
  afterAll(async () => {
    // Render workers hold connections of their own: stopped before the database goes.
    await env.t?.app.renderPool?.close();
    env.t?.dispose();
    await env.database?.dispose();
  });
  return env;
}
