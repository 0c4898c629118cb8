/** Staff login in the browser (spec §3 Login, §4, §5): JavaScript and no-JavaScript paths, errors, session flag. */
import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { axeViolations, newPage, openPage, VIEWPORTS } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";

const baseURL = e2eBaseURL();
const adminEmail = inject("adminEmail");
const adminPassword = inject("adminPassword");

describeInChromium("login", (browser) => {
  async function open(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
    const page = await newPage(browser, viewport);
    await openPage(page, `${baseURL}/login`);
    return page;
  }

  it("has a Hebrew title, labelled fields and no axe violations on mobile and desktop", async () => {
    for (const viewport of Object.values(VIEWPORTS)) {
      const page = await open(viewport);
      expect(await page.title()).toContain("כניסת צוות");
      await expect.poll(() => page.getByLabel("דוא״ל", { exact: true }).count()).toBe(1);
      expect(await page.getByLabel("סיסמה").count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    }
  });

  it("requires e-mail and password before calling the server", async () => {
    const page = await open();
    await page.getByRole("button", { name: "כניסה" }).click();
    await expect.poll(() => page.getByText("יש להזין כתובת דוא״ל").count()).toBe(1);
    expect(await page.getByText("יש להזין סיסמה").count()).toBe(1);
    expect(await page.getByLabel("דוא״ל", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await page.context().close();
  });

  it("shows the server's field error for wrong credentials", async () => {
    const page = await open();
    await page.getByLabel("דוא״ל", { exact: true }).fill(adminEmail);
    await page.getByLabel("סיסמה").fill("not-the-password");
    await page.getByRole("button", { name: "כניסה" }).click();
    await expect.poll(() => page.getByText("הדוא״ל או הסיסמה שגויים").count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem("loggedIn"))).not.toBe("true");
    await page.context().close();
  });

  it("signs in, sets the loggedIn flag with the user's name and e-mail, and goes to the panel", async () => {
    const page = await open();
    await page.getByLabel("דוא״ל", { exact: true }).fill(adminEmail);
    await page.getByLabel("סיסמה").fill(adminPassword);
    await page.getByRole("button", { name: "כניסה" }).click();
    await page.waitForURL(`${baseURL}/admin/panel`);
    expect(await page.evaluate(() => localStorage.getItem("loggedIn"))).toBe("true");
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem("user"))) ?? "{}");
    expect(user.email).toBe(adminEmail);
    await page.context().close();
  });

  it("clears the loggedIn flag when an admin page sends a browser whose session ended home (issue 29)", async () => {
    const page = await open();
    await page.getByLabel("דוא״ל", { exact: true }).fill(adminEmail);
    await page.getByLabel("סיסמה").fill(adminPassword);
    await page.getByRole("button", { name: "כניסה" }).click();
    await page.waitForURL(`${baseURL}/admin/panel`);
    const flag = () => page.evaluate(() => localStorage.getItem("loggedIn"));
    expect(await flag()).toBe("true");
    // The session ends on the server's side (its cookie is gone); the flag in local storage still says "true".
    await page.context().clearCookies();
    // An admin address sends the browser home, where the site finds the session gone and clears the flag.
    // (The admin page's own script may send it home before the document's load, and a navigation home can be
    // replaced by another one: wait for where the browser ends, not for one navigation's load — waitForURL throws
    // when the navigation it watches is aborted.)
    await page.goto(`${baseURL}/admin/products`, { waitUntil: "commit" }).catch(() => {});
    await expect.poll(() => page.url(), { timeout: 20_000 }).toBe(`${baseURL}/`);
    await expect.poll(flag, { timeout: 20_000 }).toBe("false");
    await page.context().close();
  });

  it("works without JavaScript (ordinary form post with the hidden token)", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${baseURL}/login`);
    await page.getByLabel("דוא״ל", { exact: true }).fill(adminEmail);
    await page.getByLabel("סיסמה").fill("wrong-password-123");
    await page.getByRole("button", { name: "כניסה" }).click();
    await page.waitForURL(/\/login\?error=credentials$/);
    expect(await page.getByText("הדוא״ל או הסיסמה שגויים").count()).toBe(1);
    await page.getByLabel("דוא״ל", { exact: true }).fill(adminEmail);
    await page.getByLabel("סיסמה").fill(adminPassword);
    await page.getByRole("button", { name: "כניסה" }).click();
    await page.waitForURL(`${baseURL}/admin/panel`);
    await context.close();
  });
});
