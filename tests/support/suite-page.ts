/**
 * A page for the tests of one describe: opened by `open` before them, its browser context closed after them.
 *
 *   const page = suitePage(() => storePage(browser, viewport));
 *
 * The page is a stand-in (stand-in.ts) that forwards to the opened one, so the describe names it once. A file's
 * own `beforeAll` registered after this call runs after the page is open.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { standIn } from "./stand-in.ts";

export function suitePage(open: () => Promise<Page>): Page {
  let opened: Page | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened?.context().close();
  });
  return standIn("page", () => opened);
}
