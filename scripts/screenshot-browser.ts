/** What both screenshot scripts start with: Chromium found (or a clear exit), the output folder made. */
import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
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
