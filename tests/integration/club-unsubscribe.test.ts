/**
 * Leaving the club by the link of its e-mails (issue 29 part 6), on each database, with a real SMTP client
 * talking to a local SMTP server: every club e-mail carries the member's unsubscribe link in its text and in
 * the RFC 2369 / RFC 8058 headers; opening the link shows the choice and changes nothing; the page's button
 * (with the XSRF token) or a mail provider's one-click POST (without a session) removes the member; erasing
 * also removes the address's contact requests and trash copies; every removal is audited with the member's id
 * only; a forged, tampered, stale, unknown or used link gets the very same answer and changes nothing; a cut
 * link is a Hebrew 400. The members CSV export carries each member's link, for mailings sent from elsewhere.
 */
import { afterAll, describe, expect, it } from "vitest";
import { heAdmin } from "../../domain/i18n/admin.ts";
import { heForms } from "../../domain/i18n/forms.ts";
import { createMailer, type Mailer } from "../../server/mail/mailer.ts";
import { TEST_PUBLIC_URL } from "../support/app.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { mailHeader, startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";
import { suiteApp } from "../support/suite-app.ts";

const T = heForms.club.unsubscribe;
const MAILTO = "club-leave@bakery.example";
const LINK = /https?:\/\/\S+\/club\/unsubscribe\?token=[0-9]+\.[A-Za-z0-9_-]+/;

/** The path of an absolute link of the test app. */
const pathOf = (link: string) => link.slice(TEST_PUBLIC_URL.length);
const tokenOf = (link: string) => new URL(link, TEST_PUBLIC_URL).searchParams.get("token") ?? "";

