/**
 * The admin's fetch (spec §4, §7): every request carries `X-Requested-With: XMLHttpRequest` and echoes
 * the XSRF-TOKEN cookie in `X-XSRF-TOKEN`. When the browser believes it is signed in and a response is
 * 401 or 419, the flag is cleared and the browser goes to `/`. Other errors reach the caller unchanged
 * (success means a status 200–299, spec §9; no timeout).
 */
import type { FieldErrors } from "../../domain/field-errors.ts";
import { clearLoggedIn, isLoggedIn } from "./session-flag.ts";

export function readXsrfToken(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const match = document.cookie.split("; ").find((part) => part.startsWith("XSRF-TOKEN="));
  return match ? decodeURIComponent(match.slice("XSRF-TOKEN=".length)) : undefined;
}

export interface ApiOptions extends Omit<RequestInit, "body"> {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (uploads). */
  formData?: FormData;
}

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The JSON answer; a 409 of a stale save carries the record as it is now in `data`. */
  readonly body: { message?: string; errors?: FieldErrors; data?: unknown } | null;
  constructor(response: Response, body: ApiError["body"]) {
    super(body?.message ?? response.statusText);
    this.status = response.status;
    this.statusText = response.statusText;
    this.body = body;
  }
  /** Field errors of a 422 response, `{}` otherwise. */
  get fieldErrors(): FieldErrors {
    return this.status === 422 ? (this.body?.errors ?? {}) : {};
  }
}

export async function apiFetch(path: string, options: ApiOptions = {}): Promise<Response> {
  const { json, formData, headers: given, ...init } = options;
  const headers = new Headers(given);
  headers.set("X-Requested-With", "XMLHttpRequest");
  headers.set("Accept", "application/json");
  const token = readXsrfToken();
  if (token) headers.set("X-XSRF-TOKEN", token);
  let body: BodyInit | undefined;
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  } else if (formData) {
    body = formData;
  }
  const response = await fetch(path, { credentials: "same-origin", ...init, headers, body });
  endSessionIfRefused(response.status);
  return response;
}

function endSessionIfRefused(status: number): void {
  if ((status === 401 || status === 419) && isLoggedIn()) {
    clearLoggedIn();
    window.location.assign("/");
  }
}

/** apiFetch + JSON parsing; throws ApiError for any status outside 200–299. */
export async function apiJson<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  return readJson<T>(response, await response.text());
}

function readJson<T>(response: Response, text: string): T {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) throw new ApiError(response, body as ApiError["body"]);
  return body as T;
}

/** Upload progress: bytes of the request body sent so far, and its total. */
export type UploadProgress = (sent: number, total: number) => void;

/**
 * A multipart POST with upload progress (issue 12), which fetch cannot report: XMLHttpRequest with the
 * same headers, XSRF echo and session handling as apiFetch, answered like apiJson (ApiError outside
 * 200–299). `onProgress` is called as the body is sent; after the last byte the server is still working.
 */
export function apiUpload<T>(path: string, formData: FormData, onProgress: UploadProgress): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.setRequestHeader("X-Requested-With", "XMLHttpRequest");
    xhr.setRequestHeader("Accept", "application/json");
    const token = readXsrfToken();
    if (token) xhr.setRequestHeader("X-XSRF-TOKEN", token);
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    xhr.addEventListener("load", () => {
      const response = new Response(null, { status: xhr.status, statusText: xhr.statusText });
      endSessionIfRefused(response.status);
      try {
        resolve(readJson<T>(response, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener("error", () => reject(new TypeError("Network request failed")));
    xhr.addEventListener("abort", () => reject(new DOMException("Upload aborted", "AbortError")));
    xhr.send(formData);
  });
}
