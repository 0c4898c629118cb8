/**
 * Going live (issue 12): the admin panel lists every setting and branch detail still at its demo value, each
 * linking to where it is edited; once the owner has set them the list is empty and no public page shows an
 * example.* address. Editors, who may not edit the settings, are not shown the list. Issue 29: the list counts
 * the demo products, sales and news and the products without an allergen decision, and the demo catalogue
 * goes to the trash in one confirmed action. The tests run in order: each leaves the site one step further.
 */
import { describe, expect, it } from "vitest";
import type { AdminProduct, AdminSettings, DemoCatalogueRemoval, GoingLiveItem } from "../../domain/contracts/admin.ts";
import { heAdmin } from "../../domain/i18n/admin.ts";
import { canFor } from "../../domain/permissions.ts";
import {
  branches as demoBranches,
  products as demoProducts,
  publications as demoPublications,
  sales as demoSales,
} from "../../server/db/seed/content.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

const PUBLIC_PAGES = ["/", "/about", "/accessibility", "/branches", "/contactUs", "/club", "/products", "/news"];

const OWNER_SETTINGS = {
  brand_name: "מאפיית בן־חיים",
  tagline: "לחמים ועוגות מאז 1962",
  phone: "02-5371122",
  whatsapp_number: "972527771122",
  email: "shalom@benhaim-bakery.co.il",
  address: "רחוב יפו 97, ירושלים",
  order_url: "https://order.benhaim-bakery.co.il",
  club_url: "",
  facebook_url: "https://www.facebook.com/benhaim.bakery",
  instagram_url: "https://www.instagram.com/benhaim.bakery",
  accessibility_contact_name: "רותי כהן",
  accessibility_contact_email: "negishut@benhaim-bakery.co.il",
} satisfies Omit<AdminSettings, "version">;

