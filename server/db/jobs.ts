/**
 * The work-item queue (table `jobs`, migration 012): enqueue, claim once, finish, fail with back-off. An item
 * whose claimant's lease ran out (its process was killed mid-item) is abandoned: `requeueAbandoned` puts it
 * back with back-off, so an item that kills its process is tried again later, not at once and not never.
 * Only the claim differs by database: PostgreSQL takes the row with `FOR UPDATE SKIP LOCKED`, so any
 * number of app servers claim different items without waiting on each other; SQLite (one server) claims
 * with one UPDATE statement, which holds the write lock from its start to its end. Every change to a claimed item names its claimant: a worker whose
 * lease ran out and whose item was claimed by another can no longer finish or fail it.
 *
 * Times are ISO-8601 text from the app server's clock, like every timestamp of the schema; leases are
 * minutes long, so clocks need only roughly agree.
 */
import { sql } from "kysely";
import type { DatabaseHandle, DB } from "./database.ts";
import type { JobRow } from "./schema.ts";

export type ClaimedJob = Pick<JobRow, "id" | "kind" | "key" | "payload" | "attempts">;

/**
 * Runs `write` in the transaction that completes a claimed item (`completeWith`), if its worker still holds it;
 * false (nothing written) when the item was handed back by a stop or taken over by another worker. The worker
 * gives one to each handler.
 */
