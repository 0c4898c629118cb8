/**
 * The sweep of image files nothing points at (issue 31), on SQLite and PostgreSQL: an upload's folder left by a
 * process killed before its `images` row, and temporary files of cut-short writes, are removed once older than
 * the grace period — by the housekeeping pass the server runs at start-up and every hour; an image's folder
 * with a row, one whose image is in the trash (a restore needs it), a folder younger than the grace period (an
 * upload under way) and files that are not an image folder are kept. The same in an S3 bucket.
 */
import { existsSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RATE_RULES } from "../../server/http/rate-limit.ts";
import { ingestImage } from "../../server/images/pipeline.ts";
import type { ImageStorage } from "../../server/images/storage.ts";
import { runHousekeeping } from "../../server/jobs/housekeeping.ts";
import { ORPHAN_GRACE_MS, sweepOrphanImages } from "../../server/jobs/orphan-sweep.ts";
import { createLogger } from "../../server/log.ts";
import { createProductThroughApi } from "../support/auth.ts";
import { testDatabases } from "../support/database.ts";
import { pngImage } from "../support/images.ts";
import { startS3, type TestS3 } from "../support/s3.ts";
import { suiteApp } from "../support/suite-app.ts";

const logger = createLogger("silent");

/** Every key under `folder`. */
async function keysUnder(storage: ImageStorage, folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list()) if (key.startsWith(`${folder}/`)) keys.push(key);
  return keys.sort();
}

for (const factory of testDatabases()) {
  describe(`the orphan image sweep on ${factory.name}`, () => {
    const env = suiteApp(factory, { clients: { admin: "admin" } });
    let serial = 515_000;

    /** Sets the modification time of every file under the uploads folder's `relative` path to `ms` ago. */
    const age = async (folder: string, ms: number) => {
      const when = new Date(Date.now() - ms);
      for (const key of await keysUnder(env.t.storage, folder)) {
        utimesSync(path.join(env.t.uploadsDir, ...key.split("/")), when, when);
      }
    };
    const imageOf = async (name: string) => {
      const id = await createProductThroughApi(env.admin, { name, title: `${name} לשבת`, serial_id: ++serial });
      const image = await env.t.services.images.add({ type: "product", id }, await pngImage(240, 160), { alt: name });
      return { id, folder: image.path };
    };

    it("removes folders without a row and old temporary files; keeps rows', trashed, young and foreign files", async () => {
      const png = await pngImage(240, 160);
      const kept = await imageOf("חלה");
      const trashed = await imageOf("בורקס");
      expect((await env.admin.fetch(`/api/admin/products/${trashed.id}`, { method: "DELETE" })).status).toBe(200);
      // Killed between storing the files and inserting the row: files, no row.
      const orphan = await ingestImage(env.t.storage, png, { directory: "products" });
      const young = await ingestImage(env.t.storage, png, { directory: "products" });
      const orphanKeys = await keysUnder(env.t.storage, orphan.key);
      expect(orphanKeys.length).toBeGreaterThan(2);
      // A write cut short (its temporary file) in the kept image's folder, an old one and a fresh one.
      const folderOnDisk = path.join(env.t.uploadsDir, ...kept.folder.split("/"));
      const oldTemp = path.join(folderOnDisk, ".w320.avif.5f0c7a1e-0000-4000-8000-000000000001.tmp");
      const freshTemp = path.join(folderOnDisk, ".w640.avif.5f0c7a1e-0000-4000-8000-000000000002.tmp");
      writeFileSync(oldTemp, "half");
      writeFileSync(freshTemp, "half");
      // Not an image folder at all (an operator's file): never the sweep's business.
      await env.t.storage.put("static/logo.png", png);
      const hoursAgo = ORPHAN_GRACE_MS + 60_000;
      for (const folder of [kept.folder, trashed.folder, orphan.key, "static"]) await age(folder, hoursAgo);
      const oldStamp = new Date(Date.now() - hoursAgo);
      utimesSync(oldTemp, oldStamp, oldStamp);

      const before = {
        kept: await keysUnder(env.t.storage, kept.folder),
        trashed: await keysUnder(env.t.storage, trashed.folder),
        young: await keysUnder(env.t.storage, young.key),
      };
      expect(before.trashed.length).toBeGreaterThan(2);

      // The server's housekeeping pass (start-up and hourly) does the sweep.
      await runHousekeeping({
        database: env.database.handle,
        services: env.t.services,
        rules: RATE_RULES,
        logger,
        storage: env.t.storage,
      });
      expect(await keysUnder(env.t.storage, orphan.key)).toEqual([]);
      expect(await keysUnder(env.t.storage, kept.folder)).toEqual(before.kept);
      expect(await keysUnder(env.t.storage, trashed.folder)).toEqual(before.trashed);
      expect(await keysUnder(env.t.storage, young.key)).toEqual(before.young);
      expect(await env.t.storage.read("static/logo.png")).not.toBeNull();
      expect(existsSync(oldTemp)).toBe(false);
      expect(existsSync(freshTemp)).toBe(true);
      // The kept image is still served whole.
      expect((await env.t.request(`/uploads/${before.kept[0]}`)).status).toBe(200);

      // A second pass finds nothing more.
      expect(await sweepOrphanImages({ database: env.database.handle, storage: env.t.storage, logger })).toEqual({
        folders: 0,
        files: 0,
        temporary: 0,
      });
    });
  });
}

describe("the orphan image sweep in an S3 bucket", () => {
  let s3: TestS3;
  const env = suiteApp(testDatabases()[0]!, {
    app: async () => {
      s3 = await startS3("orphan-sweep");
      return { storage: s3.storage() };
    },
    clients: { admin: "admin" },
  });
  afterAll(async () => {
    await s3?.dispose();
  });

  it("removes an upload's objects without a row once past the grace period, and keeps the rows' objects", async () => {
    const id = await createProductThroughApi(env.admin, { name: "עוגה", title: "עוגת שמרים", serial_id: 616_161 });
    const png = await pngImage(240, 160);
    const kept = await env.t.services.images.add({ type: "product", id }, png, { alt: "עוגה" });
    const orphan = await ingestImage(env.t.storage, png, { directory: "products" });
    const keptKeys = await keysUnder(env.t.storage, kept.path);
    const sweep = (now: number) =>
      sweepOrphanImages({ database: env.database.handle, storage: env.t.storage, logger, now });
    // Within the grace period: nothing goes.
    expect((await sweep(Date.now())).folders).toBe(0);
    expect((await keysUnder(env.t.storage, orphan.key)).length).toBeGreaterThan(2);
    // Past it (the bucket's own LastModified, seen from later on).
    const swept = await sweep(Date.now() + ORPHAN_GRACE_MS + 60_000);
    expect(swept.folders).toBe(1);
    expect(await keysUnder(env.t.storage, orphan.key)).toEqual([]);
    expect(await keysUnder(env.t.storage, kept.path)).toEqual(keptKeys);
  });
});