for (const factory of testDatabases()) {
  describe(`going live on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, pages: true, clients: { admin: "admin", editor: "editor" } });
    /** Products staff made (or made their own): kept by the demo catalogue's removal. */
    let ownProducts: number[] = [];

    const checklist = async (role: "admin" | "editor"): Promise<GoingLiveItem[] | undefined> =>
      (await env.t.services.admin.dashboard.get(canFor({ role }))).goingLive;

    it("lists the demo settings and branch details, each linking to its field", async () => {
      const items = (await checklist("admin")) ?? [];
      const keys = items.map((item) => item.key);
      for (const field of [
        "order_url",
        "email",
        "phone",
        "whatsapp_number",
        "facebook_url",
        "accessibility_contact_email",
      ]) {
        expect(keys).toContain(`settings.${field}`);
      }
      expect(items.find((item) => item.key === "settings.order_url")?.href).toBe("/admin/settings#order_url");
      const branchIds = (await env.database.handle.db.selectFrom("branches").select("id").execute()).map((b) => b.id);
      expect(branchIds.length).toBe(demoBranches.length);
      for (const id of branchIds) {
        // One line per branch naming each demo detail: e-mail, phone and the kashrut certificate.
        const item = items.find((i) => i.key === `branch.${id}`);
        expect(item?.href).toBe(`/admin/branches?search_id=${id}`);
        for (const detail of ["דוא״ל", "טלפון", "תעודת הכשרות"]) expect(item?.label).toContain(detail);
      }
      for (const item of items) expect(item.label).toMatch(/[\u0590-\u05FF]/);
      // The panel shows the list with its links.
      const html = await (await env.admin.fetch("/admin/panel")).text();
      expect(html).toContain("לפני העלייה לאוויר");
      expect(html).toContain('href="/admin/settings#order_url"');
    });

    it("is not shown to editors, who cannot change the settings", async () => {
      expect(await checklist("editor")).toBeUndefined();
    });

    it("counts the demo products, sales and news, and the products without an allergen decision", async () => {
      const items = (await checklist("admin")) ?? [];
      const line = (key: string) => items.find((item) => item.key === key);
      expect(demoProducts.length).toBeGreaterThan(50);
      expect(line("demo.products")).toMatchObject({ count: demoProducts.length, href: "/admin/products" });
      expect(line("demo.products")?.label).toContain(String(demoProducts.length));
      expect(line("demo.sales")).toMatchObject({ count: demoSales.length, href: "/admin/sales" });
      expect(line("demo.publications")).toMatchObject({ count: demoPublications.length, href: "/admin/publications" });
      // Every demo product carries its recipe's allergens: no line until a product without a decision exists.
      expect(line("products.allergens")).toBeUndefined();
      const html = await (await env.admin.fetch("/admin/panel")).text();
      expect(html).toContain(heAdmin.panel.demoCatalogueButton);

      const created = await env.admin.fetch("/api/admin/products", {
        method: "POST",
        json: { name: "עוגת שיש של הבית", title: "עוגת שיש", serial_id: 990_001, status: 1 },
      });
      expect(created.status).toBe(201);
      const own = ((await created.json()) as { data: AdminProduct }).data;
      // A demo product staff renamed is theirs now: no longer counted (nor removed with the demo catalogue).
      const renamed = await env.database.handle.db
        .updateTable("products")
        .set({ name: "חלה של סבתא רחל" })
        .where("serial_id", "=", demoProducts[0]!.serialId)
        .returning("id")
        .executeTakeFirstOrThrow();
      const after = (await checklist("admin")) ?? [];
      expect(after.find((i) => i.key === "products.allergens")).toMatchObject({
        count: 1,
        href: "/admin/products?allergen_status=not_stated",
      });
      expect(after.find((i) => i.key === "demo.products")?.count).toBe(demoProducts.length - 1);
      // The line's link lists exactly those products.
      const list = await env.admin.fetch("/api/admin/products?allergen_status=not_stated&per_page=100");
      expect(((await list.json()) as { data: { id: number }[] }).data.map((p) => p.id)).toEqual([own.id]);
      ownProducts = [own.id, renamed.id];
    });

    it("moves the demo catalogue to the trash in one confirmed action, undoable from the trash", async () => {
      const db = env.database.handle.db;
      const count = async (table: "products" | "sales" | "publications") =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = {
        products: await count("products"),
        sales: await count("sales"),
        news: await count("publications"),
      };
      // Not confirmed: a Hebrew 422 and nothing moves; an editor may not.
      const bare = await env.admin.fetch("/api/admin/going-live/demo-catalogue", { method: "POST", json: {} });
      expect(bare.status).toBe(422);
      expect(((await bare.json()) as { errors: Record<string, string[]> }).errors.confirm).toEqual([
        heAdmin.validation.demoCatalogueConfirm,
      ]);
      const editor = await env.editor.fetch("/api/admin/going-live/demo-catalogue", {
        method: "POST",
        json: { confirm: true },
      });
      expect(editor.status).toBe(403);
      expect(await count("products")).toBe(before.products);

      const res = await env.admin.fetch("/api/admin/going-live/demo-catalogue", {
        method: "POST",
        json: { confirm: true },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { message: string; data: DemoCatalogueRemoval };
      expect(body.data).toMatchObject({
        products: demoProducts.length - 1,
        sales: demoSales.length,
        publications: demoPublications.length,
      });
      expect(body.message).toBe(heAdmin.panel.demoCatalogueDone(body.data.trash.length));
      // Staff's own products stay; the demo ones are gone from the shop, the sales and the news.
      const left = await db.selectFrom("products").select("id").orderBy("id").execute();
      expect(left.map((r) => r.id)).toEqual([...ownProducts].sort((a, b) => a - b));
      expect(await count("sales")).toBe(before.sales - demoSales.length);
      expect(await count("publications")).toBe(before.news - demoPublications.length);
      const shop = (await (await new TestClient(env.t).fetch("/api/products")).json()) as { total: number };
      expect(shop.total).toBe(ownProducts.length);
      // Each in the trash and in the audit log as a delete.
      const trash = await db.selectFrom("trash").select(["id", "entity_type"]).execute();
      expect(trash.filter((e) => body.data.trash.includes(e.id)).length).toBe(body.data.trash.length);
      const deletes = await db.selectFrom("audit_log").select("id").where("action", "=", "delete").execute();
      expect(deletes.length).toBeGreaterThanOrEqual(body.data.trash.length);
      const items = (await checklist("admin")) ?? [];
      expect(items.some((i) => i.key.startsWith("demo."))).toBe(false);
      expect((await env.t.services.admin.dashboard.get(canFor({ role: "admin" }))).demoCatalogue).toEqual({
        products: 0,
        sales: 0,
        publications: 0,
      });

      // Undo through the trash: a restored demo sale is back, and on the list again.
      const sale = trash.find((e) => e.entity_type === "Sale")!;
      expect((await env.admin.fetch(`/api/admin/trash/${sale.id}/restore`, { method: "POST" })).status).toBe(200);
      expect(await count("sales")).toBe(before.sales - demoSales.length + 1);
      expect(((await checklist("admin")) ?? []).find((i) => i.key === "demo.sales")?.count).toBe(1);
      // Leave the site as an owner would: the sale back in the trash, their own products decided.
      const restored = await db.selectFrom("sales").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
      expect((await env.admin.fetch(`/api/admin/sales/${restored.id}`, { method: "DELETE" })).status).toBe(200);
      await db.updateTable("products").set({ allergen_status: "listed", allergens: '["gluten"]' }).execute();
      // Some 70 audited moves to the trash, one transaction each: seconds alone, much longer on a shared machine.
    }, 180_000);

    it("is empty once the owner's own details are saved, and no public page shows an example address", async () => {
      let n = 0;
      for (const { id } of await env.database.handle.db.selectFrom("branches").select("id").execute()) {
        n += 1;
        await env.database.handle.db
          .updateTable("branches")
          .set({
            email: `branch${n}@benhaim-bakery.co.il`,
            phone: `02-53711${String(n).padStart(2, "0")}`,
            kashrut_certificate_number: `ירושלים-${9000 + n}`,
          })
          .where("id", "=", id)
          .execute();
      }
      const res = await env.admin.fetch("/api/admin/settings", { method: "PUT", json: OWNER_SETTINGS });
      expect(res.status).toBe(200);
      expect(await checklist("admin")).toEqual([]);
      expect(await (await env.admin.fetch("/admin/panel")).text()).toContain("כל פרטי העסק עודכנו");

      const visitor = new TestClient(env.t);
      for (const path of PUBLIC_PAGES) {
        const page = await visitor.fetch(path);
        expect(page.status, path).toBe(200);
        const html = await page.text();
        expect(html.match(/[\w.+-]*example\.[\w./-]*/g) ?? [], path).toEqual([]);
      }
      const statement = await (await visitor.fetch("/accessibility")).text();
      expect(statement).toContain("רותי כהן");
      expect(statement).toContain("mailto:negishut@benhaim-bakery.co.il");
    });
  });
}
