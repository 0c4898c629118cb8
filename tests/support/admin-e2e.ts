/** Helpers for the back-office end-to-end tests: a signed-in staff page, toasts, dialogs, lists. */
import type { Browser, Locator, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { LIST_KEYS } from "../../app/components/admin/use-admin-list.ts";
import { newPage, openPage } from "./browser.ts";

/** The review sizes of the issue: a laptop and a tablet. */
export const ADMIN_VIEWPORTS = {
  laptop: { width: 1280, height: 800 },
  tablet: { width: 820, height: 1180 },
} as const;

/**
 * A new page signed in as staff, on the panel: the seeded administrator (the e2e global setup provides its
 * e-mail and password). The sign-in is the login form's own request (POST /login as JSON with the XSRF
 * echo, from the page's browser context, so the session cookies land in it) and the
 * `loggedIn` flag the form then stores (spec §4), without loading and filling the form: the form itself is
 * tested in tests/e2e/login.test.ts. The flag is written before the first page of the site runs, unless the
 * site already wrote one (a later sign-out's "false" stays).
 */
export async function staffPage(
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number }; clock?: boolean } = {},
): Promise<Page> {
  const page = await newPage(browser, options.viewport ?? ADMIN_VIEWPORTS.laptop);
  page.setDefaultTimeout(15_000);
  // Fake timers from the start, so the 20-second confirmation can be fast-forwarded (they still run in real time).
  if (options.clock) await page.clock.install();
  const request = page.context().request;
  // Any page of the site hands out the XSRF token the sign-in must echo.
  await request.get(`${baseURL}/api/abilities`);
  const xsrf = (await page.context().cookies(baseURL)).find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
  const response = await request.post(`${baseURL}/login`, {
    headers: {
      Accept: "application/json",
      "X-Requested-With": "XMLHttpRequest",
      "X-XSRF-TOKEN": decodeURIComponent(xsrf),
    },
    data: { email: inject("adminEmail"), password: inject("adminPassword"), remember: false },
  });
  if (!response.ok()) throw new Error(`staff sign-in failed: ${response.status()} ${await response.text()}`);
  const user = ((await response.json()) as { data: { name: string; email: string } }).data;
  // What setLoggedIn() (app/lib/session-flag.ts) stores after the form's sign-in.
  await page.context().addInitScript((stored) => {
    if (localStorage.getItem("loggedIn") === null) {
      localStorage.setItem("loggedIn", "true");
      localStorage.setItem("user", stored);
    }
  }, JSON.stringify(user));
  await openPage(page, `${baseURL}/admin/panel`);
  return page;
}

/**
 * A JSON call of the admin API from a signed-in page, as the back office makes it: same-origin fetch with
 * the session cookie, the XSRF cookie echoed in X-XSRF-TOKEN, `X-Requested-With` and JSON both ways.
 */
export async function adminApi<T = unknown>(
  page: Page,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  json?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, json }) => {
      const token = document.cookie
        .split("; ")
        .find((c) => c.startsWith("XSRF-TOKEN="))
        ?.slice("XSRF-TOKEN=".length);
      const res = await fetch(path, {
        method,
        headers: {
          Accept: "application/json",
          "X-Requested-With": "XMLHttpRequest",
          ...(token ? { "X-XSRF-TOKEN": decodeURIComponent(token) } : {}),
          ...(json === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, json },
  ) as Promise<{ status: number; body: T }>;
}

/** The toast region (spec §8 messages). */
export function toasts(page: Page): Locator {
  return page.getByRole("region", { name: "הודעות" });
}

/** Waits for a toast with exactly this title. */
export async function expectToast(page: Page, title: string): Promise<void> {
  await toasts(page).getByText(title, { exact: true }).first().waitFor();
}

/** Closes every toast (so the next assertion sees only new ones). */
export async function dismissToasts(page: Page): Promise<void> {
  const buttons = toasts(page).getByRole("button", { name: "סגירת ההודעה" });
  // A toast also closes by itself when its time is up, so one counted here can be gone before a click reaches
  // it (a 15 s wait for a button that no longer exists, under load). Press the close buttons there are at that
  // moment, in the page in one step, until none is left.
  await expect
    .poll(async () => {
      await buttons.evaluateAll((all) => {
        for (const button of all) (button as HTMLButtonElement).click();
      });
      return buttons.count();
    })
    .toBe(0);
}

/** Types digits into a React Aria date or time field, segment after segment, as a keyboard user does. */
export async function typeSegments(scope: Locator, label: string, digits: string): Promise<void> {
  await scope.getByRole("group", { name: label, exact: true }).getByRole("spinbutton").first().click();
  await scope.page().keyboard.type(digits);
}

/** What a React Aria date or time field shows ("19:00"), without the direction marks around its segments. */
export async function segmentsText(scope: Locator, label: string): Promise<string> {
  const text = (await scope.getByRole("group", { name: label, exact: true }).textContent()) ?? "";
  return text.replace(/[\u200e\u200f\u2066-\u2069]/g, "");
}

/**
 * The types of a React Aria field's segments in the order the eye meets them from left to right: the admin's date
 * fields read "3.11.2026" and "5.1.2030, 7:00", day, month and year from the left as the lists print dates.
 */
export async function segmentsLeftToRight(scope: Locator, label: string): Promise<string[]> {
  return scope.getByRole("group", { name: label, exact: true }).evaluate((group) =>
    [...group.querySelectorAll<HTMLElement>('[role="spinbutton"]')]
      .map((segment) => ({ type: segment.dataset.type ?? "", left: segment.getBoundingClientRect().left }))
      .sort((a, b) => a.left - b.left)
      .map((segment) => segment.type),
  );
}

/** The delete confirmation of spec §4. */
export function confirmDialog(page: Page): Locator {
  return page.getByRole("alertdialog", { name: "האם את/ה בטוח/ה?" });
}

/**
 * Waits until the list shows the rows of the address in the URL bar: its table is not busy and answers
 * that address's list parameters (`data-list-query`). Checking the parameters too matters right after a
 * click that changed the URL: until React has rendered the new address, the previous rows still say
 * aria-busy="false".
 */
export async function listReady(page: Page): Promise<void> {
  await page.waitForFunction(
    (keys) => {
      const list = document.querySelector<HTMLElement>("[data-list-query]");
      if (!list?.querySelector("table, [role='grid']") || list.getAttribute("aria-busy") !== "false") return false;
      const shown = new URLSearchParams(list.dataset.listQuery);
      const address = new URLSearchParams(location.search);
      for (const key of new Set([...keys, ...shown.keys()])) {
        if ((shown.get(key) || null) !== (address.get(key) || null)) return false;
      }
      return true;
    },
    [...LIST_KEYS],
    { polling: 50 },
  );
}

/**
 * Opens an admin list at `url`, waits for its rows, and opens its create form from the "new" button; resolves
 * once the form is ready, as a staff member sees it: its save button is shown (a form that loads what it needs
 * first, like the product form's categories, shows only "טוען…" until then).
 */
export async function openCreateDialog(
  page: Page,
  url: string,
  names: { button: string; dialog: string },
): Promise<Locator> {
  await openPage(page, url);
  await listReady(page);
  await page.getByRole("button", { name: names.button }).click();
  const dialog = page.getByRole("dialog", { name: names.dialog });
  await dialog.getByRole("button", { name: "שמור", exact: true }).waitFor();
  return dialog;
}
