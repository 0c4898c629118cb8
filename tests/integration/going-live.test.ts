/**
 * Going live (issue 12): the admin panel lists every setting and branch detail still at its demo value, each
 * linking to where it is edited; once the owner has set them the list is empty and no public page shows an
 * example.* address. Editors, who may not edit the settings, are not shown the list.
 */
import { describe, expect, it } from "vitest";
import type { AdminSettings, GoingLiveItem } from "../../domain/contracts/admin.ts";
import { canFor } from "../../domain/permissions.ts";
import { branches as demoBranches } from "../../server/db/seed/content.ts";
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
    const env = suiteApp(factory, { seeded: true, pages: true, clients: { admin: "admin" } });

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
