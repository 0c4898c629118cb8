/**
 * Page-cache hits answered in Node's request handler before Hono (server/http/cache-fast-path.ts): the same
 * status, headers and bytes as the app's own answer to the same request, for every encoding, HEAD, 304 and
 * `.data`; the request id and log line, the security headers with the page's nonce, the per-address ceiling;
 * and never a page of an older content version.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServerWithFastPath } from "../../server/http/cache-fast-path.ts";
import type { Logger } from "../../server/log.ts";
import { createTestApp, RELAXED_RATE_RULES, type TestApp } from "../support/app.ts";
import { createProductThroughApi } from "../support/auth.ts";
import { testDatabases } from "../support/database.ts";
import { loadServerBuild } from "../support/page-build.ts";
import { suiteApp } from "../support/suite-app.ts";

interface RawAnswer {
  status: number;
  /** Header names (lower case) and values in the order they were sent. */
  headers: [string, string][];
  body: Buffer;
}

function get(port: number, path: string, method = "GET", headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          pairs.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
        }
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** The headers that differ between any two answers (the clock, the request id) replaced by their names. */
const comparable = (answer: RawAnswer) =>
  answer.headers.map(([name, value]) => [name, name === "date" || name === "x-request-id" ? "…" : value]);

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

/** Two HTTP servers over one app: with the fast path (as server/main.ts runs it) and without. */
async function serveBoth(t: TestApp) {
  const fastPath = t.app.cacheFastPath;
  if (!fastPath) throw new Error("the app has no cache fast path");
  const served = { count: 0 };
  const counting: typeof fastPath = (req, res) => {
    const answered = fastPath(req, res);
    if (answered) served.count++;
    return answered;
  };
  const listener = getRequestListener(t.app.fetch);
  const fast = createServerWithFastPath(counting)({}, listener);
  const plain = createServer(listener);
  const ports = { fast: await listen(fast), plain: await listen(plain) };
  return {
    ports,
    served,
    close: () => Promise.all([fast, plain].map((s) => new Promise((resolve) => s.close(resolve)))),
  };
}

