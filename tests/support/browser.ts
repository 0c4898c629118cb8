/** Debian's Chromium driven by playwright-core, plus an axe-core (WCAG 2.1 AA) helper. */
import { existsSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserServer, chromium, type Page, type Response } from "playwright-core";

/**
 * Debian's `chromium-headless-shell` first: the same Blink and V8 as `chromium`, without the desktop browser's
 * shell around them (the build Playwright itself uses for headless runs). The whole e2e suite took 164 s in it
 * against 245 s in `chromium --headless` (docs/testing.md, round 5), with the CPU saturated in both.
 */
const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
];

export function findChromium(): string | undefined {
  return CANDIDATES.find((p): p is string => Boolean(p) && existsSync(p as string));
}

const LAUNCH_OPTIONS = {
  headless: true,
  // Without these, Chromium tries to reach Google's services on a closed network.
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
};

export function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, ...LAUNCH_OPTIONS });
}

/** A Chromium that test processes connect to (the e2e global setup starts one for the whole run). */
export function launchBrowserServer(executablePath: string): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath, ...LAUNCH_OPTIONS });
}

/**
 * The run's Chromium (from launchBrowserServer), connected: cheaper than a browser per test file. Its
 * `close()` closes this connection's contexts and disconnects, leaving the browser to the next file.
 */
export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

/** A page in its own context (axe-core needs one), Hebrew locale, at the given viewport. */
export async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: "he-IL" });
  return context.newPage();
}

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core with the WCAG 2.0/2.1 A and AA rules; returns the violations in a readable form. `include`
 * (a CSS selector) limits the check to a part of the page, e.g. an open dialog over a page already checked.
 */
export async function axeViolations(page: Page, options: { include?: string } = {}): Promise<AxeViolation[]> {
  // Legacy mode: axe.run() in the page itself. The default splits the run (axe.runPartial in each frame, then
  // axe.finishRun in a blank page it opens and closes for every call) to reach cross-origin frames; the only
  // frame of ours is Google's map, which has no network in tests. Same rules, same results.
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).setLegacyMode();
  if (options.include) builder.include(options.include);
  const result = await builder.analyze();
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")),
  }));
}

interface OpenOptions {
  /** False when the test's browser context runs no JavaScript: then only "load" is waited for. */
  javaScript?: boolean;
  /**
   * On a public page (HTML with islands, ADR 013): `wake` (the default) brings every island to life as a visitor
   * pointing at each would, and waits until all are mounted, so clicks and typing reach them; `asLoaded` leaves
   * them as the page loaded them (for tests of what loads before any interaction).
   */
  islands?: "wake" | "asLoaded";
}

/**
 * Opens `url` and waits for what a visitor gets: the document with its images loaded ("load") and, with
 * JavaScript on, running — a session page hydrated (`<html data-hydrated>`, set by app/root.tsx), a public page's
 * island loader run (`<html data-islands>`, app/islands/loader.ts) and its islands mounted (see `islands`).
 * This replaces `waitUntil: "networkidle"`, which waits for 500 ms of network silence on every visit.
 */
export async function openPage(page: Page, url: string, options: OpenOptions = {}): Promise<Response | null> {
  const response = await page.goto(url, { waitUntil: "load" });
  if (options.javaScript !== false) await pageRunning(page, options.islands);
  return response;
}

/** Reloads the page and waits as openPage does. */
export async function reloadPage(page: Page, options: Pick<OpenOptions, "islands"> = {}): Promise<Response | null> {
  const response = await page.reload({ waitUntil: "load" });
  await pageRunning(page, options.islands);
  return response;
}

/**
 * Waits until the page in the tab runs as openPage's does: after a click that loaded another page (every link on
 * the public site is a page load), before interacting with it.
 */
export async function pageRunning(page: Page, islands: OpenOptions["islands"] = "wake"): Promise<void> {
  await page.locator("html[data-hydrated], html[data-islands]").first().waitFor({ state: "attached" });
  if (islands === "asLoaded") return;
  await page.evaluate(() => {
    for (const island of document.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrated])")) {
      const target = island.firstElementChild ?? island;
      target.dispatchEvent(new PointerEvent("pointermove", { bubbles: true, movementX: 1, movementY: 1 }));
    }
  });
  await page.waitForFunction(() => document.querySelectorAll("[data-island]:not([data-hydrated])").length === 0, null, {
    polling: 50,
  });
}
