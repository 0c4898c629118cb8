/**
 * Background work claimed once (issue 15), on SQLite and PostgreSQL: two workers — two app servers on
 * one database — never run the same item; an item whose claimant died is requeued once its lease has passed
 * and claimed again, and the late claimant can no longer finish it; an item whose claims keep ending with a
 * killed process is retried with a growing back-off and never left failed for that; an AVIF item whose original is missing fails
 * with its reason, is retried a bounded number of times and is then left failed, and the loop ends; a
 * stopping worker hands its item back at once, and a stop during a handler's finishing write never leaves a
 * written item queued; a kind declared earlier (an order's e-mail) is claimed before a backlog of a later one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/db/database.ts";
import { createJobQueue, enqueueJob } from "../../server/db/jobs.ts";
import { removeImageFiles } from "../../server/images/pipeline.ts";
import { createBackgroundWorker } from "../../server/jobs/background.ts";
import { createJobWorker } from "../../server/jobs/worker.ts";
import { createLogger } from "../../server/log.ts";
import { AVIF_JOB } from "../../server/services/images.ts";
import { testDatabases } from "../support/database.ts";
import { pngImage } from "../support/images.ts";
import { suiteApp } from "../support/suite-app.ts";

const logger = createLogger("silent");

for (const factory of testDatabases()) {
  describe(`job queue on ${factory.name}`, () => {
    const env = suiteApp(factory);
    let other: DatabaseHandle;

    beforeAll(async () => {
      // A second app server's own connections to the same database.
      other = env.database.openAnother?.() ?? openDatabase(env.database.handle.address);
    });
    afterAll(async () => {
      if (!env.database.openAnother) await other?.close();
    });

    it("never gives the same item to two workers", async () => {
      const keys = Array.from({ length: 24 }, (_, i) => `item-${i}`);
      for (const key of keys) await enqueueJob(env.database.handle.db, "test-once", key);
      // Enqueueing again is a no-op.
      await enqueueJob(env.database.handle.db, "test-once", keys[0]!);
      const runs: { worker: string; key: string }[] = [];
      const workerOn = (handle: DatabaseHandle, name: string) =>
        createJobWorker({
          queue: createJobQueue(handle),
          logger,
          pollMs: 20,
          handlers: {
            "test-once": async (job) => {
              runs.push({ worker: name, key: job.key });
              // Long enough for the other worker to try for the same item meanwhile.
              await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 10));
            },
          },
        });
      const [a, b] = await Promise.all([
        workerOn(env.database.handle, "a").runUntilIdle(),
        workerOn(other, "b").runUntilIdle(),
      ]);
      expect(a + b).toBe(keys.length);
      expect(runs.map((run) => run.key).sort()).toEqual([...keys].sort());
      expect(
        await env.database.handle.db.selectFrom("jobs").select("id").where("kind", "=", "test-once").execute(),
      ).toEqual([]);
    });

    it("runs an earlier kind's due items first: an order e-mail queued behind a backlog of images goes next", async () => {
      for (let i = 0; i < 5; i++) await enqueueJob(env.database.handle.db, "test-slow", `image-${i}`);
      await enqueueJob(env.database.handle.db, "test-urgent", "order-1");
      const order: string[] = [];
      const worker = createJobWorker({
        queue: createJobQueue(env.database.handle),
        logger,
        pollMs: 20,
        // In priority order, as the background worker declares its kinds.
        handlers: {
          "test-urgent": async (job) => void order.push(job.key),
          "test-slow": async (job) => void order.push(job.key),
        },
      });
      expect(await worker.runUntilIdle()).toBe(6);
      expect(order).toEqual(["order-1", "image-0", "image-1", "image-2", "image-3", "image-4"]);
    });

    it("requeues an item once its claimant's lease has passed, and another server claims it", async () => {
      await enqueueJob(env.database.handle.db, "test-lease", "only");
      const first = createJobQueue(env.database.handle);
      const second = createJobQueue(other);
      // Long enough that B's claim right after still meets a live lease on a busy machine.
      const claimed = await first.claim(["test-lease"], "server-a", 2_000);
      expect(claimed).toMatchObject({ key: "only", attempts: 1 });
      // Held: nobody else gets it while the lease runs.
      expect(await second.claim(["test-lease"], "server-b", 60_000)).toBeNull();
      // Server A "dies": after the lease, B puts the item back (due at once here) and takes it over.
      await expect
        .poll(async () => (await second.requeueAbandoned(["test-lease"], () => 0)).map((job) => job.claimedBy), {
          timeout: 10_000,
        })
        .toEqual(["server-a"]);
      const reclaimed = await second.claim(["test-lease"], "server-b", 60_000);
      expect(reclaimed).toMatchObject({ id: claimed!.id, attempts: 2 });
      // A's late answer changes nothing; B's completes the item.
      expect(await first.complete(claimed!, "server-a")).toBe(false);
      await first.fail(claimed!, "server-a", "late", null);
      expect(await second.complete(reclaimed!, "server-b")).toBe(true);
      expect(
        await env.database.handle.db.selectFrom("jobs").selectAll().where("kind", "=", "test-lease").execute(),
      ).toEqual([]);
    });

    it("retries an item whose claims end with a killed process later and later, never failing it for that", async () => {
      const { db } = env.database.handle;
      await enqueueJob(db, "test-killed", "poison");
      const queue = createJobQueue(env.database.handle);
      const row = () =>
        db
          .selectFrom("jobs")
          .select(["state", "attempts", "run_after", "updated_at", "last_error"])
          .where("kind", "=", "test-killed")
          .executeTakeFirstOrThrow();
      // A worker whose process is killed mid-item: it claims with a short lease and never answers.
      const maxAttempts = 2;
      const delays: number[] = [];
      for (let claim = 1; claim <= maxAttempts + 2; claim++) {
        await db
          .updateTable("jobs")
          .set({ run_after: new Date(0).toISOString() })
          .where("kind", "=", "test-killed")
          .execute();
        const job = await queue.claim(["test-killed"], `killed-${claim}`, 30);
        expect(job).toMatchObject({ attempts: claim });
        await expect
          .poll(async () => (await queue.requeueAbandoned(["test-killed"], (n) => n * 60_000)).length, {
            timeout: 10_000,
          })
          .toBe(1);
        const requeued = await row();
        // Back in the queue, not failed, with the reason and a wait that grows with each abandonment.
        expect(requeued).toMatchObject({ state: "pending", attempts: claim });
        expect(requeued.last_error).toBe(`abandoned: the claim of killed-${claim} ended without an answer`);
        delays.push(Date.parse(requeued.run_after) - Date.parse(requeued.updated_at));
        // Not due before its back-off.
        expect(await queue.claim(["test-killed"], "early", 60_000)).toBeNull();
      }
      expect(delays).toEqual([60_000, 120_000, 180_000, 240_000]);
      // Past more claims than a failure may have, a worker still runs it when it is due, and it is done.
      await db
        .updateTable("jobs")
        .set({ run_after: new Date(0).toISOString() })
        .where("kind", "=", "test-killed")
        .execute();
      let ran = 0;
      const worker = createJobWorker({
        queue,
        logger,
        maxAttempts,
        pollMs: 20,
        handlers: {
          "test-killed": async () => {
            ran++;
          },
        },
      });
      expect(await worker.runUntilIdle()).toBe(1);
      expect(ran).toBe(1);
      expect(await db.selectFrom("jobs").select("id").where("kind", "=", "test-killed").execute()).toEqual([]);
    });

    it("leaves an AVIF item whose original is missing failed after a bounded number of tries", async () => {
      // An image needs an owner that exists (images.add checks it in the insert's transaction).
      const productId = await env.t.services.products.create({
        name: "חלה",
        title: "",
        content: "",
        serial_id: 999_001,
        status: 1,
      });
      const image = await env.t.services.images.add({ type: "product", id: productId }, await pngImage(320, 200), {
        alt: "חלה",
      });
      // The database says the image exists, its files are gone (a database restored without its uploads).
      await removeImageFiles(env.t.storage, { key: image.path, variants: JSON.parse(image.variants) });
      const queued = await env.database.handle.db
        .selectFrom("jobs")
        .selectAll()
        .where("kind", "=", AVIF_JOB)
        .where("key", "=", String(image.id))
        .executeTakeFirstOrThrow();
      expect(queued.state).toBe("pending");

      const worker = createBackgroundWorker(env.database.handle, env.t.services, logger, {
        maxAttempts: 3,
        retryDelayMs: () => 20,
        pollMs: 20,
      });
      // The loop ends: it does not spin on the broken item.
      expect(await worker.runUntilIdle()).toBe(0);
      const failed = await env.database.handle.db
        .selectFrom("jobs")
        .selectAll()
        .where("id", "=", queued.id)
        .executeTakeFirstOrThrow();
      expect(failed).toMatchObject({ state: "failed", attempts: 3, claimed_by: null });
      expect(failed.last_error).toContain("original missing");
      // Start-up enqueues missing AVIF again: a failed item stays failed, and the next run has nothing to do.
      await env.t.services.images.enqueueMissingAvif();
      expect(await worker.runUntilIdle()).toBe(0);
      expect(
        await env.database.handle.db.selectFrom("jobs").select("state").where("id", "=", queued.id).executeTakeFirst(),
      ).toEqual({ state: "failed" });
    });

    it("hands the current item back at once when stopped", async () => {
      await enqueueJob(env.database.handle.db, "test-stop", "slow");
      let started = false;
      const worker = createJobWorker({
        queue: createJobQueue(env.database.handle),
        logger,
        pollMs: 20,
        handlers: {
          // An encoder that would run far longer than a shutdown may wait.
          "test-stop": () => {
            started = true;
            return new Promise(() => {});
          },
        },
      });
      worker.start();
      await expect.poll(() => started, { timeout: 10_000 }).toBe(true);
      const stopAt = performance.now();
      await worker.stop();
      expect(performance.now() - stopAt).toBeLessThan(1_000);
      expect(
        await env.database.handle.db
          .selectFrom("jobs")
          .select(["state", "attempts", "claimed_by"])
          .where("kind", "=", "test-stop")
          .executeTakeFirst(),
      ).toEqual({ state: "pending", attempts: 0, claimed_by: null });
    });

    it("a stop that lands during a handler's finishing write leaves the item done, not queued again", async () => {
      const { db } = env.database.handle;
      await enqueueJob(db, "test-finish", "item");
      let stopped: Promise<void> | undefined;
      const worker = createJobWorker({
        queue: createJobQueue(env.database.handle),
        logger,
        pollMs: 20,
        handlers: {
          "test-finish": async (_job, _signal, finish) => {
            await finish(async (trx) => {
              // The shutdown arrives while the handler's result is on its way to the database.
              stopped = worker.stop();
              await enqueueJob(trx, "test-finish-result", "written");
            });
          },
        },
      });
      worker.start();
      await expect.poll(() => stopped !== undefined, { timeout: 10_000 }).toBe(true);
      await stopped;
      // The result and the item's removal are one transaction: written and gone, never written and queued.
      const rows = await db
        .selectFrom("jobs")
        .select(["kind", "key", "state"])
        .where("kind", "in", ["test-finish", "test-finish-result"])
        .execute();
      expect(rows).toEqual([{ kind: "test-finish-result", key: "written", state: "pending" }]);
      await db.deleteFrom("jobs").where("kind", "=", "test-finish-result").execute();
    });
  });
}
