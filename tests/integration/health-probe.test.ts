/**
 * The readiness probe of /healthz (`DatabaseHandle.checkWritable`) reads, never writes or locks: on
 * PostgreSQL it answers at once while another transaction holds the content version's row (a bump in
 * flight), and it fails as "read-only" on a server that takes no writes.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { faultOf } from "../../server/db/faults.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";

const url = process.env.TEST_DATABASE_URL;
const postgres = testDatabases().find((f) => f.name === "postgres");

describe.skipIf(!url || !postgres)("the readiness probe on postgres", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await postgres!.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("does not wait for a transaction that holds the content version's row", async () => {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query(`update content_version set version = version + 1 where id = 1`);
      const started = Date.now();
      await expect(database.handle.checkWritable()).resolves.toBeUndefined();
      // The old probe queued behind the row lock until its 2 s lock_timeout and then failed.
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await holder.query("rollback").catch(() => {});
      await holder.end();
    }
  });

  it("fails as read-only on a server that takes no writes", async () => {
    const readOnly = new URL(url!);
    readOnly.searchParams.set("options", "-c default_transaction_read_only=on");
    const handle = openDatabase(readOnly.toString());
    try {
      const error = await handle.checkWritable().then(
        () => null,
        (e: unknown) => e,
      );
      expect(faultOf(error)).toBe("read-only");
    } finally {
      await handle.close();
    }
  });
});

describe("the readiness probe on sqlite", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabases()[0]!.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("passes and changes nothing", async () => {
    const before = await database.handle.db.selectFrom("content_version").select("version").executeTakeFirstOrThrow();
    await expect(database.handle.checkWritable()).resolves.toBeUndefined();
    const after = await database.handle.db.selectFrom("content_version").select("version").executeTakeFirstOrThrow();
    expect(after.version).toBe(before.version);
  });
});
