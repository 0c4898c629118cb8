/**
 * Uploads in the back office (issue 12): each chosen file shows a thumbnail and its own state — waiting,
 * "נשלח NN%" while its bytes go out (XMLHttpRequest upload progress), processing, done — and an iPhone
 * HEIC photo is accepted through the screen. The screen stays axe clean while files are listed.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { expect, it } from "vitest";
import { heAdmin } from "../../domain/i18n/admin.ts";
import { dismissToasts, expectToast, listReady, staffPage } from "../support/admin-e2e.ts";
import { axeViolations, openPage } from "../support/browser.ts";
import { describeInChromium, e2eBaseURL } from "../support/chromium-suite.ts";
import { heicPhoto } from "../support/images.ts";
import { suitePage } from "../support/suite-page.ts";

const baseURL = e2eBaseURL();

/**
 * Noise compresses badly: a ~300 KB PNG, so on the throttled line below two of them take about two seconds,
 * time for the rows to show many progress steps (Chromium reports upload progress every 50 ms).
 */
function noisyPng(): Promise<Buffer> {
  return sharp(randomBytes(320 * 320 * 3), { raw: { width: 320, height: 320, channels: 3 } })
    .png()
    .toBuffer();
}

describeInChromium("admin uploads: per-file progress and HEIC", (browser) => {
  const page = suitePage(() => staffPage(browser, baseURL));

  async function openImagesScreen() {
    await openPage(page, `${baseURL}/admin/products`);
    await listReady(page);
    await page
      .getByRole("button", { name: /^תמונות: / })
      .first()
      .click();
    const screen = page.getByRole("dialog", { name: /^תמונות: / });
    await screen.getByRole("heading", { name: "העלאת תמונות" }).waitFor();
    return screen;
  }

  it("shows each file's thumbnail and state: waiting, sending NN%, then done; axe clean", async () => {
    const screen = await openImagesScreen();
    await screen.locator('input[type="file"]').setInputFiles([
      { name: "noise-1.png", mimeType: "image/png", buffer: await noisyPng() },
      { name: "noise-2.png", mimeType: "image/png", buffer: await noisyPng() },
    ]);
    const rows = screen.locator("[data-upload-state]");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain("ממתין");
    // The thumbnail is the chosen file itself (an object URL), before anything is sent.
    expect(await rows.first().locator("img").getAttribute("src")).toMatch(/^blob:/);
    expect(await axeViolations(page)).toEqual([]);

    // Every state text the rows show, as it happens.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenStates: string[] }).seenStates = seen;
      new MutationObserver(() => {
        for (const row of document.querySelectorAll("[data-upload-state] [role=status]")) {
          const text = row.textContent ?? "";
          if (seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // A slow line (≈ 256 kB/s up), so the bytes take a couple of seconds to go out.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: 4_000_000,
      uploadThroughput: 256 * 1024,
    });
    await screen.getByRole("button", { name: "העלאה", exact: true }).click();
    await expect.poll(() => screen.locator('[data-upload-state="done"]').count(), { timeout: 60_000 }).toBe(2);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expectToast(page, "תמונות נשמרו בהצלחה");
    const seen = await page.evaluate(() => (window as unknown as { seenStates: string[] }).seenStates);
    const percents = seen.flatMap((text) => /^נשלח (\d+)%$/.exec(text)?.[1] ?? []).map(Number);
    expect(percents.some((p) => p > 0 && p < 100)).toBe(true);
    expect(seen).toContain("הועלה");
    expect(await rows.first().textContent()).toContain("הועלה");
    await dismissToasts(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("accepts an iPhone HEIC photo through the screen (no preview in Chromium: its type and a Hebrew note)", async () => {
    const screen = await openImagesScreen();
    const images = screen.locator("ol > li");
    const before = await images.count();
    await screen
      .locator('input[type="file"]')
      .setInputFiles([{ name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: heicPhoto() }]);
    const row = screen.locator('[data-upload-state="waiting"]');
    await row.waitFor();
    // Chromium cannot draw HEIC: the row names the type and says the picture appears after the upload (issue 29).
    await row.getByText(heAdmin.imagesScreen.noPreview).waitFor();
    expect(await row.textContent()).toContain("HEIC");
    expect(await row.locator("img").count()).toBe(0);
    await screen.getByRole("button", { name: "העלאה", exact: true }).click();
    await screen.locator('[data-upload-state="done"]').waitFor({ timeout: 30_000 });
    await expectToast(page, "התמונה נשמרה בהצלחה");
    await expect.poll(() => images.count()).toBe(before + 1);
    await expect
      .poll(() =>
        images
          .last()
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 320),
      )
      .toBe(true);
    await dismissToasts(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
