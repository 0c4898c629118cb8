/**
 * An S3 store that is slow or hanging (issue 31; the start-up wait is tests/e2e/storage-start.test.ts):
 * /healthz answers at once
 * from the storage state checked in the background, 200 while the store is slow but answering, and /livez
 * never touches the store; while the store hangs an upload is a Hebrew 503 within 5 s (the next ones at
 * once), and uploads work again once the store is back. The store is s3rver (tests/support/s3.ts), behind a
 * TCP proxy the test owns to make it slow or hang.
 */
import { afterAll, describe, expect, it } from "vitest";
import { heApi } from "../../domain/i18n/api.ts";
import { createS3Storage } from "../../server/images/s3-storage.ts";
import { createStorageMonitor, type StorageMonitor } from "../../server/images/storage-monitor.ts";
import { createLogger } from "../../server/log.ts";
import { createProductThroughApi } from "../support/auth.ts";
import { testDatabases } from "../support/database.ts";
import { formWith, pngImage } from "../support/images.ts";
import { rowCount } from "../support/rows.ts";
import { startS3, type TestS3 } from "../support/s3.ts";
import { suiteApp } from "../support/suite-app.ts";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.ts";

const logger = createLogger("silent");

/** How long `run` took, with its result. */
async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

describe("readiness with a slow store", () => {
  let s3: TestS3;
  let proxy: TcpProxy;
  let monitor: StorageMonitor;
  const env = suiteApp(testDatabases()[0]!, {
    app: async () => {
      s3 = await startS3("slow-store");
      proxy = await startTcpProxy({ host: "127.0.0.1", port: Number(new URL(s3.endpoint).port) });
      monitor = createStorageMonitor(
        createS3Storage({ ...s3.options, endpoint: `http://127.0.0.1:${proxy.port}`, maxAttempts: 3 }),
        logger,
        { everyMs: 500, downEveryMs: 500, timeoutMs: 4_000 },
      );
      return { storage: monitor.storage, storageMonitor: monitor };
    },
  });
  afterAll(async () => {
    monitor?.stop();
    await proxy?.close();
    await s3?.dispose();
  });

  it("answers /healthz at once from the background check: 200 while slow, 503 once it stops answering", async () => {
    await monitor.check();
    monitor.start();
    proxy.slow(1_500);
    try {
      // The store takes seconds to answer, and still answers.
      const direct = await timed(() => monitor.check());
      expect(direct.value.status).toBe("ok");
      expect(direct.ms).toBeGreaterThan(1_400);
      // Probes meanwhile (a check is under way for most of them) answer at once, ready.
      for (let i = 0; i < 10; i++) {
        const probe = await timed(() => env.t.request("/healthz"));
        expect(probe.value.status).toBe(200);
        expect(probe.ms).toBeLessThan(1_000);
        expect((await timed(() => env.t.request("/livez"))).ms).toBeLessThan(1_000);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }

      // A store that stops answering altogether: not ready after its check times out, the probe still prompt.
      proxy.slow(Number.POSITIVE_INFINITY);
      await expect
        .poll(async () => (await env.t.request("/healthz")).status, { timeout: 20_000, interval: 200 })
        .toBe(503);
      const probe = await timed(() => env.t.request("/healthz"));
      expect(probe.ms).toBeLessThan(1_000);
      expect(await probe.value.json()).toMatchObject({ status: "error", failing: "storage", reason: "timeout" });
      expect((await env.t.request("/livez")).status).toBe(200);
    } finally {
      proxy.slow(0);
    }
    await expect.poll(async () => (await env.t.request("/healthz")).status, { timeout: 20_000 }).toBe(200);
  }, 60_000);
});

for (const factory of testDatabases()) {
  describe(`uploads while the store hangs on ${factory.name}`, () => {
    let s3: TestS3;
    let proxy: TcpProxy;
    let monitor: StorageMonitor;
    const env = suiteApp(factory, {
      app: async () => {
        s3 = await startS3("hanging-store");
        proxy = await startTcpProxy({ host: "127.0.0.1", port: Number(new URL(s3.endpoint).port) });
        // The server's settings: the SDK's three attempts and its own timeouts.
        const { maxAttempts: _, writeDeadlineMs: __, ...options } = s3.options;
        monitor = createStorageMonitor(
          createS3Storage({ ...options, endpoint: `http://127.0.0.1:${proxy.port}` }),
          logger,
        );
        return { storage: monitor.storage, storageMonitor: monitor };
      },
      clients: { admin: "admin" },
    });
    afterAll(async () => {
      monitor?.stop();
      await proxy?.close();
      await s3?.dispose();
    });

    it("answers a Hebrew 503 within 5 s while the store hangs, at once after that, and works again after", async () => {
      monitor.start();
      const productId = await createProductThroughApi(env.admin, {
        name: "חלה",
        title: "חלה לשבת",
        serial_id: 313_131,
      });
      const png = await pngImage(400, 260);
      const upload = () =>
        env.admin.fetch("/api/admin/images", {
          method: "POST",
          body: formWith({ id: String(productId), type: "App\\Models\\Product", directory: "products" }, [
            { field: "files[]", bytes: png, name: "challah.png", type: "image/png" },
          ]),
        });
      expect((await upload()).status).toBe(201);
      const rows = await rowCount(env.database.handle.db, "images");

      proxy.slow(Number.POSITIVE_INFINITY);
      try {
        const first = await timed(upload);
        expect(first.value.status).toBe(503);
        expect(first.value.headers.get("retry-after")).toBeTruthy();
        expect(((await first.value.json()) as { message: string }).message).toBe(heApi.storageUnavailable);
        expect(first.ms).toBeLessThan(5_000);
        // The store is known to be down now: the next upload does not wait for it at all.
        const next = await timed(upload);
        expect(next.value.status).toBe(503);
        expect(next.ms).toBeLessThan(1_500);
        expect(await rowCount(env.database.handle.db, "images")).toBe(rows);
      } finally {
        proxy.slow(0);
      }
      // Back: the monitor's next check finds it, and uploads work again.
      await expect.poll(async () => (await upload()).status, { timeout: 30_000, interval: 500 }).toBe(201);
    }, 90_000);
  });
}
