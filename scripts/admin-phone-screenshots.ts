/**
 * The screenshots of docs/admin.md "On a phone" (issue 12 §4): the first screen of every admin section —
 * read from the section table, so a new section gets one — at 390×844, plus the open section menu, the
 * unfolded search and two dialogs. Stored as palette PNGs (sharp), a few tens of KB each:
 *   node scripts/admin-phone-screenshots.ts http://127.0.0.1:3000 email password [out-dir, default docs/admin]
 * SIZES=mobile,desktop also writes the 1440×900 shots (to look at; docs/admin.md shows the phone's).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { SECTION_LIST, sectionHref } from "../app/lib/admin-sections.ts";
import { findChromium, launchBrowser, newPage, VIEWPORTS } from "../tests/support/browser.ts";

const [base, email, password, outDir = "docs/admin"] = process.argv.slice(2);
if (!base || !email || !password) {
  console.error("usage: node scripts/admin-phone-screenshots.ts <base-url> <email> <password> [out-dir]");
  process.exit(1);
}
const chromium = findChromium();
if (!chromium) {
  console.error("Chromium not found (apt-get install chromium)");
  process.exit(1);
}
const sizes = (process.env.SIZES ?? "mobile").split(",").filter((s): s is keyof typeof VIEWPORTS => s in VIEWPORTS);

/** The shots beyond each section's first screen: a name, the screen, what to open on it and what then shows. */
const EXTRAS: { name: string; path: string; open: (page: Page) => Promise<void>; shows: string }[] = [
  {
    name: "menu",
    path: "/admin/products",
    open: (page) => page.locator("header summary").click(),
    shows: "header details nav",
  },
  {
    name: "search",
    path: "/admin/products",
    open: (page) => page.locator("search button[aria-expanded]").click(),
    shows: "search form",
  },
  {
    name: "products-create",
    path: "/admin/products",
    open: (page) => page.locator('main button[aria-haspopup="dialog"]').click(),
    shows: '[role="dialog"]',
  },
  {
    // The branch dialog, scrolled to its opening-hours editor (the widest form of the back office).
    name: "branches-hours",
    path: "/admin/branches",
    open: async (page) => {
      await page
        .getByRole("row")
        .nth(1)
        .getByRole("button", { name: /^עריכה: / })
        .click();
      await page
        .locator('[role="dialog"] fieldset')
        .first()
        .evaluate((hours) => hours.scrollIntoView());
    },
    shows: '[role="dialog"]',
  },
];

async function openScreen(page: Page, url: string) {
  await page.goto(new URL(url, base).href, { waitUntil: "load" });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.waitForFunction(() => document.querySelector("[data-list-query]")?.getAttribute("aria-busy") !== "true");
}

/** Waits until the images in the window have loaded (the lists' thumbnails are lazy). */
async function imagesShown(page: Page) {
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight && box.width > 0;
      })
      .every((image) => image.complete),
  );
}

async function save(page: Page, file: string) {
  // No hover effect under the pointer of the last click.
  await page.mouse.move(0, 0);
  const png = await page.screenshot();
  const small = await sharp(png).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer();
  writeFileSync(file, small);
  console.log(`${file}  ${(small.length / 1024).toFixed(0)} KB`);
}

mkdirSync(outDir, { recursive: true });
const browser = await launchBrowser(chromium);
try {
  for (const size of sizes) {
    const page = await newPage(browser, VIEWPORTS[size]);
    page.setDefaultTimeout(60_000);
    await page.goto(new URL("/login", base).href, { waitUntil: "load" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("דוא״ל", { exact: true }).fill(email);
    await page.getByLabel("סיסמה").fill(password);
    await page.getByRole("button", { name: "כניסה" }).click();
    await page.waitForURL("**/admin/panel");
    const prefix = size === "mobile" ? "phone" : size;
    for (const section of SECTION_LIST) {
      await openScreen(page, sectionHref(section.key));
      await imagesShown(page);
      await save(page, path.join(outDir, `${prefix}-${section.path}.png`));
    }
    // The menu and the search fold only on a phone.
    for (const extra of size === "mobile" ? EXTRAS : EXTRAS.filter((e) => e.shows.includes("dialog"))) {
      await openScreen(page, extra.path);
      await extra.open(page);
      await page.locator(extra.shows).waitFor();
      await imagesShown(page);
      // Let an opening dialog or a rotating chevron settle.
      await page.waitForTimeout(300);
      await save(page, path.join(outDir, `${prefix}-${extra.name}.png`));
    }
    await page.context().close();
  }
} finally {
  await browser.close();
}
