/**
 * A locked staff account's unlock link (issue 31 part 2) on each database, with a real SMTP client (nodemailer)
 * and a local SMTP server. Past the per-account login ceiling a new browser at a new address is refused with a
 * Hebrew 429 that reads the same whether the account exists; the account's address is e-mailed a one-time link
 * (once per UNLOCK_RESEND_MINUTES however many attempts are refused); the link's page shows a button and opens
 * nothing by itself; the button makes that browser a known device, so the owner signs in with her password while
 * the attack stays refused everywhere else; the link works once, not after it expires; sending and using it are
 * audited; an unknown e-mail gets the same refusal and no mail; the form works without JavaScript.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { heForms } from "../../domain/i18n/forms.ts";
import { loginMessages } from "../../domain/schemas/login.ts";
import { RATE_RULES, type RateRules } from "../../server/http/rate-limit.ts";
import { createMailer, type Mailer } from "../../server/mail/mailer.ts";
import { UNLOCK_VALID_MINUTES } from "../../server/services/login-unlocks.ts";
import { TEST_PUBLIC_URL } from "../support/app.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";
import { suiteApp } from "../support/suite-app.ts";

const U = heForms.login.unlock;
/** The account ceiling at 3 failed checks an hour, so a few guesses lock it. */
const RULES: RateRules = { ...RATE_RULES, loginAccount: { limit: 3, windowMs: 60 * 60_000 } };