for (const factory of testDatabases()) {
  describe(`club unsubscribe on ${factory.name}`, () => {
    let smtp: TestSmtpServer;
    let mailer: Mailer;
    const env = suiteApp(factory, {
      pages: true,
      clients: { admin: "admin" },
      app: async () => {
        smtp = await startSmtpServer();
        mailer = createMailer({ smtpUrl: smtp.url, from: "club@bakery.example" });
        return { mailer, unsubscribeMailto: MAILTO };
      },
    });
    afterAll(async () => {
      mailer?.close();
      await smtp?.close();
    });

    const db = () => env.database.handle.db;
    const memberCount = async () => (await db().selectFrom("clients").select("id").execute()).length;
    const findMember = (email: string) =>
      db().selectFrom("clients").select(["id", "email"]).where("email", "=", email).executeTakeFirst();
    const removals = () =>
      db().selectFrom("audit_log").selectAll().where("action", "in", ["unsubscribe", "erase"]).orderBy("id").execute();
    /** A member added straight into the table, and the link of their e-mails. */
    const addMember = async (email: string) => {
      const at = new Date().toISOString();
      const row = await db()
        .insertInto("clients")
        .values({ email, source: "site", consent_at: at, confirmed_at: at, created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { id: row.id, link: env.t.services.clients.unsubscribeLink(row.id, email) };
    };
    /** Opens a link as a member (or a mail scanner) does. */
    const open = async (link: string, client = new TestClient(env.t)) => {
      const res = await client.fetch(pathOf(link));
      return { status: res.status, html: await res.text(), headers: res.headers };
    };
    /** Opens the link and presses one of the page's buttons (a form POST with the page's XSRF token, no JavaScript). */
    const press = async (link: string, intent: "leave" | "erase") => {
      const client = new TestClient(env.t);
      await open(link, client);
      const res = await client.postForm(pathOf(link), { token: tokenOf(link), intent });
      return { status: res.status, html: await res.text(), headers: res.headers };
    };
    /** A mail provider's RFC 8058 POST: no cookie, no XSRF token, the body `List-Unsubscribe=One-Click`. */
    const oneClick = (link: string, body: BodyInit = "List-Unsubscribe=One-Click") =>
      env.t.request(pathOf(link), {
        method: "POST",
        headers: typeof body === "string" ? { "Content-Type": "application/x-www-form-urlencoded" } : {},
        body,
      });
    /** What a visitor reads: the page's text without its per-request token, nonce and XSRF fields. */
    const visible = (html: string) =>
      (html.match(/<main[\s\S]*<\/main>/)?.[0] ?? "")
        .replace(/value="[^"]*"/g, 'value=""')
        .replace(/token=[^"&]*/g, "token=");

    it("the club e-mail carries the unsubscribe link in its text and in List-Unsubscribe / List-Unsubscribe-Post", async () => {
      const email = "mail-member@example.co.il";
      const res = await new TestClient(env.t).fetch("/api/client/create", { method: "POST", json: { email } });
      expect(res.status).toBe(200);
      const mail = await smtp.next();
      const link = mail.text.match(LINK)?.[0];
      expect(link).toBeDefined();
      const member = await findMember(email);
      expect(link).toBe(env.t.services.clients.unsubscribeLink(member!.id, email));
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      // RFC 2369: the https link (the one the one-click POST goes to) and, with MAIL_UNSUBSCRIBE, a mailto.
      expect(mailHeader(mail, "List-Unsubscribe")).toBe(`<${link}>, <mailto:${MAILTO}?subject=unsubscribe>`);
      // RFC 8058: the receiver may POST List-Unsubscribe=One-Click to that link.
      expect(mailHeader(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      // The token is signed, not the address: the address appears nowhere in the link.
      expect(link).not.toContain("example.co.il");
    });

    it("opening the link shows the choice and changes nothing; the page's button removes the member, audited, once", async () => {
      const email = "leaver@example.co.il";
      const { id, link } = await addMember(email);
      await db()
        .insertInto("client_confirmations")
        .values({ token_hash: "a".repeat(64), client_id: id, created_at: "2026-01-01", expires_at: "2099-01-01" })
        .execute();
      const before = (await removals()).length;

      // GET, as a mail scanner or a link preview does: the page with its buttons, nothing removed.
      const opened = await open(link);
      expect(opened.status).toBe(200);
      expect(opened.html).toContain(T.heading);
      expect(opened.html).toContain(T.leaveButton);
      expect(opened.html).toContain(T.eraseButton);
      expect(opened.html).toMatch(/<meta name="robots" content="noindex/);
      // The page says nothing of the member: not even the address.
      expect(opened.html).not.toContain(email);
      expect(opened.headers.get("cache-control")).toBe("no-store");
      expect(opened.headers.get("referrer-policy")).toBe("same-origin");
      expect(await findMember(email)).toBeDefined();
      expect((await removals()).length).toBe(before);

      // Without the page's XSRF token a form POST is refused, and nothing changes.
      const forged = await new TestClient(env.t).postForm(
        pathOf(link),
        { token: tokenOf(link), intent: "leave" },
        {
          token: false,
        },
      );
      expect(forged.status).toBe(419);
      expect(await findMember(email)).toBeDefined();

      const left = await press(link, "leave");
      expect(left.status).toBe(200);
      expect(left.html).toContain(T.leftHeading);
      expect(left.headers.get("cache-control")).toBe("no-store");
      expect(await findMember(email)).toBeUndefined();
      expect(await db().selectFrom("client_confirmations").selectAll().where("client_id", "=", id).execute()).toEqual(
        [],
      );
      // Gone for good, not into the trash.
      expect(await db().selectFrom("trash").selectAll().where("entity_type", "=", "Client").execute()).toEqual([]);

      const entries = (await removals()).slice(before);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: "unsubscribe",
        entity_type: "Client",
        entity_id: id,
        user_id: null,
        user_email: null,
        user_name: null,
        entity_label: null,
        address: "",
      });
      // Nothing personal beyond the id.
      expect(JSON.stringify(entries[0])).not.toContain("leaver");

      // Idempotent: the same link again gets the same page, and nothing more is done or recorded.
      const again = await press(link, "leave");
      expect(again.status).toBe(200);
      expect(visible(again.html)).toBe(visible(left.html));
      expect((await removals()).length).toBe(before + 1);
    });

    it("a mail provider's one-click POST (RFC 8058, no session) removes the member without a page, urlencoded or multipart", async () => {
      const first = await addMember("one-click@example.co.il");
      const before = (await removals()).length;
      const res = await oneClick(first.link);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toBe(T.oneClickDone);
      expect(await findMember("one-click@example.co.il")).toBeUndefined();

      const second = await addMember("multipart@example.co.il");
      const form = new FormData();
      form.set("List-Unsubscribe", "One-Click");
      const multipart = await oneClick(second.link, form);
      expect(multipart.status).toBe(200);
      expect(await multipart.text()).toBe(T.oneClickDone);
      expect(await findMember("multipart@example.co.il")).toBeUndefined();

      const entries = (await removals()).slice(before);
      expect(entries.map((e) => [e.action, e.entity_id])).toEqual([
        ["unsubscribe", first.id],
        ["unsubscribe", second.id],
      ]);

      // Again: the same answer, nothing recorded.
      const again = await oneClick(first.link);
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(T.oneClickDone);
      expect((await removals()).length).toBe(before + 2);
    });

    it("a forged, tampered, stale or unknown link gets exactly the answer of a real one, and changes nothing", async () => {
      const victim = await addMember("victim@example.co.il");
      const other = await addMember("other@example.co.il");
      const [id, mac] = tokenOf(victim.link).split(".") as [string, string];
      const flipped = `${mac.slice(0, 10)}${mac[10] === "A" ? "B" : "A"}${mac.slice(11)}`;
      // The member's address changed since the e-mail: its old link names the old address.
      const moved = await addMember("moved@example.co.il");
      await db().updateTable("clients").set({ email: "moved-now@example.co.il" }).where("id", "=", moved.id).execute();
      const bad = [
        `${TEST_PUBLIC_URL}/club/unsubscribe?token=${id}.${flipped}`, // tampered signature
        `${TEST_PUBLIC_URL}/club/unsubscribe?token=${tokenOf(other.link).split(".")[0]}.${mac}`, // another member's id
        `${TEST_PUBLIC_URL}/club/unsubscribe?token=999999.${mac}`, // nobody
        moved.link, // stale
      ];
      const real = await open(victim.link);
      const members = await memberCount();
      const audited = (await removals()).length;
      for (const link of bad) {
        const opened = await open(link);
        expect(opened.status, link).toBe(real.status);
        expect(visible(opened.html), link).toBe(visible(real.html));
        const pressed = await press(link, "erase");
        expect(pressed.status, link).toBe(200);
        expect(pressed.html, link).toContain(T.erasedHeading);
        const clicked = await oneClick(link);
        expect(clicked.status, link).toBe(200);
        expect(await clicked.text(), link).toBe(T.oneClickDone);
      }
      expect(await memberCount()).toBe(members);
      expect((await removals()).length).toBe(audited);
      expect(await findMember("victim@example.co.il")).toBeDefined();
      expect(await findMember("other@example.co.il")).toBeDefined();
      expect(await findMember("moved-now@example.co.il")).toBeDefined();

      // The real link still works, and a used link then answers as before.
      expect((await press(victim.link, "leave")).html).toContain(T.leftHeading);
      expect(await findMember("victim@example.co.il")).toBeUndefined();
    });

    it("a missing or cut link answers a Hebrew 400, on the page and to a one-click POST", async () => {
      const { link } = await addMember("cut@example.co.il");
      const cut = link.slice(0, -5);
      for (const path of [
        "/club/unsubscribe",
        "/club/unsubscribe?token=",
        pathOf(cut),
        "/club/unsubscribe?token=x.y",
      ]) {
        const opened = await open(`${TEST_PUBLIC_URL}${path}`);
        expect(opened.status, path).toBe(400);
        expect(opened.html, path).toContain(T.invalidHeading);
        const pressed = await press(`${TEST_PUBLIC_URL}${path}`, "leave");
        expect(pressed.status, path).toBe(400);
        expect(pressed.html, path).toContain(T.invalidHeading);
        const clicked = await oneClick(`${TEST_PUBLIC_URL}${path}`);
        expect(clicked.status, path).toBe(400);
        expect(await clicked.text(), path).toBe(T.oneClickInvalid);
      }
      expect(await findMember("cut@example.co.il")).toBeDefined();
    });

    it("erasing removes the member, the address's contact requests and its trash copies; audited with counts only", async () => {
      const email = "erase-me@example.co.il";
      const { id, link } = await addMember(email);
      const at = new Date().toISOString();
      const request = (from: string) => ({
        name: "דנה",
        email: from,
        phone: "050-1234567",
        message: "שלום",
        created_at: at,
      });
      await db()
        .insertInto("contact_requests")
        .values([request(email), request("Erase-Me@Example.co.il"), request("someone-else@example.co.il")])
        .execute();
      const snapshot = (entityType: string, entityId: number, from: string) => ({
        entity_type: entityType,
        entity_id: entityId,
        data: JSON.stringify({ row: { id: entityId, email: from }, children: {} }),
        deleted_at: at,
        deleted_by: null,
        deleted_by_name: null,
      });
      await db()
        .insertInto("trash")
        .values([
          snapshot("ContactRequest", 90001, email),
          snapshot("Client", 90002, email.toUpperCase()),
          snapshot("ContactRequest", 90003, "someone-else@example.co.il"),
        ])
        .execute();
      const before = (await removals()).length;

      const erased = await press(link, "erase");
      expect(erased.status).toBe(200);
      expect(erased.html).toContain(T.erasedHeading);
      expect(await findMember(email)).toBeUndefined();
      const requests = await db().selectFrom("contact_requests").select("email").execute();
      expect(requests.map((r) => r.email.toLowerCase())).not.toContain(email);
      expect(requests.map((r) => r.email)).toContain("someone-else@example.co.il");
      const trash = await db().selectFrom("trash").select("entity_id").execute();
      expect(trash.map((r) => r.entity_id)).not.toContain(90001);
      expect(trash.map((r) => r.entity_id)).not.toContain(90002);
      expect(trash.map((r) => r.entity_id)).toContain(90003);

      const entries = (await removals()).slice(before);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: "erase",
        entity_type: "Client",
        entity_id: id,
        user_id: null,
        address: "",
      });
      expect(JSON.parse(entries[0]!.changes)).toEqual([
        { field: "contact_requests_erased", to: 2 },
        { field: "trash_erased", to: 2 },
      ]);
      expect(JSON.stringify(entries[0])).not.toMatch(/erase-me/i);

      // Idempotent.
      const again = await press(link, "erase");
      expect(visible(again.html)).toBe(visible(erased.html));
      expect((await removals()).length).toBe(before + 1);
    });

    it("the members CSV export ends each row with the member's own working unsubscribe link", async () => {
      const { id, link } = await addMember("exported@example.co.il");
      const csv = await (await env.admin.fetch("/api/clients/export")).text();
      const header = csv.split("\r\n")[0] ?? "";
      expect(header.endsWith(`"${heAdmin.clients.unsubscribeLink}"`)).toBe(true);
      const row = csv.split("\r\n").find((line) => line.includes('"exported@example.co.il"')) ?? "";
      expect(row.endsWith(`"${link}"`)).toBe(true);
      expect(row.startsWith(`"${id}",`)).toBe(true);
      // Every row has its own link, and it works.
      expect((await oneClick(link)).status).toBe(200);
      expect(await findMember("exported@example.co.il")).toBeUndefined();
    });
  });
}
