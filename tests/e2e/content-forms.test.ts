/**
 * The contact and club forms in Chromium, as a visitor uses them: success, the Hebrew error under
 * each field, the failure dialog (server answers intercepted), double submit blocked, the
 * honeypot, and the same forms without JavaScript.
 */
import type { BrowserContext, Page, Request, Route } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { heContent } from "../../domain/i18n/content.ts";
import { heForms } from "../../domain/i18n/forms.ts";
import { axeViolations, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";

const baseURL = e2eBaseURL();

const CE = heForms.contact.errors;

describeInChromium("content forms in Chromium", (browser) => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    describe(name, () => {
      let context: BrowserContext;
      let page: Page;
      /** Posts the page sent for a form (the router posts to the route's data URL). */
      let posts: Request[];

      const open = async (path: string, options: { javaScriptEnabled?: boolean } = {}) => {
        context = await browser.newContext({ viewport, locale: "he-IL", ...options });
        page = await context.newPage();
        posts = [];
        page.on("request", (r) => {
          if (r.method() === "POST") posts.push(r);
        });
        await openPage(page, `${baseURL}${path}`, { javaScript: options.javaScriptEnabled });
      };
      afterEach(async () => {
        await context?.close();
      });

      const field = (label: string) => page.getByRole("textbox", { name: label, exact: true });
      const fillContact = async (values: Partial<Record<"name" | "email" | "phone" | "message", string>>) => {
        const all = {
          name: "דנה כהן",
          email: "dana@example.co.il",
          phone: "050-1234567",
          message: "שלום, אפשר עוגה לשבת?",
          ...values,
        };
        await field("שם מלא").fill(all.name);
        await field("דוא״ל").fill(all.email);
        await field("טלפון").fill(all.phone);
        await field("הודעה").fill(all.message);
      };
      const errorOf = async (label: string) => {
        const input = field(label);
        expect(await input.getAttribute("aria-invalid"), label).toBe("true");
        const ids = (await input.getAttribute("aria-describedby"))?.split(" ") ?? [];
        const errorId = ids.find((id) => id.endsWith("-error"));
        expect(errorId, `${label} is described by its error`).toBeTruthy();
        return (await page.locator(`#${errorId}`).textContent())?.trim();
      };
      const interceptPosts = (path: string, handler: (route: Route) => Promise<void>) =>
        page.route(
          (url) => url.pathname.startsWith(path),
          async (route) => {
            if (route.request().method() !== "POST") return route.fallback();
            return handler(route);
          },
        );

      it("contact: a valid message goes through and lands on /thankYou", async () => {
        await open("/contactUs");
        await fillContact({});
        await page.getByRole("button", { name: "שלחו" }).click();
        await page.waitForURL(/\/thankYou\?from=contact$/);
        await page.locator("h1", { hasText: heContent.thanks.heading }).waitFor();
        expect(await page.locator("main").textContent()).toContain(heContent.thanks.contactText);
        expect(posts).toHaveLength(1);
      });

      it("contact: each field's Hebrew error appears under it, focus goes to the first, and nothing is sent", async () => {
        await open("/contactUs");
        await page.getByRole("button", { name: "שלחו" }).click();
        await page.locator("#contact-message-error").waitFor();
        expect(await errorOf("שם מלא")).toBe(CE.nameRequired);
        expect(await errorOf("דוא״ל")).toBe(CE.emailRequired);
        expect(await errorOf("טלפון")).toBe(CE.phoneRequired);
        expect(await errorOf("הודעה")).toBe(CE.messageRequired);
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
        expect(await axeViolations(page)).toEqual([]);

        await fillContact({ email: "dana@", phone: "12345" });
        await page.getByRole("button", { name: "שלחו" }).click();
        await page.locator("#contact-name:not([aria-invalid])").waitFor();
        expect(await errorOf("דוא״ל")).toBe(CE.emailInvalid);
        expect(await errorOf("טלפון")).toBe(CE.phoneInvalid);
        expect(await page.locator("[aria-invalid='true']").count()).toBe(2);
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");
        // Checked in the browser with the shared schema: no request for a form that cannot pass.
        expect(posts).toHaveLength(0);

        await field("דוא״ל").fill("dana@example.co.il");
        await field("טלפון").fill("+972 2 623 4567");
        await page.getByRole("button", { name: "שלחו" }).click();
        await page.waitForURL(/\/thankYou/);
      });

      it("contact: a server failure opens the alert dialog 'שגיאה בשליחת בקשה' and keeps what was typed", async () => {
        await open("/contactUs");
        await interceptPosts("/contactUs", (route) => route.fulfill({ status: 500, body: "Internal Server Error" }));
        await fillContact({ name: "יוסי" });
        await page.getByRole("button", { name: "שלחו" }).click();
        const dialog = page.getByRole("alertdialog", { name: heForms.contact.errorTitle });
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain(heForms.common.serverErrorText);
        // Focus is inside the dialog, on its button.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.closest("[role=alertdialog]") !== null))
          .toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
        // Focus comes back to the button that sends the form again.
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("שלחו");
        expect(await field("שם מלא").inputValue()).toBe("יוסי");
        expect(await page.getByRole("button", { name: "שלחו" }).isEnabled()).toBe(true);

        // Too many requests from one address: the same dialog, saying so.
        await page.unroute(() => true);
        await interceptPosts("/contactUs", (route) => route.fulfill({ status: 429, body: "{}" }));
        await page.getByRole("button", { name: "שלחו" }).click();
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain(heForms.common.rateLimitedText);
        await dialog.getByRole("button", { name: heForms.common.close }).click();
        await dialog.waitFor({ state: "detached" });
      });

      it("contact: while sending, the button reads 'בתהליך...', is disabled, and a second submit is blocked", async () => {
        await open("/contactUs");
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await interceptPosts("/contactUs", async (route) => {
          await held;
          await route.continue();
        });
        await fillContact({});
        await page.getByRole("button", { name: "שלחו" }).click();
        const busy = page.getByRole("button", { name: heForms.common.submitting });
        await busy.waitFor();
        expect(await busy.isDisabled()).toBe(true);
        // Enter in a field and a scripted submit both try again while the first is in flight.
        await field("שם מלא").press("Enter");
        await page.locator("form#contact").evaluate((form: HTMLFormElement) => form.requestSubmit());
        release();
        await page.waitForURL(/\/thankYou/);
        expect(posts).toHaveLength(1);
      });

      it("contact: the honeypot is out of reach for people, and a bot that fills it is told it succeeded", async () => {
        await open("/contactUs");
        const trap = page.locator('input[name="website"]');
        expect(await trap.getAttribute("tabindex")).toBe("-1");
        expect(await trap.getAttribute("autocomplete")).toBe("off");
        expect(await page.getByRole("textbox", { name: heForms.common.honeypotLabel }).count()).toBe(0);
        // Tabbing through the whole form never lands on it.
        await field("שם מלא").focus();
        for (let i = 0; i < 6; i++) {
          await page.keyboard.press("Tab");
          expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).not.toBe("website");
        }
        await fillContact({});
        await trap.evaluate((input: HTMLInputElement) => {
          input.value = "http://spam.example";
        });
        await page.getByRole("button", { name: "שלחו" }).click();
        await page.waitForURL(/\/thankYou\?from=contact$/);
        expect(posts).toHaveLength(1);
        expect(posts[0]!.postData()).toContain("website=http");
      });

      it("contact without JavaScript: server errors under the fields, then success", async () => {
        await open("/contactUs", { javaScriptEnabled: false });
        await fillContact({ name: `<script>alert(1)</script>`, email: "dana@", phone: "050-12" });
        await page.getByRole("button", { name: "שלחו" }).click();
        await page.waitForLoadState("load");
        expect(await errorOf("דוא״ל")).toBe(CE.emailInvalid);
        expect(await errorOf("טלפון")).toBe(CE.phoneInvalid);
        // What was typed comes back as text, never as markup.
        expect(await field("שם מלא").inputValue()).toBe("<script>alert(1)</script>");
        // (axe-core needs JavaScript; the same error markup is checked with it in the tests above.)
        await field("דוא״ל").fill("dana@example.co.il");
        await field("טלפון").fill("050-1234567");
        await page.getByRole("button", { name: "שלחו" }).click();
        await page.waitForURL(/\/thankYou\?from=contact$/);
        await page.locator("h1", { hasText: heContent.thanks.heading }).waitFor();
        expect(await page.locator("main").textContent()).toContain(heContent.thanks.contactText);
      });

      it("club: an empty address is refused in the browser; submitting (the consent, said next to the button) lands on /thankYou, even twice", async () => {
        await open("/club");
        const email = page.getByRole("textbox", { name: "דוא״ל", exact: true });
        await page.getByRole("button", { name: "הצטרפו" }).click();
        await page.locator("#club-email[aria-invalid='true']").waitFor();
        expect(posts).toHaveLength(0);
        // No opt-in box: the button is described by the consent sentence beside it.
        expect(await page.getByRole("checkbox").count()).toBe(0);
        expect(await page.locator("#club-submit-note").textContent()).toBe(heForms.club.consentNotice);
        expect(await axeViolations(page)).toEqual([]);
        await email.fill(`member-${name}@example.co.il`);
        await page.getByRole("button", { name: "הצטרפו" }).click();
        await page.waitForURL(/\/thankYou\?from=club$/);
        await page.locator("h1", { hasText: heContent.thanks.heading }).waitFor();
        expect(await page.locator("main").textContent()).toContain(heContent.thanks.clubText);

        // The same address again: the same friendly answer.
        await openPage(page, `${baseURL}/club`);
        await page.getByRole("textbox", { name: "דוא״ל", exact: true }).fill(`member-${name}@example.co.il`);
        await page.getByRole("button", { name: "הצטרפו" }).click();
        await page.waitForURL(/\/thankYou\?from=club$/);
      });

      it("club: a server failure opens the alert dialog 'שגיאה בשליחת הרשמה'", async () => {
        await open("/club");
        await interceptPosts("/club", (route) => route.fulfill({ status: 503, body: "" }));
        await page.getByRole("textbox", { name: "דוא״ל", exact: true }).fill("dana@example.co.il");
        await page.getByRole("button", { name: "הצטרפו" }).click();
        const dialog = page.getByRole("alertdialog", { name: heForms.club.errorTitle });
        await dialog.waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await dialog.getByRole("button", { name: heForms.common.close }).click();
        await dialog.waitFor({ state: "detached" });
        // What was typed stays in the form.
        expect(await page.getByRole("textbox", { name: "דוא״ל", exact: true }).inputValue()).toBe("dana@example.co.il");
      });
    });
  }
});
