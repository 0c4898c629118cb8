/**
 * Backups that restore (issue 15), on each database: `npm run db:backup` runs in its own process while club
 * sign-ups and contact requests keep arriving through the API; `npm run db:restore` puts the backup into a
 * fresh database and uploads folder, where every write acknowledged before the backup started and every
 * image file is found (SQLite: `PRAGMA integrity_check` = ok), and every table holds exactly the rows the
 * manifest counted (its counts are the dump's own moment). A restore into a database that holds data is
 * refused without --force. The PostgreSQL pass uses pg_dump/pg_restore on databases of its own.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminImage, AdminProduct } from "../../domain/contracts/admin.ts";
import { type BackupManifest, MANIFEST_FILE } from "../../server/db/backup.ts";
import { type DatabaseHandle, openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { createLocalStorage } from "../../server/images/storage.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { loginAs } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { formWith, pngImage } from "../support/images.ts";
import { runScript } from "../support/run-script.ts";
import { startS3 } from "../support/s3.ts";
import { createScratchPostgres } from "../support/scratch-postgres.ts";
import { tempDir } from "../support/temp.ts";

interface Target {
  url: string;
  dispose(): Promise<void>;
}

/** A new, empty database: a file in a temporary folder, or a database of its own on the PostgreSQL server. */
type MakeDatabase = (label: string) => Promise<Target>;

const makeSqlite: MakeDatabase = async (label) => ({
  url: path.join(tempDir(`bakery-backup-${label}-`), "bakery.sqlite"),
  dispose: async () => {},
});

function makePostgres(baseUrl: string): MakeDatabase {
  return async (label) => {
    const scratch = await createScratchPostgres(baseUrl, `bk_${label}`);
    return { url: scratch.url, dispose: () => scratch.dispose() };
  };
}

const dialects: { name: string; make: MakeDatabase; skip?: string }[] = [{ name: "sqlite", make: makeSqlite }];
if (process.env.TEST_DATABASE_URL) {
  const hasPgDump = spawnSync("pg_dump", ["--version"]).status === 0;
  dialects.push({
    name: "postgres",
    make: makePostgres(process.env.TEST_DATABASE_URL),
    skip: hasPgDump ? undefined : "pg_dump is not installed",
  });
}

