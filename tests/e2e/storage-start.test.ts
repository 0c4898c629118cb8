/**
 * The server started while its S3 store is unreachable (issue 31): it says once that it waits for the store,
 * keeps trying with back-off without exiting, and starts serving once the store answers, as it does for the
 * database (tests/e2e/database-faults.test.ts). Only a wrong setting stops the start
 * (tests/integration/s3-storage.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3, type TestS3 } from "../support/s3.ts";
import { spawnServer } from "../support/server-process.ts";

describe("start-up with the store unreachable", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3("start-waits");
  });
  afterAll(async () => {
    await s3?.dispose();
  });

  it("waits for the store with back-off and serves once it answers", async () => {
    await s3.stop();
    const server = await spawnServer({ ...s3.env, SKIP_SEED: "1", LOG_LEVEL: "debug" });
    try {
      const waiting = () => server.logs.filter((line) => String(line.msg).startsWith("waiting for the image storage"));
      const retries = () => server.logs.filter((line) => line.msg === "image storage still unavailable");
      await expect.poll(() => waiting().length, { timeout: 30_000 }).toBe(1);
      expect(waiting()[0]!.level).toBe("warn");
      expect(waiting()[0]!.msg).toBe(`waiting for the image storage at ${s3.endpoint}`);
      // It keeps trying with back-off (three more attempts fail), warns once, and is alive, not listening yet.
      await expect.poll(() => retries().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
      expect(
        retries()
          .map((line) => Number(line.retryInMs))
          .slice(0, 3),
      ).toEqual([500, 1_000, 2_000]);
      expect(waiting()).toHaveLength(1);
      expect(server.child.exitCode).toBeNull();
      await expect(fetch(`${server.baseURL}/livez`)).rejects.toThrow();
      await s3.start();
      await server.healthy(60_000);
      expect(server.logs.some((line) => line.msg === "image storage reachable")).toBe(true);
      const live = await fetch(`${server.baseURL}/livez`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: "ok" });
    } finally {
      await s3.start();
      await server.dispose();
    }
  }, 120_000);
});
