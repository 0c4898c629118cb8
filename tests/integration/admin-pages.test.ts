/**
 * The admin pages as the server renders them (issue 6, spec §2, §6): visitors go to `/`, `/admin` goes to
 * the panel, the top bar shows only what the role may open, a section the role may not open sends it to
 * the panel, every admin page says noindex, and the panel shows the counts and latest news.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app.ts";
import { loginAs } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";
import { loadServerBuild } from "../support/page-build.ts";

const SECTIONS = [
  "/admin/panel",
  "/admin/products",
  "/admin/categories",
  "/admin/branches",
  "/admin/sales",
  "/admin/publications",
  "/admin/clients",
  "/admin/contact-requests",
  "/admin/settings",
  "/admin/audit",
];

for (const factory of testDatabases()) {
  describe(`admin pages on ${factory.name}`, () => {
    let database: TestDatabase;
    let t: TestApp;
    let admin: TestClient;
    let editor: TestClient;

    beforeAll(async () => {
      const build = await loadServerBuild();
      database = await factory.create();
      t = createTestApp(database, { build });
      admin = new TestClient(t);
      editor = new TestClient(t);
      await loginAs(admin, t.services, "admin");
      await loginAs(editor, t.services, "editor");
    }, 120_000);
    afterAll(async () => {
      t?.dispose();
      await database?.dispose();
    });

    it("sends a visitor from every admin page to the home page", async () => {
      const visitor = new TestClient(t);
      for (const path of ["/admin", ...SECTIONS, "/admin/products/1/images"]) {
        const res = await visitor.fetch(path);
        expect(res.status, path).toBe(302);
        expect(res.headers.get("location"), path).toBe("/");
      }
    });

    it("redirects /admin to /admin/panel", async () => {
      const res = await admin.fetch("/admin");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin/panel");
    });

    it("renders every section for an admin, in Hebrew, with noindex", async () => {
      for (const path of SECTIONS) {
        const res = await admin.fetch(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
        const html = await res.text();
        expect(html, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
        expect(html, path).toMatch(/<title>[^<]*[\u0590-\u05FF]/);
      }
    });

    it("shows an editor only the catalogue in the top bar and sends it away from members, inbox, settings and the audit log", async () => {
      const html = await (await editor.fetch("/admin/panel")).text();
      const nav = html.slice(
        html.indexOf('aria-label="ניווט בממשק הניהול"'),
        html.indexOf("</nav>", html.indexOf('aria-label="ניווט בממשק הניהול"')),
      );
      for (const visible of [
        "/admin/products",
        "/admin/categories",
        "/admin/branches",
        "/admin/sales",
        "/admin/publications",
      ]) {
        expect(nav).toContain(`href="${visible}"`);
      }
      for (const hidden of ["/admin/clients", "/admin/contact-requests", "/admin/settings", "/admin/audit"]) {
        expect(nav).not.toContain(`href="${hidden}"`);
        const res = await editor.fetch(hidden);
        expect(res.status, hidden).toBe(302);
        expect(res.headers.get("location"), hidden).toBe("/admin/panel");
      }
      const adminNav = await (await admin.fetch("/admin/panel")).text();
      expect(adminNav).toContain('href="/admin/clients"');
      expect(adminNav).toContain('href="/admin/audit"');
    });

    it("shows the panel's counts and the latest contact requests and sign-ups", async () => {
      const now = new Date().toISOString();
      await database.handle.db
        .insertInto("contact_requests")
        .values({
          name: "יעל כהן",
          email: "yael@example.co.il",
          phone: "0521234567",
          message: "שאלה על עוגה",
          handled_at: null,
          created_at: now,
        })
        .execute();
      await database.handle.db
        .insertInto("clients")
        .values({ email: "new-member@example.co.il", source: "site", created_at: now, updated_at: now })
        .execute();
      const html = await (await admin.fetch("/admin/panel")).text();
      expect(html).toContain("יעל כהן");
      expect(html).toContain("new-member@example.co.il");
      expect(html).toContain("פניות פתוחות");
      const editorHtml = await (await editor.fetch("/admin/panel")).text();
      expect(editorHtml).not.toContain("יעל כהן");
      expect(editorHtml).not.toContain("new-member@example.co.il");
    });
  });
}
