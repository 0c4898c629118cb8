/**
 * The admin pages as the server renders them (issue 6, spec §2, §6): visitors go to `/`, `/admin` goes to
 * the panel, the top bar shows only what the role may open, a section the role may not open sends it to
 * the panel, every admin page says noindex, and the panel shows the counts and latest news.
 */
import { describe, expect, it } from "vitest";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

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
    const env = suiteApp(factory, { pages: true, clients: { admin: "admin", editor: "editor" } });

    it("sends a visitor from every admin page to the home page", async () => {
      const visitor = new TestClient(env.t);
      for (const path of ["/admin", ...SECTIONS, "/admin/products/1/images"]) {
        const res = await visitor.fetch(path);
        expect(res.status, path).toBe(302);
        expect(res.headers.get("location"), path).toBe("/");
      }
    });

    it("redirects /admin to /admin/panel", async () => {
      const res = await env.admin.fetch("/admin");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin/panel");
    });

    it("renders every section for an admin, in Hebrew, with noindex", async () => {
      for (const path of SECTIONS) {
        const res = await env.admin.fetch(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
        const html = await res.text();
        expect(html, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
        expect(html, path).toMatch(/<title>[^<]*[\u0590-\u05FF]/);
      }
    });

    it("issue 12 §8: /login and every admin title end with the brand of the site settings", async () => {
      const settings = await env.t.services.settings.get();
      await env.t.services.settings.save({ ...settings, brandName: "מאפיית הניסוי" });
      await env.t.contentVersion.bump();
      try {
        for (const path of ["/login", ...SECTIONS, "/admin/products/1/images"]) {
          const client = path === "/login" ? new TestClient(env.t) : env.admin;
          const html = await (await client.fetch(path)).text();
          expect(html.match(/<title>([^<]*)<\/title>/)?.[1], path).toMatch(/ \| מאפיית הניסוי$/);
        }
      } finally {
        await env.t.services.settings.save(settings);
        await env.t.contentVersion.bump();
      }
    });

    it("shows an editor only the catalogue in the top bar and sends it away from members, inbox, settings and the audit log", async () => {
      const html = await (await env.editor.fetch("/admin/panel")).text();
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
        const res = await env.editor.fetch(hidden);
        expect(res.status, hidden).toBe(302);
        expect(res.headers.get("location"), hidden).toBe("/admin/panel");
      }
      const adminNav = await (await env.admin.fetch("/admin/panel")).text();
      expect(adminNav).toContain('href="/admin/clients"');
      expect(adminNav).toContain('href="/admin/audit"');
    });

    it("shows the panel's counts and the latest contact requests and sign-ups", async () => {
      const now = new Date().toISOString();
      await env.database.handle.db
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
      await env.database.handle.db
        .insertInto("clients")
        .values({ email: "new-member@example.co.il", source: "site", created_at: now, updated_at: now })
        .execute();
      const html = await (await env.admin.fetch("/admin/panel")).text();
      expect(html).toContain("יעל כהן");
      expect(html).toContain("new-member@example.co.il");
      expect(html).toContain("פניות פתוחות");
      const editorHtml = await (await env.editor.fetch("/admin/panel")).text();
      expect(editorHtml).not.toContain("יעל כהן");
      expect(editorHtml).not.toContain("new-member@example.co.il");
    });
  });
}
