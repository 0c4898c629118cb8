/**
 * The audit log (issue 14) on every test database: admin writes recorded with their changed fields
 * (values for catalogue data, names only for personal data), sign-ins, failed sign-ins and sign-outs,
 * entries that outlive their user, the admin-only paged and filtered list, and the retention purge.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminAuditEntry, AdminProduct, Paginated } from "../../domain/contracts/admin.ts";
import { AUDIT_RETENTION_DAYS } from "../../server/services/audit/index.ts";
import { loginAs } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

type Json = Record<string, unknown>;

const product = (over: Json = {}) => ({
  name: "חלת שמרים",
  title: "חלה קלועה לשבת",
  content: "חלה רכה ואוורירית",
  serial_id: 700_001,
  status: 1,
  visibility_home_page: true,
  ...over,
});

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

for (const factory of testDatabases()) {
  describe(`audit log on ${factory.name}`, () => {
    const env = suiteApp(factory, { clients: { admin: null, editor: null } });
    let adminAccount: { email: string; password: string };

    /** Entries of the log, newest first, through the admin's own API. */
    async function entries(query = ""): Promise<Paginated<AdminAuditEntry>> {
      const response = await env.admin.fetch(`/api/admin/audit?per_page=100${query}`);
      expect(response.status).toBe(200);
      return json<Paginated<AdminAuditEntry>>(response);
    }

    beforeAll(async () => {
      adminAccount = await loginAs(env.admin, env.t.services, "admin");
      await loginAs(env.editor, env.t.services, "editor");
    });

    it("records a product edit with the changed fields, old and new values, who and from where", async () => {
      const created = await json<{ data: AdminProduct }>(
        await env.admin.fetch("/api/admin/products", { method: "POST", json: product() }),
      );
      const id = created.data.id;
      const response = await env.admin.fetch(`/api/admin/products/${id}`, {
        method: "PUT",
        json: product({ name: "חלת מים", status: 0 }),
      });
      expect(response.status).toBe(200);

      const { data } = await entries(`&entity_type=Product`);
      const update = data.find((e) => e.action === "update" && e.entity_id === id);
      expect(update).toBeDefined();
      expect(update!.user_email).toBe(adminAccount.email);
      expect(update!.user_name).toBe("מנהלת");
      expect(update!.entity_label).toBe("חלת מים");
      expect(update!.address).toBeTruthy();
      // Exactly the two fields that changed, bookkeeping (updated_at) left out.
      expect(update!.changes).toEqual([
        { field: "name", from: "חלת שמרים", to: "חלת מים" },
        { field: "status", from: 1, to: 0 },
      ]);
      const create = data.find((e) => e.action === "create" && e.entity_id === id);
      expect(create?.changes.map((c) => c.field)).toEqual(expect.arrayContaining(["name", "serial_id"]));

      await env.admin.fetch(`/api/admin/products/${id}`, { method: "DELETE" });
      const after = await entries(`&entity_type=Product&action=delete`);
      expect(after.data[0]).toMatchObject({ action: "delete", entity_id: id, entity_label: "חלת מים" });
    });

    it("names a club member's and a contact request's changed fields without keeping their values", async () => {
      const first = "first.member@example.co.il";
      const second = "renamed.member@example.co.il";
      const created = await json<{ data: { id: number } }>(
        await env.admin.fetch("/api/clients", { method: "POST", json: { email: first } }),
      );
      const id = created.data.id;
      expect((await env.admin.fetch(`/api/clients/${id}`, { method: "PUT", json: { email: second } })).status).toBe(
        200,
      );

      const request = await env.database.handle.db
        .insertInto("contact_requests")
        .values({
          name: "דנה כהן",
          email: "dana@example.co.il",
          phone: "0501234567",
          message: "שאלה על עוגות",
          handled_at: null,
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const handled = await env.admin.fetch(`/api/admin/contact-requests/${request.id}`, {
        method: "PUT",
        json: { handled: true },
      });
      expect(handled.status).toBe(200);

      const { data } = await entries();
      const client = data.filter((e) => e.entity_type === "Client" && e.entity_id === id);
      expect(client.map((e) => e.action).sort()).toEqual(["create", "update"]);
      expect(client.find((e) => e.action === "update")!.changes).toEqual([{ field: "email", personal: true }]);
      const contact = data.find((e) => e.entity_type === "ContactRequest" && e.entity_id === request.id);
      expect(contact?.changes).toEqual([{ field: "handled_at", personal: true }]);
      // Nothing of the person in the log: neither address, nor a label.
      const stored = JSON.stringify(await env.database.handle.db.selectFrom("audit_log").selectAll().execute());
      for (const value of [first, second, "dana@example.co.il", "דנה כהן", "0501234567"]) {
        expect(stored).not.toContain(value);
      }
      expect(client.every((e) => e.entity_label === null)).toBe(true);
    });

    it("records site settings with old and new values, and records nothing for a refused write", async () => {
      const current = await json<{ data: Json }>(await env.admin.fetch("/api/admin/settings"));
      const before = (await entries()).total;
      const saved = await env.admin.fetch("/api/admin/settings", {
        method: "PUT",
        json: { ...current.data, tagline: "מאפייה משפחתית מאז 1950" },
      });
      expect(saved.status).toBe(200);
      const { data, total } = await entries();
      expect(total).toBe(before + 1);
      expect(data[0]).toMatchObject({
        action: "update",
        entity_type: "Settings",
        changes: [{ field: "tagline", from: current.data.tagline, to: "מאפייה משפחתית מאז 1950" }],
      });

      const refused = await env.admin.fetch("/api/admin/products", { method: "POST", json: { name: "" } });
      expect(refused.status).toBe(422);
      const forbidden = await env.editor.fetch("/api/admin/settings", { method: "PUT", json: current.data });
      expect(forbidden.status).toBe(403);
      expect((await entries()).total).toBe(before + 1);
    });

    it("records sign-in, failed sign-in (the e-mail tried, never the password) and sign-out", async () => {
      const browser = new TestClient(env.t);
      const wrong = "Wrong-password-123!";
      const failed = await browser.fetch("/login", {
        method: "POST",
        json: { email: adminAccount.email, password: wrong, remember: false },
      });
      expect(failed.status).toBe(422);
      const unknown = await browser.fetch("/login", {
        method: "POST",
        json: { email: "nobody@example.co.il", password: wrong, remember: false },
      });
      expect(unknown.status).toBe(422);
      const ok = await browser.fetch("/login", {
        method: "POST",
        json: { email: adminAccount.email, password: adminAccount.password, remember: false },
      });
      expect(ok.status).toBe(200);
      expect((await browser.fetch("/logout", { method: "POST", json: {} })).status).toBe(200);

      const { data } = await entries("&entity_type=User");
      expect(data.slice(0, 4).map((e) => [e.action, e.user_email])).toEqual([
        ["sign_out", adminAccount.email],
        ["sign_in", adminAccount.email],
        ["sign_in_failed", "nobody@example.co.il"],
        ["sign_in_failed", adminAccount.email],
      ]);
      expect(data[1]!.user_id).not.toBeNull();
      expect(data[3]!.user_id).toBeNull();
      const stored = JSON.stringify(await env.database.handle.db.selectFrom("audit_log").selectAll().execute());
      expect(stored).not.toContain(wrong);
      expect(stored).not.toContain(adminAccount.password);
    });

    it("is the admin's alone: visitors 401, editors 403, never stored by a cache", async () => {
      const visitor = new TestClient(env.t);
      expect((await visitor.fetch("/api/admin/audit")).status).toBe(401);
      expect((await env.editor.fetch("/api/admin/audit")).status).toBe(403);
      const response = await env.admin.fetch("/api/admin/audit");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      // Read-only: no way to change or remove an entry.
      const [entry] = (await entries()).data;
      expect((await env.admin.fetch(`/api/admin/audit/${entry!.id}`, { method: "DELETE" })).status).toBe(404);
      expect((await env.admin.fetch("/api/admin/audit", { method: "POST", json: {} })).status).toBe(405);
    });

    it("pages newest first in Laravel's shape and filters by user, entity type, action and dates", async () => {
      for (let i = 0; i < 3; i++) {
        await env.admin.fetch("/api/admin/sizes", {
          method: "POST",
          json: { name: `גודל ${i}`, price: 10, product_id: 999_999 },
        });
      }
      const sizes = await json<{ data: AdminProduct }>(
        await env.admin.fetch("/api/admin/products", { method: "POST", json: product({ serial_id: 700_002 }) }),
      );
      for (const name of ["קטן", "בינוני", "גדול"]) {
        await env.admin.fetch("/api/admin/sizes", {
          method: "POST",
          json: { name, price: 10, product_id: sizes.data.id },
        });
      }
      const page1 = await json<Paginated<AdminAuditEntry>>(
        await env.admin.fetch("/api/admin/audit?entity_type=Size&per_page=2"),
      );
      expect(page1).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2, from: 1, to: 2 });
      expect(page1.data.map((e) => e.entity_label)).toEqual(["גדול", "בינוני"]);
      expect(page1.next_page_url).toContain("entity_type=Size");
      const page2 = await json<Paginated<AdminAuditEntry>>(await env.admin.fetch(page1.next_page_url!));
      expect(page2.data.map((e) => e.entity_label)).toEqual(["קטן"]);

      const { id: adminId } = await env.database.handle.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", adminAccount.email)
        .executeTakeFirstOrThrow();
      const mine = await entries(`&user_id=${adminId}&action=create`);
      expect(mine.total).toBeGreaterThan(0);
      expect(mine.data.every((e) => e.user_id === adminId && e.action === "create")).toBe(true);
      const editorEntries = await entries("&search_title=editor-");
      expect(editorEntries.data.every((e) => e.user_email?.startsWith("editor-"))).toBe(true);

      // `from`/`to` are Jerusalem calendar days: after 22:00 UTC (21:00 in summer) Jerusalem is a day ahead of UTC.
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jerusalem" }).format(new Date());
      expect((await entries(`&from=2000-01-01&to=2000-12-31`)).total).toBe(0);
      const recent = await entries(`&from=2000-01-01`);
      expect(recent.total).toBe((await entries()).total);
      const dated = await entries(`&from=${today}&to=${today}`);
      expect(dated.total).toBeGreaterThan(0);

      for (const bad of [
        "action=steal",
        "entity_type=Bank",
        "from=2026-02-30",
        "from=2026-05-02&to=2026-05-01",
        "user_id=abc",
      ]) {
        const response = await env.admin.fetch(`/api/admin/audit?${bad}`);
        expect(response.status, bad).toBe(422);
        expect(JSON.stringify(await response.json())).toMatch(/[\u0590-\u05FF]/);
      }
    });

    it("keeps an entry after its user is deleted, and purges entries past the retention period", async () => {
      const temp = new TestClient(env.t);
      const account = await loginAs(temp, env.t.services, "editor");
      await env.database.handle.db.deleteFrom("users").where("email", "=", account.email).execute();
      const kept = await entries(`&action=sign_in&search_title=${encodeURIComponent(account.email)}`);
      expect(kept.data[0]).toMatchObject({ user_email: account.email, user_name: "עורך" });

      const day = 86_400_000;
      const old = (days: number) => new Date(Date.now() - days * day).toISOString();
      // An entry of an anonymous product update; the two differ in age and author only.
      const row = {
        action: "update",
        user_id: null,
        user_name: null,
        entity_type: "Product",
        entity_id: 1,
        entity_label: null,
        changes: "[]",
      } as const;
      await env.database.handle.db
        .insertInto("audit_log")
        .values([
          { ...row, created_at: old(AUDIT_RETENTION_DAYS + 1), address: "192.0.2.1", user_email: "old@x.il" },
          { ...row, created_at: old(AUDIT_RETENTION_DAYS - 1), address: "192.0.2.2", user_email: "recent@x.il" },
        ])
        .execute();
      expect(await env.t.services.audit.purge()).toBe(1);
      const left = await env.database.handle.db.selectFrom("audit_log").select("user_email").execute();
      expect(left.map((r) => r.user_email)).toContain("recent@x.il");
      expect(left.map((r) => r.user_email)).not.toContain("old@x.il");
    });
  });
}