/** The unlock link of a message, from its plain-text part. */
function linkOf(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/login\?unlock=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no unlock link in:\n${mail.text}`);
  return link;
}
const pathOf = (link: string) => link.slice(TEST_PUBLIC_URL.length);
const tokenOf = (link: string) => new URL(link).searchParams.get("unlock") ?? "";

for (const factory of testDatabases()) {
  describe(`a locked account's unlock link on ${factory.name}`, () => {
    let smtp: TestSmtpServer;
    let mailer: Mailer;
    const env = suiteApp(factory, {
      pages: true,
      app: async () => {
        smtp = await startSmtpServer();
        mailer = createMailer({ smtpUrl: smtp.url, from: "site@bakery.example" });
        return { mailer, rateRules: RULES, trustProxy: true };
      },
    });
    afterAll(async () => {
      mailer?.close();
      await smtp?.close();
    });
    beforeEach(async () => {
      await env.database.handle.db.deleteFrom("rate_limits").execute();
    });

    /** A browser at `address` (X-Forwarded-For, which the app trusts here). */
    const browserAt = (address: string, client = new TestClient(env.t)) => ({
      client,
      fetch: (path: string, init: Parameters<TestClient["fetch"]>[1] = {}) =>
        client.fetch(path, { ...init, headers: { ...(init.headers as object), "X-Forwarded-For": address } }),
    });
    const login = (address: string, email: string, password: string, client?: TestClient) =>
      browserAt(address, client).fetch("/login", { method: "POST", json: { email, password } });
    const owner = async () => {
      const email = `owner-${Math.random().toString(36).slice(2, 8)}@example.co.il`;
      const password = "the-real-password-123";
      await env.t.services.users.createOrReset({ name: "בעלת המאפייה", email, password, role: "admin" });
      return { email, password };
    };
    /** Three failed checks from three addresses, then a fourth attempt: refused as locked. */
    const lock = async (email: string, prefix: string) => {
      for (let i = 1; i <= 3; i++) expect((await login(`${prefix}.${i}`, email, `guess-${i}`)).status).toBe(422);
      const refused = await login(`${prefix}.4`, email, "guess-4");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      return ((await refused.json()) as { message: string }).message;
    };
    const audited = (action: string, email: string) =>
      env.database.handle.db
        .selectFrom("audit_log")
        .select(["address", "entity_id"])
        .where("action", "=", action)
        .where("user_email", "=", email)
        .execute();

    it("e-mails a one-time link once; its button opens the account in that browser only; used once", async () => {
      const { email, password } = await owner();
      const before = smtp.messages.length;
      expect(await lock(email, "203.0.113")).toBe(loginMessages.accountLocked);
      const mail = await smtp.next();
      expect(mail.to).toEqual([email]);
      expect(mail.subject).toContain("פתיחת חשבון הצוות");
      expect(mail.html).toContain('dir="rtl"');
      expect(mail.text).toContain(`${UNLOCK_VALID_MINUTES} דקות`);
      const link = linkOf(mail);
      // More refused attempts within the re-send period send nothing more.
      for (let i = 5; i <= 7; i++) expect((await login(`203.0.113.${i}`, email, `guess-${i}`)).status).toBe(429);
      // Recorded once the SMTP server has taken the message.
      await expect
        .poll(() => audited("unlock_sent", email))
        .toEqual([expect.objectContaining({ address: "203.0.113.4" })]);
      expect(smtp.messages.length).toBe(before + 1);

      // The owner, on a new network and browser, with the right password: still refused until she uses the link.
      const ownerBrowser = new TestClient(env.t);
      expect((await login("198.51.100.20", email, password, ownerBrowser)).status).toBe(429);
      const used = await browserAt("198.51.100.20", ownerBrowser).fetch("/login/unlock", {
        method: "POST",
        json: { token: tokenOf(link) },
      });
      expect(used.status).toBe(200);
      expect(((await used.json()) as { message: string }).message).toBe(U.done);
      expect(await audited("unlock_used", email)).toEqual([expect.objectContaining({ address: "198.51.100.20" })]);
      // Her browser is known to the account now, from any network.
      expect((await login("192.0.2.77", email, password, ownerBrowser)).status).toBe(200);
      // Everyone else is still refused, the right password included.
      expect((await login("203.0.113.8", email, password)).status).toBe(429);
      // The link works once.
      const again = await browserAt("198.51.100.21").fetch("/login/unlock", {
        method: "POST",
        json: { token: tokenOf(link) },
      });
      expect(again.status).toBe(400);
      expect(((await again.json()) as { message: string }).message).toBe(U.invalid);
      // The attack goes on being refused, and the owner is not mailed again within the re-send period.
      expect((await login("203.0.113.9", email, "guess-9")).status).toBe(429);
      expect(await audited("unlock_sent", email)).toHaveLength(1);
      expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    });

    it("refuses an unknown e-mail in the same words and sends nothing; an expired or malformed link opens nothing", async () => {
      const before = smtp.messages.length;
      expect(await lock("nobody-here@example.co.il", "203.0.114")).toBe(loginMessages.accountLocked);

      const { email } = await owner();
      await lock(email, "203.0.115");
      const link = linkOf(await smtp.next());
      expect(smtp.messages.length).toBe(before + 1);
      await env.database.handle.db
        .updateTable("login_unlocks")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const expired = await browserAt("198.51.100.30").fetch("/login/unlock", {
        method: "POST",
        json: { token: tokenOf(link) },
      });
      expect(expired.status).toBe(410);
      expect(((await expired.json()) as { message: string }).message).toBe(U.expired);
      for (const token of ["", "short", "x".repeat(43), 42]) {
        const bad = await browserAt("198.51.100.31").fetch("/login/unlock", { method: "POST", json: { token } });
        expect(bad.status, String(token)).toBe(400);
      }
    });

    it("without JavaScript: the link's page shows the button and opens nothing; the form post opens the account", async () => {
      const { email, password } = await owner();
      await lock(email, "203.0.116");
      const link = linkOf(await smtp.next());
      const browser = browserAt("198.51.100.40");
      // What a mail scanner does: open the page. Nothing is used up.
      const page = await browser.fetch(pathOf(link));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(U.heading);
      expect(html).toContain(email);
      expect(html).toContain('action="/login/unlock"');
      expect((await browser.fetch(pathOf(link))).status).toBe(200);
      expect((await env.t.services.loginUnlocks.check(tokenOf(link))).status).toBe("valid");

      const posted = await browser.client.postForm(
        "/login/unlock",
        { token: tokenOf(link) },
        { headers: { "X-Forwarded-For": "198.51.100.40" } },
      );
      expect(posted.status).toBe(303);
      expect(posted.headers.get("location")).toBe("/login?unlocked=1");
      expect(await (await browser.fetch("/login?unlocked=1")).text()).toContain(U.done);
      expect((await login("198.51.100.40", email, password, browser.client)).status).toBe(200);

      // A used link's page says so.
      const stale = await new TestClient(env.t).fetch(pathOf(link));
      expect(await stale.text()).toContain(U.invalid);
      const other = new TestClient(env.t);
      await other.fetch("/api/user");
      const repost = await other.postForm("/login/unlock", { token: tokenOf(link) });
      expect(repost.status).toBe(303);
      expect(repost.headers.get("location")).toBe("/login?unlock_error=invalid");
    });
  });
}
