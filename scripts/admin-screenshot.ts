/**
 * Screenshots of admin screens at the laptop (1280×800) and tablet (820×1180) sizes, signed in through
 * the login page like staff (SIZES=mobile,desktop for 390×844 and 1440×900):
 *   node scripts/admin-screenshot.ts http://127.0.0.1:3000 email password out-dir /admin/panel /admin/products
 * A path may end with "#<action>" for a screen behind a button: #create (the create modal), or
 * #view, #edit, #images, #delete (that action on the first row).
 */
import path from "node:path";
import { newPage, openPage } from "../tests/support/browser.ts";
import { screenshotBrowser } from "./screenshot-browser.ts";

const ALL_SIZES = {
  laptop: { width: 1280, height: 800 },
  tablet: { width: 820, height: 1180 },
  mobile: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
};
/** SIZES=mobile,desktop picks others than the default laptop and tablet. */
const SIZES = Object.fromEntries(
  (process.env.SIZES ?? "laptop,tablet")
    .split(",")
    .filter((name): name is keyof typeof ALL_SIZES => name in ALL_SIZES)
    .map((name) => [name, ALL_SIZES[name]]),
);

const [base, email, password, outDir, ...paths] = process.argv.slice(2);
if (!base || !email || !password || !outDir || paths.length === 0) {
  console.error("usage: node scripts/admin-screenshot.ts <base-url> <email> <password> <out-dir> <path>…");
  process.exit(1);
}
const browser = await screenshotBrowser(outDir);
for (const [name, viewport] of Object.entries(SIZES)) {
  const page = await newPage(browser, viewport);
  await page.goto(new URL("/login", base).href);
  await page.getByLabel("דוא״ל", { exact: true }).fill(email);
  await page.getByLabel("סיסמה").fill(password);
  await page.getByRole("button", { name: "כניסה" }).click();
  await page.waitForURL("**/admin/panel");
  for (const p of paths) {
    const [route, action] = p.split("#");
    // What staff see: the document loaded and hydrated (openPage), not 500 ms of network silence, which a
    // busy machine or a screen that refreshes its list may never give.
    await openPage(page, new URL(route!, base).href);
    const rowActions: Record<string, string> = { view: "צפייה", edit: "עריכה", images: "תמונות", delete: "מחיקה" };
    if (action === "create") {
      await page.locator("main h1 + div button").last().click();
    } else if (action && rowActions[action]) {
      await page
        .getByRole("row")
        .nth(1)
        .getByRole("button", { name: new RegExp(`^${rowActions[action]}: `) })
        .click();
    }
    if (action) {
      await page.locator('[role="dialog"], [role="alertdialog"]').first().waitFor();
      // The pictures in view (lazy ones further down load only when scrolled to), then the opening transition.
      await page.waitForFunction(() =>
        [...document.images].every((image) => image.complete || image.getBoundingClientRect().top > innerHeight),
      );
      await page.waitForTimeout(300);
    }
    const file = path.join(outDir, `${name}-${p.replace(/[^a-z0-9]+/gi, "_")}.png`);
    await page.screenshot({ path: file, fullPage: !action });
    console.log(file);
    if (action) {
      // The rest of a tall modal.
      await page.mouse.move(viewport.width / 2, viewport.height / 2);
      await page.mouse.wheel(0, 3000);
      await page.waitForTimeout(300);
      await page.screenshot({ path: file.replace(/\.png$/, "-end.png") });
    }
  }
  await page.context().close();
}
await browser.close();
