/** The admin API client (spec §4, §7): headers on every request, 401/419 handling, errors to the caller. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, apiJson } from "../../app/lib/api-client.ts";
import { isLoggedIn, setLoggedIn } from "../../app/lib/session-flag.ts";

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

describe("apiFetch", () => {
  let assign: ReturnType<typeof vi.fn>;
  let calls: { url: string; init: RequestInit }[];
  let nextStatus: number;

  beforeEach(() => {
    assign = vi.fn();
    calls = [];
    nextStatus = 200;
    vi.stubGlobal("window", { localStorage: memoryStorage(), location: { assign } });
    vi.stubGlobal("document", { cookie: "other=1; XSRF-TOKEN=abc%2Fdef; x=2" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response(
          JSON.stringify(nextStatus === 422 ? { message: "m", errors: { name: ["חובה"] } } : { data: 1 }),
          {
            status: nextStatus,
          },
        );
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends X-Requested-With and echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN", async () => {
    await apiFetch("/api/admin/products", { method: "POST", json: { name: "א" } });
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(headers.get("X-XSRF-TOKEN")).toBe("abc/def");
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(calls[0]!.init.body).toBe(JSON.stringify({ name: "א" }));
  });

  for (const status of [401, 419]) {
    it(`on ${status} while signed in: clears the flag and goes to /`, async () => {
      setLoggedIn({ name: "n", email: "e@x.co" });
      nextStatus = status;
      await apiFetch("/api/user");
      expect(isLoggedIn()).toBe(false);
      expect(assign).toHaveBeenCalledWith("/");
    });
  }

  it("leaves a visitor (flag not set) where they are on 401", async () => {
    nextStatus = 401;
    await apiFetch("/api/user");
    expect(assign).not.toHaveBeenCalled();
  });

  it("hands other errors to the caller, with the 422 field errors", async () => {
    setLoggedIn({ name: "n", email: "e@x.co" });
    nextStatus = 422;
    const error = await apiJson("/api/admin/products", { method: "POST", json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ name: ["חובה"] });
    expect(isLoggedIn()).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });
});