export type FinishJob = (write: (trx: DB) => Promise<void>) => Promise<boolean>;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Adds an item unless one with the same kind and key is queued, running or failed already; `runAfter` defers
 * it (the trash's purge, 30 days on). `db` may be a transaction: the item then exists only if it commits.
 */
export async function enqueueJob(
  db: DB,
  kind: string,
  key: string,
  payload: unknown = {},
  runAfter?: Date,
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto("jobs")
    .values({
      kind,
      key,
      payload: JSON.stringify(payload),
      run_after: runAfter ? runAfter.toISOString() : now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["kind", "key"]).doNothing())
    .execute();
}

/** Deletes the item if `workerId` still holds it; false when it does not. */
async function removeClaimed(db: DB, job: ClaimedJob, workerId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("jobs")
    .where("id", "=", job.id)
    .where("state", "=", "running")
    .where("claimed_by", "=", workerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function createJobQueue(database: DatabaseHandle, clock: () => number = Date.now) {
  const { db } = database;

  return {
    /**
     * Claims the next due item of these kinds for `workerId` until `leaseMs` from now: a pending item whose
     * `run_after` has come (an abandoned one comes back through `requeueAbandoned`). Counts an attempt. Null
     * when there is nothing to do. `kinds` are in priority order: a due item of an earlier kind goes first, so a
     * customer's order e-mail does not wait behind a first start's hundreds of AVIF encodings.
     */
    async claim(kinds: readonly string[], workerId: string, leaseMs: number): Promise<ClaimedJob | null> {
      const now = clock();
      const claim = (trx: DB) => {
        let next = trx
          .selectFrom("jobs")
          .select("id")
          .where("kind", "in", kinds)
          .where("state", "=", "pending")
          .where("run_after", "<=", iso(now))
          .orderBy(
            sql`case ${sql.join(
              kinds.map((kind, rank) => sql`when kind = ${kind} then ${rank}`),
              sql` `,
            )} end`,
          )
          .orderBy("run_after")
          .orderBy("id")
          .limit(1);
        if (database.dialect === "postgres") next = next.forUpdate().skipLocked();
        return trx
          .updateTable("jobs")
          .set((eb) => ({
            state: "running",
            attempts: eb("attempts", "+", 1),
            claimed_by: workerId,
            lease_until: iso(now + leaseMs),
            updated_at: iso(now),
          }))
          .where("id", "=", next)
          .returning(["id", "kind", "key", "payload", "attempts"])
          .executeTakeFirst();
      };
      // One statement: on PostgreSQL the row lock of SKIP LOCKED; on SQLite a write statement takes the write
      // lock before it reads (as BEGIN IMMEDIATE does), and holds it only for the statement, never across an
      // await, so the one connection of a SQLite server is not kept from other work.
      return (await claim(db)) ?? null;
    },

    /**
     * Items of these kinds whose claimant's lease has passed (that process died, or lost the database for
     * longer than its lease) go back to pending, due after `delayMs(attempts)`, with the reason kept; their
     * attempt stays counted, so the delay grows with each abandonment. Each item is taken from the claimant
     * it was found with, so two servers doing this at once requeue it once. Returns the items requeued.
     */
    async requeueAbandoned(
      kinds: readonly string[],
      delayMs: (attempts: number) => number,
    ): Promise<(ClaimedJob & { claimedBy: string; runAfter: string })[]> {
      const now = clock();
      const lapsed = await db
        .selectFrom("jobs")
        .select(["id", "kind", "key", "payload", "attempts", "claimed_by", "lease_until"])
        .where("kind", "in", kinds)
        .where("state", "=", "running")
        .where("lease_until", "<", iso(now))
        .execute();
      const requeued: (ClaimedJob & { claimedBy: string; runAfter: string })[] = [];
      for (const { claimed_by, lease_until, ...job } of lapsed) {
        const runAfter = iso(now + delayMs(job.attempts));
        const result = await db
          .updateTable("jobs")
          .set({
            state: "pending",
            claimed_by: null,
            lease_until: null,
            run_after: runAfter,
            last_error: `abandoned: the claim of ${claimed_by} ended without an answer`.slice(0, 2000),
            updated_at: iso(now),
          })
          .where("id", "=", job.id)
          .where("state", "=", "running")
          .where("claimed_by", "=", claimed_by)
          .where("lease_until", "=", lease_until)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) requeued.push({ ...job, claimedBy: claimed_by ?? "", runAfter });
      }
      return requeued;
    },

    /** Pushes the lease on while the work goes on; false when the item is no longer ours. */
    async extend(job: ClaimedJob, workerId: string, leaseMs: number): Promise<boolean> {
      const result = await db
        .updateTable("jobs")
        .set({ lease_until: iso(clock() + leaseMs), updated_at: iso(clock()) })
        .where("id", "=", job.id)
        .where("state", "=", "running")
        .where("claimed_by", "=", workerId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Done: the item leaves the queue. False when it was not ours any more (another worker claimed it). */
    complete(job: ClaimedJob, workerId: string): Promise<boolean> {
      return removeClaimed(db, job, workerId);
    },

    /**
     * Done, together with the work's own write: `write` runs in the same transaction as the item's removal, and
     * only while `workerId` still holds the item. So a write that commits always takes its item out of the queue,
     * and an item handed back (a stop) or taken over (a lapsed lease) is never written for. False when it was not
     * ours any more: nothing was written.
     */
    async completeWith(job: ClaimedJob, workerId: string, write: (trx: DB) => Promise<void>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await removeClaimed(trx, job, workerId))) return false;
        await write(trx);
        return true;
      });
    },

    /** Failed: retried after `retryAt`, or left `failed` for good when `retryAt` is null. The reason is kept. */
    async fail(job: ClaimedJob, workerId: string, reason: string, retryAt: number | null): Promise<void> {
      await db
        .updateTable("jobs")
        .set({
          state: retryAt === null ? "failed" : "pending",
          last_error: reason.slice(0, 2000),
          claimed_by: null,
          lease_until: null,
          run_after: iso(retryAt ?? clock()),
          updated_at: iso(clock()),
        })
        .where("id", "=", job.id)
        .where("state", "=", "running")
        .where("claimed_by", "=", workerId)
        .execute();
    },

    /** Hands an item back untouched (the server is stopping): due again at once, the attempt not counted. */
    async release(job: ClaimedJob, workerId: string): Promise<void> {
      await db
        .updateTable("jobs")
        .set((eb) => ({
          state: "pending",
          attempts: eb("attempts", "-", 1),
          claimed_by: null,
          lease_until: null,
          updated_at: iso(clock()),
        }))
        .where("id", "=", job.id)
        .where("state", "=", "running")
        .where("claimed_by", "=", workerId)
        .execute();
    },

    /** When the next pending or running item of these kinds may be claimed (null: none is left). */
    async nextDue(kinds: readonly string[]): Promise<number | null> {
      const row = await db
        .selectFrom("jobs")
        .select(sql<string | null>`min(case when state = 'pending' then run_after else lease_until end)`.as("due"))
        .where("kind", "in", kinds)
        .where("state", "in", ["pending", "running"])
        .executeTakeFirst();
      return row?.due ? Date.parse(row.due) : null;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
