/** What both screenshot scripts start with: Chromium found (or a clear exit), the output folder made. */
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { findChromium, launchBrowser } from "../tests/support/browser.ts";

export async function screenshotBrowser(outDir: string): Promise<Browser> {
  const chromium = findChromium();
  if (!chromium) {
    console.error("Chromium not found (apt-get install chromium)");
    process.exit(1);
  }
  mkdirSync(outDir, { recursive: true });
  return launchBrowser(chromium);
}

/**
 * Brings every lazily loaded picture in, as a visitor scrolling down would, and waits until each has
 * arrived: a full-page screenshot does not scroll, so pictures below the fold would otherwise stay empty.
 */
export async function loadLazyImages(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}
