/**
 * The club e-mail's unsubscribe page in Chromium (issue 29 part 6), at phone size with and without JavaScript and
 * on the desktop: opening the link shows the choice and removes nobody; the member's click removes them (leave,
 * or leave and erase); a forged link reads exactly like a real one; a cut link is a Hebrew 400 page; axe is clean
 * on every state. Members are added through the admin API and their links signed with the e2e server's secret.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heForms } from "../../domain/i18n/forms.ts";
import { createClientsService } from "../../server/services/clients.ts";
import { adminApi, staffPage } from "../support/admin-e2e.ts";
import { axeViolations, newPage, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { E2E_SESSION_SECRET } from "../support/seed-template.ts";

const baseURL = e2eBaseURL();
const T = heForms.club.unsubscribe;
/** Signs links as the server does (the link needs no database). */
const links = createClientsService(null as never, { linkSecret: E2E_SESSION_SECRET, publicUrl: baseURL });

describeInChromium("club unsubscribe page in Chromium", (browser: Browser) => {
  let staff: Page;
  let serial = 0;
  beforeAll(async () => {
    staff = await staffPage(browser, baseURL);
  });
  afterAll(async () => {
    await staff?.context().close();
  });

  /** A new member (added by staff) and the unsubscribe link of their e-mails. */
  const addMember = async () => {
    const email = `leaver-${Date.now()}-${++serial}@example.co.il`;
    const res = await adminApi<{ data: { id: number } }>(staff, "POST", "/api/clients", { email });
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    return { id, email, link: links.unsubscribeLink(id, email) };
  };
  const memberStatus = async (id: number) => (await adminApi(staff, "GET", `/api/clients/${id}`)).status;
  const h1 = (page: Page) => page.locator("h1").first().textContent();
  /** axe-core runs in the page: with JavaScript off the same server-rendered markup is checked by the JS-on tests. */
  const axeClean = async (page: Page, javaScript: boolean) => {
    if (javaScript) expect(await axeViolations(page)).toEqual([]);
  };

  const open = async (url: string, viewport: { width: number; height: number }, javaScript: boolean) => {
    const context = await browser.newContext({ viewport, locale: "he-IL", javaScriptEnabled: javaScript });
    const page = await context.newPage();
    const response = await openPage(page, url, { javaScript });
    return { page, status: response?.status() };
  };

  for (const javaScript of [false, true]) {
    describe(`phone, JavaScript ${javaScript ? "on" : "off"}`, () => {
      it("opening the link removes nobody; 'הסירו אותי מהרשימה' removes the member; axe clean before and after", async () => {
        const member = await addMember();
        const { page, status } = await open(member.link, VIEWPORTS.mobile, javaScript);
        try {
          expect(status).toBe(200);
          expect(await h1(page)).toBe(T.heading);
          const leave = page.getByRole("button", { name: T.leaveButton });
          expect(await leave.isVisible()).toBe(true);
          expect(await page.getByRole("heading", { level: 2, name: T.eraseHeading }).isVisible()).toBe(true);
          expect(await page.locator("main").textContent()).not.toContain(member.email);
          await axeClean(page, javaScript);
          // A mail scanner or a preview opening the link has removed nobody.
          expect(await memberStatus(member.id)).toBe(200);

          await leave.click();
          await page.locator("h1", { hasText: T.leftHeading }).waitFor();
          expect(await page.locator("main").textContent()).toContain(T.leftText);
          expect(await memberStatus(member.id)).toBe(404);
          await axeClean(page, javaScript);
        } finally {
          await page.context().close();
        }
      });

      it("'הסרה ומחיקת כל הפרטים' erases the member; a forged link reads and answers exactly the same", async () => {
        const member = await addMember();
        const [id, mac] = new URL(member.link).searchParams.get("token")!.split(".") as [string, string];
        const forged = `${baseURL}/club/unsubscribe?token=${id}.${mac.startsWith("A") ? "B" : "A"}${mac.slice(1)}`;
        const texts: string[] = [];
        for (const url of [forged, member.link]) {
          const { page, status } = await open(url, VIEWPORTS.mobile, javaScript);
          try {
            expect(status).toBe(200);
            const before = ((await page.locator("main").textContent()) ?? "").trim();
            await page.getByRole("button", { name: T.eraseButton }).click();
            await page.locator("h1", { hasText: T.erasedHeading }).waitFor();
            texts.push(before, ((await page.locator("main").textContent()) ?? "").trim());
            if (url === forged) expect(await memberStatus(member.id)).toBe(200);
            else await axeClean(page, javaScript);
          } finally {
            await page.context().close();
          }
        }
        // What the forged link showed, before and after the click, is word for word the real link's.
        expect(texts[0]).toBe(texts[2]);
        expect(texts[1]).toBe(texts[3]);
        expect(await memberStatus(member.id)).toBe(404);
      });

      it("a cut link: a Hebrew 400 page that leads to the contact form, axe clean", async () => {
        const member = await addMember();
        const { page, status } = await open(member.link.slice(0, -6), VIEWPORTS.mobile, javaScript);
        try {
          expect(status).toBe(400);
          expect(await h1(page)).toBe(T.invalidHeading);
          expect(await page.getByRole("link", { name: T.toContact }).getAttribute("href")).toBe("/contactUs");
          await axeClean(page, javaScript);
          expect(await memberStatus(member.id)).toBe(200);
        } finally {
          await page.context().close();
        }
      });
    });
  }

  it("desktop: the choice page is axe clean and its buttons are reached by keyboard", async () => {
    const member = await addMember();
    const page = await newPage(browser, VIEWPORTS.desktop);
    try {
      await openPage(page, member.link);
      expect(await h1(page)).toBe(T.heading);
      expect(await axeViolations(page)).toEqual([]);
      const leave = page.getByRole("button", { name: T.leaveButton });
      await leave.focus();
      await page.keyboard.press("Tab");
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(T.eraseButton);
    } finally {
      await page.context().close();
    }
  });
});
