/**
 * POST /api/contact and POST /api/client/create on each database: Hebrew field errors (422),
 * Israeli phone formats, the honeypot, idempotent club sign-up with the consent record (double opt-in:
 * tests/integration/club-confirmation.test.ts),
 * XSRF (419), control characters and script payloads stored as plain text.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { heApi } from "../../domain/i18n/api.ts";
import { heForms } from "../../domain/i18n/forms.ts";
import { RATE_RULES } from "../../server/http/rate-limit.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { TestClient } from "../support/client.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";

const VALID = {
  name: "דנה כהן",
  email: "dana@example.co.il",
  phone: "050-1234567",
  message: "אפשר להזמין עוגת יום הולדת לשבת?",
};
const CE = heForms.contact.errors;

for (const factory of testDatabases()) {
  describe(`public forms API on ${factory.name}`, () => {
    let database: TestDatabase;
    let t: TestApp;
    let client: TestClient;

    const contactRows = () => database.handle.db.selectFrom("contact_requests").selectAll().orderBy("id").execute();
    const clientRows = () => database.handle.db.selectFrom("clients").selectAll().orderBy("id").execute();
    const postContact = async (json: unknown) => {
      const res = await client.fetch("/api/contact", { method: "POST", json });
      return {
        status: res.status,
        body: (await res.json()) as { data?: unknown; message?: string; errors?: Record<string, string[]> },
      };
    };
    const postClub = async (json: unknown) => {
      const res = await client.fetch("/api/client/create", { method: "POST", json });
      return {
        status: res.status,
        body: (await res.json()) as { data?: unknown; message?: string; errors?: Record<string, string[]> },
      };
    };

    beforeAll(async () => {
      database = await factory.create();
    });
    beforeEach(async () => {
      // A fresh app per test: the per-address form limit starts at zero.
      t?.dispose();
      await database.handle.db.deleteFrom("rate_limits").execute();
      t = createTestApp(database);
      client = new TestClient(t);
      await database.handle.db.deleteFrom("contact_requests").execute();
      await database.handle.db.deleteFrom("clients").execute();
    });
    afterAll(async () => {
      t?.dispose();
      await database?.dispose();
    });

    it("limits contact requests and club sign-ups together to 5 per 10 minutes per address (429, Retry-After)", async () => {
      t.dispose();
      t = createTestApp(database, { rateRules: RATE_RULES });
      client = new TestClient(t);
      for (let i = 0; i < 3; i++)
        expect((await postContact({ ...VALID, email: `p${i}@example.co.il` })).status).toBe(201);
      for (let i = 0; i < 2; i++) expect((await postClub({ email: `c${i}@example.co.il` })).status).toBe(200);
      const res = await client.fetch("/api/contact", { method: "POST", json: VALID });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await res.json()).message).toMatch(/[\u0590-\u05FF]/);
      expect((await contactRows()).length).toBe(3);
    });

    describe("POST /api/contact", () => {
      it("stores a valid request and answers 201 { data }", async () => {
        const { status, body } = await postContact(VALID);
        expect(status).toBe(201);
        expect(body).toEqual({ data: { received: true } });
        const rows = await contactRows();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ ...VALID, handled_at: null });
        expect(Date.parse(rows[0]!.created_at)).not.toBeNaN();
      });

      it("answers 422 with a Hebrew message under every missing field", async () => {
        const { status, body } = await postContact({});
        expect(status).toBe(422);
        expect(body.message).toBe(heApi.validation);
        expect(body.errors).toEqual({
          name: [CE.nameRequired],
          email: [CE.emailRequired],
          phone: [CE.phoneRequired],
          message: [CE.messageRequired],
        });
        expect(await contactRows()).toHaveLength(0);
      });

      it("reports each bad field on its own", async () => {
        const cases: [Record<string, unknown>, string, string][] = [
          [{ name: "   " }, "name", CE.nameRequired],
          [{ name: "א".repeat(101) }, "name", CE.nameTooLong],
          [{ email: "dana@" }, "email", CE.emailInvalid],
          [{ email: "not an e-mail" }, "email", CE.emailInvalid],
          [{ email: `${"a".repeat(250)}@example.co.il` }, "email", CE.emailTooLong],
          [{ phone: "" }, "phone", CE.phoneRequired],
          [{ message: "\n\n" }, "message", CE.messageRequired],
          [{ message: "א".repeat(2001) }, "message", CE.messageTooLong],
          // Not strings at all: treated as missing, never a 500.
          [{ name: ["x"] }, "name", CE.nameRequired],
          [{ phone: 501234567 }, "phone", CE.phoneRequired],
          [{ message: { text: "hi" } }, "message", CE.messageRequired],
        ];
        for (const [patch, field, message] of cases) {
          const { status, body } = await postContact({ ...VALID, ...patch });
          expect(status, JSON.stringify(patch)).toBe(422);
          expect(body.errors, JSON.stringify(patch)).toEqual({ [field]: [message] });
        }
        expect(await contactRows()).toHaveLength(0);
      });

      it("accepts Israeli phone numbers however they are typed, and stores one canonical form", async () => {
        const accepted: [string, string][] = [
          ["050-1234567", "050-1234567"],
          ["0501234567", "050-1234567"],
          ["+972501234567", "050-1234567"],
          ["+972-50-123-4567", "050-1234567"],
          ["972 50 123 4567", "050-1234567"],
          ["00972501234567", "050-1234567"],
          ["02-6234567", "02-6234567"],
          ["(02) 623 4567", "02-6234567"],
          ["+972 2 623 4567", "02-6234567"],
          ["077-7654321", "077-7654321"],
          ["1-800-123-456", "1-800-123-456"],
          ["\u200e050-1234567\u200f", "050-1234567"],
        ];
        for (const [typed] of accepted) {
          const { status } = await postContact({ ...VALID, phone: typed });
          expect(status, typed).toBe(201);
        }
        expect((await contactRows()).map((r) => r.phone)).toEqual(accepted.map(([, stored]) => stored));
      });

      it("rejects phone numbers that are not Israeli or not numbers", async () => {
        for (const garbage of [
          "12345",
          "050-123456",
          "050-12345678",
          "0612345678",
          "+1 212 555 1234",
          "+44 20 7946 0958",
          "abcdefghij",
          "050-123456a",
          "<script>",
          "0000000000",
        ]) {
          const { status, body } = await postContact({ ...VALID, phone: garbage });
          expect(status, garbage).toBe(422);
          expect(body.errors, garbage).toEqual({ phone: [CE.phoneInvalid] });
        }
        expect(await contactRows()).toHaveLength(0);
      });

      it("a filled honeypot gets the same 201 answer and nothing is stored", async () => {
        const { status, body } = await postContact({ ...VALID, website: "http://spam.example" });
        expect(status).toBe(201);
        expect(body).toEqual({ data: { received: true } });
        // Even a bot's invalid payload looks accepted: the trap reveals nothing.
        expect((await postContact({ website: "x" })).status).toBe(201);
        expect(await contactRows()).toHaveLength(0);
      });

      it("requires the XSRF token (419) and accepts it as a form field too", async () => {
        const res = await client.fetch("/api/contact", { method: "POST", json: VALID, xsrf: false });
        expect(res.status).toBe(419);
        expect(((await res.json()) as { message: string }).message).toMatch(/[\u0590-\u05FF]/);
        expect(await contactRows()).toHaveLength(0);

        const ok = await client.postForm("/api/contact", VALID);
        expect(ok.status).toBe(201);
        expect(await contactRows()).toHaveLength(1);
      });

      it("answers bad JSON with 400 and an oversized body with 413, in Hebrew", async () => {
        const bad = await client.fetch("/api/contact", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{not json",
        });
        expect(bad.status).toBe(400);
        expect(((await bad.json()) as { message: string }).message).toBe(heApi.badJson);
        const big = await postContact({ ...VALID, message: "א".repeat(40_000) });
        expect(big.status).toBe(413);
        expect(big.body.message).toBe(heApi.tooLarge);
        expect(await contactRows()).toHaveLength(0);
      });

      it("CR/LF and other control characters cannot split single-line fields", async () => {
        const { status } = await postContact({
          ...VALID,
          name: "\u202Eדנה\r\nBcc: victim@example.com",
          phone: "050-123\r\n4567",
          message: "שורה ראשונה\r\nשורה שנייה\u0000\u0007",
        });
        expect(status).toBe(201);
        const [row] = await contactRows();
        expect(row!.name).toBe("דנה Bcc: victim@example.com");
        expect(row!.phone).toBe("050-1234567");
        expect(row!.message).toBe("שורה ראשונה\nשורה שנייה");
        // An e-mail with a line break is simply invalid.
        const injected = await postContact({ ...VALID, email: "dana@example.co.il\r\nBcc: x@example.com" });
        expect(injected.status).toBe(422);
        expect(injected.body.errors).toEqual({ email: [CE.emailInvalid] });
      });

      it("stores script payloads as plain text, unchanged, and never echoes them in the answer", async () => {
        const payload = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
        const res = await client.fetch("/api/contact", {
          method: "POST",
          json: { ...VALID, name: payload, message: payload },
        });
        expect(res.status).toBe(201);
        expect(res.headers.get("content-type")).toContain("application/json");
        expect(await res.text()).not.toContain("<script");
        const [row] = await contactRows();
        expect(row!.name).toBe(payload);
        expect(row!.message).toBe(payload);
      });
    });

    describe("POST /api/client/create", () => {
      const CL = heForms.club.errors;

      it("the spec's payload ({ email } only) answers 200 and records a pending member with the consent record", async () => {
        const before = Date.now();
        const { status, body } = await postClub({ email: "  Dana@Example.co.il " });
        expect(status).toBe(200);
        expect(body).toEqual({ data: { subscribed: true } });
        const rows = await clientRows();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          email: "dana@example.co.il",
          source: "site",
          consent_source: "api",
          consent_version: heForms.club.consentVersion,
          confirmed_at: null,
        });
        expect(rows[0]!.consent_address).toBeTruthy();
        expect(Date.parse(rows[0]!.consent_at ?? "")).toBeGreaterThanOrEqual(before - 1000);
      });

      it("twice with one e-mail: the same 200 answer, one row, the first consent record kept", async () => {
        const first = await postClub({ email: "dana@example.co.il" });
        const [row] = await clientRows();
        const second = await postClub({ email: "DANA@example.co.il", consent: "on" });
        expect(second).toEqual(first);
        const rows = await clientRows();
        expect(rows).toHaveLength(1);
        expect(rows[0]!.consent_at).toBe(row!.consent_at);
      });

      it("finding 12: a member added by staff without consent is not marked confirmed when the address is submitted", async () => {
        const now = new Date().toISOString();
        await database.handle.db
          .insertInto("clients")
          .values({ email: "yossi@example.co.il", source: "admin", consent_at: null, created_at: now, updated_at: now })
          .execute();
        expect((await postClub({ email: "yossi@example.co.il" })).status).toBe(200);
        const rows = await clientRows();
        expect(rows).toHaveLength(1);
        // The consent is recorded, but the address is pending until its owner follows the e-mail's link.
        expect(rows[0]!.consent_at).not.toBeNull();
        expect(rows[0]!.consent_source).toBe("api");
        expect(rows[0]!.confirmed_at).toBeNull();
        expect(rows[0]!.source).toBe("admin");
      });

      it("requires a valid e-mail, with Hebrew messages; nothing else is required", async () => {
        expect((await postClub({})).body.errors).toEqual({ email: [CL.emailRequired] });
        expect((await postClub({ email: "dana@" })).body.errors).toEqual({ email: [CL.emailInvalid] });
        expect(await clientRows()).toHaveLength(0);
      });

      it("a filled honeypot answers like a sign-up and stores nothing; XSRF is required", async () => {
        const trapped = await postClub({ email: "bot@example.com", website: "spam" });
        expect(trapped).toEqual({ status: 200, body: { data: { subscribed: true } } });
        const res = await client.fetch("/api/client/create", {
          method: "POST",
          json: { email: "dana@example.co.il" },
          xsrf: false,
        });
        expect(res.status).toBe(419);
        expect(await clientRows()).toHaveLength(0);
      });
    });
  });
}
