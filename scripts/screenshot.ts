/**
 * Screenshots of pages at the mobile (390×844) and desktop (1440×900) sizes, for people to look at:
 *   node scripts/screenshot.ts http://127.0.0.1:3000 out-dir / /products /product/1
 */
import path from "node:path";
import { newPage, VIEWPORTS } from "../tests/support/browser.ts";
import { loadLazyImages, screenshotBrowser } from "./screenshot-browser.ts";

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) {
  console.error("usage: node scripts/screenshot.ts <base-url> <out-dir> <path>…");
  process.exit(1);
}
const browser = await screenshotBrowser(outDir);
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  const page = await newPage(browser, viewport);
  for (const p of paths) {
    await page.goto(new URL(p, base).href, { waitUntil: "load" });
    await loadLazyImages(page);
    const file = path.join(outDir, `${name}-${p.replace(/[^a-z0-9]+/gi, "_") || "home"}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.context().close();
}
await browser.close();