for (const dialect of dialects) {
  describe.skipIf(Boolean(dialect.skip))(`backup and restore on ${dialect.name}`, () => {
    let source: Target;
    let target: Target;
    let handle: DatabaseHandle;
    let t: TestApp;
    let uploads: string;
    let images: AdminImage[];
    /** The backup folder written by the first test. */
    let backupFolder: string | undefined;
    const backups = () => tempDir("bakery-backups-");

    beforeAll(async () => {
      source = await dialect.make("src");
      target = await dialect.make("dst");
      handle = openDatabase(source.url);
      await migrateToLatest(handle);
      uploads = tempDir("bakery-backup-uploads-");
      t = createTestApp(
        { name: dialect.name as "sqlite", handle, dispose: async () => {} },
        {
          storage: createLocalStorage(uploads),
        },
      );
      const admin = new TestClient(t);
      await loginAs(admin, t.services, "admin");
      const created = await admin.fetch("/api/admin/products", {
        method: "POST",
        json: { name: "בורקס גבינה", title: "בורקס", serial_id: 777_001, status: 1 },
      });
      const productId = ((await created.json()) as { data: AdminProduct }).data.id;
      const res = await admin.fetch("/api/admin/images", {
        method: "POST",
        body: formWith({ id: String(productId), type: "App\\Models\\Product", directory: "products" }, [
          { field: "files[]", bytes: await pngImage(300, 200), name: "a.png", type: "image/png" },
          { field: "files[]", bytes: await pngImage(260, 260), name: "b.png", type: "image/png" },
        ]),
      });
      expect(res.status).toBe(201);
      images = ((await res.json()) as { data: AdminImage[] }).data;
    });
    afterAll(async () => {
      t?.dispose();
      await handle?.close();
      await source?.dispose();
      await target?.dispose();
    });

    it("backs up while writes run; the restore holds every acknowledged write and image; a full database is refused without --force", async () => {
      const visitor = new TestClient(t);
      const acked: { kind: "club" | "contact"; email: string }[] = [];
      let writing = true;
      let sent = 0;
      const writer = (async () => {
        while (writing) {
          const n = sent++;
          const email = `guest-${n}@example.co.il`;
          const club = n % 2 === 0;
          const res = club
            ? await visitor.fetch("/api/client/create", { method: "POST", json: { email, consent: true } })
            : await visitor.fetch("/api/contact", {
                method: "POST",
                json: { name: "אורח", email, phone: "050-1234567", message: `הודעה מספר ${n}` },
              });
          if (res.ok) acked.push({ kind: club ? "club" : "contact", email });
          else throw new Error(`write ${n} answered ${res.status}`);
          // A steady stream, not a flood: in this process the writes would otherwise starve the event loop.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      try {
        await expect.poll(() => acked.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
        const backupDir = backups();
        const env = { DATABASE_URL: source.url, UPLOADS_DIR: uploads, DATA_DIR: tempDir("bakery-backup-data-") };
        // What was acknowledged before the backup started must all come back.
        const before = acked.slice();
        const backup = await runScript("scripts/db-backup.ts", ["--to", backupDir], env);
        const duringBackup = acked.length - before.length;
        writing = false;
        await writer;
        expect(backup.code, backup.stderr).toBe(0);
        expect(backup.stdout).toMatch(/Backup written to .*bakery-backup-/);
        // Writes kept being acknowledged while the backup ran.
        expect(duringBackup).toBeGreaterThan(0);
        const folder = backup.stdout.match(/Backup written to (\S+)/)![1]!;
        backupFolder = folder;

        const restoredUploads = tempDir("bakery-restored-uploads-");
        const targetEnv = {
          DATABASE_URL: target.url,
          UPLOADS_DIR: restoredUploads,
          DATA_DIR: tempDir("bakery-restore-data-"),
        };
        const restored = await runScript("scripts/db-restore.ts", [folder], targetEnv);
        expect(restored.code, restored.stderr).toBe(0);

        const check = openDatabase(target.url);
        try {
          const clients = new Set((await check.db.selectFrom("clients").select("email").execute()).map((r) => r.email));
          const contacts = new Set(
            (await check.db.selectFrom("contact_requests").select("email").execute()).map((r) => r.email),
          );
          const missing = before.filter((w) => !(w.kind === "club" ? clients : contacts).has(w.email));
          expect(missing).toEqual([]);
          // The manifest counts the dump's own moment, writes during the backup notwithstanding: the restored
          // database holds exactly the rows it lists, table by table.
          const manifest = JSON.parse(readFileSync(path.join(folder, MANIFEST_FILE), "utf8")) as BackupManifest;
          expect(manifest.rows.clients).toBeGreaterThan(0);
          const restoredCounts: Record<string, number> = {};
          for (const table of Object.keys(manifest.rows)) {
            const counted = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
              check.db,
            );
            restoredCounts[table] = Number(counted.rows[0]!.n);
          }
          expect(restoredCounts).toEqual(manifest.rows);
          // Every image row, and every file of it, is back.
          const rows = await check.db.selectFrom("images").select(["id", "path", "variants"]).orderBy("id").execute();
          expect(rows.map((r) => r.id)).toEqual(images.map((i) => i.id));
          const restoredStorage = createLocalStorage(restoredUploads);
          for (const row of rows) {
            const keys = [
              `${row.path}/original.webp`,
              ...(JSON.parse(row.variants) as { key: string }[]).map((v) => v.key),
            ];
            for (const key of keys) {
              const bytes = await restoredStorage.read(key);
              expect(bytes, key).not.toBeNull();
              expect(bytes!.equals((await createLocalStorage(uploads).read(key))!)).toBe(true);
            }
          }
        } finally {
          await check.close();
        }
        if (dialect.name === "sqlite") {
          const db = new DatabaseSync(target.url, { readOnly: true });
          try {
            expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
          } finally {
            db.close();
          }
        }

        // Restoring again over the data just restored is refused, and changes nothing…
        const countClients = async () => {
          const db = openDatabase(target.url);
          try {
            await db.db
              .insertInto("clients")
              .values({
                email: "after-restore@example.co.il",
                source: "admin",
                created_at: "2026-01-01T00:00:00.000Z",
                updated_at: "2026-01-01T00:00:00.000Z",
              })
              .onConflict((oc) => oc.doNothing())
              .execute();
            return (await db.db.selectFrom("clients").select("email").execute()).map((r) => r.email);
          } finally {
            await db.close();
          }
        };
        const withExtra = await countClients();
        const refused = await runScript("scripts/db-restore.ts", [folder], targetEnv);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/is not empty \(.*in clients.*\)\..*--force/);
        expect(await countClients()).toEqual(withExtra);
        // …unless forced: the backup replaces it (the row added after the restore is gone).
        const forced = await runScript("scripts/db-restore.ts", [folder, "--force"], targetEnv);
        expect(forced.code, forced.stderr).toBe(0);
        const after = openDatabase(target.url);
        try {
          const emails = (await after.db.selectFrom("clients").select("email").execute()).map((r) => r.email);
          expect(emails).not.toContain("after-restore@example.co.il");
          expect(emails.length).toBe(withExtra.length - 1);
        } finally {
          await after.close();
        }
      } finally {
        writing = false;
        await writer.catch(() => {});
      }
    }, 180_000);

    it.skipIf(dialect.name !== "postgres")("says clearly that pg_dump is missing when it is not on PATH", async () => {
      const env = { DATABASE_URL: source.url, UPLOADS_DIR: uploads, DATA_DIR: tempDir("bakery-backup-data-") };
      const result = await runScript("scripts/db-backup.ts", ["--to", backups()], { ...env, PATH: "/nonexistent" });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toMatch(/^pg_dump was not found on PATH\. Install the PostgreSQL client tools/);
    });

    it("restores a backup's images into an S3 bucket when S3_BUCKET is set", async () => {
      expect(backupFolder).toBeDefined();
      const s3 = await startS3("restored-images");
      const fresh = await dialect.make("s3");
      try {
        const env = { ...s3.env, DATABASE_URL: fresh.url, DATA_DIR: tempDir("bakery-restore-s3-data-") };
        const restored = await runScript("scripts/db-restore.ts", [backupFolder!], env);
        expect(restored.code, restored.stderr).toBe(0);
        const local = createLocalStorage(uploads);
        const keys: string[] = [];
        for await (const key of local.list()) keys.push(key);
        expect(restored.stdout).toContain(`images: ${keys.length} copied, 0 already there, of ${keys.length}`);
        expect(await s3.keys()).toEqual(keys.sort());
      } finally {
        await fresh.dispose();
        await s3.dispose();
      }
    }, 120_000);
  });
}
