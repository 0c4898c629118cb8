/**
 * The browser-side session flag of spec §4: `loggedIn` in local storage, plus the user's name and
 * e-mail for the admin top bar. It only decides what the browser shows; the server enforces access.
 */
const FLAG = "loggedIn";
const USER = "user";

export interface StoredUser {
  name: string;
  email: string;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function isLoggedIn(): boolean {
  return storage()?.getItem(FLAG) === "true";
}

export function setLoggedIn(user: StoredUser): void {
  storage()?.setItem(FLAG, "true");
  storage()?.setItem(USER, JSON.stringify(user));
}

/** Updates the stored name and e-mail, leaving the flag as it is (it may have been cleared meanwhile). */
export function refreshStoredUser(user: StoredUser): void {
  if (isLoggedIn()) storage()?.setItem(USER, JSON.stringify(user));
}

export function clearLoggedIn(): void {
  storage()?.setItem(FLAG, "false");
  storage()?.removeItem(USER);
}

export function storedUser(): StoredUser | null {
  try {
    const raw = storage()?.getItem(USER);
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}

/**
 * On the public site: a flag left "true" by a session that ended — the admin pages send such a browser home
 * (spec §6), and the server cannot touch local storage — is checked once against `GET /api/user` and cleared
 * when no one is signed in (401; issue 29). Only a browser whose flag is set asks (staff), so visitors send
 * nothing; any other answer, or none (offline), leaves the flag for the next check.
 */
export async function clearStaleFlag(): Promise<void> {
  if (!isLoggedIn()) return;
  try {
    const response = await fetch("/api/user", {
      headers: { Accept: "application/json", "X-Requested-With": "XMLHttpRequest" },
      credentials: "same-origin",
    });
    if (response.status === 401) clearLoggedIn();
  } catch {
    // No answer: decided on a later page.
  }
}
