/**
 * A SQLite server whose disk fills up or turns read-only (issue 15). The database lives on a small tmpfs
 * mounted for this test (the suite runs as root; without `mount` the file is skipped): filled to the last
 * byte, /healthz answers 503 naming the database as full, a write answers a Hebrew 503 "storage full" and
 * the log names ENOSPC; with room again, both recover. Image storage on a read-only bind mount makes
 * /healthz answer 503 naming the storage. (A SQLite database cannot be remounted read-only while it is
 * open — the kernel refuses, its files being open for writing — so that case is covered by the disk
 * diagnosis, not here.)
 */
import { execFileSync } from "node:child_process";
import { closeSync, openSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heApi } from "../../domain/i18n/api.ts";
import { openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { createLocalStorage } from "../../server/images/storage.ts";
import type { Logger } from "../../server/log.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { TestClient } from "../support/client.ts";
import type { TestDatabase } from "../support/database.ts";
import { tempDir } from "../support/temp.ts";

const CONTACT = { name: "דנה כהן", email: "dana@example.co.il", phone: "050-1234567", message: "יש לכם חלות לשבת?" };

function tryMount(args: string[]): boolean {
  try {
    execFileSync("mount", args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function capturingLogger() {
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const at =
    (level: string) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      lines.push({ level, msg, fields });
    };
  const logger: Logger = { info: at("info"), warn: at("warn"), error: at("error"), debug: at("debug") };
  return { logger, lines };
}

/** Writes zeros until the disk says ENOSPC. */
function fill(file: string) {
  const fd = openSync(file, "w");
  const block = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

const mountPoint = tempDir("bakery-tmpfs-");
const canMount = tryMount(["-t", "tmpfs", "-o", "size=3m", "tmpfs", mountPoint]);

describe.skipIf(!canMount)("SQLite on a full or read-only disk", () => {
  const mounts: string[] = [mountPoint];
  let database: TestDatabase;
  let t: TestApp;
  const log = capturingLogger();

  beforeAll(async () => {
    const handle = openDatabase(path.join(mountPoint, "bakery.sqlite"));
    await migrateToLatest(handle);
    database = { name: "sqlite", handle, dispose: () => handle.close() };
    t = createTestApp(database, { logger: log.logger });
  });
  afterAll(async () => {
    t?.dispose();
    await database?.dispose();
    for (const mount of mounts.reverse()) execFileSync("umount", ["-l", mount]);
  });

  it("answers 503 'storage full' when the disk is full, names ENOSPC, and recovers when there is room", async () => {
    const client = new TestClient(t);
    expect((await t.request("/healthz")).status).toBe(200);
    expect((await client.fetch("/api/contact", { method: "POST", json: CONTACT })).status).toBe(201);

    const filler = path.join(mountPoint, "filler");
    fill(filler);
    const health = await t.request("/healthz");
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "error", failing: "database", reason: "disk-full" });

    const write = await client.fetch("/api/contact", { method: "POST", json: { ...CONTACT, name: "יוסי לוי" } });
    expect(write.status).toBe(503);
    expect(write.headers.get("retry-after")).toBeTruthy();
    expect(await write.json()).toEqual({ message: heApi.storageFull });
    await expect
      .poll(() => log.lines.find((line) => line.msg === "write failed: disk full")?.fields.cause)
      .toBe("ENOSPC");
    expect(log.lines.some((line) => line.msg === "unhandled error")).toBe(false);

    rmSync(filler);
    expect((await t.request("/healthz")).status).toBe(200);
    expect((await client.fetch("/api/contact", { method: "POST", json: { ...CONTACT, name: "רות" } })).status).toBe(
      201,
    );
  });

  it("reports storage mounted read-only as failing on /healthz, and its writes as EROFS", async () => {
    const readOnly = tempDir("bakery-ro-");
    expect(tryMount(["--bind", mountPoint, readOnly])).toBe(true);
    mounts.push(readOnly);
    expect(tryMount(["-o", "remount,bind,ro", readOnly])).toBe(true);
    const storage = createLocalStorage(readOnly);
    // A write names the real cause (mkdir -p alone would say ENOENT).
    await expect(storage.put("products/ro-test/w320.webp", Buffer.from("x"))).rejects.toMatchObject({ code: "EROFS" });
    const app = createTestApp(database, { logger: log.logger, storage });
    try {
      const health = await app.request("/healthz");
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: "error", failing: "storage", reason: "read-only" });
      expect(log.lines.findLast((line) => line.msg === "health check failing")?.fields).toMatchObject({
        failing: "storage",
        reason: "read-only",
      });
    } finally {
      app.dispose();
    }
  });
});
