/**
 * The PostgreSQL handle across an outage (issue 15), through a TCP proxy the test owns: a connection that
 * breaks while checked out — in the middle of a transaction — fails that transaction without an uncaught
 * "error" event (which would end the process: Vitest reports it as an unhandled error), the handle reports
 * the database down and then up again once a query sent after the outage succeeds, and start-up waiting resolves when the
 * database comes back.
 */
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/db/database.ts";
import { isDatabaseUnavailable } from "../../server/db/faults.ts";
import { waitForDatabase } from "../../server/db/wait.ts";
import type { Logger } from "../../server/log.ts";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.ts";

const url = process.env.TEST_DATABASE_URL;

/** A logger that keeps each message it is given (not debug's) in `lines`. */
function recordingLogger(lines: string[]): Logger {
  const keep = (msg: string) => {
    lines.push(msg);
  };
  return { info: keep, warn: keep, error: keep, debug: () => {} };
}

describe.skipIf(!url)("PostgreSQL outage under the database handle", () => {
  let proxy: TcpProxy | undefined;
  let handle: DatabaseHandle | undefined;
  const lines: string[] = [];
  const logger = recordingLogger(lines);
  afterAll(async () => {
    await handle?.close();
    await proxy?.close();
  });

  it("survives a connection broken mid-transaction, reports down then up, and waits at start", async () => {
    const target = new URL(url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, false);
    const through = new URL(url!);
    through.host = `127.0.0.1:${proxy.port}`;
    handle = openDatabase(through.toString(), { logger });

    // Start-up while the database is not there: one line, then it resolves when the proxy listens.
    const waiting = waitForDatabase(handle, logger, { firstDelayMs: 20, maxDelayMs: 100 });
    await expect.poll(() => lines.filter((line) => line.startsWith("waiting for the database at"))).toHaveLength(1);
    await proxy.restore();
    await waiting;
    expect(lines.filter((line) => line.startsWith("waiting for the database at"))).toHaveLength(1);
    expect(handle.isDown()).toBe(false);

    // A transaction holds a checked-out connection when the database goes away.
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    // The transaction's second query waits until the connection has been cut, however long that takes.
    let cutDone!: () => void;
    const cut = new Promise<void>((resolve) => {
      cutDone = resolve;
    });
    const transaction = handle.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      inside();
      await cut;
      await sql`select 1`.execute(trx);
    });
    await entered;
    await proxy.cut();
    cutDone();
    const failure = await transaction.then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await expect(handle.ping()).rejects.toSatisfy(isDatabaseUnavailable);
    expect(handle.isDown()).toBe(true);
    expect(lines.filter((line) => line === "database unavailable")).toHaveLength(1);

    await proxy.restore();
    await handle.ping();
    expect(handle.isDown()).toBe(false);
    expect(lines).toContain("database available again");
  });
  it("logs one outage once while requests keep failing, and its end once", async () => {
    const target = new URL(url!);
    const ownProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const through = new URL(url!);
    through.host = `127.0.0.1:${ownProxy.port}`;
    const seen: string[] = [];
    const own = openDatabase(through.toString(), { logger: recordingLogger(seen) });
    try {
      // Ten idle clients in the pool, each on a connection the outage will break.
      await Promise.all(Array.from({ length: 10 }, () => sql`select pg_sleep(0.05)`.execute(own.db)));
      await ownProxy.cut();
      // Requests keep coming during the outage, at once and one after another; some are handed a dead idle
      // client (the pool learns of a closed connection only when its event arrives), which is no recovery.
      const attempts = [
        ...(await Promise.allSettled(Array.from({ length: 10 }, () => own.ping()))),
        ...(await Promise.allSettled(Array.from({ length: 10 }, () => own.ping()))),
      ];
      for (let i = 0; i < 10; i++) attempts.push(...(await Promise.allSettled([own.ping()])));
      expect(attempts.every((a) => a.status === "rejected")).toBe(true);
      expect(own.isDown()).toBe(true);
      expect(seen.filter((line) => line === "database unavailable")).toHaveLength(1);
      expect(seen).not.toContain("database available again");

      await ownProxy.restore();
      await own.ping();
      expect(own.isDown()).toBe(false);
      expect(seen.filter((line) => line === "database available again")).toHaveLength(1);
    } finally {
      await own.close();
      await ownProxy.close();
    }
  });
});