for (const factory of testDatabases()) {
  describe(`page-cache hits before the app on ${factory.name}`, () => {
    const logged: Record<string, unknown>[] = [];
    const logger: Logger = {
      info: (message, fields) => message === "request" && logged.push(fields ?? {}),
      warn: () => {},
      error: () => {},
      debug: () => {},
    };
    const env = suiteApp(factory, { pages: true, app: { logger }, clients: { admin: "admin" } });
    let servers: Awaited<ReturnType<typeof serveBoth>>;
    let product = 0;

    beforeAll(async () => {
      product = await createProductThroughApi(env.admin, {
        name: "חלה מתוקה",
        title: "חלה מתוקה לשבת",
        serial_id: 910_001,
      });
      servers = await serveBoth(env.t);
    }, 120_000);
    afterAll(async () => {
      await servers?.close();
    });

    it("sends what the app sends for the same request: status, every header, the bytes", async () => {
      const paths = [
        "/",
        `/product/${product}`,
        "/products",
        "/products?page=1",
        "/categories",
        "/branches",
        `/product/${product}.data?_routes=routes/site/product`,
        "/_.data",
        // A shared link's tracking parameters are no part of the key (page-params.ts): `/`'s kept page, answered
        // before the app too.
        "/?utm_source=whatsapp&utm_campaign=hanukkah&fbclid=IwAR0x",
      ];
      const encodings: Record<string, string>[] = [
        { "Accept-Encoding": "br, gzip" },
        { "Accept-Encoding": "gzip" },
        {},
      ];
      // The clock stands still: /branches is kept per minute (its "open now"), so on a busy machine the two
      // answers of one comparison could otherwise come from the entries of two different minutes.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
      try {
        await compareAll(paths, encodings);
      } finally {
        vi.useRealTimers();
      }
    });

    const compareAll = async (paths: string[], encodings: Record<string, string>[]) => {
      for (const path of paths) {
        // Kept by the app (a miss), then answered by both servers from the cache.
        const first = await get(servers.ports.plain, path);
        expect(first.status, path).toBe(200);
        const etag = first.headers.find(([name]) => name === "etag")?.[1];
        expect(etag, path).toBeTruthy();
        for (const headers of [...encodings, { "If-None-Match": etag! }]) {
          for (const method of ["GET", "HEAD"]) {
            const label = `${method} ${path} ${JSON.stringify(headers)}`;
            const before = servers.served.count;
            const fast = await get(servers.ports.fast, path, method, headers);
            expect(servers.served.count, `${label}: answered before the app`).toBe(before + 1);
            const app = await get(servers.ports.plain, path, method, headers);
            expect(fast.status, label).toBe(app.status);
            expect(comparable(fast), label).toEqual(comparable(app));
            expect(fast.body.equals(app.body), label).toBe(true);
            expect(new Map(fast.headers).get("x-cache"), label).toBe("hit");
          }
        }
      }
    };

    it("carries the page's own nonce in its CSP, a request id, and logs the request", async () => {
      const path = `/product/${product}`;
      await get(servers.ports.plain, path);
      logged.length = 0;
      const answer = await get(servers.ports.fast, path, "GET", { "X-Request-Id": "trace-42" });
      const headers = new Map(answer.headers);
      expect(headers.get("x-request-id")).toBe("trace-42");
      const nonce = /'nonce-([^']+)'/.exec(headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce).toBeTruthy();
      expect(answer.body.toString()).toContain(`nonce="${nonce}"`);
      expect(logged).toEqual([expect.objectContaining({ reqId: "trace-42", method: "GET", path, status: 200 })]);
      const generated = new Map((await get(servers.ports.fast, path)).headers).get("x-request-id");
      expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    });

    it("leaves to the app what it does not hold: a page not kept yet, unknown parameters, deflate, the API", async () => {
      await env.admin.fetch(`/api/admin/products/${product}`, {
        method: "PUT",
        json: { name: "חלה מתוקה", title: "חלה מתוקה לשבת", content: "עם צימוקים", serial_id: 910_001, status: 1 },
      });
      const afterWrite = await get(servers.ports.fast, `/product/${product}`);
      expect(new Map(afterWrite.headers).get("x-cache")).toBe("miss");
      expect(afterWrite.body.toString()).toContain("עם צימוקים");
      // The edit touched the product's pages; the home page may still be kept (it need not show this product).
      await get(servers.ports.fast, "/");
      const before = servers.served.count;
      for (const [path, headers] of [
        ["/?x=whatsapp", {}],
        ["/", { "Accept-Encoding": "deflate" }],
        ["/api/categories", {}],
        ["/products?search=%D7%97%D7%9C%D7%94", {}],
      ] as const) {
        expect((await get(servers.ports.fast, path, "GET", headers)).status, path).toBe(200);
      }
      expect(servers.served.count).toBe(before);
      // A content version bump (a write on another server) and the kept page is not served any more.
      expect(new Map((await get(servers.ports.fast, "/")).headers).get("x-cache")).toBe("hit");
      await env.t.contentVersion.bump();
      expect(new Map((await get(servers.ports.fast, "/")).headers).get("x-cache")).toBe("miss");
      expect(servers.served.count).toBe(before + 1);
    });

    it("counts cached hits against the per-address ceiling; past it the app answers the 429", async () => {
      const limited = createTestApp(env.database, {
        build: await loadServerBuild(),
        rateRules: { ...RELAXED_RATE_RULES, api: { limit: 3, windowMs: 60 * 60_000 } },
      });
      // (On PostgreSQL the version is read asynchronously: a page rendered before would be dropped at once.)
      await limited.contentVersion.ready;
      const both = await serveBoth(limited);
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) statuses.push((await get(both.ports.fast, "/")).status);
        expect(statuses).toEqual([200, 200, 200]);
        expect(both.served.count).toBe(2);
        const refused = await get(both.ports.fast, "/", "GET", { Accept: "text/html" });
        expect(refused.status).toBe(429);
        expect(Number(new Map(refused.headers).get("retry-after"))).toBeGreaterThan(0);
        expect(refused.body.toString()).toContain('dir="rtl"');
        expect((await get(both.ports.fast, "/api/categories")).status).toBe(429);
      } finally {
        await both.close();
        limited.dispose();
      }
    });
  });
}
