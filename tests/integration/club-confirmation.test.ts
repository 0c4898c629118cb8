/**
 * The club's double opt-in (issue 14 finding 12, issue 12 "Contract") on each database, with a real SMTP
 * client (nodemailer) talking to a local SMTP server (`smtp-server` on 127.0.0.1, a free port): a sign-up
 * through the API or the page records a pending member with the consent record; the server receives a
 * Hebrew RTL e-mail whose link, followed, confirms the member once. Re-sends are limited; a member added
 * by staff is never confirmed by someone typing the address; without SMTP nothing is sent and nothing
 * fails; a refused e-mail loses no sign-up; bad and expired links answer a Hebrew 4xx page; the admin list
 * and the CSV export carry the status.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminClient, Paginated } from "../../domain/contracts/admin.ts";
import { heAdmin } from "../../domain/i18n/admin.ts";
import { heForms } from "../../domain/i18n/forms.ts";
import { createMailer, type Mailer } from "../../server/mail/mailer.ts";
import { CONFIRMATION_RESEND_MINUTES } from "../../server/services/clients.ts";
import { createTestApp, TEST_PUBLIC_URL } from "../support/app.ts";
import { loginAs } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { loadServerBuild } from "../support/page-build.ts";
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";
import { suiteApp } from "../support/suite-app.ts";

const T = heForms.club.confirm;
const BRAND = "מאפיית שקד";

/** The confirmation link of a message, from its plain-text part. */
function linkOf(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/club\/confirm\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no confirmation link in:\n${mail.text}`);
  return link;
}

/** The path of an absolute link of the test app. */
const pathOf = (link: string) => link.slice(TEST_PUBLIC_URL.length);

for (const factory of testDatabases()) {
  describe(`club double opt-in on ${factory.name}`, () => {
    let smtp: TestSmtpServer;
    let mailer: Mailer;
    const env = suiteApp(factory, {
      pages: true,
      app: async () => {
        smtp = await startSmtpServer();
        mailer = createMailer({ smtpUrl: smtp.url, from: "club@bakery.example" });
        return { mailer };
      },
    });
    let build: Awaited<ReturnType<typeof loadServerBuild>>;

    const member = (email: string) =>
      env.database.handle.db.selectFrom("clients").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    const links = async (email: string) =>
      (
        await env.database.handle.db
          .selectFrom("client_confirmations")
          .innerJoin("clients", "clients.id", "client_confirmations.client_id")
          .select(["token_hash", "expires_at"])
          .where("clients.email", "=", email)
          .execute()
      ).length;
    const signUp = async (email: string, app = env.t) => {
      const res = await new TestClient(app).fetch("/api/client/create", { method: "POST", json: { email } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: { subscribed: true } });
    };
    /** Opens the e-mail's link, as a member or a mail scanner does: a page with a button, nothing confirmed. */
    const open = async (link: string, client: TestClient) => {
      const res = await client.fetch(pathOf(link));
      return { status: res.status, html: await res.text(), headers: res.headers };
    };
    /** Opens the link and, where the page offers the button, clicks it (a form POST, as without JavaScript). */
    const follow = async (link: string, app = env.t) => {
      const client = new TestClient(app);
      const opened = await open(link, client);
      if (opened.status !== 200) return opened;
      expect(opened.html).toContain(T.confirmButton);
      const token = new URL(link).searchParams.get("token") ?? "";
      const res = await client.postForm(pathOf(link), { token });
      return { status: res.status, html: await res.text(), headers: res.headers };
    };

    beforeAll(async () => {
      build = await loadServerBuild();
      const settings = await env.t.services.settings.get();
      await env.t.services.settings.save({ ...settings, brandName: BRAND });
      await env.t.contentVersion.bump();
    }, 120_000);
    beforeEach(() => {
      smtp.refuse = false;
    });
    afterAll(async () => {
      mailer?.close();
      await smtp?.close();
    });

    it("POST /api/client/create { email }: pending with the consent record; the Hebrew e-mail's link confirms, once", async () => {
      const email = "dana@example.co.il";
      await signUp(email);
      const pending = await member(email);
      expect(pending).toMatchObject({
        source: "site",
        consent_source: "api",
        consent_version: heForms.club.consentVersion,
        confirmed_at: null,
      });
      expect(pending.consent_at).not.toBeNull();
      expect(pending.consent_address).toBeTruthy();

      const mail = await smtp.next();
      expect(mail.to).toEqual([email]);
      expect(mail.from).toBe("club@bakery.example");
      // The sender's name is the bakery's, from the site settings.
      expect(mail.fromHeader).toMatch(new RegExp(`${BRAND}.*<club@bakery\\.example>`));
      expect(mail.subject).toContain(BRAND);
      expect(mail.html).toMatch(/<html lang="he" dir="rtl">/);
      expect(mail.html).toContain(BRAND);
      expect(mail.text).toContain(BRAND);
      const link = linkOf(mail);
      expect(link.startsWith(`${TEST_PUBLIC_URL}/club/confirm?token=`)).toBe(true);
      expect(mail.html).toContain(link);
      // Only the token's hash is stored.
      const token = new URL(link).searchParams.get("token")!;
      const stored = await env.database.handle.db.selectFrom("client_confirmations").select("token_hash").execute();
      expect(stored.map((r) => r.token_hash)).not.toContain(token);
      expect(await links(email)).toBe(1);

      // Opening the link (a mail scanner, a link preview) confirms nothing: it shows the address and a button.
      const opened = await open(link, new TestClient(env.t));
      expect(opened.status).toBe(200);
      expect(opened.html).toContain(T.pendingHeading);
      expect(opened.html).toContain(`<bdi dir="ltr" class="font-semibold">${email}</bdi>`);
      expect(opened.headers.get("cache-control")).toBe("no-store");
      expect((await member(email)).confirmed_at).toBeNull();
      expect(await links(email)).toBe(1);

      const confirmed = await follow(link);
      expect(confirmed.status).toBe(200);
      expect(confirmed.html).toContain(T.confirmedHeading);
      expect(confirmed.html).toContain(`<bdi dir="ltr" class="font-semibold">${email}</bdi>`);
      expect(confirmed.headers.get("cache-control")).toBe("no-store");
      expect(confirmed.headers.get("referrer-policy")).toBe("same-origin");
      expect((await member(email)).confirmed_at).not.toBeNull();
      expect(await links(email)).toBe(0);

      // Single use: the same link again is refused with a Hebrew page.
      const again = await follow(link);
      expect(again.status).toBe(400);
      expect(again.html).toContain(T.invalidHeading);

      // A confirmed member signing up again: the same answer, no e-mail, still confirmed.
      const sentAt = (await member(email)).confirmation_sent_at;
      await signUp(email);
      expect((await member(email)).confirmation_sent_at).toBe(sentAt);
      expect(await links(email)).toBe(0);
      expect((await member(email)).confirmed_at).not.toBeNull();
    });

    it("the /club page form (no JavaScript) records the consent as given on the page and sends the e-mail", async () => {
      const email = "page-member@example.co.il";
      const client = new TestClient(env.t);
      await client.fetch("/club");
      const res = await client.postForm("/club", { email });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/thankYou?from=club");
      expect(await member(email)).toMatchObject({ consent_source: "page", confirmed_at: null });
      const mail = await smtp.next();
      expect(mail.to).toEqual([email]);
      expect((await follow(linkOf(mail))).status).toBe(200);
      expect((await member(email)).confirmed_at).not.toBeNull();
    });

    it(`a pending address submitted again gets a new e-mail at most once per ${CONFIRMATION_RESEND_MINUTES} minutes`, async () => {
      const email = "again@example.co.il";
      await signUp(email);
      const first = linkOf(await smtp.next());
      await signUp(email);
      await signUp(email);
      // The re-sends were refused before the answer: no new link was made.
      expect(await links(email)).toBe(1);
      const count = smtp.messages.length;

      // Later than the interval: a new e-mail with a new link.
      const past = new Date(Date.now() - (CONFIRMATION_RESEND_MINUTES + 1) * 60_000).toISOString();
      await env.database.handle.db
        .updateTable("clients")
        .set({ confirmation_sent_at: past })
        .where("email", "=", email)
        .execute();
      await signUp(email);
      const second = linkOf(await smtp.next());
      expect(smtp.messages.length).toBe(count + 1);
      expect(second).not.toBe(first);
      expect((await follow(second)).status).toBe(200);
      // Confirming deleted every link of the member: the first one no longer works either.
      expect((await follow(first)).status).toBe(400);
    });

    it("a member added by staff without consent becomes pending when the address is submitted, confirmed only by the link", async () => {
      const admin = new TestClient(env.t);
      await loginAs(admin, env.t.services, "admin");
      const email = "staff-added@example.co.il";
      const created = await admin.fetch("/api/clients", { method: "POST", json: { email } });
      expect(created.status).toBe(201);
      expect(((await created.json()) as { data: AdminClient }).data.status).toBe("noConsent");

      await signUp(email);
      const row = await member(email);
      expect(row.source).toBe("admin");
      expect(row.consent_at).not.toBeNull();
      expect(row.confirmed_at).toBeNull();
      const listed = (await (
        await admin.fetch("/api/clients?search_title=staff-added")
      ).json()) as Paginated<AdminClient>;
      expect(listed.data.map((c) => [c.email, c.status])).toEqual([[email, "pending"]]);

      await follow(linkOf(await smtp.next()));
      expect((await member(email)).confirmed_at).not.toBeNull();
    });

    it("a refused e-mail loses no sign-up: the member stays pending and the next sign-up sends again", async () => {
      const email = "refused@example.co.il";
      smtp.refuse = true;
      await signUp(email);
      expect(await member(email)).toMatchObject({ confirmed_at: null, consent_source: "api" });
      // The failure (after the answer) releases the re-send limit and removes the unsent link.
      await expect.poll(async () => (await member(email)).confirmation_sent_at, { timeout: 20_000 }).toBeNull();
      expect(await links(email)).toBe(0);
      smtp.refuse = false;
      await signUp(email);
      const mail = await smtp.next();
      expect(mail.to).toEqual([email]);
      expect((await follow(linkOf(mail))).status).toBe(200);
    });

    it("without SMTP_URL: the member stays pending, nothing is sent and nothing fails", async () => {
      const offline = createTestApp(env.database, { build });
      try {
        const email = "no-smtp@example.co.il";
        const before = smtp.messages.length;
        await signUp(email, offline);
        expect(await member(email)).toMatchObject({ confirmed_at: null, confirmation_sent_at: null });
        expect(await links(email)).toBe(0);
        expect(smtp.messages.length).toBe(before);
      } finally {
        offline.dispose();
      }
    });

    it("a missing, malformed, unknown or expired link answers a Hebrew 4xx page and confirms no one", async () => {
      for (const path of [
        "/club/confirm",
        "/club/confirm?token=",
        "/club/confirm?token=abc",
        `/club/confirm?token=${"A".repeat(43)}`,
      ]) {
        const res = await follow(`${TEST_PUBLIC_URL}${path}`);
        expect(res.status, path).toBe(400);
        expect(res.html, path).toContain(T.invalidHeading);
        expect(res.html, path).toContain('href="/club"');
      }
      const email = "expired@example.co.il";
      await signUp(email);
      const link = linkOf(await smtp.next());
      await env.database.handle.db
        .updateTable("client_confirmations")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const expired = await follow(link);
      expect(expired.status).toBe(410);
      expect(expired.html).toContain(T.expiredHeading);
      expect((await member(email)).confirmed_at).toBeNull();

      // The button's POST checks the token again: an unknown one confirms no one.
      const client = new TestClient(env.t);
      await client.fetch("/club");
      const forged = await client.postForm("/club/confirm", { token: "B".repeat(43) });
      expect(forged.status).toBe(400);
      expect(await forged.text()).toContain(T.invalidHeading);
    });

    it("the admin list and the CSV export carry the status (ממתין לאישור / מאושר)", async () => {
      const admin = new TestClient(env.t);
      await loginAs(admin, env.t.services, "admin");
      const list = (await (await admin.fetch("/api/clients?per_page=100")).json()) as Paginated<AdminClient>;
      const status = new Map(list.data.map((c) => [c.email, c.status]));
      expect(status.get("dana@example.co.il")).toBe("confirmed");
      expect(status.get("no-smtp@example.co.il")).toBe("pending");
      const csv = await (await admin.fetch("/api/clients/export")).text();
      const line = (email: string) => csv.split("\r\n").find((l) => l.includes(email)) ?? "";
      expect(csv.split("\r\n")[0]).toContain(heAdmin.clients.status);
      expect(line("dana@example.co.il")).toContain(heAdmin.clients.statuses.confirmed);
      expect(line("no-smtp@example.co.il")).toContain(heAdmin.clients.statuses.pending);

      // Staff changing a confirmed member's address: the new address carries no consent or confirmation.
      const dana = list.data.find((c) => c.email === "dana@example.co.il")!;
      const moved = await admin.fetch(`/api/clients/${dana.id}`, {
        method: "PUT",
        json: { email: "dana.new@example.co.il" },
      });
      expect(moved.status).toBe(200);
      expect(((await moved.json()) as { data: AdminClient }).data).toMatchObject({
        status: "noConsent",
        consent_at: null,
        confirmed_at: null,
      });
    });
  });
}
