/**
 * The content pages rendered by React Router over each database (the build is compiled by Vite):
 * what each page shows, its SEO tags, escaping of stored text, and the forms posted without
 * JavaScript (success redirect, field errors, honeypot, XSRF, server failure and rate limit).
 * Also /sitemap.xml and /robots.txt.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, jerusalemDate, jerusalemInstant } from "../../domain/hours/time.ts";
import { heContent } from "../../domain/i18n/content.ts";
import { heForms } from "../../domain/i18n/forms.ts";
import { he } from "../../domain/i18n/site.ts";
import { branches as seedBranches, siteSettings } from "../../server/db/seed/content.ts";
import { createTestApp, RELAXED_RATE_RULES } from "../support/app.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { loadServerBuild } from "../support/page-build.ts";
import { rowCount } from "../support/rows.ts";
import { suiteApp } from "../support/suite-app.ts";

const PUBLIC_URL = "http://localhost:3000";
const XSS = `</script><script>alert("x")</script><img src=x onerror=alert(1)>`;

/** Text of the first element matching a simple tag/attribute pattern (enough for server HTML). */
function metaContent(html: string, attr: "name" | "property", key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*${attr}="${key}"[^>]*>`))?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1];
}
function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}

/** The branch page's weekly-hours table (the page also has the next-days table). */
function weeklyTable(html: string): string {
  const start = html.indexOf(heContent.branches.hoursCaption);
  return start < 0 ? "" : html.slice(start, html.indexOf("</table>", start));
}

for (const factory of testDatabases()) {
  describe(`content pages on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, pages: true });
    let build: Awaited<ReturnType<typeof loadServerBuild>>;
    let branchIds: number[];

    const page = async (path: string, client = new TestClient(env.t)) => {
      const res = await client.fetch(path);
      return { status: res.status, html: await res.text(), headers: res.headers };
    };

    beforeAll(async () => {
      build = await loadServerBuild();
      branchIds = (await env.t.services.branches.list()).map((b) => b.id);
    }, 120_000);

    it("every content page answers 200 with one h1, a Hebrew title, description, canonical URL and sharing tags", async () => {
      const sale = (await env.t.services.sales.list())[0]!;
      for (const path of [
        "/branches",
        `/branches/${branchIds[0]}`,
        "/sales",
        `/sale/${sale.id}`,
        "/news",
        "/about",
        "/accessibility",
        "/contactUs",
        "/club",
        "/thankYou",
        "/sign_up",
        "/",
      ]) {
        const { status, html } = await page(path);
        expect(status, path).toBe(200);
        expect(html.match(/<h1[\s>]/g), path).toHaveLength(1);
        expect(html.match(/<title>([^<]*)<\/title>/)?.[1], path).toMatch(/[\u0590-\u05FF]/);
        expect(metaContent(html, "name", "description"), path).toMatch(/[\u0590-\u05FF]/);
        expect(html, path).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path === "/" ? "/" : path}"/>`);
        expect(metaContent(html, "property", "og:url"), path).toBe(`${PUBLIC_URL}${path}`);
        expect(metaContent(html, "property", "og:title"), path).toMatch(/[\u0590-\u05FF]/);
        expect(metaContent(html, "name", "twitter:card"), path).toMatch(/^summary/);
        const robots = metaContent(html, "name", "robots");
        expect(robots, path).toBe(path === "/thankYou" || path === "/sign_up" ? "noindex, follow" : undefined);
      }
      // Pages with a picture share it as an absolute URL.
      const { html } = await page(`/branches/${branchIds[0]}`);
      expect(metaContent(html, "property", "og:image")).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/.+\\.jpg$`));
      expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    });

    it("issue 12: a product without a photo is shared with the bakery's share image (1200×630)", async () => {
      const product = await env.t.services.admin.products.create({
        name: "לחמניית בדיקה",
        title: "לחמנייה בלי תמונה",
        content: "",
        serial_id: 987_654,
        status: 1,
        visibility_home_page: false,
      });
      try {
        const { status, html } = await page(`/product/${product.id}`);
        expect(status).toBe(200);
        expect(metaContent(html, "property", "og:image")).toBe(`${PUBLIC_URL}/share.jpg`);
        expect(metaContent(html, "property", "og:image:width")).toBe("1200");
        expect(metaContent(html, "property", "og:image:height")).toBe("630");
        expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
      } finally {
        await env.t.services.admin.products.remove(product.id);
      }
    });

    it("a branch page shows address, dialable phone with its leading 0, e-mail, hours, accessibility, map and navigation links", async () => {
      const seed = seedBranches[0]!;
      const { html } = await page(`/branches/${branchIds[0]}`);
      expect(html).toContain(seed.address);
      expect(html).toContain(`href="tel:+972${seed.phone.replace(/\D/g, "").slice(1)}"`);
      expect(html).toContain(`<bdi>${seed.phone}</bdi>`);
      expect(html).toContain(`href="mailto:${seed.email}"`);
      expect(html).toContain(seed.accessibility);
      expect(html).toContain(`https://waze.com/ul?ll=${seed.latitude},${seed.longitude}&amp;navigate=yes`);
      const iframe = html.match(/<iframe[^>]*>/)?.[0] ?? "";
      expect(iframe).toContain(`src="https://www.google.com/maps?q=${seed.latitude},${seed.longitude}`);
      expect(iframe).toContain('loading="lazy"');
      expect(iframe).toMatch(/title="[^"]*[\u0590-\u05FF][^"]*"/);
      // The weekly table: seven rows, Sunday first; the seed's Machane Yehuda branch is closed on Saturday.
      const weekly = weeklyTable(html);
      const rows = [...weekly.matchAll(/<tr[^>]*>\s*<th scope="row"[^>]*>([^<]*)/g)].map((m) => m[1]);
      expect(rows).toEqual(heContent.branches.days.map((d) => `יום ${d}`));
      expect(weekly).toContain(heContent.branches.closed);
      expect(html).toContain('aria-current="date"');
    });

    it("an unknown or malformed branch or sale id shows the Hebrew not-found page with 404", async () => {
      for (const path of ["/branches/99999", "/branches/abc", "/sale/99999", "/sale/0"]) {
        const { status, html } = await page(path);
        expect(status, path).toBe(404);
        expect(html).toContain(he.errors.notFoundTitle);
      }
    });

    it("JSON-LD is written into the document's head once, and not carried again in the page data", async () => {
      const cases: [string, string][] = [
        ["/", "Bakery"],
        [`/branches/${branchIds[0]}`, "Bakery"],
        ["/about", "Bakery"],
      ];
      for (const [path, type] of cases) {
        const { status, html } = await page(path);
        expect(status, path).toBe(200);
        const head = html.slice(0, html.indexOf("</head>"));
        const inHead = jsonLdBlocks(head) as { "@type": string }[];
        expect(
          inHead.map((b) => b["@type"]),
          path,
        ).toContain(type);
        // Only once in the whole document: the hydration data does not repeat it.
        expect(jsonLdBlocks(html).length, path).toBe(inHead.length);
        expect(html.split("@context").length, path).toBe(head.split("@context").length);
        const data = await new TestClient(env.t).fetch(`${path === "/" ? "/_" : path}.data`);
        expect(data.status, path).toBe(200);
        expect(await data.text(), path).not.toContain("schema.org");
      }
    });

    it("issue 29: news show the day they were published, sales their days of validity, in Hebrew", async () => {
      const db = env.database.handle.db;
      const hebrewDay = (date: string) =>
        new Intl.DateTimeFormat("he-IL", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
      const today = jerusalemDate(new Date());
      // A sale valid from two days ago until the end of the ninth day from now (its window ends at midnight).
      const sale = await db.selectFrom("sales").select("id").where("status", "=", 1).executeTakeFirstOrThrow();
      const other = await db
        .selectFrom("sales")
        .select(["id", "created_at"])
        .where("status", "=", 1)
        .where("id", "<>", sale.id)
        .where("starts_at", "is", null)
        .where("ends_at", "is", null)
        .executeTakeFirstOrThrow();
      const news = await db
        .selectFrom("publications")
        .select(["id", "created_at"])
        .where("status", "=", 1)
        .executeTakeFirstOrThrow();
      const window = { starts_at: null as string | null, ends_at: null as string | null };
      await db
        .updateTable("sales")
        .set({
          starts_at: jerusalemInstant(addDays(today, -2), "00:00").toISOString(),
          ends_at: jerusalemInstant(addDays(today, 10), "00:00").toISOString(),
        })
        .where("id", "=", sale.id)
        .execute();
      await env.t.contentVersion.bump();
      try {
        const validity = `${heContent.posts.validFrom}<time dateTime="${addDays(today, -2)}">${hebrewDay(addDays(today, -2))}</time>${heContent.posts.validUntilAfterFrom}<time dateTime="${addDays(today, 9)}">${hebrewDay(addDays(today, 9))}</time>`;
        const salePage = await page(`/sale/${sale.id}`);
        expect(salePage.html).toContain(validity);
        const list = await page("/sales");
        expect(list.html).toContain(validity);
        // A sale without a window: the day it was published.
        const published = jerusalemDate(new Date(other.created_at));
        expect(list.html).toContain(
          `${heContent.posts.publishedOn}<time dateTime="${published}">${hebrewDay(published)}</time>`,
        );
        const newsDay = jerusalemDate(new Date(news.created_at));
        expect((await page("/news")).html).toContain(
          `${heContent.posts.publishedOn}<time dateTime="${newsDay}">${hebrewDay(newsDay)}</time>`,
        );
      } finally {
        await db.updateTable("sales").set(window).where("id", "=", sale.id).execute();
        await env.t.contentVersion.bump();
      }
    });

    it("issue 29: the home page's news cards and sale tiles show the same dates as /news and /sales", async () => {
      const db = env.database.handle.db;
      const hebrewDay = (date: string) =>
        new Intl.DateTimeFormat("he-IL", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
      const today = jerusalemDate(new Date());
      const [sale] = await env.t.services.sales.home();
      const [news] = await env.t.services.publications.home();
      if (!sale || !news) throw new Error("the demo content has sales and news on the home page");
      const before = { starts_at: sale.starts_at, ends_at: sale.ends_at };
      // The first sale of the home page, valid from yesterday until the end of the sixth day from now.
      await db
        .updateTable("sales")
        .set({
          starts_at: jerusalemInstant(addDays(today, -1), "00:00").toISOString(),
          ends_at: jerusalemInstant(addDays(today, 7), "00:00").toISOString(),
        })
        .where("id", "=", sale.id)
        .execute();
      await env.t.contentVersion.bump();
      try {
        const home = (await page("/")).html;
        const tile = home.slice(
          home.indexOf(`href="/sale/${sale.id}"`),
          home.indexOf("</a>", home.indexOf(`href="/sale/${sale.id}"`)),
        );
        expect(tile).toContain(
          `${heContent.posts.validFrom}<time dateTime="${addDays(today, -1)}">${hebrewDay(addDays(today, -1))}</time>${heContent.posts.validUntilAfterFrom}<time dateTime="${addDays(today, 6)}">${hebrewDay(addDays(today, 6))}</time>`,
        );
        const newsDay = jerusalemDate(new Date(news.starts_at ?? news.created_at));
        expect(home).toContain(
          `${heContent.posts.publishedOn}<time dateTime="${newsDay}">${hebrewDay(newsDay)}</time>`,
        );
        // Every news card and every sale tile of the page has its date line.
        const section = (id: string) =>
          home.slice(home.indexOf(`id="${id}"`), home.indexOf("</section>", home.indexOf(`id="${id}"`)));
        for (const id of ["home-news", "home-sales"]) {
          const part = section(id);
          const items = (part.match(/<li[ >]/g) ?? []).length;
          expect(items, id).toBeGreaterThan(0);
          expect((part.match(/data-testid="post-dates"/g) ?? []).length, id).toBe(items);
        }
      } finally {
        await db.updateTable("sales").set(before).where("id", "=", sale.id).execute();
        await env.t.contentVersion.bump();
      }
    });

    it("stored text is rendered escaped in the page and in its JSON-LD", async () => {
      const now = new Date().toISOString();
      const { id } = await env.database.handle.db
        .insertInto("branches")
        .values({
          name: XSS,
          address: XSS,
          content: XSS,
          email: "x@example.co.il",
          phone: "02-6234567",
          opening_hours: "not json",
          accessibility: XSS,
          location: "javascript:alert(1)",
          latitude: null,
          longitude: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      try {
        const { status, html } = await page(`/branches/${id}`);
        expect(status).toBe(200);
        expect(html).not.toContain('<script>alert("x")');
        expect(html).not.toContain("<img src=x");
        expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
        expect(html).not.toContain('href="javascript:');
        const ld = jsonLdBlocks(html) as { "@type": string; name: string }[];
        const bakery = ld.find((b) => b["@type"] === "Bakery");
        expect(bakery?.name).toContain(XSS);
        // Broken hours read as "closed every day" rather than breaking the page.
        expect(weeklyTable(html).split(heContent.branches.closed).length - 1).toBe(7);
      } finally {
        await env.database.handle.db.deleteFrom("branches").where("id", "=", id).execute();
      }
    });

    describe("forms posted without JavaScript", () => {
      const post = async (client: TestClient, path: string, fields: Record<string, string>, token = true) => {
        await client.fetch(path); // the form page sets the session and XSRF cookies
        const res = await client.postForm(path, token ? { website: "", ...fields } : fields, { token });
        return { status: res.status, location: res.headers.get("location"), html: await res.text() };
      };
      const VALID = { name: "דנה כהן", email: "dana@example.co.il", phone: "02-6234567", message: "שלום!" };
      const contactCount = () => rowCount(env.database.handle.db, "contact_requests");

      it("contact: success stores the request and redirects to /thankYou", async () => {
        const before = await contactCount();
        const res = await post(new TestClient(env.t), "/contactUs", VALID);
        expect(res.status).toBe(302);
        expect(res.location).toBe("/thankYou?from=contact");
        expect(await contactCount()).toBe(before + 1);
        const thanks = await page(res.location!);
        expect(thanks.html).toContain(heContent.thanks.contactText);
      });

      it("contact: field errors come back under each field, described and marked invalid, with the typed values escaped", async () => {
        const before = await contactCount();
        const res = await post(new TestClient(env.t), "/contactUs", {
          name: XSS,
          email: "dana@",
          phone: "123",
          message: "",
        });
        expect(res.status).toBe(422);
        for (const [field, message] of [
          ["email", heForms.contact.errors.emailInvalid],
          ["phone", heForms.contact.errors.phoneInvalid],
          ["message", heForms.contact.errors.messageRequired],
        ] as const) {
          const input = res.html.match(new RegExp(`<(?:input|textarea)[^>]*id="contact-${field}"[^>]*>`))?.[0] ?? "";
          expect(input, field).toContain('aria-invalid="true"');
          expect(input, field).toMatch(new RegExp(`aria-describedby="[^"]*contact-${field}-error`));
          expect(res.html).toMatch(
            new RegExp(`id="contact-${field}-error"[^>]*>[\\s\\S]*?${message.replace(/[.()]/g, "\\$&")}`),
          );
        }
        const name = res.html.match(/<input[^>]*id="contact-name"[^>]*>/)?.[0] ?? "";
        expect(name).not.toContain("aria-invalid");
        expect(name).toContain('value="&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)');
        expect(res.html).not.toContain('<script>alert("x")');
        expect(await contactCount()).toBe(before);
      });

      it("contact: a filled honeypot is answered like a success and nothing is stored", async () => {
        const before = await contactCount();
        const res = await post(new TestClient(env.t), "/contactUs", { ...VALID, website: "http://spam.example" });
        expect(res.status).toBe(302);
        expect(res.location).toBe("/thankYou?from=contact");
        expect(await contactCount()).toBe(before);
      });

      it("contact: without the XSRF token the post is refused with 419", async () => {
        const before = await contactCount();
        const res = await post(new TestClient(env.t), "/contactUs", VALID, false);
        expect(res.status).toBe(419);
        expect(await contactCount()).toBe(before);
      });

      it("contact: a server failure or a rate limit shows the error message titled 'שגיאה בשליחת בקשה'", async () => {
        const original = env.t.services.contact.submit;
        try {
          env.t.services.contact.submit = async () => {
            throw new Error("database is down");
          };
          const failed = await post(new TestClient(env.t), "/contactUs", VALID);
          expect(failed.status).toBe(500);
          expect(failed.html).toMatch(/role="alert"[\s\S]*שגיאה בשליחת בקשה/);
          expect(failed.html).toContain(heForms.common.serverErrorText);
          // What was typed is still in the form.
          expect(failed.html).toMatch(/id="contact-name"[^>]*value="דנה כהן"|value="דנה כהן"[^>]*id="contact-name"/);

          env.t.services.contact.submit = async () => {
            throw Object.assign(new Error("slow down"), { status: 429, headers: { "Retry-After": "60" } });
          };
          const limited = await post(new TestClient(env.t), "/contactUs", VALID);
          expect(limited.status).toBe(429);
          expect(limited.html).toContain(heForms.common.rateLimitedText);
        } finally {
          env.t.services.contact.submit = original;
        }
      });

      it("club: submitting is the consent (the sentence next to the button says so); redirects to /thankYou; twice is fine", async () => {
        const email = "club-page@example.co.il";
        const { html } = await page("/club", new TestClient(env.t));
        // No opt-in box: the consent sentence stands next to the button and describes it.
        expect(html).not.toContain('type="checkbox"');
        expect(html).toContain(heForms.club.consentNotice.replaceAll('"', "&quot;"));
        expect(html).toMatch(/<button[^>]*type="submit"[^>]*aria-describedby="club-submit-note"/);
        const missing = await post(new TestClient(env.t), "/club", { email: "" });
        expect(missing.status).toBe(422);
        expect(missing.html).toContain(heForms.club.errors.emailRequired);

        for (let i = 0; i < 2; i++) {
          const ok = await post(new TestClient(env.t), "/club", { email });
          expect(ok.status).toBe(302);
          expect(ok.location).toBe("/thankYou?from=club");
        }
        const rows = await env.database.handle.db
          .selectFrom("clients")
          .selectAll()
          .where("email", "=", email)
          .execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          source: "site",
          consent_source: "page",
          consent_version: heForms.club.consentVersion,
          confirmed_at: null,
        });

        const original = env.t.services.clients.join;
        try {
          env.t.services.clients.join = async () => {
            throw new Error("database is down");
          };
          const failed = await post(new TestClient(env.t), "/club", { email });
          expect(failed.status).toBe(500);
          expect(failed.html).toMatch(/role="alert"[\s\S]*שגיאה בשליחת הרשמה/);
        } finally {
          env.t.services.clients.join = original;
        }
      });
    });

    it("the accessibility statement is true to the site: WCAG 2.0 AA / IS 5568, each branch's access, coordinator, review date", async () => {
      const { html } = await page("/accessibility");
      expect(html).toContain("5568");
      expect(html).toContain("WCAG 2.0");
      expect(html).toContain("AA");
      for (const branch of seedBranches) expect(html).toContain(branch.accessibility);
      expect(html).toContain(siteSettings.accessibilityContactName);
      expect(html).toContain(`mailto:${siteSettings.accessibilityContactEmail}`);
      expect(html).toContain('href="/contactUs"');
      expect(html).toContain('<time dateTime="2026-11-22">');
      // The skip link it promises is on every page.
      expect(html).toContain('href="#main"');
    });

    it("/sitemap.xml lists every public URL with image entries; /robots.txt points to it and keeps /admin and /api out", async () => {
      const { db } = env.database.handle;
      const hidden = (await db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
      await db.updateTable("products").set({ status: 0 }).where("id", "=", hidden).execute();
      try {
        const res = await env.t.request("/sitemap.xml");
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toContain("application/xml");
        expect(res.headers.get("set-cookie")).toBeNull();
        const xml = await res.text();
        expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
        const locs = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
        expect(new Set(locs).size).toBe(locs.length);
        for (const path of [
          "/",
          "/about",
          "/categories",
          "/products",
          "/branches",
          "/sales",
          "/news",
          "/contactUs",
          "/accessibility",
          "/club",
        ]) {
          expect(locs, path).toContain(`${PUBLIC_URL}${path}`);
        }
        const published = await db.selectFrom("products").select("id").where("status", "=", 1).execute();
        const mains = await db.selectFrom("categories").select("id").where("is_main", "=", 1).execute();
        const sales = await db.selectFrom("sales").select("id").execute();
        for (const { id } of published) expect(locs).toContain(`${PUBLIC_URL}/product/${id}`);
        for (const { id } of mains) expect(locs).toContain(`${PUBLIC_URL}/categories/${id}`);
        for (const id of branchIds) expect(locs).toContain(`${PUBLIC_URL}/branches/${id}`);
        for (const { id } of sales) expect(locs).toContain(`${PUBLIC_URL}/sale/${id}`);
        expect(locs).not.toContain(`${PUBLIC_URL}/product/${hidden}`);
        for (const path of ["/thankYou", "/sign_up", "/admin", "/login"])
          expect(locs).not.toContain(`${PUBLIC_URL}${path}`);
        // Every product, branch and sale has its picture listed.
        const images = [...xml.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((m) => m[1]!);
        expect(images.length).toBeGreaterThanOrEqual(published.length + branchIds.length + sales.length);
        for (const url of images) expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/.+\\.jpg$`));

        // With an external club site configured, our own club page is not advertised.
        const settings = await env.t.services.settings.get();
        await env.t.services.settings.save({ ...settings, clubUrl: "https://club.example.co.il" });
        // A write past the HTTP API: say so, as every write that changes public content must.
        await env.t.contentVersion.bump();
        try {
          expect(await (await env.t.request("/sitemap.xml")).text()).not.toContain(`${PUBLIC_URL}/club<`);
        } finally {
          await env.t.services.settings.save(settings);
          await env.t.contentVersion.bump();
        }
      } finally {
        await db.updateTable("products").set({ status: 1 }).where("id", "=", hidden).execute();
      }

      const robots = await env.t.request("/robots.txt");
      expect(robots.headers.get("content-type")).toContain("text/plain");
      const text = await robots.text();
      expect(text).toContain("User-agent: *");
      expect(text).toMatch(/^Disallow: \/admin$/m);
      expect(text).toMatch(/^Disallow: \/api$/m);
      expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    });

    describe("attack suite (issue 14): pages", () => {
      it("finding 8: the contact and club pages answer a JSON or text/plain body with 415 and a Hebrew message", async () => {
        for (const path of ["/contactUs", "/club"]) {
          for (const [type, body] of [
            ["application/json", JSON.stringify({ email: "a@b.co", name: "x", message: "y" })],
            ["text/plain", "email=a@b.co"],
          ] as const) {
            const client = new TestClient(env.t);
            await client.fetch(path);
            const res = await client.fetch(path, { method: "POST", body, headers: { "Content-Type": type } });
            expect(res.status, `${path} ${type}`).toBe(415);
            expect(await res.text()).toMatch(/[\u0590-\u05FF]/);
          }
        }
      });

      it("finding 11: the per-address ceiling covers pages and .data requests, not built assets or uploads", async () => {
        // On PostgreSQL the counters are shared through the database: start from none.
        await env.database.handle.db.deleteFrom("rate_limits").execute();
        const limited = createTestApp(env.database, {
          build,
          rateRules: { ...RELAXED_RATE_RULES, api: { limit: 4, windowMs: 60 * 60_000 } },
        });
        try {
          const client = new TestClient(limited);
          const statuses: number[] = [];
          for (const path of ["/products?search=a", "/products.data", "/products?search=b", "/branches.data"]) {
            statuses.push((await client.fetch(path)).status);
          }
          expect(statuses).toEqual([200, 200, 200, 200]);
          const page = await client.fetch("/products?search=c", { headers: { Accept: "text/html" } });
          expect(page.status).toBe(429);
          expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
          expect(await page.text()).toContain('dir="rtl"');
          expect((await client.fetch("/products.data")).status).toBe(429);
          expect((await client.fetch("/api/categories")).status).toBe(429);
          // Static files are outside the ceiling (404 here: the test build has no client folder).
          expect((await client.fetch("/assets/missing.js")).status).toBe(404);
          expect((await client.fetch("/uploads/missing.webp")).status).toBe(404);
          expect((await client.fetch("/healthz")).status).toBe(200);
        } finally {
          limited.dispose();
        }
      });
    });
  });
}
