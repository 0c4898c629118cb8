/**
 * A tiny cookie-keeping HTTP client over the Hono app, behaving like a browser tab: it keeps the
 * session and XSRF-TOKEN cookies and echoes the token on state-changing requests (spec §7).
 */
import type { TestApp } from "./app.ts";

export class TestClient {
  readonly cookies = new Map<string, string>();
  private readonly t: Pick<TestApp, "request">;
  /** `t`: the in-process app, or anything that answers requests the same way (a server over HTTP: `overHttp`). */
  constructor(t: Pick<TestApp, "request">) {
    this.t = t;
  }

  get xsrfToken(): string | undefined {
    const value = this.cookies.get("XSRF-TOKEN");
    return value === undefined ? undefined : decodeURIComponent(value);
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Sends a request with the stored cookies; unsafe methods carry the XSRF header unless `xsrf: false`. */
  async fetch(path: string, init: RequestInit & { xsrf?: boolean; json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const method = (init.method ?? "GET").toUpperCase();
    if (!["GET", "HEAD"].includes(method)) {
      if (this.cookies.size === 0) await this.fetch("/api/user");
      if (init.xsrf !== false && this.xsrfToken && !headers.has("X-XSRF-TOKEN"))
        headers.set("X-XSRF-TOKEN", this.xsrfToken);
      headers.set("X-Requested-With", "XMLHttpRequest");
    }
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    if (this.cookies.size) headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await this.t.request(path, { ...init, method, headers, body, redirect: "manual" });
    this.remember(response);
    return response;
  }

  /**
   * Posts `fields` as a page's form does without JavaScript: URL-encoded, without the XSRF header, the token
   * in the form's `_token` field instead (unless `token: false`; a `_token` among the fields is sent as given).
   */
  postForm(
    path: string,
    fields: Record<string, string>,
    options: { token?: boolean; method?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const token: Record<string, string> = options.token === false ? {} : { _token: this.xsrfToken ?? "" };
    return this.fetch(path, {
      method: options.method ?? "POST",
      xsrf: false,
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...options.headers },
      body: new URLSearchParams({ ...token, ...fields }).toString(),
    });
  }
}

/** A TestClient's transport to a running server (a child process, nginx) instead of the in-process app. */
export function overHttp(baseURL: string): Pick<TestApp, "request"> {
  return { request: (path, init) => fetch(`${baseURL}${path}`, init) };
}
