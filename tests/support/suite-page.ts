/**
 * A page for the tests of one describe: opened by `open` before them, its browser context closed after them.
 *
 *   const page = suitePage(() => storePage(browser, viewport));
 *
 * The page is a stand-in (stand-in.ts) that forwards to the opened one, so the describe names it once. A file's
 * own `beforeAll` registered after this call runs after the page is open.
 *
 * `noErrors`: the page's script errors (hydration mismatches, exceptions) and, with "page and console", its
 * console errors are collected while the tests run, and after them there must be none.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { standIn } from "./stand-in.ts";

export function suitePage(open: () => Promise<Page>, options: { noErrors?: "page" | "page and console" } = {}): Page {
  let opened: Page | undefined;
  const errors: string[] = [];
  beforeAll(async () => {
    opened = await open();
    if (options.noErrors) opened.on("pageerror", (e) => errors.push(e.message));
    if (options.noErrors === "page and console") {
      opened.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
    }
  });
  afterAll(async () => {
    await opened?.context().close();
    if (options.noErrors) expect(errors).toEqual([]);
  });
  return standIn("page", () => opened);
}
