/**
 * Customer reviews (issue 12) over each database, through the pages and the admin API: a review posted
 * without JavaScript is stored pending and not shown; approving it puts its stars, average and count on the
 * product page and `aggregateRating` in the Product JSON-LD; rejecting takes them away; Hebrew 422s, the
 * honeypot, the per-address limit shared with the other public forms, and who may moderate.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { heCatalogue } from "../../domain/i18n/catalogue.ts";
import { heForms } from "../../domain/i18n/forms.ts";
import { RATE_RULES } from "../../server/http/rate-limit.ts";
import { createTestApp } from "../support/app.ts";
import { loginAs } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { loadServerBuild } from "../support/page-build.ts";
import { suiteApp } from "../support/suite-app.ts";

const E = heForms.review.errors;
const XSS = `<script>alert("x")</script>`;

function productJsonLd(html: string): Record<string, unknown> | undefined {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .find((block) => block["@type"] === "Product");
}

for (const factory of testDatabases()) {
  describe(`customer reviews on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, pages: true });
    let build: Awaited<ReturnType<typeof loadServerBuild>>;
    let productId: number;

    const reviewPath = () => `/product/${productId}/review`;
    const rows = () => env.database.handle.db.selectFrom("reviews").selectAll().orderBy("id").execute();
    const page = async (path: string) => {
      const res = await new TestClient(env.t).fetch(path);
      return { status: res.status, html: await res.text(), headers: res.headers };
    };
    /** Opens the review page (session and XSRF cookies), then posts the form as a browser without JavaScript. */
    const post = async (fields: Record<string, string>, client = new TestClient(env.t), path = reviewPath()) => {
      await client.fetch(path);
      const res = await client.postForm(path, { website: "", ...fields });
      return { status: res.status, location: res.headers.get("location"), html: await res.text() };
    };
    const moderate = (client: TestClient, id: number, status: string) =>
      client.fetch(`/api/admin/reviews/${id}`, { method: "PUT", json: { status } });

    beforeAll(async () => {
      build = await loadServerBuild();
      productId = (
        await env.database.handle.db
          .selectFrom("products")
          .select("id")
          .where("status", "=", 1)
          .orderBy("id")
          .executeTakeFirstOrThrow()
      ).id;
    }, 120_000);
    beforeEach(async () => {
      await env.database.handle.db.deleteFrom("reviews").execute();
      await env.database.handle.db.deleteFrom("rate_limits").execute();
    });

    it("a product without reviews shows empty stars and 'עדיין אין ביקורות', and its JSON-LD has no rating", async () => {
      const { status, html, headers } = await page(`/product/${productId}`);
      expect(status).toBe(200);
      // The product page stays public and cacheable: no session cookie, no token; it links to the form.
      expect(headers.get("set-cookie")).toBeNull();
      expect(headers.get("cache-control")).toContain("public");
      expect(html).toContain(`role="img" aria-label="${heCatalogue.product.noReviewsLabel}"`);
      expect(html).toContain(heCatalogue.product.noReviews);
      expect(html).not.toContain("5 מתוך 5");
      expect(html).toContain(`href="${reviewPath()}"`);
      const jsonLd = productJsonLd(html);
      expect(jsonLd).toBeDefined();
      expect(jsonLd).not.toHaveProperty("aggregateRating");
      expect(jsonLd).not.toHaveProperty("review");
    });

    it("the review page is a form with the session: its own XSRF token, rating radios in a fieldset, no cache", async () => {
      const client = new TestClient(env.t);
      const res = await client.fetch(reviewPath());
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control") ?? "").not.toContain("public");
      const html = await res.text();
      expect(client.xsrfToken).toBeTruthy();
      expect(html).toContain(`name="_token" value="${client.xsrfToken}"`);
      expect(html).toMatch(/<fieldset[\s\S]*<legend[^>]*>דירוג/);
      expect(html.match(/<input[^>]*type="radio"[^>]*name="rating"/g)).toHaveLength(5);
      expect(html).toContain('name="website"');
      expect(html).toContain('name="robots" content="noindex');
      expect((await page("/product/999999/review")).status).toBe(404);
    });

    it("submit → pending and not shown; approve → stars, average and count on the page and in JSON-LD; reject → gone", async () => {
      const versionBefore = env.t.contentVersion.current();
      const first = await post({ rating: "5", text: `מעולה! ${XSS}`, name: "רותי" });
      expect(first.status).toBe(302);
      expect(first.location).toBe(`${reviewPath()}?sent=1`);
      // A pending review changes nothing visitors see: the page cache keeps its version.
      expect(env.t.contentVersion.current()).toBe(versionBefore);
      const sent = await page(first.location!);
      expect(sent.html).toMatch(
        new RegExp(`role="status"[\\s\\S]*${heForms.review.sentTitle}[\\s\\S]*${heForms.review.sent}`),
      );
      expect((await post({ rating: "4", text: "טעים מאוד", name: "משה" })).status).toBe(302);
      const [a, b] = await rows();
      expect(a).toMatchObject({ product_id: productId, rating: 5, name: "רותי", status: "pending" });
      expect(b).toMatchObject({ rating: 4, status: "pending" });

      let html = (await page(`/product/${productId}`)).html;
      expect(html).toContain(heCatalogue.product.noReviews);
      expect(html).not.toContain("רותי");

      const admin = new TestClient(env.t);
      await loginAs(admin, env.t.services, "admin");
      const pending = await admin.fetch("/api/admin/reviews?status=pending");
      expect(pending.status).toBe(200);
      expect(((await pending.json()) as { data: { id: number }[] }).data.map((r) => r.id).sort()).toEqual(
        [a!.id, b!.id].sort(),
      );

      for (const id of [a!.id, b!.id]) {
        const res = await moderate(admin, id, "approved");
        expect(res.status).toBe(200);
        expect(((await res.json()) as { message: string }).message).toMatch(/[\u0590-\u05FF]/);
      }
      expect(env.t.contentVersion.current()).toBeGreaterThan(versionBefore);
      html = (await page(`/product/${productId}`)).html;
      expect(html).toContain(`aria-label="${heCatalogue.product.ratingLabel("4.5", 2)}"`);
      expect(html).toContain(heCatalogue.product.rating("4.5", 2));
      expect(html).toContain("4.5 מתוך 5 · 2 ביקורות");
      // Newest first, the text escaped.
      expect(html.indexOf("משה")).toBeLessThan(html.indexOf("רותי"));
      expect(html).not.toContain(XSS);
      expect(html).toContain("&lt;script&gt;");
      const jsonLd = productJsonLd(html)!;
      expect(jsonLd.aggregateRating).toEqual({
        "@type": "AggregateRating",
        ratingValue: 4.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      });
      expect((jsonLd.review as unknown[]).length).toBe(2);

      expect((await moderate(admin, a!.id, "rejected")).status).toBe(200);
      html = (await page(`/product/${productId}`)).html;
      expect(html).toContain("4 מתוך 5 · ביקורת אחת");
      expect(html).not.toContain("רותי");
      expect((productJsonLd(html)!.aggregateRating as { reviewCount: number }).reviewCount).toBe(1);

      const approved = await admin.fetch("/api/admin/reviews?status=approved");
      expect(((await approved.json()) as { data: { name: string; product_name: string }[] }).data).toEqual([
        expect.objectContaining({ name: "משה", product_name: expect.any(String) }),
      ]);
    });

    it("bad input: 422 with Hebrew messages under each field, nothing stored", async () => {
      for (const rating of ["", "0", "6", "4.5", "abc"]) {
        const res = await post({ rating, text: "טעים", name: "דנה" });
        expect(res.status, rating).toBe(422);
        expect(res.html).toContain(E.ratingRequired);
      }
      const empty = await post({ rating: "3", text: "   ", name: "" });
      expect(empty.status).toBe(422);
      expect(empty.html).toContain(E.textRequired);
      expect(empty.html).toContain(E.nameRequired);
      // What was typed comes back (the chosen star stays checked).
      expect(empty.html).toMatch(/value="3"[^>]*checked|checked[^>]*value="3"/);
      const long = await post({ rating: "3", text: "א".repeat(1001), name: "ב".repeat(61) });
      expect(long.status).toBe(422);
      expect(long.html).toContain(E.textTooLong);
      expect(long.html).toContain(E.nameTooLong);
      expect(await rows()).toEqual([]);
    });

    it("a filled honeypot is answered like a success and nothing is stored", async () => {
      const res = await post({ rating: "5", text: "קנו עכשיו", name: "בוט", website: "http://spam.example" });
      expect(res.status).toBe(302);
      expect(res.location).toBe(`${reviewPath()}?sent=1`);
      expect(await rows()).toEqual([]);
    });

    it("without the XSRF token the post is refused with 419", async () => {
      const client = new TestClient(env.t);
      await client.fetch(reviewPath());
      const res = await client.postForm(reviewPath(), { rating: "5", text: "טעים", name: "דנה" }, { token: false });
      expect(res.status).toBe(419);
      expect(await rows()).toEqual([]);
    });

    it("a review of a product that is not published is a 404", async () => {
      // Another published product, unpublished for this test.
      const hidden = await env.database.handle.db
        .selectFrom("products")
        .select("id")
        .where("status", "=", 1)
        .where("id", "!=", productId)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      await env.database.handle.db.updateTable("products").set({ status: 0 }).where("id", "=", hidden.id).execute();
      try {
        const client = new TestClient(env.t);
        expect((await client.fetch(`/product/${hidden.id}/review`)).status).toBe(404);
        const res = await post(
          { rating: "5", text: "טעים", name: "דנה" },
          new TestClient(env.t),
          `/product/${hidden.id}/review`,
        );
        expect(res.status).toBe(404);
        expect(await rows()).toEqual([]);
        await expect(
          env.t.services.reviews.submit(hidden.id, { rating: "5", text: "x", name: "y" }),
        ).rejects.toMatchObject({
          status: 404,
        });
      } finally {
        await env.database.handle.db.updateTable("products").set({ status: 1 }).where("id", "=", hidden.id).execute();
      }
    });

    it("reviews share the public forms' per-address limit (5 per 10 minutes): the 6th is refused with 429", async () => {
      const limited = createTestApp(env.database, { build, rateRules: RATE_RULES });
      try {
        const client = new TestClient(limited);
        const send = async () => {
          await client.fetch(reviewPath());
          return client.postForm(reviewPath(), { rating: "4", text: "טעים", name: "דנה" });
        };
        for (let i = 0; i < 5; i++) expect((await send()).status).toBe(302);
        const refused = await send();
        expect(refused.status).toBe(429);
        expect(await refused.text()).toContain(heForms.common.rateLimitedText);
        expect((await rows()).length).toBe(5);
      } finally {
        limited.dispose();
      }
    });

    it("an editor may moderate; a visitor gets 401; a bad status is a Hebrew 422", async () => {
      await env.t.services.reviews.submit(productId, { rating: "2", text: "יבש מדי", name: "אבי" });
      const [review] = await rows();
      const visitor = new TestClient(env.t);
      expect((await visitor.fetch("/api/admin/reviews")).status).toBe(401);
      expect((await moderate(visitor, review!.id, "approved")).status).toBe(401);

      const editor = new TestClient(env.t);
      await loginAs(editor, env.t.services, "editor");
      expect((await editor.fetch("/api/admin/reviews")).status).toBe(200);
      const bad = await moderate(editor, review!.id, "published");
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.status?.[0]).toMatch(
        /[\u0590-\u05FF]/,
      );
      expect((await moderate(editor, review!.id, "approved")).status).toBe(200);
      expect((await rows())[0]!.status).toBe("approved");
      expect((await moderate(editor, 999999, "approved")).status).toBe(404);
      expect((await editor.fetch(`/api/admin/reviews/${review!.id}`, { method: "DELETE" })).status).toBe(200);
      expect(await rows()).toEqual([]);
    });
  });
}
